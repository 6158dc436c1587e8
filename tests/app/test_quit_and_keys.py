"""Ctrl+C names the same quit key wherever it is pressed, and the command palette's
Keys opens drill's list of keys, which Esc and ? close."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.command import CommandPalette

from drill.app.drill_app import DrillApp
from drill.app.screens.help import HelpScreen
from drill.app.screens.home import HomeScreen
from drill.app.screens.review import ReviewScreen
from testkit import notices, until_open

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]


async def test_ctrl_c_names_ctrl_q_on_home_and_while_typing(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await until_open(app, pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
        on_home = notices(app)
        assert any("Press ctrl+q to quit drill" in text for text in on_home), on_home
        app.clear_notifications()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("1", "6")  # typing an answer: the input has focus
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        typing = notices(app)
        assert any("Press ctrl+q to quit drill" in text for text in typing), typing
        assert not any("press q" in text.lower() for text in on_home + typing)


@pytest.mark.parametrize("closing_key", ["escape", "question_mark"])
async def test_the_palettes_keys_opens_the_list_that_esc_and_question_mark_close(
        make_app: MakeApp, closing_key: str) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until_open(app, pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"Keys")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.title_text == "home"  # the keys of the screen under the palette
        await pilot.press(closing_key)
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert not app.screen.query("HelpPanel")
