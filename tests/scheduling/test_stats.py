"""`drill stats` figures on a hand-made history, worked out by hand below.

Clock: 10 June 2025, 12:00 in New York (EDT); study days start at 4:00, so today runs from
10 June 4:00 to 11 June 4:00, and "02:00 on 10 June" still belongs to 9 June.
"""

import sqlite3
from collections.abc import Callable
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.scheduling.ids import card_id
from drill.scheduling.ratings import Rating, TypedAnswer
from drill.scheduling.state import CardState, Phase
from drill.storage import card_table, review_log
from drill.storage.review_log import ReviewEntry

NY = ZoneInfo("America/New_York")
Factory = Callable[..., ReviewSession]


def at(month: int, day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, month, day, hour, minute, tzinfo=NY)


def state(key: str, phase: Phase, due: datetime, **extra: object) -> CardState:
    return CardState(
        card_id=card_id(key), key=key, phase=phase, stability=5.0, difficulty=5.0,
        due=due, last_review=at(6, 1, 10), reps=3, **extra,  # type: ignore[arg-type]
    )


def mistake(*ids: str) -> TypedAnswer:
    return TypedAnswer("x", "16 GB / 989 TFLOPS", "incorrect", ids)


def log(
    conn: sqlite3.Connection, key: str, when: datetime, rating: Rating,
    kind: str = "review", phase: Phase = Phase.REVIEW, answers: tuple[TypedAnswer, ...] = (),
) -> None:
    entry = ReviewEntry(
        time=when, card_id=card_id(key), kind=kind, rating=rating,  # type: ignore[arg-type]
        phase_before=phase, phase_after=phase, interval_before_s=86400,
        interval_after_s=86400, duration_ms=1000, answers=answers,
    )
    review_log.append(conn, entry, prior=None)


def build_history(conn: sqlite3.Connection) -> None:
    card_table.save_many(conn, [
        state("a/a1", Phase.REVIEW, at(6, 10, 20)),  # due later today
        state("a/a2", Phase.REVIEW, at(6, 12, 10)),  # due 12 June
        state("a/a3", Phase.LEARNING, at(6, 10, 11)),  # overdue by an hour
        state("b/b1", Phase.REVIEW, at(6, 9, 10), suspended=True, leech=True, lapses=8),
        # b/b2: no row at all, a new card
        state("b/b3", Phase.REVIEW, at(6, 10, 9), buried_until=at(6, 11, 4)),  # back tomorrow
        state("b/b4", Phase.REVIEW, at(6, 11, 3)),  # 3 am on 11 June: still today's study day
        state("b/b5", Phase.REVIEW, at(6, 17, 5)),  # 17 June: the 7th day ahead
        state("b/b6", Phase.REVIEW, at(6, 18, 5)),  # beyond the forecast
        state("gone/x", Phase.REVIEW, at(6, 11, 10)),  # its pack no longer has it
    ])
    log(conn, "a/a1", at(6, 9, 10, 0), Rating.AGAIN,
        answers=(mistake("bytes-over-flops", "wrong-dimension"),))
    log(conn, "a/a1", at(6, 9, 10, 30), Rating.GOOD)  # second of the day: not in retention
    log(conn, "a/a2", at(6, 9, 11), Rating.GOOD, answers=(mistake("bytes-over-flops"),))
    log(conn, "a/a2", at(6, 10, 2), Rating.AGAIN)  # 2 am: still 9 June, a second review
    log(conn, "b/b3", at(6, 8, 4, 30), Rating.HARD)
    log(conn, "b/b4", at(6, 7, 3, 30), Rating.GOOD)  # 3:30 am: the study day of 6 June
    log(conn, "a/a1", at(6, 10, 9), Rating.GOOD)
    log(conn, "a/a3", at(6, 10, 10), Rating.AGAIN, phase=Phase.LEARNING)
    log(conn, "a/a2", at(6, 10, 9, 30), Rating.AGAIN, kind="cram",
        answers=(mistake("power-of-ten"),))
    log(conn, "b/b5", at(5, 11, 10), Rating.AGAIN)  # before the 30-day window
    log(conn, "b/b6", at(5, 12, 5), Rating.GOOD)  # first day of the window (12 May)
    log(conn, "gone/x", at(6, 5, 10), Rating.AGAIN, answers=(mistake("bytes-over-flops"),))


def deck(make_card: Callable[..., Card]) -> list[Card]:
    return [make_card("a", f"a{i}", i) for i in (1, 2, 3)] + [
        make_card("b", f"b{i}", i) for i in range(1, 7)
    ]


def test_stats_on_a_hand_made_history(
    make_session: Factory, make_card: Callable[..., Card]
) -> None:
    session = make_session(deck(make_card))
    session.database.write(build_history)
    stats = session.stats()

    assert stats.today == date(2025, 6, 10)
    # Today (10 June 4:00 on): a1 at 9:00, a3 at 10:00, the cram of a2 at 9:30.
    assert (stats.reviews_today, stats.cram_today) == (3, 1)
    assert (stats.reviews_total, stats.cram_total) == (12, 1)
    # Study days with reviews: 10, 9, 8 June; 7 June has none (3:30 am counts for 6 June).
    assert stats.streak == 3
    # Due today: a1 (tonight), a3 (overdue learning), b4 (3 am tomorrow is still today).
    # b3 is buried until tomorrow; b1 is suspended; gone/x is not in any pack.
    assert stats.due_today == 3
    assert [(d.day.day, d.count) for d in stats.forecast] == [
        (11, 1), (12, 1), (13, 0), (14, 0), (15, 0), (16, 0), (17, 1)
    ]
    assert stats.due_tomorrow == 1
    # Retention, first review-phase review per card per study day, 12 May to 10 June:
    # a1 9 Jun Again; a2 9 Jun Good; b3 8 Jun Hard; b4 6 Jun Good; a1 10 Jun Good;
    # b6 12 May Good; gone/x 5 Jun Again. Learning reviews, cram and 11 May are left out.
    assert (stats.retention.reviews, stats.retention.passed) == (7, 5)
    assert stats.retention.rate == 5 / 7
    assert [(p.pack, p.new, p.learning, p.review, p.suspended) for p in stats.packs] == [
        ("a", 0, 1, 2, 0),
        ("b", 1, 0, 4, 1),
    ]
    assert session.pack_progress() == stats.packs  # what Home reads, without the rest
    assert [(m.id, m.count, m.cards) for m in stats.mistakes] == [
        ("bytes-over-flops", 3, ("a/a1", "a/a2", "gone/x")),
        ("power-of-ten", 1, ("a/a2",)),
        ("wrong-dimension", 1, ("a/a1",)),
    ]
    assert [(x.key, x.lapses, x.suspended, x.orphan) for x in stats.leeches] == [
        ("b/b1", 8, True, False)
    ]
    assert [(o.key, o.reviews) for o in stats.orphans] == [("gone/x", 1)]
    assert [(d.day.day, d.count) for d in stats.history[-5:]] == [
        (6, 1), (7, 0), (8, 1), (9, 4), (10, 3)
    ]


def test_streak_survives_a_day_not_yet_started_and_json_is_plain(
    make_session: Factory, make_card: Callable[..., Card], clock: object
) -> None:
    import json

    session = make_session(deck(make_card))

    def yesterday_only(conn: sqlite3.Connection) -> None:
        card_table.save(conn, state("a/a1", Phase.REVIEW, at(6, 20, 10)))
        log(conn, "a/a1", at(6, 9, 10), Rating.GOOD)
        log(conn, "a/a1", at(6, 8, 10), Rating.GOOD)

    session.database.write(yesterday_only)
    stats = session.stats()
    assert stats.reviews_today == 0
    assert stats.streak == 2
    data = json.loads(json.dumps(stats.to_dict()))
    assert data["streak"] == 2 and data["retention_30d"]["rate"] == 1.0
    assert data["forecast"][0] == {"day": "2025-06-11", "due": 0}


@pytest.mark.parametrize("length", [30, 31, 32, 45, 400])
def test_a_long_streak_counts_each_day_on_home_as_in_stats(
    make_session: Factory, make_card: Callable[..., Card], length: int
) -> None:
    # A rating on each of the `length` days up to yesterday (none yet today), then a day
    # with none, then one more before it: the streak is `length`, however far back it
    # reaches (Home reads a month first, Stats a year).
    session = make_session(deck(make_card))

    def every_day(conn: sqlite3.Connection) -> None:
        card_table.save(conn, state("a/a1", Phase.REVIEW, at(6, 20, 10)))
        for back in [*range(length), length + 1]:
            log(conn, "a/a1", at(6, 9, 10) - timedelta(days=back), Rating.GOOD)

    session.database.write(every_day)
    assert session.stats().streak == length
    assert session.counts().streak == length
