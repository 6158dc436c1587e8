"""The four ratings, with Anki's meanings, and the rating the grader's verdicts suggest.

- Again: not recalled (the only failure; a review card lapses).
- Hard: recalled, with real difficulty (a pass, with a shorter interval).
- Good: recalled with the expected effort.
- Easy: recalled at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Literal

#: A grader's verdict (``drill.grading.Verdict``) as the text the review log keeps.
VerdictName = Literal["correct", "incorrect", "invalid"]
VERDICTS: tuple[str, ...] = ("correct", "incorrect", "invalid")


class Rating(IntEnum):
    AGAIN = 1
    HARD = 2
    GOOD = 3
    EASY = 4

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @property
    def is_pass(self) -> bool:
        return self is not Rating.AGAIN


def parse_rating(value: int | str | Rating) -> Rating:
    """A rating from 1–4 or its name ("good"); ValueError otherwise."""
    if isinstance(value, Rating):
        return value
    if isinstance(value, str) and not value.strip().isdigit():
        try:
            return Rating[value.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown rating {value!r}: use 1-4 or again/hard/good/easy") from None
    number = int(value)
    if not 1 <= number <= 4:
        raise ValueError(f"rating must be 1-4, got {number}")
    return Rating(number)


@dataclass(frozen=True, slots=True)
class TypedAnswer:
    """One answer typed during a review, as the grader judged it."""

    ask_id: str
    text: str
    verdict: VerdictName
    mistakes: tuple[str, ...] = ()  # mistake ids, most specific first

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {self.verdict!r}; expected one of {VERDICTS}")


def suggest_rating(answers: Iterable[TypedAnswer], ask_ids: Sequence[str]) -> Rating | None:
    """The rating the answers point to; the user still decides.

    Any incorrect answer → Again (a wrong number in an interview is a miss, even if fixed
    later). Every ask of the card answered correctly → Good. Anything else (only
    unreadable answers, asks left blank, a card without asks) → no suggestion.
    """
    answers = list(answers)
    if any(a.verdict == "incorrect" for a in answers):
        return Rating.AGAIN
    correct = {a.ask_id for a in answers if a.verdict == "correct"}
    if ask_ids and all(ask in correct for ask in ask_ids):
        return Rating.GOOD
    return None
