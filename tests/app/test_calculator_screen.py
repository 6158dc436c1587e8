"""The calculator screen on its own: echo while typing, history, recall, units."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Input, OptionList, Static

from drill.app.screens.calculator import CalculatorScreen
from drill.quantities.calculator import Scratchpad

pytestmark = pytest.mark.slow


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.pad = Scratchpad()

    def on_mount(self) -> None:
        self.push_screen(CalculatorScreen(self.pad))


def echo_text(app: App[None]) -> str:
    return str(app.screen.query_one("#calc-echo", Static).render())


async def test_typing_shows_how_the_text_is_read_and_its_value() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"16 GB / 3.35 TB/s")
        await pilot.pause()
        echo = echo_text(app)
        assert "16 GB ÷ (3.35 TB/s)" in echo
        assert "4.78 ms" in echo  # 16e9 B / 3.35e12 B/s = 4.776 ms


async def test_enter_keeps_the_line_in_the_history_and_clears_the_input() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"2 * 8 billion FLOP", "enter")
        await pilot.pause()
        assert [r.expression for r in app.pad.history] == ["2 * 8 billion FLOP"]
        assert app.pad.history[0].value is not None
        assert app.pad.history[0].value.value == 16e9
        assert app.screen.query_one("#calc-input", Input).value == ""
        assert app.screen.query_one("#calc-history", OptionList).option_count == 1


async def test_bad_math_says_why_and_is_not_an_error_of_the_app() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"3 zorks")
        await pilot.pause()
        assert "zorks" in echo_text(app)
        assert "✗" in echo_text(app)


async def test_to_unit_explains_bytes_over_flops() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.query_one("#calc-to", Input).value = "ms"
        app.screen.query_one("#calc-input", Input).focus()
        await pilot.press(*"16 GB / 989 TFLOPS")
        await pilot.pause()
        assert "not a time" in echo_text(app)


async def test_up_recalls_earlier_lines_and_history_survives_reopening() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"1 + 1", "enter", *"2 + 2", "enter", "up", "up")
        assert app.screen.query_one("#calc-input", Input).value == "1 + 1"
        await pilot.press("down")
        assert app.screen.query_one("#calc-input", Input).value == "2 + 2"
        await pilot.press("escape")
        app.push_screen(CalculatorScreen(app.pad))
        await pilot.pause()
        assert app.screen.query_one("#calc-history", OptionList).option_count == 2
