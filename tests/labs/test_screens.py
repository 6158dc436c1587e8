"""The lab screens: snapshots at 80×24 (``pytest --snapshot-update`` accepts changes), and
their keys, on the app tests' own fixtures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from drill.app.drill_app import DrillApp
from drill.app.screens.roofline import RooflineScreen
from drill.app.screens.simulations import SimulationScreen
from drill.labs.card_link import RooflineStart
from drill.packs.library import load_library
from testkit import hold_cursors_still

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]
SnapCompare = Callable[..., bool]
SIZE = (80, 24)
SMALL = {"little": 2000, "queue": 2000, "fan-out": 1000, "p99": 100, "experts": 100,
         "pool": 2000, "hedge": 1000, "chunked": 1000, "preempt": 200}


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    pilot.app.clear_notifications()
    hold_cursors_still(pilot.app)
    await pilot.pause()


def test_roofline_screen(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        pilot.app.push_screen(RooflineScreen(RooflineStart(m=64)))
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_roofline_screen_on_an_h20(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        pilot.app.push_screen(RooflineScreen(RooflineStart(m=64, gpu="H20")))
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_simulation_screen_queue(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        pilot.app.push_screen(SimulationScreen("queue", sizes=SMALL))
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_simulation_screen_pool(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        pilot.app.push_screen(SimulationScreen("pool", sizes=SMALL))
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_simulation_screen_fan_out(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        pilot.app.push_screen(SimulationScreen("fan-out", sizes=SMALL))
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


async def test_arrows_change_m_and_g_cycles_the_gpu(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = RooflineScreen(RooflineStart(m=8))
        app.push_screen(screen)
        await settle(pilot)
        await pilot.press("right", "right")
        await settle(pilot)
        assert screen.m == 32
        await pilot.press("left")
        await settle(pilot)
        assert screen.m == 16
        first = screen.gpus[screen.gpu_index].name
        await pilot.press("g")
        await settle(pilot)
        assert screen.gpus[screen.gpu_index].name != first
        await pilot.press("G")
        await settle(pilot)
        assert screen.gpus[screen.gpu_index].name == first
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, RooflineScreen)


async def test_p_cycles_the_precision_and_the_roof_follows_it(make_app: MakeApp) -> None:
    from textual.widgets import Static

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = RooflineScreen(RooflineStart(m=1))  # an H100
        app.push_screen(screen)
        await settle(pilot)
        assert "989 TFLOPS BF16" in str(screen.query_one("#roofline-title", Static).content)
        await pilot.press("p")
        await settle(pilot)
        # FP8: the H100's 1,979 TFLOPS peak, and twice the BF16 intensity at m = 1.
        assert "1,979 TFLOPS FP8" in str(screen.query_one("#roofline-title", Static).content)
        facts = str(screen.query_one("#roofline-facts", Static).content)
        assert "FP8 (W8A8) GEMM" in facts and "2.0 FLOP/byte" in facts
        await pilot.press("p", "p")
        await settle(pilot)
        # INT4 weights: BF16 math again, about 4 FLOP per byte at m = 1.
        assert "989 TFLOPS BF16" in str(screen.query_one("#roofline-title", Static).content)
        facts = str(screen.query_one("#roofline-facts", Static).content)
        assert "INT4-weight (W4A16) GEMM" in facts and "4.0 FLOP/byte" in facts
        await pilot.press("p")
        await settle(pilot)
        assert screen.precision_index == 0


async def test_an_intensity_card_opens_the_explorer_on_its_gemm(make_app: MakeApp) -> None:
    card = load_library().card("serving-math/intensity")
    assert card is not None
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(app.review_screen(cram=[card]))
        await settle(pilot)
        await pilot.press("r")  # a card opens with no input focused
        await settle(pilot)
        assert isinstance(app.screen, RooflineScreen)
        assert (app.screen.m, app.screen.k, app.screen.n) == (1, 4096, 4096)
        assert app.screen.gpus[app.screen.gpu_index].name == "H100"


async def test_the_explorer_is_offered_only_on_cards_about_it(make_app: MakeApp) -> None:
    library = load_library()
    little = library.card("serving-math/little")
    assert little is not None
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        review = app.review_screen(cram=[little])
        app.push_screen(review)
        await settle(pilot)
        assert review.check_action("roofline", ()) is False
        await pilot.press("r")
        await settle(pilot)
        assert not isinstance(app.screen, RooflineScreen)


async def test_switching_checks_stops_the_running_one(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # A long run (a million requests per utilization) that the next key abandons.
        screen = SimulationScreen("queue", sizes={**SMALL, "queue": 1_000_000})
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("3")
        await settle(pilot)
        assert screen.check == "fan-out"
        table = str(screen.query_one("#sim-table").render())
        assert "1 − 0.99^k" in table


async def test_5_shows_the_experts_a_batch_touches_with_its_chart(make_app: MakeApp) -> None:
    from drill.app.widgets.lab_chart import LabChart

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = SimulationScreen("little", sizes=SMALL)
        app.push_screen(screen)
        await settle(pilot)
        assert not screen.query_one("#sim-chart", LabChart).display
        await pilot.press("5")
        await settle(pilot)
        assert screen.check == "experts"
        table = str(screen.query_one("#sim-table").render())
        assert "DeepSeek-V3 (256 experts, 8 per token)" in table
        assert "E(1 − (1 − k/E)^B)" in table
        assert screen.query_one("#sim-chart", LabChart).display


async def test_a_long_run_shows_its_progress_and_a_finished_one_does_not(
        make_app: MakeApp, monkeypatch: Any) -> None:
    from textual.widgets import ProgressBar

    from drill.app.screens import simulations

    monkeypatch.setattr(simulations, "PROGRESS_AFTER_S", 0.01)  # "long" almost at once
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = SimulationScreen("queue", sizes={**SMALL, "queue": 1_000_000})
        app.push_screen(screen)
        await pilot.pause()
        bar = screen.query_one("#sim-progress", ProgressBar)
        for _ in range(200):  # until the worker has reported some progress
            await pilot.pause(0.02)
            if bar.display and (bar.progress or 0) > 0:
                break
        assert bar.display
        assert 0 < (bar.progress or 0) < (bar.total or 0)
        await pilot.press("1")  # another check: the long run is dropped
        await settle(pilot)
        assert not bar.display
        assert "λ × W" in str(screen.query_one("#sim-table").render())


@pytest.mark.parametrize(("key", "check", "shown", "charted"), [
    ("6", "pool", "Erlang C", True),
    ("7", "hedge", "p(s + (1−s)p)", False),
    ("8", "chunked", "Chunked prefill: Llama 3 8B on one H100", False),
    ("9", "preempt", "Preemption: a Llama 3 8B cache recomputed on one H100", False),
])
async def test_6_to_9_run_the_engine_chapters_checks(make_app: MakeApp, key: str, check: str,
                                                     shown: str, charted: bool) -> None:
    from drill.app.widgets.lab_chart import LabChart

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = SimulationScreen("little", sizes=SMALL)
        app.push_screen(screen)
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert screen.check == check
        table = str(screen.query_one("#sim-table").render())
        assert shown in table
        assert "failed" not in table
        assert screen.query_one("#sim-chart", LabChart).display is charted
        title = str(screen.query_one("#sim-title").render())
        assert f"n = {SMALL[check]:,}" in title
        keys = str(screen.query_one("#sim-checks").render())
        assert "1 Little  2 M/M/1" in keys and "6 Pool  7 Hedge  8 Chunk  9 Preempt" in keys
