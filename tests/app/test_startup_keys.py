"""Keys pressed on Home before the review data is open in the app's own process.

At start-up a forked child draws Home's figures while the app opens the data itself in a
worker; for a moment Home is on screen but the data is not open. Found in a real
terminal: b, t and r pressed then did nothing at all.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from textual.widgets._toast import Toast

from drill.app.backend import Backend
from drill.app.drill_app import DrillApp
from drill.app.home_view import HomeView, home_view
from drill.app.screens.browse import BrowseScreen
from drill.app.screens.stats import StatsScreen

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]


class ReadyView:
    """Stands in for the start-up child: Home's figures, already worked out."""

    def __init__(self, view: HomeView) -> None:
        self.view = view

    def result(self) -> HomeView:
        return self.view

    def first_frame_drawn(self) -> None:
        """The app says so after its first frame; nothing waits on it here."""


@pytest.fixture
def slow_open(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Opening the data in the app's worker waits until the test lets it go on."""
    go = threading.Event()
    open_data = Backend.open

    def wait_then_open(self: Backend) -> None:
        go.wait(10)
        open_data(self)

    monkeypatch.setattr(Backend, "open", wait_then_open)
    yield go
    go.set()


def starting_app(make_app: MakeApp, go: threading.Event) -> DrillApp:
    app = make_app()
    go.set()  # the figures for Home, as the start-up child would send them
    app.backend.open()
    view = home_view(app.backend)
    app.backend.close()
    go.clear()
    app.backend = Backend(app.options.data_dir, app.options.pack_dirs, app.options.clock,
                          app.options.builtin_packs)
    app.prefetch = ReadyView(view)  # type: ignore[assignment]
    return app


@pytest.mark.parametrize(("key", "screen"), [("b", BrowseScreen), ("t", StatsScreen)])
async def test_a_key_pressed_before_the_data_is_open_acts_once_it_is(
    make_app: MakeApp, slow_open: threading.Event, key: str, screen: type
) -> None:
    app = starting_app(make_app, slow_open)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.ready
        await pilot.press(key)
        slow_open.set()
        await app.workers.wait_for_complete()
        for _ in range(3):
            await pilot.pause()
        assert app.ready
        assert isinstance(app.screen, screen)


async def test_reload_pressed_before_the_data_is_open_reloads_once_it_is(
    make_app: MakeApp, slow_open: threading.Event
) -> None:
    app = starting_app(make_app, slow_open)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert not app.ready
        await pilot.press("r")
        slow_open.set()
        await app.workers.wait_for_complete()
        for _ in range(3):
            await pilot.pause()
        toasts = " ".join(str(toast.render()) for toast in app.screen.query(Toast))
        assert "Reloaded" in toasts
