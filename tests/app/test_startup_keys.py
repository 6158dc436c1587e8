"""Home before the review data is open: keys pressed then, and the room its figures take.

At start-up Home is drawn at once while a worker opens the data; for a moment Home is on
screen but the data is not open. Found in a real terminal: b, t and r pressed then did
nothing at all. And when the figures came they changed the size of Home's sections, so
Textual laid the screen out and drew it twice more (bytes a slow link pays for).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static

from drill.app.backend import Backend
from drill.app.drill_app import DrillApp
from drill.app.home_view import HomeShape, home_shape
from drill.app.screens.browse import BrowseScreen
from drill.app.screens.stats import StatsScreen
from drill.config.settings import Settings
from drill.packs.locate import builtin_packs_dir
from testkit import notices, until_open, workers_done

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]


@pytest.fixture
def slow_open(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Opening the data in the app's worker waits until the test lets it go on."""
    go = threading.Event()
    open_data = Backend.open

    def wait_then_open(self: Backend) -> None:
        go.wait()
        open_data(self)

    monkeypatch.setattr(Backend, "open", wait_then_open)
    yield go
    go.set()


def starting_app(make_app: MakeApp) -> DrillApp:
    """The app as a user starts it: the data is opened in a worker."""
    return make_app(prepare_in_background=True)


@pytest.mark.parametrize(("key", "screen"), [("b", BrowseScreen), ("t", StatsScreen)])
async def test_a_key_pressed_before_the_data_is_open_acts_once_it_is(
    make_app: MakeApp, slow_open: threading.Event, key: str, screen: type
) -> None:
    app = starting_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.ready
        await pilot.press(key)
        slow_open.set()
        await until_open(app, pilot)
        await workers_done(app)
        await pilot.pause()
        assert isinstance(app.screen, screen)


async def test_reload_pressed_before_the_data_is_open_reloads_once_it_is(
    make_app: MakeApp, slow_open: threading.Event
) -> None:
    app = starting_app(make_app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert not app.ready
        await pilot.press("r")
        slow_open.set()
        await until_open(app, pilot)
        await pilot.pause()
        toasts = " ".join(notices(app))
        assert "Reloaded" in toasts


async def test_home_shows_before_the_data_is_open_and_its_figures_once_it_is(
    make_app: MakeApp, slow_open: threading.Event
) -> None:
    app = starting_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.ready
        assert "Opening" in str(app.screen.query_one("#home-next", Static).render())
        slow_open.set()
        await until_open(app, pilot)
        await pilot.pause()
        counts = str(app.screen.query_one("#home-counts").render())
        assert "3 new" in counts, counts  # the follow-up comes after its card only
        assert "app-demo/floor" in str(app.screen.query_one("#home-next", Static).render())


def regions(screen: Screen[object]) -> dict[str, Region]:
    """Where each of the screen's own widgets is (its sections, title and footer)."""
    return {f"{index} {type(widget).__name__}#{widget.id}": widget.region
            for index, widget in enumerate(screen.children)}


# 60x14: the sections are taller than the screen, which scrolls from the first frame.
@pytest.mark.parametrize("size", [(80, 24), (60, 18), (160, 45), (60, 14)])
async def test_the_figures_fill_homes_sections_without_moving_or_resizing_any(
    make_app: MakeApp, slow_open: threading.Event, size: tuple[int, int]
) -> None:
    app = starting_app(make_app)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert not app.ready
        home = app.screen
        before, scrolls = regions(home), home.virtual_size
        assert "Opening" in str(home.query_one("#home-next", Static).render())
        slow_open.set()
        await until_open(app, pilot)
        await pilot.pause()
        assert "3 new" in str(home.query_one("#home-counts").render())
        assert "app-demo/floor" in str(home.query_one("#home-next", Static).render())
        assert "App demo" in str(home.query_one("#home-packs", Static).render())
        assert regions(home) == before
        assert home.virtual_size == scrolls


def test_homes_shape_counts_the_pack_files_and_sees_an_interview_date(tmp_path: Path) -> None:
    data = tmp_path / "data"
    mine, more, named = data / "packs", tmp_path / "more", data / "named"
    for folder, names in ((mine, ["a.yaml", "b.yml", ".hidden.yaml", "notes.txt"]),
                          (more, ["c.yaml"]), (named, ["d.yaml", "e.yaml"])):
        folder.mkdir(parents=True)
        for name in names:
            (folder / name).write_text("pack: x\n")
    assert home_shape(data, [more], False, None) == HomeShape(packs=3)
    # settings.toml's folders are relative to the data folder
    assert home_shape(data, [more], False, Settings(packs=("named",))) == HomeShape(packs=5)
    assert home_shape(data, [], False, Settings(interview_date="2027-01-04")) == HomeShape(
        packs=2, interview=True)
    assert home_shape(tmp_path / "none", [], False, Settings()) == HomeShape()
    # The built-in packs are one line each too.
    builtin = len(list(builtin_packs_dir().glob("*.yaml")))
    assert builtin > 0
    assert home_shape(tmp_path / "none", [], True, None) == HomeShape(packs=builtin)
