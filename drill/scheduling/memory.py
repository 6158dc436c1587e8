"""FSRS-6 through the ``fsrs`` package: what a rating does to a card's state.

The package does the scheduling; this wrapper converts between drill's :class:`CardState`
and ``fsrs.Card``, counts lapses, marks leeches (Anki: 8 lapses → tag and suspend, then
again every 4 more) and fuzzes review intervals.

Fuzz is drawn from a generator seeded by the card and its review count (as Anki does),
not from fsrs's global ``random()``: the interval shown on a rating button is then exactly
the one the rating gives, and tests are repeatable.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import fsrs

from drill.scheduling.ratings import Rating
from drill.scheduling.state import CardState, Phase

DEFAULT_LEECH_LAPSES = 8

#: How far a review interval may be fuzzed: ±1 day, plus a share of the interval's days in
#: each span (start, end, share). These are the ranges of Anki's fuzz, which py-fsrs follows
#: too (its ``fsrs.scheduler.FUZZ_RANGES``, not part of its public API; fsrs 6.3); drill owns
#: them because it draws the fuzz itself, from a seeded generator.
FUZZ_SPANS: tuple[tuple[float, float, float], ...] = (
    (2.5, 7.0, 0.15),
    (7.0, 20.0, 0.1),
    (20.0, math.inf, 0.05),
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A rating applied to a card: the state before and after."""

    before: CardState
    after: CardState
    rating: Rating
    reviewed_at: datetime
    duration_ms: int

    @property
    def lapsed(self) -> bool:
        return self.after.lapses > self.before.lapses

    @property
    def became_leech(self) -> bool:
        return self.lapsed and self.after.leech and self.after.suspended

    @property
    def interval(self) -> timedelta:
        assert self.after.due is not None
        return self.after.due - self.reviewed_at


class MemoryModel:
    """FSRS with drill's settings. Pure: it never touches the database."""

    def __init__(
        self,
        desired_retention: float = 0.9,
        *,
        fuzz: bool = True,
        leech_lapses: int = DEFAULT_LEECH_LAPSES,
    ) -> None:
        if not 0 < desired_retention < 1:
            raise ValueError(f"desired_retention must be between 0 and 1, got {desired_retention}")
        if leech_lapses < 1:
            raise ValueError(f"leech_lapses must be at least 1, got {leech_lapses}")
        self.desired_retention = desired_retention
        self.fuzz = fuzz
        self.leech_lapses = leech_lapses
        # fsrs's own fuzz stays off: see the module docstring.
        self._fsrs = fsrs.Scheduler(desired_retention=desired_retention, enable_fuzzing=False)

    def review(
        self, state: CardState, rating: Rating, now: datetime, duration_ms: int
    ) -> Outcome:
        """The state after rating the card at ``now`` (which must be in ``timezone.utc``)."""
        if now.tzinfo is not UTC:
            raise ValueError("review times must be datetimes in timezone.utc")
        if duration_ms < 0:
            raise ValueError(f"duration_ms must not be negative, got {duration_ms}")
        card, _log = self._fsrs.review_card(
            _to_fsrs(state, now), fsrs.Rating(int(rating)), now, duration_ms
        )
        phase = Phase(int(card.state))
        due: datetime = card.due
        if self.fuzz and phase is Phase.REVIEW:
            due = now + self._fuzzed(due - now, seed=f"{state.card_id}:{state.reps}")
        lapses = state.lapses + (
            1 if state.phase is Phase.REVIEW and rating is Rating.AGAIN else 0
        )
        leech_now = lapses > state.lapses and self._is_leech_count(lapses)
        after = state.with_changes(
            phase=phase,
            step=card.step,
            stability=card.stability,
            difficulty=card.difficulty,
            due=due,
            last_review=now,
            reps=state.reps + 1,
            lapses=lapses,
            buried_until=None,
            leech=state.leech or leech_now,
            suspended=state.suspended or leech_now,
        )
        return Outcome(state, after, rating, now, duration_ms)

    def preview(self, state: CardState, now: datetime) -> dict[Rating, timedelta]:
        """The interval each rating would give, for the rating buttons."""
        return {rating: self.review(state, rating, now, 0).interval for rating in Rating}

    def _is_leech_count(self, lapses: int) -> bool:
        # Anki: a leech at the threshold, and again every half threshold after it.
        if lapses < self.leech_lapses:
            return False
        step = max(1, self.leech_lapses // 2)
        return (lapses - self.leech_lapses) % step == 0

    def _fuzzed(self, interval: timedelta, *, seed: str) -> timedelta:
        """A day in the fuzz range of ``interval`` (:data:`FUZZ_SPANS`), from a seeded generator."""
        days = interval.days
        if days < 2.5:  # fsrs leaves intervals under 2.5 days alone
            return interval
        delta = 1.0
        for start, end, share in FUZZ_SPANS:
            delta += share * max(min(float(days), end) - start, 0.0)
        maximum = self._fsrs.maximum_interval
        high = min(round(days + delta), maximum)
        low = min(max(2, round(days - delta)), high)
        return timedelta(days=random.Random(seed).randint(low, high))


def _to_fsrs(state: CardState, now: datetime) -> fsrs.Card:
    if state.phase is Phase.NEW:
        return fsrs.Card(card_id=state.card_id, state=fsrs.State.Learning, step=0, due=now)
    return fsrs.Card(
        card_id=state.card_id,
        state=fsrs.State(int(state.phase)),
        step=state.step,
        stability=state.stability,
        difficulty=state.difficulty,
        due=state.due if state.due is not None else now,
        last_review=state.last_review,
    )
