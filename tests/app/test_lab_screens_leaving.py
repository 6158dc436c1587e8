"""Leaving a lab screen while its worker is still on its way back.

A worker thread checks that it is still wanted, then hands its result (or progress) to
the app; the user may press Escape in between. The screen is gone by the time the
result arrives, and that must not bring the app down (it did: NoMatches).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from drill.app.drill_app import DrillApp
from drill.app.screens.roofline import Picture, RooflineScreen
from drill.app.screens.simulations import SimulationResult, SimulationScreen

MakeApp = Callable[..., DrillApp]


async def test_a_simulation_reporting_after_the_user_left_is_ignored(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = SimulationScreen("queue", sizes={"queue": 1_000_000})
        await app.push_screen(screen)
        await pilot.pause()
        run = screen._run_id
        await pilot.press("escape")
        await pilot.pause()
        # What the worker thread sends, as it sends it, after the screen has gone.
        await asyncio.to_thread(app.call_from_thread, screen._progress, run, 10, 100)
        await asyncio.to_thread(app.call_from_thread, screen._failed, run, "late")
        outcome = SimulationResult("queue", 1_000_000, 0, ["late"], None)
        await asyncio.to_thread(app.call_from_thread, screen._show, run, outcome)
        await pilot.pause()
        assert app.is_running and app.screen is not screen


async def test_a_roofline_arriving_after_the_user_left_is_ignored(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = RooflineScreen()
        pictures: list[Picture] = []
        show = screen._show

        def keep(picture: Picture) -> None:
            pictures.append(picture)
            show(picture)

        screen._show = keep  # type: ignore[method-assign]
        await app.push_screen(screen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        picture = pictures[-1]
        await pilot.press("escape")
        await pilot.pause()
        await asyncio.to_thread(app.call_from_thread, show, picture)
        await asyncio.to_thread(app.call_from_thread, screen._failed, "late")
        await pilot.pause()
        assert app.is_running and app.screen is not screen
