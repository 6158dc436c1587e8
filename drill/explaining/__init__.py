"""Explain mode: a learner's spoken-style answer to a card, checked figure by figure and
key point by key point (``explain``), and mock interviews built on it."""
