"""The explain box: w on a card opens it, Ctrl+S marks wrong figures and lists the key
points, and the text is saved in the review database."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static, TextArea

from drill.app.drill_app import DrillApp
from drill.app.screens.explain import ExplainScreen
from testkit import hold_cursors_still

MakeApp = Callable[..., DrillApp]
WRONG = "It is memory-bound: 16 GB ÷ 3.35 TB/s ≈ 48 ms, one token per step."


async def open_box(pilot: Pilot[Any], text: str) -> None:
    await pilot.pause()
    await pilot.press("enter")  # Home: start the review
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press("w")  # the card opens with no input focused: w opens the box
    await pilot.pause()
    pilot.app.screen.query_one(TextArea).insert(text)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_a_wrong_figure_is_marked_and_the_text_kept(make_app: MakeApp,
                                                          data_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_box(pilot, WRONG)
        screen = app.screen
        assert isinstance(screen, ExplainScreen)
        assert screen.result is not None
        [wrong] = screen.result.wrong
        assert wrong.text == "48 ms" and wrong.expected == "4.78 ms"
        shown = str(screen.query_one("#explain-verdict", Static).render())
        assert "48 ms" in shown and "off by 10×" in shown
        assert "key points 1 of 3" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ExplainScreen)
    with sqlite3.connect(data_dir / "drill.sqlite3") as conn:
        rows = conn.execute("SELECT card_key, text, figures_wrong, points_covered, "
                            "points_total, interview_id FROM explanations").fetchall()
    assert rows == [("app-demo/floor", WRONG, 1, 1, 3, None)]


async def test_a_slip_said_again_is_listed_once(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_box(pilot, "The floor is 48 ms. Yes, 48 ms, one token per step.")
        screen = app.screen
        assert isinstance(screen, ExplainScreen) and screen.result is not None
        shown = str(screen.query_one("#explain-verdict", Static).render())
        assert "1 wrong · 1 said again" in shown
        assert shown.count("✗ 48 ms") == 1


async def test_an_empty_box_says_so_and_saves_nothing(make_app: MakeApp,
                                                      data_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_box(pilot, "")
        shown = str(app.screen.query_one("#explain-verdict", Static).render())
        assert "empty" in shown
    with sqlite3.connect(data_dir / "drill.sqlite3") as conn:
        assert conn.execute("SELECT COUNT(*) FROM explanations").fetchone() == (0,)


def test_the_explain_box_snapshot(make_app: MakeApp, snap_compare: Callable[..., bool]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await open_box(pilot, WRONG)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        pilot.app.clear_notifications()
        hold_cursors_still(pilot.app)  # the box's cursor would be caught mid-blink
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)


async def test_the_rating_keeps_the_explanation_and_an_undo_lets_go_of_it(
        make_app: MakeApp, data_dir: Path) -> None:
    def links() -> list[tuple[Any, ...]]:
        with sqlite3.connect(data_dir / "drill.sqlite3") as conn:
            return conn.execute("SELECT e.text, r.rating FROM explanations e "
                                "LEFT JOIN revlog r ON r.id = e.review_id").fetchall()

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_box(pilot, WRONG)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("space", "2")  # Hard, with the explanation written on the card
        await pilot.pause()
        assert links() == [(WRONG, 2)]
        await pilot.press("u")  # the card is back as it was: its explanation with it
        await pilot.pause()
        assert links() == [(WRONG, None)]  # kept, no longer linked
        await pilot.press("3")
        await pilot.pause()
        assert links() == [(WRONG, 3)]
