"""Widgets the screens share: the answer timer, an ask's input, the rating bar, charts."""
