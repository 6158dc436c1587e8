"""When to ask each card: FSRS memory states, study days, the day's queue and ratings.

Plain Python, no I/O. ``memory`` applies a rating through FSRS, ``state`` is a card's
row, ``queue`` builds the day's queue, ``days`` and ``clock`` say which study day it is,
``ratings`` names the four ratings, ``intervals`` writes intervals short, ``ids`` and
``timestamps`` give the database its numbers, ``deadline`` caps intervals and brings
cards forward before an interview date, and ``fitting`` fits FSRS to a review history
(``drill optimize``). The review service (``drill.review.session``) composes
them with the database.
"""
