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


#: Every ask right within this share of the answer timer suggests Easy rather than Good.
QUICK_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The rating the answers point to, and why, in a few words for the rating bar."""

    rating: Rating
    reason: str


def suggest_rating(
    answers: Iterable[TypedAnswer],
    ask_ids: Sequence[str],
    seconds: float | None = None,
    quick_seconds: float | None = None,
) -> Suggestion | None:
    """The rating the share of asks answered right points to; the user still decides.

    An ask is right when every readable answer to it was correct (a wrong number fixed
    later is still a miss, as in an interview); an ask left blank is not right. None
    right → Again; some → Hard; all → Good, or Easy when done within ``quick_seconds``.
    No suggestion when nothing readable was typed (the card was answered out loud, or
    it has no asks): the user rates it.
    """
    verdicts: dict[str, set[str]] = {}
    for answer in answers:
        if answer.verdict != "invalid":
            verdicts.setdefault(answer.ask_id, set()).add(answer.verdict)
    if not ask_ids or not any(ask in verdicts for ask in ask_ids):
        return None
    right = sum(1 for ask in ask_ids if verdicts.get(ask) == {"correct"})
    total = len(ask_ids)
    if right == 0:
        return Suggestion(Rating.AGAIN, "wrong" if total == 1 else f"none of {total} right")
    if right < total:
        return Suggestion(Rating.HARD, f"{right} of {total} right")
    everything = "right" if total == 1 else f"all {total} right"
    if seconds is not None and quick_seconds is not None and seconds <= quick_seconds:
        return Suggestion(Rating.EASY, f"{everything} in {round(seconds)} s")
    return Suggestion(Rating.GOOD, everything)
