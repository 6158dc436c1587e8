"""The review's key model, driven as a daily user presses keys.

A card opens with no input focused: single-key shortcuts work until the user types an
answer, and the first keystroke of an answer goes into its ask. A card is never rated
before its answer has been shown.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import Input, Static

from drill.app.drill_app import DrillApp
from drill.app.screens.help import HelpScreen
from drill.app.screens.home import HomeScreen
from drill.app.screens.review import ReviewScreen
from drill.app.widgets.ask_field import AskField
from drill.app.widgets.countdown import Countdown
from drill.scheduling.ratings import TypedAnswer

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]


def answer_of(app: DrillApp, ask_id: str) -> str:
    return app.screen.query_one(f"#ask-{ask_id}", AskField).answer


async def open_review(app: DrillApp, pilot: object) -> ReviewScreen:
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, ReviewScreen)
    return app.screen


async def test_u_right_after_a_rating_undoes_it(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        review = await open_review(app, pilot)
        first = review.card
        assert first is not None
        await pilot.press("space", "3", "u")  # as fast as the terminal sends them
        await pilot.pause()
        assert app.backend.session.history(first.key) == []
        assert review.card is not None and review.card.key == first.key
        assert all(field.answer == "" for field in review.query(AskField))  # no "u" typed


async def test_space_then_a_rating_key_reveals_and_rates_and_types_nothing(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        review = await open_review(app, pilot)
        first = review.card
        assert first is not None
        await pilot.press("space")
        await pilot.pause()
        assert review.revealed and answer_of(app, "decode_floor") == ""
        await pilot.press("1")
        await pilot.pause()
        assert [int(e.rating) for e in app.backend.session.history(first.key)] == [1]


async def test_the_first_keystroke_of_an_answer_goes_to_its_ask_and_never_rates(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        review = await open_review(app, pilot)
        assert not isinstance(app.focused, Input)  # not typing yet
        await pilot.press(*"3.2 ms")
        await pilot.pause()
        assert answer_of(app, "decode_floor") == "3.2 ms"
        assert isinstance(app.focused, Input)
        assert review.card is not None and app.backend.session.history(review.card.key) == []
        # while typing, shortcut letters are text: "s" and "u" here end up in the answer
        await pilot.press("backspace", "backspace", *"us")
        await pilot.pause()
        assert answer_of(app, "decode_floor") == "3.2 us"


async def test_a_rating_key_before_the_answer_shows_only_shows_it(make_app: MakeApp) -> None:
    # On a card with asks a digit starts an answer; on a card answered out loud there is
    # nothing to type, and a rating key shows the answer first.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        spoken = app.backend.card("app-demo/spoken")
        assert spoken is not None
        review = app.review_screen(first=spoken)
        app.push_screen(review)
        await pilot.pause()
        key = spoken.key
        await pilot.press("3")
        await pilot.pause()
        assert review.revealed and app.backend.session.history(key) == []
        await pilot.press("3")
        await pilot.pause()
        assert [int(e.rating) for e in app.backend.session.history(key)] == [3]


async def test_enter_after_the_last_ask_shows_the_answer_before_any_rating(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        review = await open_review(app, pilot)
        assert review.card is not None
        key = review.card.key
        await pilot.press(*"4.78 ms", "enter", *"209", "enter")
        await pilot.pause()
        assert review.revealed and app.backend.session.history(key) == []
        assert "4.78 ms" in str(review.query_one("#card-reveal", Static).render())
        note = str(review.query_one("#rating-note", Static).render())
        assert "all 2 right" in note
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.backend.session.history(key)) == 1


async def test_esc_leaves_the_review_from_any_card_as_it_opens(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        review = await open_review(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        # the spoken card (no asks) behaves the same
        spoken = app.backend.card("app-demo/spoken")
        assert spoken is not None
        app.push_screen(app.review_screen(first=spoken))
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        del review


async def test_esc_while_typing_stops_typing_and_keeps_the_answer(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        review = await open_review(app, pilot)
        await pilot.press(*"4.7", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and not isinstance(app.focused, Input)
        assert answer_of(app, "decode_floor") == "4.7"
        await pilot.press("8")  # typing again goes on where it stopped
        await pilot.pause()
        assert answer_of(app, "decode_floor") == "4.78"
        del review


async def test_ctrl_z_undoes_while_typing(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        review = await open_review(app, pilot)
        first = review.card
        assert first is not None
        await pilot.press("space", "3")
        await pilot.pause()
        await pilot.press(*"12")  # typing into the next card
        await pilot.pause()
        assert isinstance(app.focused, Input)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.backend.session.history(first.key) == []
        assert review.card is not None and review.card.key == first.key


async def test_question_mark_lists_the_keys_of_the_review(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_review(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        listed = str(app.screen.query_one("#help-keys", Static).render())
        for key, what in (("space", "show the answer"), ("u", "take back the last rating"),
                          ("b", "hide this card until tomorrow"), ("esc", "stop typing"),
                          ("type", "starts the answer")):
            assert key in listed.lower() and what in listed.lower(), (key, what)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)


async def test_question_mark_typed_in_an_answer_is_text(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_review(app, pilot)
        await pilot.press("4", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert answer_of(app, "decode_floor") == "4?"


async def test_undo_brings_the_card_back_as_it_was(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        review = await open_review(app, pilot)
        first = review.card
        assert first is not None
        await pilot.press(*"16 GB / 989 TFLOPS", "enter", *"209", "enter")
        await pilot.pause()
        review.query_one("#countdown", Countdown).restart(23.0)  # 23 s on the card when rated
        await pilot.press("1", "u")
        await pilot.pause()
        assert review.card is not None and review.card.key == first.key
        assert answer_of(app, "decode_floor") == "16 GB / 989 TFLOPS"
        assert answer_of(app, "max_tokens_per_s") == "209"
        floor = review.query_one("#ask-decode_floor", AskField)
        assert floor.verdict == "incorrect"
        assert str(floor.query_one(".ask-verdict", Static).render()).startswith("✗")
        assert review.revealed  # it was rated with its answer showing
        assert review.query_one("#countdown").elapsed >= 23.0  # type: ignore[attr-defined]
        # rated again, the log holds the same answers as the first time
        await pilot.press("2")
        await pilot.pause()
        [entry] = app.backend.session.history(first.key)
        assert {a.ask_id: a.verdict for a in entry.answers} == {
            "decode_floor": "incorrect", "max_tokens_per_s": "correct"}
        assert entry.duration_ms >= 23_000


async def test_home_studies_one_pack_or_a_filtered_set(make_app: MakeApp) -> None:
    from drill.app.screens.study import StudyScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        slip = TypedAnswer("speedup", "9", "incorrect", ("forgot-serial-part",))
        app.backend.rate("app-demo/amdahl", 1, 5.0, [slip])  # a mistake, logged
        await pilot.press("p")
        await pilot.pause()
        study = app.screen
        assert isinstance(study, StudyScreen)
        assert [s.kind for s in study.sets] == ["pack", "mistake"]
        await pilot.press("enter")  # the first: the pack, on its schedule
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.pack == "app-demo"
        assert review.cram is None and review.card is not None
        await pilot.press("escape", "p", "down", "enter")  # the mistake's cards
        await pilot.pause()
        cram = app.screen
        assert isinstance(cram, ReviewScreen) and cram.card is not None
        assert cram.cram is not None and cram.card.key == "app-demo/amdahl"


async def test_n_on_home_allows_more_new_cards_today(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while (entry := app.backend.session.next_card()) is not None:  # the day's cards, done
            app.backend.rate(entry.card.key, 4, 5.0, [])
        limit = app.backend.settings.new_cards_per_day
        await pilot.press("n")
        await pilot.pause()
        assert app.backend.session.more_new_today(1) == limit + 1  # n gave the limit


async def test_star_flags_the_card_and_home_offers_the_flagged_set(make_app: MakeApp) -> None:
    from drill.app.screens.study import StudyScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        review = await open_review(app, pilot)
        assert review.card is not None
        key = review.card.key
        await pilot.press("asterisk")
        await pilot.pause()
        assert app.backend.session.state(key).flagged
        assert "⚑" in str(review.query_one("#card-heading", Static).render())
        assert answer_of(app, "decode_floor") == ""  # not typed into the answer
        await pilot.press("escape", "p")
        await pilot.pause()
        assert isinstance(app.screen, StudyScreen)
        flagged = [s for s in app.screen.sets if s.kind == "flagged"]
        assert [s.keys for s in flagged] == [(key,)]
