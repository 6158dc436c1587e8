"""Keys that arrive while a card is being put on screen, as a terminal delivers them.

A terminal hands over a burst of keys (fast typing, a paste) at once, while the review
screen is still swapping one card's fields for the next. Found in a real terminal: the
digits of an answer typed right after Enter rated the card the user had not seen yet.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual import events

from drill.app.drill_app import DrillApp
from drill.app.screens.review import ReviewScreen
from drill.app.widgets.ask_field import AskField

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]


#: Textual's names of the keys these tests type that are not letters or digits.
KEY_NAMES = {" ": "space"}


def burst(app: DrillApp, *keys: str) -> None:
    """Queue key presses all at once, without waiting for any to be handled."""
    for key in keys:
        name = KEY_NAMES.get(key, key)
        character = key if len(key) == 1 else None
        app.post_message(events.Key(name, character))


def first_field(app: DrillApp) -> AskField:
    return app.screen.query(AskField).first()


async def test_typing_straight_after_enter_goes_into_the_first_answer(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "enter", *"16 GB")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.card is not None and app.screen.card.key == "app-demo/floor"
        assert first_field(app).answer == "16 GB"
        assert app.backend.session.history("app-demo/floor") == []  # "1" did not rate it


async def test_keys_pressed_while_the_next_card_comes_in_do_not_rate_it(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press(*"4.78 ms", "enter", *"1 / 4.78 ms", "enter")
        await pilot.pause()
        # Enter takes the suggested rating (Easy: all right, and the tests' timer stands
        # at 0 s); a second Enter and "2" come at once.
        burst(app, "enter", "enter", "2", "4")
        for _ in range(5):
            await pilot.pause()
        assert [int(e.rating) for e in app.backend.session.history("app-demo/floor")] == [4]
        assert review.card is not None and review.card.key != "app-demo/floor"
        assert app.backend.session.history(review.card.key) == []  # the new card is not rated
        assert first_field(app).answer == "24"  # the digits were meant as an answer


async def test_a_grade_of_the_card_before_is_not_logged_with_the_next(
    make_app: MakeApp,
) -> None:
    # A grade is passed up as a message; numbers arriving late grade a waiting answer
    # just as the user rates, and the grade reached the screen after the next card had
    # come: it was logged with, and suggested a rating for, the wrong card.
    from drill.app.widgets.card_view import CardView

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        card = review.card
        view = review.query_one(CardView)
        target = app.prepared[card.shown_key].targets["decode_floor"]
        grade = app.backend.grade("4.78 ms", target)
        view.post_message(view.Graded(grade, view.showing))  # as _grade does
        others = [c for c in app.backend.cards if c.asks and c.key != card.key]
        review.call_later(review.show_next, others[0])  # the rating's card change
        for _ in range(3):
            await pilot.pause()
        assert review.card is others[0]
        assert review.answers == []

