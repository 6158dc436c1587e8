"""A review database opened for reading only: the app opens it, says at once that this is
a read-only session (naming the file), lets the learner browse, and refuses a rating
without losing or half-writing anything.

The session is asked for (``AppOptions.read_only``), as it is for a file this user may not
write: root writes any file whatever its mode, so a file's permissions would make the test
depend on the user running it. SQLite opens the file read-only either way.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from drill.app.screens.browse import BrowseScreen
from drill.app.screens.home import HomeScreen
from drill.app.screens.review import ReviewScreen
from drill.config.location import DATABASE_FILE
from drill.storage.database import open_database
from testkit import MakeApp, notices

pytestmark = pytest.mark.slow


async def test_the_app_says_read_only_at_open_and_refuses_a_rating(
    make_app: MakeApp, data_dir: Path
) -> None:
    database = data_dir / DATABASE_FILE
    open_database(database).close()
    before = database.read_bytes()
    app = make_app(read_only=True)
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        for _ in range(5):  # the notice comes once Home's first frame is drawn
            await pilot.pause()
            if notices(app):
                break
        assert isinstance(app.screen, HomeScreen)
        notice = " ".join(" ".join(notices(app)).split())
        assert "read-only session" in notice and DATABASE_FILE in notice
        app.clear_notifications()
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BrowseScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("space", "3")
        await pilot.pause()
        refused = " ".join(" ".join(notices(app)).split())
        assert "read-only" in refused and DATABASE_FILE in refused
        assert app.screen is review and review.card is not None  # the card stays
    assert database.read_bytes() == before
    conn = sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)
    assert conn.execute("SELECT COUNT(*) FROM revlog").fetchone() == (0,)
    conn.close()
