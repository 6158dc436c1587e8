"""Keys pressed on Home before the review data is open.

At start-up Home is drawn at once while a worker opens the data; for a moment Home is on
screen but the data is not open. Found in a real terminal: b, t and r pressed then did
nothing at all.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from textual.widgets import Static

from drill.app.backend import Backend
from drill.app.drill_app import DrillApp
from drill.app.screens.browse import BrowseScreen
from drill.app.screens.stats import StatsScreen
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
