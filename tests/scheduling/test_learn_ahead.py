"""A button says "now" exactly when learn-ahead brings the card straight back.

The learning steps are 1 and 10 minutes (Hard is their mean before the first step is
passed: 5.5 minutes, shown as 6m), relearning is one step of 10 minutes, and learn-ahead
shows a learning card up to 20 minutes early when nothing else is left today.
"""

from collections.abc import Callable
from datetime import timedelta

from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock
from drill.scheduling.ratings import Rating

Factory = Callable[..., ReviewSession]
CardFactory = Callable[..., Card]
LEARNING = frozenset({Rating.AGAIN, Rating.HARD, Rating.GOOD})  # Easy graduates


def comes_back(session: ReviewSession, key: str, rating: Rating) -> bool:
    """Rate the card and see whether it is the next one shown."""
    session.rate(key, rating, 1000)
    entry = session.next_card()
    return entry is not None and entry.card.key == key


def test_the_only_card_left_comes_back_at_once_after_each_learning_step(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c", 0)])
    assert session.shown_again_at_once("a/c") == LEARNING
    intervals = session.preview("a/c")
    assert (intervals[Rating.AGAIN], intervals[Rating.GOOD]) == (
        timedelta(minutes=1), timedelta(minutes=10))
    for rating in (Rating.AGAIN, Rating.HARD, Rating.GOOD):
        assert comes_back(session, "a/c", rating)  # the promise, kept
        session.undo()


def test_another_card_waiting_keeps_the_minutes(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c0", 0), make_card("a", "c1", 1)])
    assert session.shown_again_at_once("a/c0") == frozenset()
    assert not comes_back(session, "a/c0", Rating.AGAIN)


def test_the_last_new_card_the_daily_limit_allows_comes_back_at_once(
    make_session: Factory, make_card: CardFactory
) -> None:
    # Two new cards but room for one today: once it is rated, the other is not offered.
    session = make_session([make_card("a", "c0", 0), make_card("a", "c1", 1)],
                           new_cards_per_day=1)
    assert session.shown_again_at_once("a/c0") == LEARNING
    assert comes_back(session, "a/c0", Rating.GOOD)


def test_a_step_longer_than_learn_ahead_keeps_its_time(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    session = make_session([make_card("a", "c", 0)])
    session.rate("a/c", Rating.EASY, 1000)  # graduates: a review card
    clock.advance(timedelta(days=30))
    # Again starts relearning (10 minutes): it comes back now; the rest are days away.
    assert session.shown_again_at_once("a/c") == frozenset({Rating.AGAIN})
    assert comes_back(session, "a/c", Rating.AGAIN)


def test_studying_one_pack_counts_only_that_packs_cards(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c", 0), make_card("b", "c", 0)])
    assert session.shown_again_at_once("a/c", pack="a") == LEARNING
    assert session.shown_again_at_once("a/c") == frozenset()  # b/c waits in the whole queue
