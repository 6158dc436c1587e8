"""The calculator mid-card, as pictures: beside the card at 160×45, over it at 80×24,
with ``ans`` typed into the first answer (``pytest --snapshot-update`` accepts changes).

Deterministic as the other snapshots: the app tests' pack, a fixed clock, a frozen timer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from drill.app.drill_app import DrillApp
from testkit import hold_cursors_still

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]
SnapCompare = Callable[..., bool]


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    pilot.app.clear_notifications()
    hold_cursors_still(pilot.app)
    await pilot.pause()


async def calculate_then_answer_with_ans(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("f2", *"16 GB / 3.35 TB/s", "enter", "f2")
    await pilot.press(*"ans", "enter", *"1 token / ans")
    await settle(pilot)
    await pilot.press("f2")  # the calculator again, over or beside the half-answered card
    await settle(pilot)
    for entry in pilot.app.screen.query(Input):
        entry.cursor_blink = False  # a blinking cursor would be caught on or off at random
    await settle(pilot)


@pytest.mark.parametrize("size", [pytest.param((160, 45), id="160x45"),
                                  pytest.param((80, 24), id="80x24")])
def test_calculator_mid_card_at(size: tuple[int, int], make_app: MakeApp,
                                snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=size,
                        run_before=calculate_then_answer_with_ans)
