"""Leaving a lab screen while its worker is still on its way back.

A worker thread posts its result (or progress) to its screen as a message; the user may
press Escape first. The screen is gone by the time the result comes, and that must not
bring the app down (it did: NoMatches): a message to a screen that has gone is dropped.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from drill.app.drill_app import DrillApp
from drill.app.screens.roofline import RooflineScreen
from drill.app.screens.simulations import SimulationResult, SimulationScreen
from testkit import workers_done

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]


async def test_a_simulation_reporting_after_the_user_left_is_ignored(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = SimulationScreen("queue", sizes={"queue": 1_000_000})
        await app.push_screen(screen)
        await pilot.pause()
        run = screen.running
        assert run is not None  # a million requests: still running
        await pilot.press("escape")
        await workers_done(app)
        await pilot.pause()
        # What the worker sends, as it sends it, after the screen has gone.
        outcome = SimulationResult("queue", 1_000_000, 0, ["late"], None)
        for late in (SimulationScreen.Progress(run, 10, 100),
                     SimulationScreen.Ended(run, None, "late"),
                     SimulationScreen.Ended(run, outcome)):
            assert not screen.post_message(late)
        await pilot.pause()
        assert app.is_running and app.screen is not screen


async def test_a_simulation_replaced_by_a_newer_run_is_not_shown(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = SimulationScreen("queue", sizes={"queue": 1_000_000})
        await app.push_screen(screen)
        await pilot.pause()
        first = screen.running
        assert first is not None  # a million requests: still running
        await pilot.press("r")  # a new seed: a new run replaces the first
        assert screen.running is not None and screen.running is not first
        screen.post_message(SimulationScreen.Ended(first, SimulationResult(
            "queue", 1_000_000, 0, ["the first run's table"], None)))
        await pilot.pause()
        assert "the first run's table" not in str(screen.query_one("#sim-table").render())
        await pilot.press("escape")  # stops the second run
        await workers_done(app)


async def test_a_roofline_arriving_after_the_user_left_is_ignored(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = RooflineScreen()
        await app.push_screen(screen)
        [drawing] = [w for w in app.workers if w.group == "roofline"]
        await pilot.press("escape")
        await workers_done(app)
        await pilot.pause()
        assert not screen.post_message(RooflineScreen.Drawn(drawing, None, (), 0, "late"))
        await pilot.pause()
        assert app.is_running and app.screen is not screen
