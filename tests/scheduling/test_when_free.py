"""A change made while another program holds the review database: ReviewSession.when_free
tries it again until the lock goes, and stops when its caller no longer wants it."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest

from drill.packs.model import Card
from drill.review import session as review
from drill.review.session import ReviewSession, UnknownCard
from drill.scheduling.ratings import Rating

Factory = Callable[..., ReviewSession]
CardFactory = Callable[..., Card]


def locked(session: ReviewSession) -> sqlite3.Connection:
    """Another program's connection, holding the database's write lock."""
    other = sqlite3.connect(session.database.path, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_rating_waits_for_the_lock_and_is_stored_once_it_goes(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c", 0)])
    other = locked(session)
    pauses: list[float] = []

    def pause(seconds: float) -> None:
        # Called after a try met the lock: nothing stored yet. The other program lets go.
        pauses.append(seconds)
        assert session.history("a/c") == []
        other.rollback()

    rated = session.when_free(lambda: session.rate("a/c", Rating.GOOD, 1000), pause=pause)
    other.close()
    assert pauses == [review.RETRY_EVERY_S]  # one try met the lock, the next went through
    assert rated is not None and rated.key == "a/c"
    assert [entry.rating for entry in session.history("a/c")] == [Rating.GOOD]
    assert session.can_undo and session.undo_kind == "review"


def test_a_change_no_longer_wanted_stores_nothing(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c", 0)])
    other = locked(session)
    tries: list[float] = []
    try:
        rated = session.when_free(lambda: session.cram("a/c", Rating.AGAIN, 1000),
                                  go_on=lambda: len(tries) < 3, pause=tries.append)
    finally:
        other.rollback()
        other.close()
    assert rated is None
    assert len(tries) == 3  # tried three times, each met the lock
    assert session.history("a/c") == []
    assert not session.can_undo


def test_a_free_database_takes_the_change_at_once_and_other_errors_are_raised(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c", 0)])
    pauses: list[float] = []
    assert session.when_free(lambda: session.cram("a/c", Rating.HARD, 500),
                             pause=pauses.append) is not None
    assert pauses == []
    with pytest.raises(UnknownCard):
        session.when_free(lambda: session.rate("a/nope", Rating.GOOD, 1000),
                          pause=pauses.append)
    assert pauses == []  # not a lock: not tried again
