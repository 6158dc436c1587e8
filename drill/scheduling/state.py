"""A card's scheduling state: the row drill keeps per card.

The phases follow Anki's card types (new, learning, review, relearning); fsrs has no
"new" state, so a card is new until its first rating.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from enum import IntEnum
from typing import Any


class Phase(IntEnum):
    NEW = 0
    LEARNING = 1
    REVIEW = 2
    RELEARNING = 3

    @property
    def label(self) -> str:
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class CardState:
    card_id: int
    key: str
    phase: Phase = Phase.NEW
    step: int | None = None  # learning or relearning step; None in review
    stability: float | None = None
    difficulty: float | None = None
    due: datetime | None = None  # UTC; None while new
    last_review: datetime | None = None  # UTC
    reps: int = 0  # scheduled reviews (cram does not count)
    lapses: int = 0  # times a review card was forgotten (Again)
    suspended: bool = False
    buried_until: datetime | None = None  # UTC; hidden from the queue until then
    leech: bool = False
    flagged: bool = False  # the user marked it (to look at again, to study as a set)

    @property
    def interval_seconds(self) -> int:
        """The interval the card was last given (0 when never reviewed)."""
        if self.due is None or self.last_review is None:
            return 0
        return round((self.due - self.last_review).total_seconds())

    def with_changes(self, **changes: Any) -> CardState:
        return replace(self, **changes)

    @classmethod
    def new(cls, card_id: int, key: str) -> CardState:
        return cls(card_id=card_id, key=key)
