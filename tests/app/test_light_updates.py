"""What the review screen's cheaper updates must still get right.

The echo takes the rows its text needs, a long answer scrolls in its input, the footer
follows the keys, the heading counts what is left, and the timer redraws only when its
text does.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Static

from drill.app.screens.home import HomeScreen
from drill.app.screens.review import ReviewScreen
from drill.app.widgets.ask_field import AskField
from drill.app.widgets.countdown import Countdown
from testkit import MakeApp

pytestmark = pytest.mark.slow

#: What the echo says of "16 G" (150 characters): three rows of the 74 an echo has at 80
#: columns (80, less the card's padding of 1 and the echo's of 2, each side).
UNKNOWN_G = ("Could not read that: unknown unit 'G' (did you mean Gb, GB?) at column 4. Type "
             "a number with its unit, such as 3.2 ms, or the working that gets there.")


def footer_keys(screen: Screen[Any]) -> list[str]:
    """What the footer's keys say ("space Reveal"), each found by its widget's type name."""
    return [str(key.render()).strip() for key in screen.query_one(Footer).query("FooterKey")]


def has(keys: list[str], label: str) -> bool:
    return any(key.endswith(f" {label}") for key in keys)


async def test_the_echo_takes_the_rows_its_text_needs_and_gives_them_back(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        first, second = app.screen.query(AskField)
        echo = first.query_one(".ask-echo", Static)
        await pilot.press(*"16 ")
        await pilot.pause()
        assert str(echo.render()) == "read as 16  =  16 ms"
        assert echo.size.height == 1
        below = second.region.y

        await pilot.press("G")  # not a unit yet: the message wraps to more rows
        await pilot.pause()
        assert str(echo.render()) == UNKNOWN_G
        assert echo.size.height == 3
        assert second.region.y == below + 2  # the next ask moved down to make room

        await pilot.press("B")  # one row again, and the next ask back where it was
        await pilot.pause()
        assert str(echo.render()) == "read as 16 GB"
        assert echo.size.height == 1
        assert second.region.y == below

        await pilot.press("backspace", "backspace", "backspace")  # "16": as at first
        await pilot.pause()
        assert str(echo.render()) == "read as 16  =  16 ms"
        assert (echo.size.height, second.region.y) == (1, below)


async def test_a_long_answer_scrolls_inside_its_input(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        answer = "16 GB / 3.35 TB/s + 16 GB / 3.35 TB/s + 16 GB / 3.35 TB/s - 16 GB / 3.35 TB/s"
        await pilot.press(*answer)
        await pilot.pause()
        field = app.screen.query(AskField).first()
        assert field.answer == answer
        # The input keeps its width (50 columns at most) and shows the end of the text,
        # where the cursor is: it scrolled by what did not fit.
        assert field.input.size.width == 50
        assert field.input.scroll_x == len(answer) + 1 - 50
        # 4.78 ms + 4.78 ms + 4.78 ms − 4.78 ms
        assert str(field.query_one(".ask-echo").render()).endswith("  =  9.55 ms")


async def test_the_footer_changes_with_the_keys(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        home_keys = footer_keys(app.screen)
        assert has(home_keys, "Review")
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        shown = footer_keys(review)
        assert all(has(shown, label) for label in ("Reveal", "Edit", "Back")), shown

        await pilot.press("1")  # typing: the one-key shortcuts go, Esc stays
        await pilot.pause()
        assert not has(footer_keys(review), "Edit") and has(footer_keys(review), "Back")
        await pilot.press("escape")  # not typing: they are back
        await pilot.pause()
        assert footer_keys(review) == shown

        await pilot.press("space")  # the answer shows: Reveal goes
        await pilot.pause()
        assert not has(footer_keys(review), "Reveal")

        await pilot.press("escape")  # Home, with its own keys again
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert footer_keys(app.screen) == home_keys


async def test_the_review_heading_counts_what_is_left_today(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        counts = review.query_one("#card-counts", Static)
        # The app tests' pack: three new cards (and a follow-up, never new by itself),
        # the first of them on screen, and nothing due.
        assert str(counts.render()).strip() == "0 due · 3 new left"
        # Again: the card is learning, due within the 20 minutes of learn-ahead, so one
        # is due; its follow-up is new from now on (its parent has been reviewed), so
        # three are new again: the follow-up and the two not yet seen.
        await pilot.press("space", "1")
        await pilot.pause()
        assert str(counts.render()).strip() == "1 due · 3 new left"


async def test_the_timer_redraws_when_its_text_changes_and_widens_past_the_limit() -> None:
    now = [100.0]

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield Countdown(60, lambda: now[0])

    app = Host()
    async with app.run_test() as pilot:
        countdown = app.query_one(Countdown)
        # Its content is as wide as its text (the clock sign takes one column).
        assert (str(countdown.render()), countdown.size.width) == ("⏱ 1:00", 6)
        now[0] += 0.6  # the same second: nothing to redraw
        countdown.tick()
        await pilot.pause()
        assert str(countdown.render()) == "⏱ 1:00"
        now[0] += 59.9  # 60.5 s: no time left, and the same width
        countdown.tick()
        await pilot.pause()
        assert (str(countdown.render()), countdown.size.width) == ("⏱ 0:00", 6)
        now[0] += 1  # 61.5 s: over by a second, with a sign more, so a column wider
        countdown.tick()
        await pilot.pause()
        assert (str(countdown.render()), countdown.size.width) == ("⏱ +0:01", 7)
