"""A review database the user may read but not write: the app opens it, says at once that
this is a read-only session (naming the file), lets the learner browse, and refuses a rating
without losing or half-writing anything.

The app runs in a child process as an unprivileged user, because root may write any file
whatever its mode, so a read-only file means nothing to a test run as root.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from drill.config.location import DATABASE_FILE
from drill.storage.database import open_database
from testkit import APP_PACKS, TESTS

CHILD = """
import asyncio, sys
from pathlib import Path
sys.path.insert(0, sys.argv[3])
from drill.app.drill_app import DrillApp
from drill.app.options import AppOptions
from drill.app.screens.browse import BrowseScreen
from drill.app.screens.review import ReviewScreen

async def main() -> None:
    app = DrillApp(AppOptions(data_dir=Path(sys.argv[1]), pack_dirs=(Path(sys.argv[2]),),
                              timer_clock=lambda: 0.0, prepare_in_background=False,
                              builtin_packs=False))
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        for _ in range(30):
            await pilot.pause()
            if app.ready and list(app.screen.query("Toast")):
                break
        print("first:", type(app.screen).__name__)
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        print("notice:", " ".join(toasts.split()))
        app.clear_notifications()
        await pilot.press("b")
        await pilot.pause()
        print("browse:", isinstance(app.screen, BrowseScreen))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        print("review:", isinstance(review, ReviewScreen))
        await pilot.press("space", "3")
        for _ in range(10):
            await pilot.pause()
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        print("rating:", " ".join(toasts.split()))
        print("card stays:", app.screen is review and review.card is not None)

asyncio.run(main())
"""


def _run_as_reader(folder: Path) -> dict[str, str]:
    as_nobody: dict[str, Any] = {"user": 65534, "group": 65534} if os.geteuid() == 0 else {}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(folder), str(APP_PACKS), str(TESTS / "app")],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "HOME": str(folder), "DRILL_HOME": str(folder),
             "XDG_CACHE_HOME": str(folder / "cache")},
        **as_nobody)
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(line.split(": ", 1) for line in done.stdout.splitlines() if ": " in line)


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    """A folder the unprivileged user can reach (pytest's own temporary folders are
    private to the user running the tests)."""
    folder = Path(tempfile.mkdtemp(prefix="drill-read-only-app-"))
    os.chmod(folder, 0o777)  # SQLite may still make its -shm file beside the database
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_the_app_says_read_only_at_open_and_refuses_a_rating(shared_folder: Path) -> None:
    database = shared_folder / DATABASE_FILE
    open_database(database).close()
    before = database.read_bytes()
    os.chmod(database, 0o444)

    seen = _run_as_reader(shared_folder)

    assert seen["first"] == "HomeScreen"
    assert "read-only session" in seen["notice"] and DATABASE_FILE in seen["notice"]
    assert seen["browse"] == "True" and seen["review"] == "True"
    assert "read-only" in seen["rating"] and DATABASE_FILE in seen["rating"]
    assert seen["card stays"] == "True"
    assert database.read_bytes() == before
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    assert conn.execute("SELECT COUNT(*) FROM revlog").fetchone() == (0,)
    conn.close()
