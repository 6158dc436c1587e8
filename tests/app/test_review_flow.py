"""The whole daily flow through the app, driven by keys as a user would."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Button, Input, Static

from drill.app.drill_app import DrillApp
from drill.app.screens.home import HomeScreen
from drill.app.screens.review import ReviewScreen
from drill.app.widgets.ask_field import AskField
from drill.packs.library import load_library
from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock
from drill.scheduling.intervals import describe_interval
from drill.scheduling.ratings import Rating
from testkit import until_open, workers_done

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]


def text_of(widget: Static) -> str:
    return str(widget.render())


def field(app: DrillApp, ask_id: str) -> AskField:
    return app.screen.query_one(f"#ask-{ask_id}", AskField)


async def test_a_whole_session_is_logged_with_its_answers_and_mistakes(
    make_app: MakeApp, data_dir: Path, pack_dir: Path, clock: FixedClock
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        assert "app-demo/floor" in text_of(app.screen.query_one("#home-next", Static))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        review = app.screen
        assert review.card is not None and review.card.key == "app-demo/floor"

        # No input has focus, yet the first keystroke starts the first ask's answer:
        # type the classic mistake and watch it being read.
        await pilot.press(*"16 GB / 989 TFLOPS")
        await pilot.pause()
        floor = field(app, "decode_floor")
        assert "16 GB ÷ 989 TFLOPS" in text_of(floor.query_one(".ask-echo", Static))
        await pilot.press("enter")
        await pilot.pause()
        verdict = text_of(floor.query_one(".ask-verdict", Static))
        assert verdict.startswith("✗")
        assert "bytes-over-flops" in verdict
        assert "Bytes ÷ FLOP/s is not a time" in verdict

        # Focus moved on to the next ask; 1 ÷ 4.78 ms is about 209 tokens/s.
        await pilot.press(*"200", "enter")
        await pilot.pause()
        assert text_of(field(app, "max_tokens_per_s").query_one(".ask-verdict", Static)) \
            .startswith("✓")
        # One ask of two right suggests Hard, and the bar says why.
        assert review.query_one("#rate-2", Button).has_class("-suggested")
        assert not review.query_one("#rate-3", Button).has_class("-suggested")
        assert "Hard: 1 of 2 right" in text_of(review.query_one("#rating-note", Static))

        # Enter on the last ask showed the answer, with its working; no input has focus.
        assert review.revealed and not isinstance(app.focused, Input)
        revealed = text_of(review.query_one("#card-reveal", Static))
        assert "16 GB ÷ 3.35 TB/s" in revealed  # the working of the reference
        assert "4.78 ms" in revealed
        assert "Decode is bound by memory bandwidth" in revealed  # the tip

        await pilot.press("1")  # the user decides: Again
        await pilot.pause()
        second = review.card
        assert second is not None and second.key != "app-demo/floor"

        # Rate the second card, then take that rating back: it is shown again.
        await pilot.press("space", "3")
        await pilot.pause()
        assert review.card is not None and review.card.key != second.key
        await pilot.press("u")
        await pilot.pause()
        assert review.card is not None and review.card.key == second.key

        await pilot.press("ctrl+q")
    assert app.return_code in (0, None)

    library = load_library([pack_dir], include_builtin=False)
    with ReviewSession.open(library.cards, data_dir, clock) as session:
        first = session.history("app-demo/floor")
        assert len(first) == 1
        assert first[0].rating == 1
        answers = {a.ask_id: a for a in first[0].answers}
        assert answers["decode_floor"].text == "16 GB / 989 TFLOPS"
        assert answers["decode_floor"].verdict == "incorrect"
        assert answers["decode_floor"].mistakes[0] == "bytes-over-flops"
        assert answers["max_tokens_per_s"].verdict == "correct"
        assert session.history(second.key) == []  # undone


async def test_follow_up_can_be_taken_next(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("f")
        await pilot.pause()
        assert review.follow_up_next
        await pilot.press("space", "3")
        await pilot.pause()
        assert review.card is not None and review.card.key == "app-demo/floor-follow-up"


async def test_a_suspended_follow_up_is_not_taken_next(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.backend.session.suspend("app-demo/floor-follow-up")
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("f")
        await pilot.pause()
        assert not review.follow_up_next
        await pilot.press("space", "3")
        await pilot.pause()
        assert review.card is None or review.card.key != "app-demo/floor-follow-up"
        assert app.backend.session.history("app-demo/floor-follow-up") == []


async def test_enter_before_the_numbers_are_ready_grades_once_they_are(
    make_app: MakeApp,
) -> None:
    app = make_app(prepare_in_background=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_open(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"4.8", "enter")
        await workers_done(app)
        await pilot.pause()
        verdict = text_of(field(app, "decode_floor").query_one(".ask-verdict", Static))
        assert verdict.startswith("✓")  # 4.8 ms is within 5% of 4.78 ms


async def test_a_rating_before_the_numbers_are_ready_still_logs_the_answer(
    make_app: MakeApp,
) -> None:
    # The background never gets to this card: the rating itself must grade what waits.
    app = make_app(prepare_in_background=True)
    app.want_prepared = lambda cards, urgent=True: None  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await until_open(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"16 GB / 989 TFLOPS", "enter")
        await pilot.pause()
        assert "as soon as" in text_of(field(app, "decode_floor").query_one(".ask-verdict",
                                                                            Static))
        await pilot.press("escape", "space", "1")  # stop typing, reveal, rate Again
        await workers_done(app)  # the card's numbers, worked out to grade it
        await pilot.pause()
        [entry] = app.backend.session.history("app-demo/floor")
        [answer] = entry.answers
        assert (answer.ask_id, answer.text, answer.verdict) == \
            ("decode_floor", "16 GB / 989 TFLOPS", "incorrect")
        assert "bytes-over-flops" in answer.mistakes


async def test_bury_and_suspend_take_the_card_out_of_today(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("b")
        await pilot.pause()
        assert review.card is not None and review.card.key != "app-demo/floor"
        suspended = review.card.key
        await pilot.press("s")
        await pilot.pause()
        assert app.backend.session.state(suspended).suspended
        assert app.backend.session.state("app-demo/floor").buried_until is not None
        keys = [entry.card.key for entry in app.backend.session.queue().entries]
        assert "app-demo/floor" not in keys and suspended not in keys


async def test_undo_takes_back_a_bury_and_shows_the_card_again(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("b")
        await pilot.pause()
        assert review.card is not None and review.card.key != "app-demo/floor"
        await pilot.press("u")
        await pilot.pause()
        assert review.card is not None and review.card.key == "app-demo/floor"
        assert app.backend.session.state("app-demo/floor").buried_until is None
        assert app.backend.session.history("app-demo/floor") == []  # nothing was rated


async def test_source_shows_the_file_and_line_of_the_card(
    make_app: MakeApp, pack_dir: Path
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "e")
        await pilot.pause()
        location = text_of(app.screen.query_one("#source-location", Static))
        assert "app-demo.yaml:" in location
        line = int(location.rsplit(":", 2)[-2])
        lines = (pack_dir / "app-demo.yaml").read_text().splitlines()
        assert "id: floor" in lines[line - 1]
        await pilot.press("escape")
        assert isinstance(app.screen, ReviewScreen)


async def test_calculator_opens_mid_card_and_goes_back_to_it(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", *"4.", "f2")
        await pilot.pause()
        await pilot.press(*"16 GB / 3.35 TB/s", "enter")
        await pilot.pause()
        assert app.scratchpad.history[-1].text == "4.78 ms"
        await pilot.press(*"1 / ans")
        await pilot.pause()
        assert "209/s" in str(app.screen.query_one("#calc-echo", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.scratchpad.history[-1].text == "209/s"  # ans: the result before
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert field(app, "decode_floor").answer == "4."  # the half-typed answer is kept


async def test_after_the_last_ask_enter_shows_the_answer_then_takes_the_suggestion(
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
        # Not rated yet: the answer shows. Every ask right, and quickly (the tests' timer
        # stands at 0 s of 60), so the suggestion is Easy.
        assert review.revealed and app.backend.session.history("app-demo/floor") == []
        assert review.query_one("#rate-4", Button).has_class("-suggested")
        await pilot.press("enter")
        await pilot.pause()
        history = app.backend.session.history("app-demo/floor")
        assert [int(entry.rating) for entry in history] == [4]
        assert {a.ask_id: a.verdict for a in history[0].answers} == {
            "decode_floor": "correct", "max_tokens_per_s": "correct"
        }


async def test_numbers_arriving_while_the_next_card_comes_in_do_not_crash(
    make_app: MakeApp,
) -> None:
    # Found in a real terminal: the background worker announced the next card's numbers
    # while the last card's fields were being removed, and updating those fields crashed.
    import asyncio

    from drill.app.widgets.card_view import CardView

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        await pilot.press(*"16 GB / 989 TFLOPS")  # an answer sits in the outgoing field
        view = review.query_one(CardView)
        others = [c for c in app.backend.cards if c.asks and c.key != review.card.key]
        swap = asyncio.create_task(view.show(others[0]))
        while not swap.done():  # at every step of removing the old widgets ...
            view.apply_prepared()  # ... what a CardPrepared message triggers
            await asyncio.sleep(0)
        await swap
        await pilot.pause()
        assert view.card is others[0]
        assert [f.ask.id for f in view.fields] == [a.id for a in others[0].asks]
        assert all(f.answer == "" for f in view.fields)


async def test_empty_enter_on_every_ask_passes_them_over_and_space_reveals(
    make_app: MakeApp,
) -> None:
    # Found in a real terminal: an empty Enter on the last ask sent focus back to the
    # first one, so a user answering out loud could never get out of the inputs.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        # Enter starts the first ask; an empty Enter passes over each; after the last
        # one the answer shows.
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        assert not isinstance(app.focused, Input)
        assert review.revealed
        assert field(app, "decode_floor").answer == ""  # no space typed into an answer


async def test_a_passed_over_ask_can_still_be_answered(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter", "enter", *"209", "enter")  # pass over 1, answer 2
        await pilot.pause()
        assert not isinstance(app.focused, Input)
        # The answer shows now (scrolled to); scroll back up to the first ask and click it.
        field(app, "decode_floor").scroll_visible(animate=False)
        await pilot.pause()
        await pilot.click("#input-decode_floor")
        await pilot.press(*"4.78 ms", "enter")
        await pilot.pause()
        verdict = text_of(field(app, "decode_floor").query_one(".ask-verdict", Static))
        assert verdict.startswith("✓")


async def test_undo_in_cram_of_a_scheduled_rating_does_not_turn_it_into_cram(
    make_app: MakeApp,
) -> None:
    # Found in a real terminal: "u" in extra practice took back the day's last scheduled
    # rating and showed that card as cram, so rating it again left it unscheduled.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("space", "3")  # app-demo/floor, Good
        await pilot.pause()
        assert len(app.backend.session.history("app-demo/floor")) == 1
        app.action_home()
        await pilot.press("x")  # extra practice: cram
        await pilot.pause()
        cram = app.screen
        assert isinstance(cram, ReviewScreen) and cram.cram is not None
        shown, left = cram.card, list(cram.cram)
        await pilot.press("u")
        await pilot.pause()
        assert app.backend.session.history("app-demo/floor") == []  # the rating is taken back
        assert cram.card is shown and cram.cram == left  # the cram goes on as it was
        assert app.backend.session.queue().entries[0].card.key == "app-demo/floor"  # due again


async def test_undo_in_a_review_of_a_cram_does_not_show_it_as_a_scheduled_card(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        crammed = app.screen.card  # type: ignore[attr-defined]
        await pilot.press("space", "4")  # cram it: Easy, schedule unchanged
        await pilot.pause()
        app.action_home()
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.cram is None
        first = review.card
        await pilot.press("u")
        await pilot.pause()
        assert app.backend.session.history(crammed.key) == []
        assert review.card is first  # not replaced by the crammed card
        await pilot.press("space", "4")
        await pilot.pause()
        assert first is not None
        assert [e.kind for e in app.backend.session.history(first.key)] == ["review"]


async def test_text_that_cannot_be_read_is_explained_once(make_app: MakeApp) -> None:
    # Found in a real terminal: Enter on unreadable text showed the same explanation twice
    # (under the input while typing, and again as the verdict), and the verdict stayed
    # after the text was changed.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"4.8 parsecs!", "enter")
        await pilot.pause()
        floor = field(app, "decode_floor")
        shown = [text_of(line) for line in floor.query(".ask-echo, .ask-verdict").results(Static)
                 if line.display]
        assert len(shown) == 1 and shown[0].startswith("?")
        await pilot.press("backspace")  # editing: the explanation follows the text again
        await pilot.pause()
        shown = [text_of(line) for line in floor.query(".ask-echo, .ask-verdict").results(Static)
                 if line.display]
        assert len(shown) == 1 and not shown[0].startswith("?")
        assert floor.verdict is None


async def test_reveal_while_the_next_card_comes_in_does_not_crash(make_app: MakeApp) -> None:
    # Space, the palette's Reveal or a click on "Show the answer" can be handled while
    # the next card's fields are being put in place; the reveal panel is not there yet.
    import asyncio

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        others = [c for c in app.backend.cards if c.asks and c.key != review.card.key]
        swap = asyncio.create_task(review.show_next(others[0]))
        while not swap.done():  # at every step of the swap
            review.action_reveal()
            await asyncio.sleep(0)
        await swap
        await pilot.pause()
        assert app.is_running and review.card is others[0]
        assert not review.revealed  # a reveal meant for the card before is not this one's


async def test_the_reveal_names_each_reference_by_its_question_not_its_internal_id(
    make_app: MakeApp,
) -> None:
    # Found in a real terminal: the front asks "1. How much KV cache does each step
    # read...", the back listed "kv_bytes: 34.4 GB", an id from the pack file.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        await pilot.press("space")
        await pilot.pause()
        revealed = text_of(review.query_one("#card-reveal", Static))
        for number, ask in enumerate(review.card.asks, 1):
            assert f"{number}. {ask.question}" in revealed
            assert f"{ask.id}:" not in revealed


async def test_the_footer_drops_reveal_once_shown_and_greys_undo_until_a_rating(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.check_action("undo", ()) is None  # nothing to undo: greyed out
        assert review.check_action("reveal", ()) is True
        await pilot.press("space")
        await pilot.pause()
        assert review.revealed and review.check_action("reveal", ()) is False
        await pilot.press("3")
        await pilot.pause()
        assert review.check_action("undo", ()) is True
        assert review.check_action("reveal", ()) is True  # the next card's front
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert review.check_action("undo", ()) is None


async def test_the_notice_after_a_rating_does_not_cover_the_rating_buttons(
    make_app: MakeApp,
) -> None:

    from drill.app.widgets.rating_bar import RatingBar

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("space", "3")
        await pilot.pause()
        toasts = list(app.screen.query("Toast"))
        assert toasts, "a rating shows a notice"
        bar = app.screen.query_one(RatingBar).region
        assert all(not toast.region.overlaps(bar) for toast in toasts)


async def test_a_card_that_becomes_a_leech_says_so(make_app: MakeApp, clock: FixedClock) -> None:
    from datetime import timedelta

    from drill.scheduling.state import CardState, Phase
    from drill.storage import card_table

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        key = "app-demo/floor"
        state = app.backend.session.state(key)
        lapsed = CardState(card_id=state.card_id, key=key, phase=Phase.REVIEW, stability=3.0,
                           difficulty=8.0, due=clock.instant,
                           last_review=clock.instant - timedelta(days=3), reps=20, lapses=7)
        app.backend.session.database.write(lambda conn: card_table.save(conn, lapsed))
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        assert review.card.key == key
        await pilot.press("space", "1")  # the eighth lapse
        await pilot.pause()
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert "suspended as a leech after 8 lapses" in toasts
        assert "unsuspend it from Browse" in toasts
        assert app.backend.session.state(key).suspended


async def test_the_buttons_follow_the_study_day_and_promise_what_the_rating_gives(
    make_app: MakeApp, clock: FixedClock
) -> None:
    from datetime import timedelta

    from drill.scheduling.state import CardState, Phase
    from drill.storage import card_table

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        key = "app-demo/floor"
        card_id = app.backend.session.state(key).card_id
        reviewed = CardState(card_id=card_id, key=key, phase=Phase.REVIEW, stability=5.0,
                             difficulty=5.0, due=clock.instant,
                             last_review=clock.instant - timedelta(days=5), reps=3)
        app.backend.session.database.write(lambda conn: card_table.save(conn, reviewed))
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        good = review.query_one("#rate-3", Button)
        before = str(good.label)
        clock.advance(timedelta(days=3))  # the card sat on screen into later study days
        review.refresh_intervals_if_the_clock_moved()  # what the screen does once a second
        await pilot.pause()
        after = str(good.label)
        assert after != before  # more elapsed days: a longer interval
        promised = after.rsplit(" ", 1)[-1]
        assert promised == app.backend.preview(key)[Rating.GOOD]
        await pilot.press("space", "3")
        await pilot.pause()
        [entry] = app.backend.session.history(key)
        given = describe_interval(timedelta(seconds=entry.interval_after_s))
        assert given == promised


async def test_a_right_method_on_a_wrong_first_answer_is_named(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        # 4.18 ms is no floor (16 GB ÷ 3.35 TB/s ≈ 4.78 ms); 1 token ÷ 4.18 ms is the
        # right method on that figure.
        await pilot.press(*"4.18 ms", "enter", *"1 token / 4.18 ms", "enter")
        await pilot.pause()
        verdict = text_of(field(app, "max_tokens_per_s").query_one(".ask-verdict", Static))
        assert verdict.startswith("✗")
        assert "carries your 4.18 ms from ask 1" in verdict
