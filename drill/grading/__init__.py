"""Grading typed answers: correct, incorrect (naming the classic mistake) or invalid.

Plain Python on purpose: the app grades on every Enter, so neither sympy nor Textual is
imported here. Reference values arrive already computed, in a :class:`Target`.
"""

from drill.grading.carried import Earlier
from drill.grading.generic_slips import GENERIC_IDS
from drill.grading.grade import Grade, Parsed, Shown, Verdict, grade
from drill.grading.target import Target, TargetError, TargetMistake

__all__ = [
    "GENERIC_IDS",
    "Earlier",
    "Grade",
    "Parsed",
    "Shown",
    "Target",
    "TargetError",
    "TargetMistake",
    "Verdict",
    "grade",
]
