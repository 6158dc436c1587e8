"""What ``drill stats`` reports, computed from the database and the packs' cards.

Definitions (chosen to match Anki where it has one):
- reviews: every logged rating, scheduled or cram; the streak counts study days with at
  least one. A streak still counts while today has none yet (the day is not over).
- due: scheduled cards (learning or review, not suspended) whose due time falls before the
  end of the study day; overdue cards count for today, buried ones for the day they return,
  cards an interview date brings forward (``drill.scheduling.deadline``) for their new day.
- true retention: over the last 30 study days (today included), the first scheduled review
  of each review-phase card on each day; Again is the only failure.
"""

from __future__ import annotations

import sqlite3
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import date, datetime, timedelta
from typing import Any

from drill.review.interview_date import brought_forward_days
from drill.scheduling.days import StudyDays
from drill.scheduling.deadline import days_left
from drill.scheduling.queue import Deck
from drill.scheduling.state import CardState, Phase
from drill.scheduling.timestamps import to_ms
from drill.storage import card_table, stats_queries

RETENTION_DAYS = 30
FORECAST_DAYS = 7
HISTORY_DAYS = 365
#: The days Home's streak reads first (``activity``); a longer streak reads on back.
STREAK_FIRST_DAYS = 31
TOP_MISTAKES = 10


@dataclass(frozen=True, slots=True)
class DayCount:
    day: date
    count: int


@dataclass(frozen=True, slots=True)
class PackProgress:
    pack: str
    new: int = 0
    learning: int = 0
    review: int = 0
    suspended: int = 0

    @property
    def total(self) -> int:
        return self.new + self.learning + self.review + self.suspended


@dataclass(frozen=True, slots=True)
class MistakeCount:
    id: str
    count: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Leech:
    key: str
    lapses: int
    suspended: bool
    orphan: bool  # its card is no longer in any pack


@dataclass(frozen=True, slots=True)
class Orphan:
    key: str
    reviews: int
    last_review: datetime | None


@dataclass(frozen=True, slots=True)
class Retention:
    reviews: int
    passed: int

    @property
    def rate(self) -> float | None:
        return self.passed / self.reviews if self.reviews else None


@dataclass(frozen=True, slots=True)
class Stats:
    today: date
    reviews_today: int
    reviews_total: int
    cram_today: int
    cram_total: int
    streak: int
    due_today: int
    forecast: tuple[DayCount, ...]  # the next FORECAST_DAYS days after today
    retention: Retention
    packs: tuple[PackProgress, ...]
    mistakes: tuple[MistakeCount, ...]
    leeches: tuple[Leech, ...]
    orphans: tuple[Orphan, ...]
    history: tuple[DayCount, ...]  # ratings per day, the last HISTORY_DAYS days, oldest first
    interview: date | None = None  # the interview's study day, while it is to come
    brought_forward: int = 0  # review cards due earlier than FSRS says, for the interview

    @property
    def due_tomorrow(self) -> int:
        return self.forecast[0].count if self.forecast else 0

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (dates as ISO text)."""
        data: dict[str, Any] = {
            "today": self.today.isoformat(),
            "reviews_today": self.reviews_today,
            "reviews_total": self.reviews_total,
            "cram_today": self.cram_today,
            "cram_total": self.cram_total,
            "streak": self.streak,
            "due_today": self.due_today,
            "due_tomorrow": self.due_tomorrow,
            "forecast": [{"day": d.day.isoformat(), "due": d.count} for d in self.forecast],
            "retention_30d": {
                "reviews": self.retention.reviews,
                "passed": self.retention.passed,
                "rate": self.retention.rate,
            },
            "packs": [{**asdict(p), "total": p.total} for p in self.packs],
            "mistakes": [
                {"id": m.id, "count": m.count, "cards": list(m.cards)} for m in self.mistakes
            ],
            "leeches": [asdict(leech) for leech in self.leeches],
            "orphans": [
                {
                    "key": o.key,
                    "reviews": o.reviews,
                    "last_review": o.last_review.isoformat() if o.last_review else None,
                }
                for o in self.orphans
            ],
            "history": [{"day": d.day.isoformat(), "reviews": d.count} for d in self.history],
            "interview_date": self.interview.isoformat() if self.interview else None,
            "brought_forward": self.brought_forward,
        }
        return data


def compute_stats(
    conn: sqlite3.Connection, deck: Deck, now: datetime, days: StudyDays,
    deadline: date | None = None,
) -> Stats:
    """All the figures, read in the caller's (read) transaction; ``deadline``: the
    interview's study day (settings.toml ``interview_date``), if one is set."""
    today = days.day_of(now)
    start_ms, end_ms = to_ms(days.start_of(today)), to_ms(days.end_of(today))
    reviews_today, cram_today = stats_queries.count_reviews(conn, start_ms, end_ms)
    reviews_total, cram_total = stats_queries.count_reviews(conn)
    history = _history(conn, days, today)
    states = {state.card_id: state for state in card_table.load_all(conn)}
    in_deck = set(deck.ids)
    moved = brought_forward_days(conn, deck.ids, now, deadline, days)
    due_today, forecast = _due(deck, states, now, days, today, moved)
    orphan_states = [s for cid, s in states.items() if cid not in in_deck]
    orphan_reviews = stats_queries.reviews_per_card(conn, [s.card_id for s in orphan_states])
    return Stats(
        today=today,
        reviews_today=reviews_today,
        reviews_total=reviews_total,
        cram_today=cram_today,
        cram_total=cram_total,
        streak=_streak(conn, days, today, history),
        due_today=due_today,
        forecast=forecast,
        retention=_retention(conn, days, today),
        packs=_packs(deck, states),
        mistakes=tuple(
            MistakeCount(mistake, count, tuple(keys))
            for mistake, count, keys in stats_queries.mistake_counts(conn, TOP_MISTAKES)
        ),
        leeches=tuple(
            Leech(s.key, s.lapses, s.suspended, s.card_id not in in_deck)
            for s in sorted(states.values(), key=lambda s: s.key)
            if s.leech
        ),
        orphans=tuple(
            Orphan(s.key, orphan_reviews.get(s.card_id, 0), s.last_review)
            for s in sorted(orphan_states, key=lambda s: s.key)
        ),
        history=history,
        interview=deadline if days_left(today, deadline) is not None else None,
        brought_forward=len(moved),
    )


def activity(conn: sqlite3.Connection, now: datetime, days: StudyDays) -> tuple[int, int]:
    """(scheduled ratings given today, the current streak): the home screen's share of
    the stats. Extra practice (cram) leaves the schedule as it was, so it is no card done
    for the day; it still keeps the streak, as studying."""
    today = days.day_of(now)
    ratings_today, cram_today = stats_queries.count_reviews(
        conn, to_ms(days.start_of(today)), to_ms(days.end_of(today))
    )
    reviews_today = ratings_today - cram_today
    # A month first, not the Stats screen's year: Home reads this after every session, and
    # a streak that fills the month makes _streak read further back.
    return reviews_today, _streak(conn, days, today,
                                  _history(conn, days, today, STREAK_FIRST_DAYS))


def _spans(days: StudyDays, span_days: Sequence[date]) -> list[tuple[int, int]]:
    # A day ends where the next begins: each boundary worked out once, not twice (Home
    # reads a year of days after every session).
    one_day = timedelta(days=1)
    starts = {d: to_ms(days.start_of(d)) for d in {*span_days, *(d + one_day for d in span_days)}}
    return [(starts[d], starts[d + one_day]) for d in span_days]


def _history(conn: sqlite3.Connection, days: StudyDays, today: date,
             length: int = HISTORY_DAYS) -> tuple[DayCount, ...]:
    """The ratings of each of the ``length`` study days up to today, oldest first."""
    span_days = [today - timedelta(days=n) for n in range(length - 1, -1, -1)]
    counts = stats_queries.counts_per_span(conn, _spans(days, span_days))
    return tuple(DayCount(d, n) for d, n in zip(span_days, counts, strict=True))


def _streak(
    conn: sqlite3.Connection, days: StudyDays, today: date, history: tuple[DayCount, ...]
) -> int:
    counts = [entry.count for entry in reversed(history)]  # today first
    oldest = history[0].day
    # Nothing yet today: the streak up to yesterday still stands.
    index = 1 if counts[0] == 0 else 0
    streak = 0
    while True:
        while index < len(counts) and counts[index]:
            streak += 1
            index += 1
        if index < len(counts):
            return streak
        # The streak is longer than the window read so far: read the year before it.
        older = [oldest - timedelta(days=n) for n in range(1, HISTORY_DAYS + 1)]
        counts += stats_queries.counts_per_span(conn, _spans(days, older))
        oldest = older[-1]


def _retention(conn: sqlite3.Connection, days: StudyDays, today: date) -> Retention:
    window = [today - timedelta(days=n) for n in range(RETENTION_DAYS - 1, -1, -1)]
    starts = [to_ms(days.start_of(d)) for d in window]
    rows = stats_queries.review_card_ratings(conn, starts[0], to_ms(days.end_of(today)))
    seen: set[tuple[int, int]] = set()
    reviews = passed = 0
    for card, time_ms, rating in rows:  # ordered by time: the first of each day wins
        slot = (card, bisect_right(starts, time_ms))  # which study day of the window
        if slot in seen:
            continue
        seen.add(slot)
        reviews += 1
        passed += rating != 1
    return Retention(reviews, passed)


def _due(
    deck: Deck, states: dict[int, CardState], now: datetime, days: StudyDays, today: date,
    moved: dict[int, date],
) -> tuple[int, tuple[DayCount, ...]]:
    per_day: dict[date, int] = {}
    for cid in deck.ids:
        state = states.get(cid)
        if state is None or state.phase is Phase.NEW or state.suspended or state.due is None:
            continue
        due = days.start_of(moved[cid]) if cid in moved else state.due
        if state.buried_until is not None and state.buried_until > now:
            due = max(due, state.buried_until)
        day = max(days.day_of(due), today)
        per_day[day] = per_day.get(day, 0) + 1
    forecast = tuple(
        DayCount(today + timedelta(days=n), per_day.get(today + timedelta(days=n), 0))
        for n in range(1, FORECAST_DAYS + 1)
    )
    return per_day.get(today, 0), forecast


def pack_progress(conn: sqlite3.Connection, deck: Deck) -> tuple[PackProgress, ...]:
    """Each pack's cards by phase, as :func:`compute_stats` counts them, without the rest
    of the figures (Home shows only these, after every session)."""
    return _packs(deck, {state.card_id: state for state in card_table.load_all(conn)})


def _packs(deck: Deck, states: dict[int, CardState]) -> tuple[PackProgress, ...]:
    tallies: dict[str, dict[str, int]] = {}
    for card, cid in zip(deck.cards, deck.ids, strict=True):
        tally = tallies.setdefault(card.pack, {"new": 0, "learning": 0, "review": 0,
                                               "suspended": 0})
        state = states.get(cid)
        if state is not None and state.suspended:
            tally["suspended"] += 1
        elif state is None or state.phase is Phase.NEW:
            tally["new"] += 1
        elif state.phase is Phase.REVIEW:
            tally["review"] += 1
        else:
            tally["learning"] += 1
    return tuple(PackProgress(pack, **tally) for pack, tally in tallies.items())
