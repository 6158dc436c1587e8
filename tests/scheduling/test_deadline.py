"""Cards due past an interview date are brought forward: every figure worked out by hand.

The rule (``drill.scheduling.deadline``): a review card due on the day before the interview
or later is owed; the owed cards are spread over the next ``span = deadline_cap(today)``
study days, ``max(1, (days to the interview - 1) // 2)``, a day's share ``ceil(n / span)``
of the ``n`` owed, the card FSRS has due soonest first: place ``k`` on
``today + k // share``. Cards reviewed today keep their places.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from drill.cli.stats import render
from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock
from drill.scheduling.days import StudyDays
from drill.scheduling.deadline import brought_forward
from drill.scheduling.ids import card_id
from drill.scheduling.ratings import Rating
from drill.scheduling.state import CardState, Phase
from drill.storage import card_table, review_log

DAYS = StudyDays(UTC)  # study days start at 4:00 UTC
NOW = datetime(2025, 6, 10, 16, 0, tzinfo=UTC)  # study day 10 June
INTERVIEW = date(2025, 6, 20)  # 10 days left: span deadline_cap(10 June) = (10 - 1) // 2 = 4


def noon(month: int, day: int) -> datetime:
    return datetime(2025, month, day, 12, 0, tzinfo=UTC)


def june(day: int) -> date:
    return date(2025, 6, day)


def test_cards_due_too_late_for_two_reviews_come_back_spread() -> None:
    waiting = [
        (1, noon(6, 18)),  # seen on the 18th, the capped interval brings it back on the 19th
        (2, noon(6, 19)),  # seen on the 19th, never again before the 20th: owed
        (3, noon(6, 25)),  # after the interview: owed
        (4, noon(8, 1)),  # owed
        (5, noon(6, 12)),  # stays
    ]
    # Owed, soonest due first: 2, 3, 4; n = 3 over 4 days, a share of ceil(3 / 4) = 1:
    # one a day from today.
    assert brought_forward(waiting, NOW, INTERVIEW, DAYS) == {
        2: june(10), 3: june(11), 4: june(12)}


#: 8 cards due 1–8 July, given in no order.
PILE = [(n, noon(7, n)) for n in (5, 2, 8, 1, 7, 3, 6, 4)]


def test_a_pile_is_spread_evenly_soonest_due_first() -> None:
    # 8 over 4 days: a share of 2, place k on today + k // 2.
    assert brought_forward(PILE, NOW, INTERVIEW, DAYS) == {
        1: june(10), 2: june(10), 3: june(11), 4: june(11),
        5: june(12), 6: june(12), 7: june(13), 8: june(13),
    }


def test_cards_reviewed_today_keep_their_places() -> None:
    # Today's two (due 1 and 2 July before today's review) are done: the other six keep
    # places 2–7 of 8. Counted without them, 6 over 4 days is a share of 2 again, places
    # 0–5 would put 3 and 4 on today, and finishing today's share would never end.
    done = [card for card in PILE if card[0] in (1, 2)]
    waiting = [card for card in PILE if card[0] not in (1, 2)]
    assert brought_forward(waiting, NOW, INTERVIEW, DAYS, done) == {
        3: june(11), 4: june(11), 5: june(12), 6: june(12), 7: june(13), 8: june(13),
    }


def test_the_next_day_each_card_keeps_its_day() -> None:
    # 11 June, today's two done: 9 days left, span (9 - 1) // 2 = 4; the six left are a
    # share of ceil(6 / 4) = 2: places 0–5 on the 11th + k // 2, the days they had.
    waiting = [card for card in PILE if card[0] not in (1, 2)]
    assert brought_forward(waiting, noon(6, 11), INTERVIEW, DAYS) == {
        3: june(11), 4: june(11), 5: june(12), 6: june(12), 7: june(13), 8: june(13),
    }


def test_a_few_cards_come_one_a_day_and_stay_on_their_days() -> None:
    # 20 days left (30 June), span 9: 3 owed cards, a share of 1: the 10th, 11th, 12th.
    far = date(2025, 6, 30)
    cards = [(1, noon(7, 1)), (2, noon(7, 2)), (3, noon(7, 3))]
    assert brought_forward(cards, NOW, far, DAYS) == {1: june(10), 2: june(11), 3: june(12)}
    # The next day, the first done: the other two keep theirs.
    assert brought_forward(cards[1:], noon(6, 11), far, DAYS) == {2: june(11), 3: june(12)}


@pytest.mark.parametrize(("now", "expected"), [
    (noon(6, 18), {1: june(18)}),  # 2 days left, span 1: today, then the 19th
    (noon(6, 19), {}),  # the day before: two reviews no longer fit, FSRS's own dates
    (noon(6, 20), {}),  # the interview's day
    (noon(6, 21), {}),  # after it
])
def test_the_rule_ends_when_two_reviews_no_longer_fit(
        now: datetime, expected: dict[int, date]) -> None:
    assert brought_forward([(1, noon(7, 1))], now, INTERVIEW, DAYS) == expected


def test_no_date_nothing_moves() -> None:
    assert brought_forward([(1, noon(7, 1))], NOW, None, DAYS) == {}


# -- the review service: queue, Home's counts, stats ---------------------------------------

NY = ZoneInfo("America/New_York")


def at(month: int, day: int, hour: int = 10) -> datetime:
    return datetime(2025, month, day, hour, tzinfo=NY)


def card(name: str, order: int) -> Card:
    return Card(pack="p", id=name, title=name, priority="solid", scenario="A scenario.",
                order=order)


def stored(name: str, last_review: datetime, due: datetime) -> CardState:
    return CardState(card_id=card_id(f"p/{name}"), key=f"p/{name}", phase=Phase.REVIEW,
                     step=None, stability=40.0, difficulty=5.0, due=due,
                     last_review=last_review, reps=4)


# Clock: noon in New York on 10 June 2025; study days start at 4:00 there. Owed (due on
# the 19th or later): c (19 June), b (5 July), a (1 August), spread over the 10th, 11th
# and 12th; d (12 June) and e (18 June) keep their dates.
STATES = [
    stored("a", at(5, 1), at(8, 1)),
    stored("b", at(5, 20), at(7, 5)),
    stored("c", at(6, 8), at(6, 19)),
    stored("d", at(6, 9), at(6, 12)),
    stored("e", at(4, 1), at(6, 18)),
]
CARDS = [card(name, n) for n, name in enumerate("abcdef")]  # f: new, never seen


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(datetime(2025, 6, 10, 12, 0, tzinfo=NY), NY)


Open = Callable[..., ReviewSession]


@pytest.fixture
def open_session(tmp_path: Path, clock: FixedClock) -> Open:
    from drill.config.settings import Settings
    from drill.storage.database import open_database

    def make(interview_date: str = "") -> ReviewSession:
        return ReviewSession(CARDS, open_database(tmp_path / "drill.sqlite3"),
                             Settings(interview_date=interview_date, new_cards_per_day=0),
                             clock, fuzz=False)

    with make() as first:
        first.database.write(lambda conn: card_table.save_many(conn, STATES))
    return make


def log_rows(conn: sqlite3.Connection) -> int:
    return sum(len(review_log.history(conn, card_id(f"p/{name}"))) for name in "abcdef")


def stored_dues(session: ReviewSession) -> list[datetime | None]:
    return [session.state(f"p/{name}").due for name in "abcde"]


def queued(session: ReviewSession, pack: str | None = None) -> list[str]:
    return [entry.card.key for entry in session.queue(pack).entries]


def test_without_a_date_the_fsrs_schedule_is_shown(open_session: Open) -> None:
    with open_session() as session:
        assert session.counts().review == 0  # nothing is due before 12 June
        stats = session.stats()
        assert stats.due_today == 0
        assert [d.count for d in stats.forecast] == [0, 1, 0, 0, 0, 0, 0]  # 11–17: d, 12th
        assert stats.brought_forward == 0 and stats.interview is None


def test_home_the_queue_and_stats_show_the_cards_brought_forward(
        open_session: Open, tmp_path: Path) -> None:
    with open_session("2025-06-20") as session:
        assert session.counts().review == 1
        assert [(e.card.key, e.kind) for e in session.queue().entries] == [("p/c", "review")]
        assert queued(session, "p") == ["p/c"]  # one pack alone: the same days
        stats = session.stats()
        assert stats.due_today == 1  # c
        assert [d.count for d in stats.forecast] == [1, 2, 0, 0, 0, 0, 0]  # 11: b; 12: a, d
        assert stats.brought_forward == 3
        assert stats.interview == date(2025, 6, 20)
        assert stats.to_dict()["brought_forward"] == 3
        assert ("Interview  2025-06-20, in 10 days · 3 cards brought forward to come back "
                "twice before it") in render(stats, tmp_path).splitlines()
        # A view: the stored schedule is FSRS's, and no review was logged.
        assert stored_dues(session) == [state.due for state in STATES]
        assert session.database.read(log_rows) == 0


def test_a_card_brought_forward_and_reviewed_comes_back_before_the_interview(
        open_session: Open, clock: FixedClock) -> None:
    with open_session("2025-06-20") as session:
        rated = session.rate("p/c", Rating.GOOD, 5_000)
        # Stability 40 days, capped at deadline_cap(10 June) = 4: due 14 June, noon.
        assert rated.after.due == at(6, 14, 12)
        assert session.database.read(log_rows) == 1  # one new row, nothing else touched
        # b keeps the 11th: c still holds place 0 for today.
        assert session.counts().review == 0
        assert session.stats().brought_forward == 2
        clock.set(datetime(2025, 6, 11, 12, 0, tzinfo=NY))
        # 11 June: span (9 - 1) // 2 = 4; owed b, a, a share of 1: the 11th and 12th,
        # the days they had.
        assert queued(session) == ["p/b"]
        assert [d.count for d in session.stats().forecast[:3]] == [2, 0, 1]  # a, d; -; c


def test_undoing_the_review_puts_the_card_back(open_session: Open) -> None:
    with open_session("2025-06-20") as session:
        session.rate("p/c", Rating.GOOD, 5_000)
        session.undo()
        assert queued(session) == ["p/c"]
        assert session.database.read(log_rows) == 0


@pytest.mark.parametrize("day", [19, 20, 21])
def test_from_the_day_before_the_interview_on_fsrs_rules_again(
        open_session: Open, clock: FixedClock, day: int) -> None:
    clock.set(datetime(2025, 6, day, 12, 0, tzinfo=NY))
    with open_session("2025-06-20") as session:
        # d (12 June), e (18 June) and c (19 June) are due by FSRS's own dates; a and b
        # are not.
        assert sorted(queued(session)) == ["p/c", "p/d", "p/e"]
        assert session.stats().brought_forward == 0
        assert stored_dues(session) == [state.due for state in STATES]


def test_a_suspended_card_is_not_brought_forward(open_session: Open) -> None:
    with open_session("2025-06-20") as session:
        session.suspend("p/c")
        # b, a owed, a share of 1: the 10th and the 11th.
        assert queued(session) == ["p/b"]
        assert session.stats().brought_forward == 2
