"""The mock interview as pictures (``pytest --snapshot-update`` accepts changes): a question
answered on the clock, its check, and the scorecard, at 80×24 and at 60×18 and 160×45.

Deterministic: the app tests' own pack, a seeded draw (app-demo/floor, then its
follow-up), a frozen countdown (it shows 1:00 throughout, and every time used is 0 s),
cards solved before they are drawn, and no focused input (no cursor to blink).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import TextArea

from drill.app.drill_app import DrillApp
from testkit import hold_cursors_still

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]
SnapCompare = Callable[..., bool]
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((60, 18), id="60x18"),
         pytest.param((160, 45), id="160x45")]
FLOOR_FIRST = 1  # the seed that draws app-demo/floor first
WRONG = "It is memory-bound: 16 GB ÷ 3.35 TB/s ≈ 48 ms, one token per step."


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    pilot.app.clear_notifications()
    pilot.app.screen.set_focus(None)
    hold_cursors_still(pilot.app)
    await pilot.pause()


async def answered(pilot: Pilot[Any]) -> None:
    """The first question, its answer written and both asks typed (one of them wrong)."""
    app = pilot.app
    assert isinstance(app, DrillApp)
    await pilot.pause()
    await app.push_screen(app.interview_screen(seed=FLOOR_FIRST))
    await pilot.pause()
    await pilot.press("1", "enter")
    await pilot.pause()
    app.screen.query_one(TextArea).insert(WRONG)
    await pilot.press("tab", *"4.78", "enter", *"300")
    await settle(pilot)
    # Where focus left the scroll depends on when each key's scroll landed (at 60×18 one
    # line either way): the picture shows the end, the last ask and its echo, as typing
    # the last answer does.
    app.screen.query_one("#interview-body", VerticalScroll).scroll_end(animate=False)
    await pilot.pause()


async def checked(pilot: Pilot[Any]) -> None:
    await answered(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)


async def scorecard(pilot: Pilot[Any]) -> None:
    await checked(pilot)
    await pilot.press("enter")  # the follow-up
    await pilot.pause()
    pilot.app.screen.query_one(TextArea).insert("The floor halves: 16 GB ÷ 6.7 TB/s ≈ 2.4 ms.")
    await pilot.press("ctrl+s")
    await pilot.pause()
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_an_interview_question_answered_at(size: tuple[int, int], make_app: MakeApp,
                                           snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=answered)


@pytest.mark.parametrize("size", SIZES)
def test_an_interview_answer_checked_at(size: tuple[int, int], make_app: MakeApp,
                                        snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=checked)


@pytest.mark.parametrize("size", SIZES)
def test_the_scorecard_at(size: tuple[int, int], make_app: MakeApp,
                          snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=scorecard)
