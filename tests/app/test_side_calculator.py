"""The calculator beside the card on a wide terminal, over it on a narrow one, and ``ans``
in an answer box graded by the calculator's last result.

The first card of the app's pack asks for the decode floor of 16 GB over 3.35 TB/s,
4.776 ms (then 1 token per that step, 209 tokens/s).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import Input, Static

from drill.app.drill_app import DrillApp
from drill.app.screens.calculator import CalculatorScreen
from drill.app.screens.review import ReviewScreen
from drill.app.widgets.ask_field import AskField
from drill.app.widgets.calculator_panel import CalculatorPanel
from drill.app.widgets.card_view import CardView
from testkit import until_screen

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]


def verdict_of(app: DrillApp, ask_id: str) -> str:
    field = app.screen.query_one(f"#ask-{ask_id}", AskField)
    return str(field.query_one(".ask-verdict", Static).render())


async def test_f2_on_a_wide_review_opens_the_calculator_beside_the_card(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter", "f2")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)  # no overlay: the card is still the screen
        panel = review.side_calculator
        assert panel is not None and panel.entry.has_focus
        card = review.query_one(CardView)
        # Side by side: the panel starts where the card ends, and both are on screen.
        assert panel.region.x >= card.region.right - 1
        assert card.region.width >= 80 and panel.region.width >= 40
        await pilot.press(*"16 GB / 3.35 TB/s", "enter")
        await pilot.pause()
        assert app.scratchpad.history[-1].text == "4.78 ms"
        # Esc stops typing in the calculator as in an answer; the panel stays.
        await pilot.press("escape")
        assert review.side_calculator is not None and not isinstance(app.focused, Input)
        # F2 goes back into it, and F2 while typing in it closes it.
        await pilot.press("f2")
        assert panel.entry.has_focus
        await pilot.press("f2")
        await pilot.pause()
        assert review.side_calculator is None and app.focused is None
        assert isinstance(app.screen, ReviewScreen)


async def test_f2_on_a_narrow_review_opens_the_overlay(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f2")
        await pilot.pause()
        assert isinstance(app.screen, CalculatorScreen)
        assert app.screen.query_one(CalculatorPanel).entry.has_focus
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.side_calculator is None


async def test_narrowing_the_terminal_hides_the_side_panel(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter", "f2")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.side_calculator is not None
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert review.side_calculator is None
        await pilot.press("f2")  # now the overlay
        await pilot.pause()
        assert isinstance(app.screen, CalculatorScreen)


@pytest.mark.parametrize("size", [(160, 45), (80, 24)])
async def test_ans_in_an_answer_is_graded_by_the_calculators_value(
    size: tuple[int, int], make_app: MakeApp
) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter", "f2", *"16 GB / 3.35 TB/s", "enter", "f2")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        # The first key of the answer goes to the first ask, as always.
        await pilot.press(*"ans", "enter")
        await pilot.pause()
        assert verdict_of(app, "decode_floor").startswith("✓")
        # One token per step: 1 token / ans is 209 tokens/s.
        await pilot.press(*"1 token / ans", "enter")
        await pilot.pause()
        assert verdict_of(app, "max_tokens_per_s").startswith("✓")
        assert review.revealed
        await pilot.press("enter")  # take the suggested rating: it is committed
        await pilot.pause()
        [entry] = app.backend.session.history("app-demo/floor")
        answers = {a.ask_id: a.text for a in entry.answers}
        assert answers == {"decode_floor": "ans [ans = 4.77612 ms]",
                           "max_tokens_per_s": "1 token / ans [ans = 4.77612 ms]"}


async def test_ans_echoes_what_it_stands_for_while_typing(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter", "f2", *"32 GB / 3.35 TB/s", "enter", "escape")
        await pilot.press(*"ans / 2")
        await pilot.pause()
        field = app.screen.query_one("#ask-decode_floor", AskField)
        echo = str(field.query_one(".ask-echo", Static).render())
        assert "ans ÷ 2 [ans = 9.55224 ms]" in echo  # 32 / 3.35 = 9.552239 ms
        assert "4.78 ms" in echo


async def test_ans_before_any_calculation_is_not_an_answer(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", *"ans", "enter")
        await pilot.pause()
        verdict = verdict_of(app, "decode_floor")
        assert "'ans' has no value yet" in verdict


async def test_question_mark_on_a_card_tells_of_ans_and_the_side_panel(
    make_app: MakeApp,
) -> None:
    from drill.app.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await until_screen(app, pilot, ReviewScreen)
        await pilot.press("question_mark")
        await until_screen(app, pilot, HelpScreen)
        listed = str(app.screen.query_one("#help-keys", Static).render())
        assert "the calculator's last result" in listed
        assert "the calculator beside the card (120 columns or more" in listed


async def test_the_side_panel_shows_lines_worked_out_in_the_overlay_meanwhile(
    make_app: MakeApp,
) -> None:
    from textual.widgets import OptionList

    app = make_app()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter", "f2", *"1 + 1", "enter", "f2")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("f2", *"2 + 2", "enter", "escape")  # in the overlay
        await pilot.pause()
        await pilot.resize_terminal(160, 45)
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        panel = app.screen.query_one("#side-calculator", CalculatorPanel)
        assert panel.display
        assert panel.query_one("#calc-history", OptionList).option_count == 2
        assert app.scratchpad.last is not None and app.scratchpad.last.value == 4
