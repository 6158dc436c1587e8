"""Fixtures: a few cards, a fixed clock in New York (it has DST), and a fresh database."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from drill.config.settings import Settings
from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock
from drill.storage.database import open_database

NEW_YORK = ZoneInfo("America/New_York")


def _make_card(
    pack: str, card_id: str, order: int, *, priority: bool = False, parent: str | None = None
) -> Card:
    return Card(
        pack=pack,
        id=card_id,
        title=f"{pack} {card_id}",
        priority="priority" if priority else "solid",
        scenario="A scenario.",
        parent=parent,
        order=order,
    )


CardFactory = Callable[..., Card]


@pytest.fixture
def make_card() -> CardFactory:
    """make_card(pack, id, order, priority=False, parent=None) -> Card"""
    return _make_card


@pytest.fixture
def clock() -> FixedClock:
    # Noon on an ordinary day in New York.
    return FixedClock(datetime(2025, 6, 10, 12, 0, tzinfo=NEW_YORK), NEW_YORK)


SessionFactory = Callable[..., ReviewSession]


@pytest.fixture
def make_session(tmp_path: Path, clock: FixedClock) -> Iterator[SessionFactory]:
    """Build sessions over one database file; fuzz off so intervals are exact."""
    opened: list[ReviewSession] = []

    def factory(cards: list[Card], **settings: object) -> ReviewSession:
        session = ReviewSession(
            cards,
            open_database(tmp_path / "drill.sqlite3"),
            Settings(**settings),  # type: ignore[arg-type]
            clock,
            fuzz=False,
        )
        opened.append(session)
        return session

    yield factory
    for session in opened:
        session.close()
