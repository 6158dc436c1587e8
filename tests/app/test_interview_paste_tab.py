"""Tab always leaves the interview's answer box for the asks, even pressed right after a
paste into it on the first question.

As reported: paste the answer into the box, press Tab at once, type the first ask's
number; the Tab was lost and the number landed in the box. A terminal hands over what
came in one read as one burst: the paste, the Tab and the digits are all queued before the
app handles any of them, and the tests below queue them so (``post_message``), instead of
one key at a time with the app idle in between, as ``pilot.press`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import TextArea

from drill.app.drill_app import DrillApp
from drill.app.screens.interview import InterviewScreen
from drill.app.widgets.ask_field import AskField

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]
PASTED = "It is memory-bound: 16 GB ÷ 3.35 TB/s ≈ 4.78 ms, one token per step."
#: Textual's names of the keys typed here that are not digits.
KEY_NAMES = {"\t": "tab", ".": "full_stop"}


def burst(app: DrillApp, *parts: events.Paste | str) -> None:
    """Queue a paste and key presses all at once, without waiting for any to be handled."""
    for part in parts:
        if isinstance(part, events.Paste):
            app.post_message(part)
        else:
            app.post_message(events.Key(KEY_NAMES.get(part, part), part))


async def first_question(app: DrillApp, pilot: Pilot[Any]) -> InterviewScreen:
    """The interview open on its first question, the answer box focused (1, Enter)."""
    await pilot.pause()
    screen = app.interview_screen(seed=1)
    assert isinstance(screen, InterviewScreen)
    await app.push_screen(screen)
    await pilot.pause()
    await pilot.press("1", "enter")
    return screen


async def settled(pilot: Pilot[Any]) -> None:
    """Wait until the burst has been handled, however many hops its events take."""
    for _ in range(5):
        await pilot.pause()


# background: the question's numbers are being worked out in a thread as the keys come,
# as on the real app's first question.
@pytest.mark.parametrize("background", [False, True])
async def test_a_tab_in_the_same_burst_as_the_paste_takes_the_digits_to_the_first_ask(
        make_app: MakeApp, background: bool) -> None:
    app = make_app(prepare_in_background=background)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await first_question(app, pilot)
        burst(app, events.Paste(PASTED), *"\t4.78")
        await settled(pilot)
        first = screen.query(AskField).first()
        assert first.input.value == "4.78"
        assert screen.query_one(TextArea).text == PASTED


@pytest.mark.parametrize("background", [False, True])
async def test_a_tab_right_behind_the_paste_is_not_undone_by_it(
        make_app: MakeApp, background: bool) -> None:
    # The paste and the Tab come in one read; the digits a moment later, once the app
    # has handled both.
    app = make_app(prepare_in_background=background)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await first_question(app, pilot)
        burst(app, events.Paste(PASTED), "\t")
        await settled(pilot)
        first = screen.query(AskField).first()
        assert app.focused is first.input
        await pilot.press(*"4.78")
        assert first.input.value == "4.78"
        assert screen.query_one(TextArea).text == PASTED


async def test_a_tab_pressed_after_the_paste_was_handled_goes_to_the_first_ask(
        make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await first_question(app, pilot)
        app.post_message(events.Paste(PASTED))
        await pilot.pause()
        await pilot.press("tab", *"4.78")
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
