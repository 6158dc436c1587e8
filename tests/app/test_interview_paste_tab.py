"""Tab always leaves the interview's answer box for the asks, even pressed right after a
paste into it on the first question."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual import events
from textual.widgets import TextArea

from drill.app.drill_app import DrillApp
from drill.app.screens.interview import InterviewScreen
from drill.app.widgets.ask_field import AskField

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]
PASTED = "It is memory-bound: 16 GB ÷ 3.35 TB/s ≈ 4.78 ms, one token per step."


@pytest.mark.parametrize("settle", [False, True])
async def test_tab_right_after_a_paste_goes_to_the_first_ask(make_app: MakeApp,
                                                             settle: bool) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.interview_screen(seed=1)
        assert isinstance(screen, InterviewScreen)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("1", "enter")
        if settle:
            await pilot.pause()
        app.post_message(events.Paste(PASTED))
        await pilot.press("tab", *"4.78")
        await pilot.pause()
        first = screen.query(AskField).first()
        assert app.focused is first.input
        assert first.input.value == "4.78"
        assert screen.query_one(TextArea).text == PASTED


def test_home_shows_the_days_to_the_interview() -> None:
    from drill.app.home_view import HomeView
    from drill.app.screens.home import count_figures

    assert ("12 days", "to the interview") in count_figures(HomeView(interview_in=12))
    assert ("1 day", "to the interview") in count_figures(HomeView(interview_in=1))
    assert all(label != "to the interview" for _, label in count_figures(HomeView()))
