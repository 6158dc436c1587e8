"""When to ask each card: FSRS memory states, the day's queue, ratings and statistics.

Plain Python (no Textual). The app and the CLI use :class:`ReviewSession` from
``drill.review.session``; the other modules are its parts.
"""
