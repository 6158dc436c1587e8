"""Every screen at 80×24, the main ones also at 60×18 and 160×45, as pictures
(``pytest --snapshot-update`` accepts changes).

Deterministic: the app tests' own pack, a fixed clock, a frozen answer timer, a fresh data
folder, cards solved before they are drawn, and no notices left over unless the picture
is about one.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from drill.app.drill_app import DrillApp
from drill.app.screens.review import ReviewScreen
from drill.config.location import DATABASE_FILE
from drill.scheduling.clock import FixedClock
from testkit import hold_cursors_still

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]
SnapCompare = Callable[..., bool]
SIZE = (80, 24)


@pytest.fixture
def data_dir(request: pytest.FixtureRequest) -> Iterator[Path]:
    """A data folder at a fixed place, so file names in messages are the same every run
    (and on every machine with a /tmp, whatever its TMPDIR)."""
    base = Path("/tmp") if Path("/tmp").is_dir() else Path(tempfile.gettempdir())
    folder = base / "drill-app-snapshots" / str(request.node.name)
    folder.parent.mkdir(exist_ok=True)
    # The place is shared by every run of the suite on the machine (other checkouts,
    # other users' runs at the same time): one test at a time uses it.
    with (folder.parent / f"{folder.name}.lock").open("a") as lock:
        if sys.platform != "win32":
            import fcntl

            fcntl.flock(lock, fcntl.LOCK_EX)
        shutil.rmtree(folder, ignore_errors=True)
        yield folder


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    pilot.app.clear_notifications()
    hold_cursors_still(pilot.app)
    await pilot.pause()


async def start_review(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.press("enter")
    await settle(pilot)


def test_home(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=settle)


def test_home_with_a_broken_user_pack(
    make_app: MakeApp, data_dir: Path, snap_compare: SnapCompare
) -> None:
    packs = data_dir / "packs"
    packs.mkdir(parents=True)
    (packs / "mine.yaml").write_text("pack: mine\ntitle: Mine\ncards:\n  - id: a\n    title: [\n")

    async def wait(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=wait)


def test_review_first_card(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=start_review)


def test_review_wrong_answer_named(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start_review(pilot)
        await pilot.press(*"16 GB / 989 TFLOPS", "enter", *"209", "enter")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_review_typing_shows_the_echo(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start_review(pilot)
        await pilot.press(*"16 GB / 3.35 TB/s")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_review_revealed(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start_review(pilot)
        await pilot.press("space")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_review_done_for_today(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start_review(pilot)
        review = pilot.app.screen
        assert isinstance(review, ReviewScreen)
        for _ in range(10):  # four cards, each rated Good once: then nothing is due
            if review.card is None:
                break
            review.action_reveal()
            await review.action_rate(3)
            await pilot.pause()
        assert review.card is None
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_source_modal(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start_review(pilot)
        await pilot.press("e")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_calculator(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("f2", *"16 GB / 3.35 TB/s", "enter", *"16 GB / 989 TFLOPS", "enter")
        await pilot.press(*"1 / 4.78 ms")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def rate_some_days(app: object, clock: FixedClock) -> None:
    """A small history through the domain API: reviews over two weeks, with mistakes."""
    assert isinstance(app, DrillApp)
    from drill.scheduling.ratings import TypedAnswer

    wrong = TypedAnswer("decode_floor", "16 GB / 989 TFLOPS", "incorrect", ("bytes-over-flops",))
    right = TypedAnswer("decode_floor", "4.8 ms", "correct")
    start = clock.instant
    clock.set(start - timedelta(days=14))
    for day in range(14):
        clock.set(start - timedelta(days=14 - day))
        for entry in app.backend.session.queue().entries[: 1 + day % 3]:
            mistaken = entry.card.key == "app-demo/floor" and day % 2 == 0
            answers = [wrong] if mistaken else [right]
            app.backend.rate(entry.card.key, 1 if mistaken else 3, 30.0, answers)
    clock.set(start)


def test_stats(make_app: MakeApp, clock: FixedClock, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        rate_some_days(pilot.app, clock)
        await pilot.press("t")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_browse_with_history(
    make_app: MakeApp, clock: FixedClock, snap_compare: SnapCompare
) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        rate_some_days(pilot.app, clock)
        await pilot.press("b", *"floor")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_corrupt_database(make_app: MakeApp, data_dir: Path, snap_compare: SnapCompare) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / DATABASE_FILE).write_bytes(b"this is not a database\n" * 40)
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=settle)


def test_home_with_nothing_due(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        app = pilot.app
        assert isinstance(app, DrillApp)
        while (entry := app.backend.session.next_card()) is not None:
            app.backend.rate(entry.card.key, 4, 20.0, [])
        app.screen.refresh_view()  # type: ignore[attr-defined]
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


# The smallest and a large terminal besides 80×24: questions wrap, rating labels are
# whole, headings and figure rows do not wrap mid-label.
OTHER_SIZES = [pytest.param((60, 18), id="60x18"), pytest.param((160, 45), id="160x45")]


@pytest.mark.parametrize("size", OTHER_SIZES)
def test_home_at(size: tuple[int, int], make_app: MakeApp, snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", OTHER_SIZES)
def test_review_first_card_at(
    size: tuple[int, int], make_app: MakeApp, snap_compare: SnapCompare
) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=start_review)


@pytest.mark.parametrize("size", OTHER_SIZES)
def test_review_answered_and_revealed_at(
    size: tuple[int, int], make_app: MakeApp, snap_compare: SnapCompare
) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start_review(pilot)
        await pilot.press(*"4.78 ms", "enter", *"180", "enter")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", OTHER_SIZES)
def test_stats_at(
    size: tuple[int, int], make_app: MakeApp, clock: FixedClock, snap_compare: SnapCompare
) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        rate_some_days(pilot.app, clock)
        await pilot.press("t")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


def test_specs(make_app: MakeApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("g")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)
