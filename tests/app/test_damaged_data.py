"""The app on review data that opens but fails on its first query: one line naming the
file on the problem screen, no traceback, the file unchanged, and a clean exit."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Static

from drill.app.drill_app import DrillApp
from drill.app.screens.problem import ProblemScreen
from drill.config.location import DATABASE_FILE
from drill.storage.database import open_database

MakeApp = Callable[..., DrillApp]

#: Hand edits of a database drill made (sqlite3 on the command line can make each).
EDITS = {
    "a missing table": ("DROP TABLE answer_mistakes", "DROP TABLE answers", "DROP TABLE revlog"),
    "schema version -1": ("UPDATE schema_version SET version = -1",),
    "an unknown phase": ("INSERT INTO cards (id, key, phase) VALUES (1, 'app-demo/x', 7)",),
    "text in a date column": (
        "INSERT INTO cards (id, key, phase, due) VALUES (1, 'app-demo/x', 2, 'tomorrow')",
    ),
}


def damaged(data_dir: Path, statements: tuple[str, ...]) -> Path:
    path = data_dir / DATABASE_FILE
    open_database(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA ignore_check_constraints = ON")
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize("edit", sorted(EDITS))
async def test_a_database_failing_its_first_query_gets_the_problem_screen(
    make_app: MakeApp, data_dir: Path, edit: str
) -> None:
    path = damaged(data_dir, EDITS[edit])
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        message = str(app.screen.query_one("#problem-message", Static).render())
        assert str(path) in message.replace("\n", "")
        assert "Traceback" not in message
        await pilot.press("q")
    assert app.return_code == 1
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


async def test_opening_the_app_backs_the_database_up_once_a_study_day(
    make_app: MakeApp, data_dir: Path
) -> None:
    for _ in range(2):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
    # The fixed clock's Monday 30 November 2026, 09:00 UTC is that study day.
    backups = sorted(p.name for p in (data_dir / "backups").iterdir())
    assert backups == ["drill-2026-11-30.sqlite3"]
    conn = sqlite3.connect(data_dir / "backups" / backups[0])
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()


async def test_a_database_deleted_under_the_app_is_noticed_at_the_next_rating(
    make_app: MakeApp, data_dir: Path
) -> None:

    from drill.app.screens.review import ReviewScreen

    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("enter")  # the card opens with no input focused
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        first = review.card.key
        await pilot.press("space", "3")  # the answer shows, then one rating is saved
        for _ in range(20):  # a loaded machine may take a few frames
            await pilot.pause()
            if review.card is not None and review.card.key != first:
                break
        assert len(app.backend.session.history(first)) == 1
        assert review.card is not None
        card = review.card.key
        for sidecar in data_dir.glob(f"{DATABASE_FILE}*"):
            sidecar.unlink()
        await pilot.press("space", "3")
        await pilot.pause()
        assert review.card is not None and review.card.key == card  # the card stays
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert "deleted" in toasts and "not saved" in toasts.lower()
    (rescued,) = (data_dir / "backups").glob("drill-rescued-*.sqlite3")
    conn = sqlite3.connect(rescued)
    assert conn.execute("SELECT COUNT(*) FROM revlog").fetchone() == (1,)
    conn.close()


async def test_a_second_app_on_one_data_folder_is_told_and_the_cli_reads_alongside(
    make_app: MakeApp, data_dir: Path
) -> None:
    first = make_app()
    async with first.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        second = make_app()
        async with second.run_test(size=(100, 30)) as other:
            await other.pause()
            assert isinstance(second.screen, ProblemScreen)
            message = str(second.screen.query_one("#problem-message", Static).render())
            assert "already open" in message and str(os.getpid()) in message
            await other.press("q")
        assert second.return_code == 1
        stats = subprocess.run(  # the command line reads alongside the app
            [sys.executable, "-m", "drill", "stats", "--data", str(data_dir), "--json"],
            capture_output=True, text=True, timeout=60, check=False)
        assert stats.returncode == 0 and '"reviews_total": 0' in stats.stdout
        await pilot.press("enter", "space", "3")  # the first app goes on as before
        await pilot.pause()
    third = make_app()  # once the first has quit, the folder is free
    async with third.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not isinstance(third.screen, ProblemScreen)
        assert len(third.backend.session.history(first.backend.cards[0].key)) == 1
