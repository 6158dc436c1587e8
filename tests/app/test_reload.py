"""Reloading the packs (r on Home, or the palette) with cards on screen and in the works."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Static

from drill.app.backend import Backend, Prepared
from drill.app.drill_app import DrillApp
from drill.app.screens.browse import BrowseScreen
from drill.app.screens.review import ReviewScreen
from drill.app.widgets.ask_field import AskField
from drill.packs.model import Card
from testkit import until_open, workers_done

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]


def user_pack(data_dir: Path, pack_dir: Path) -> Path:
    """The test pack again as the user's own pack "mine", in the data folder."""
    packs = data_dir / "packs"
    packs.mkdir(parents=True, exist_ok=True)
    path = packs / "mine.yaml"
    path.write_text((pack_dir / "app-demo.yaml").read_text().replace("pack: app-demo",
                                                                     "pack: mine"))
    return path


def faster_gpu(path: Path) -> None:
    """The user edits the first card: twice the bandwidth (floor 16 GB ÷ 6.7 TB/s)."""
    text = path.read_text()
    path.write_text(text.replace("bandwidth: 3.35 TB/s", "bandwidth: 6.7 TB/s", 1))


async def cram(app: DrillApp, key: str) -> ReviewScreen:
    card = app.backend.card(key)
    assert card is not None
    screen = app.review_screen(cram=[card])
    await app.push_screen(screen)
    return screen


def verdict(app: DrillApp, ask: str) -> str:
    field = app.screen.query_one(f"#ask-{ask}", AskField)
    return str(field.query_one(".ask-verdict", Static).render())


async def test_the_card_on_screen_is_shown_as_now_written_and_graded_on_it(
    make_app: MakeApp, data_dir: Path, pack_dir: Path
) -> None:
    # Found in a real terminal: after a reload the card on screen waited for its numbers
    # for ever ("grading as soon as the numbers are ready…").
    path = user_pack(data_dir, pack_dir)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        review = await cram(app, "mine/floor")
        await pilot.pause()
        faster_gpu(path)
        app.action_reload_packs()
        await pilot.pause()
        assert review.card is not None and review.card.givens["bandwidth"] == "6.7 TB/s"
        await pilot.press(*"16 GB / 6.7 TB/s", "enter")
        await pilot.pause()
        assert verdict(app, "decode_floor").startswith("✓")


async def test_a_card_gone_from_the_packs_is_left_for_the_next(
    make_app: MakeApp, data_dir: Path, pack_dir: Path
) -> None:
    path = user_pack(data_dir, pack_dir)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        review = await cram(app, "mine/floor")
        await pilot.pause()
        path.unlink()
        app.action_reload_packs()
        await pilot.pause()
        assert review.card is None  # the cram list held only that card: done
        await pilot.press("3")
        await pilot.pause()
        reviews = app.backend.session.database.read(
            lambda conn: conn.execute("SELECT COUNT(*) FROM revlog").fetchone()[0])
        assert reviews == 0  # nothing was rated


async def test_numbers_worked_out_before_a_reload_are_not_used_after_it(
    make_app: MakeApp, data_dir: Path, pack_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = user_pack(data_dir, pack_dir)
    app = make_app(prepare_in_background=True)
    started, release = threading.Event(), threading.Event()
    prepare = Backend.prepare

    def slow_prepare(card: Card) -> Prepared:
        if card.key == "mine/floor" and not release.is_set():
            started.set()  # the worker is busy with the card as it was ...
            release.wait(10)
        return prepare(card)

    monkeypatch.setattr(app.backend, "prepare", slow_prepare)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_open(app, pilot)
        old = app.backend.card("mine/floor")
        assert old is not None
        app.want_prepared([old])
        assert await asyncio.to_thread(started.wait, 10)
        faster_gpu(path)
        app.action_reload_packs()  # ... when the user reloads the edited pack
        await cram(app, "mine/floor")
        release.set()
        # The reload cancelled the worker that took the old card (and each new request
        # cancels the one before): wait until none is left working.
        await workers_done(app)
        await pilot.pause()
        prepared = app.prepared["mine/floor"]
        assert prepared.solution is not None
        floor = prepared.solution.results["decode_floor"].value.value
        assert floor == pytest.approx(16e9 / 6.7e12)  # not 16 GB ÷ 3.35 TB/s


async def test_browse_lists_the_cards_as_they_are_after_a_reload(
    make_app: MakeApp, data_dir: Path, pack_dir: Path
) -> None:
    path = user_pack(data_dir, pack_dir)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_browse()
        await pilot.press(*"mine/")
        await pilot.pause()
        browse = app.screen
        assert isinstance(browse, BrowseScreen) and browse.shown
        path.unlink()
        app.action_reload_packs()
        await pilot.pause()
        assert browse.shown == []
        await pilot.press("down", "c")  # nothing to cram, nothing gone wrong
        await pilot.pause()
        assert app.screen is browse


async def test_a_reload_lists_what_drill_check_finds_with_its_file_and_line(
    make_app: MakeApp, data_dir: Path, pack_dir: Path
) -> None:
    # A given of the wrong dimension loads (the loader reads structure only); the checker
    # finds it, and so does the reload now, instead of "Reloaded N cards" alone.
    path = user_pack(data_dir, pack_dir)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = path.read_text()
        path.write_text(text.replace("bandwidth: 3.35 TB/s", "bandwidth: 3.35 GB", 1))
        line = next(n for n, row in enumerate(path.read_text().splitlines(), start=1)
                    if "bandwidth: 3.35 GB" in row)
        app.action_reload_packs()
        await pilot.pause()
        problems = app.backend.problems()
        assert any(p.startswith(f"{path}:{line}:") and "bandwidth" in p for p in problems), (
            problems)


async def test_a_reload_checks_the_cards_of_a_pack_whose_header_is_broken(
    make_app: MakeApp, data_dir: Path, pack_dir: Path
) -> None:
    # An invalid pack id loads no pack, but the check still reads the cards below it: the
    # reload lists the header's error first, then a card's figure nothing computes (among
    # the test pack's own figures, which it does not mark: it is not a built-in pack).
    path = user_pack(data_dir, pack_dir)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = path.read_text().replace("pack: mine", "pack: Mine_Pack", 1)
        path.write_text(text.replace("Only the part you sped up gets faster.",
                                     "Only the part you sped up gets 7 ms faster.", 1))
        rows = path.read_text().splitlines()
        header = next(n for n, row in enumerate(rows, start=1) if "Mine_Pack" in row)
        tip = next(n for n, row in enumerate(rows, start=1) if "7 ms faster" in row)
        app.action_reload_packs()
        await pilot.pause()
        mine = [p for p in app.backend.problems() if p.startswith(f"{path}:")]
        assert mine[0].startswith(f"{path}:{header}:") and "pack id 'Mine_Pack'" in mine[0]
        assert any(p.startswith(f"{path}:{tip}:") and "no given or result is 7 ms" in p
                   for p in mine[1:]), mine
