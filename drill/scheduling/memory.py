"""FSRS-6 through the ``fsrs`` package: what a rating does to a card's state.

The package does the memory model (stability, difficulty, learning steps); this wrapper
converts between drill's :class:`CardState` and ``fsrs.Card`` and adds what Anki does on
top of the same model:

- **Elapsed time in study days.** ``fsrs`` counts whole 24-hour periods since the last
  review, so a review at 08:00 after one at 21:10 two days before counts one day, not two.
  Anki counts study days (they start at the day-start hour); so does drill: the card goes
  to ``fsrs`` with its last review moved back by exactly that many days.
- **Hard < Good < Easy** once a card is in review: each at least a day longer than the one
  before, as Anki keeps them.
- **Fuzz** drawn from a generator seeded by the card and its review count (as Anki does),
  never from fsrs's global ``random()``: the interval shown on a rating button is then
  exactly the one the rating gives, and tests are repeatable.
- Lapses and leeches (Anki: 8 lapses → tag and suspend, then again every 4 more).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

import fsrs

from drill.scheduling.days import StudyDays
from drill.scheduling.deadline import deadline_cap
from drill.scheduling.ratings import Rating
from drill.scheduling.state import CardState, Phase

DEFAULT_LEECH_LAPSES = 8
_PASSING = (Rating.HARD, Rating.GOOD, Rating.EASY)

#: How far a review interval may be fuzzed: ±1 day, plus a share of the interval's days in
#: each span (start, end, share). These are the ranges of Anki's fuzz, which py-fsrs follows
#: too (its ``fsrs.scheduler.FUZZ_RANGES``, not part of its public API; fsrs 6.3); drill owns
#: them because it draws the fuzz itself, from a seeded generator (see :func:`_fuzz_bounds`).
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
        days: StudyDays | None = None,
        parameters: Sequence[float] = (),
        deadline: date | None = None,
    ) -> None:
        """``parameters``: FSRS's 21, as ``drill optimize`` fitted them; empty for FSRS's
        defaults. ``deadline``: the interview's study day, before which every review
        interval is capped (see :func:`drill.scheduling.deadline.deadline_cap`)."""
        if not 0 < desired_retention < 1:
            raise ValueError(f"desired_retention must be between 0 and 1, got {desired_retention}")
        if leech_lapses < 1:
            raise ValueError(f"leech_lapses must be at least 1, got {leech_lapses}")
        self.desired_retention = desired_retention
        self.fuzz = fuzz
        self.leech_lapses = leech_lapses
        self.days = days if days is not None else StudyDays(UTC)
        self.deadline = deadline
        # fsrs's own fuzz stays off: see the module docstring.
        self._fsrs = (
            fsrs.Scheduler(parameters, desired_retention=desired_retention, enable_fuzzing=False)
            if parameters
            else fsrs.Scheduler(desired_retention=desired_retention, enable_fuzzing=False)
        )

    @property
    def parameters(self) -> tuple[float, ...]:
        """The FSRS parameters in use (the defaults' values when none were given)."""
        return tuple(self._fsrs.parameters)

    def elapsed_days(self, state: CardState, now: datetime) -> int:
        """Study days since the card's last review (0 on the same study day)."""
        if state.last_review is None:
            return 0
        gap = self.days.day_of(now) - self.days.day_of(state.last_review)
        return max(0, gap.days)

    def review(
        self, state: CardState, rating: Rating, now: datetime, duration_ms: int
    ) -> Outcome:
        """The state after rating the card at ``now`` (which must be in ``timezone.utc``)."""
        if now.tzinfo is not UTC:
            raise ValueError("review times must be datetimes in timezone.utc")
        if duration_ms < 0:
            raise ValueError(f"duration_ms must not be negative, got {duration_ms}")
        card = self._fsrs_review(state, rating, now)
        phase = Phase(int(card.state))
        due: datetime = card.due
        if phase is Phase.REVIEW:
            due = self._due_after(now, self._review_days(state, rating, now, card))
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

    # -- the parts -----------------------------------------------------------------------

    def _fsrs_review(self, state: CardState, rating: Rating, now: datetime) -> fsrs.Card:
        card, _log = self._fsrs.review_card(
            _to_fsrs(state, now, self.elapsed_days(state, now)), fsrs.Rating(int(rating)), now
        )
        return card

    def _review_days(
        self, state: CardState, rating: Rating, now: datetime, card: fsrs.Card
    ) -> int:
        """The whole days until a card that leaves this rating in review is due.

        A review card passed with Hard, Good or Easy gets Anki's order: Hard at least a
        day, Good at least a day past Hard, Easy at least a day past Good. Each is fuzzed
        within its own bounds by one factor drawn per card and review.
        """
        factor = random.Random(f"{state.card_id}:{state.reps}").random() if self.fuzz else None
        cap = deadline_cap(self.days.day_of(now), self.deadline)
        if cap is not None:
            # Before the interview the date rules: no fuzz past it, Hard/Good/Easy may tie.
            return min(cap, self._constrained(_whole_days(card.due - now), 1, None))
        if state.phase is not Phase.REVIEW or rating not in _PASSING:
            return self._constrained(_whole_days(card.due - now), 1, factor)
        minimum = 1
        days = 1
        for passing in _PASSING[: _PASSING.index(rating) + 1]:
            raw = card if passing is rating else self._fsrs_review(state, passing, now)
            days = self._constrained(_whole_days(raw.due - now), minimum, factor)
            minimum = days + 1
        return days

    def _constrained(self, days: int, minimum: int, factor: float | None) -> int:
        """``days`` kept in [minimum, maximum interval], fuzzed within that when on."""
        maximum = self._fsrs.maximum_interval
        minimum = min(minimum, maximum)
        days = min(max(days, minimum), maximum)
        if factor is None:
            return days
        low, high = _fuzz_bounds(days)
        low, high = min(max(low, minimum), maximum), min(max(high, minimum), maximum)
        return low + min(high - low, int(factor * (high - low + 1)))

    def _due_after(self, now: datetime, days: int) -> datetime:
        """``days`` study days after ``now``: the same time of day, unless a DST change
        would move that across the day boundary (then the start of the right day)."""
        due = now + timedelta(days=days)
        wanted = self.days.day_of(now) + timedelta(days=days)
        return due if self.days.day_of(due) == wanted else self.days.start_of(wanted)

    def _is_leech_count(self, lapses: int) -> bool:
        # Anki: a leech at the threshold, and again every half threshold after it.
        if lapses < self.leech_lapses:
            return False
        step = max(1, self.leech_lapses // 2)
        return (lapses - self.leech_lapses) % step == 0


def _fuzz_bounds(days: int) -> tuple[int, int]:
    """The fuzz range (:data:`FUZZ_SPANS`) around an interval of ``days``; none under 2.5 days."""
    if days < 2.5:  # Anki and fsrs leave intervals under 2.5 days alone
        return days, days
    delta = 1.0
    for start, end, share in FUZZ_SPANS:
        delta += share * max(min(float(days), end) - start, 0.0)
    high = round(days + delta)
    return min(max(2, round(days - delta)), high), high


def _whole_days(interval: timedelta) -> int:
    return round(interval / timedelta(days=1))


def _to_fsrs(state: CardState, now: datetime, elapsed_days: int) -> fsrs.Card:
    if state.phase is Phase.NEW:
        return fsrs.Card(card_id=state.card_id, state=fsrs.State.Learning, step=0, due=now)
    # fsrs reads the elapsed time as (now - last_review).days: hand it the study days.
    last_review = None if state.last_review is None else now - timedelta(days=elapsed_days)
    return fsrs.Card(
        card_id=state.card_id,
        state=fsrs.State(int(state.phase)),
        step=state.step,
        stability=state.stability,
        difficulty=state.difficulty,
        due=state.due if state.due is not None else now,
        last_review=last_review,
    )
