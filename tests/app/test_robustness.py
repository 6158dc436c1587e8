"""What must not break the app: resizing, broken packs, a bad database, the mouse."""

from __future__ import annotations

import hashlib
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Static

from drill.app.drill_app import DrillApp
from drill.app.screens.browse import BrowseScreen
from drill.app.screens.calculator import CalculatorScreen
from drill.app.screens.home import HomeScreen
from drill.app.screens.problem import ProblemScreen
from drill.app.screens.review import ReviewScreen
from drill.app.screens.stats import StatsScreen
from drill.app.widgets.ask_field import AskField
from drill.config.location import DATABASE_FILE
from testkit import notices, until_open

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]
SIZES = [(80, 24), (30, 8), (12, 5), (200, 60), (80, 24)]


async def test_every_screen_survives_resizing(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for action, keys, screen_type in [
            ("home", (), HomeScreen),
            ("home", ("enter", *"16 GB / 989 TFLOPS", "enter", "escape", "space"), ReviewScreen),
            ("home", ("f2", *"1 + 1", "enter"), CalculatorScreen),
            ("browse", (*"amdahl",), BrowseScreen),
            ("stats", (), StatsScreen),
        ]:
            await app.run_action(action)
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, screen_type)
            for width, height in SIZES:
                await pilot.resize_terminal(width, height)
                await pilot.pause()
            assert isinstance(app.screen, screen_type)
        assert app.is_running


async def test_a_broken_user_pack_is_named_and_the_others_still_work(
    make_app: MakeApp, data_dir: Path
) -> None:
    packs = data_dir / "packs"
    packs.mkdir(parents=True)
    (packs / "mine.yaml").write_text(
        "pack: mine\ntitle: Mine\ncards:\n  - id: a\n    title: A\n    priority: urgent\n"
        "    scenario: S\n"
    )
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until_open(app, pilot)  # the packs are read by the worker that opens the data
        await pilot.pause()
        toasts = [str(toast.render()) for toast in app.screen.query("Toast")]
        assert any("mine.yaml:6:" in toast for toast in toasts)  # the notice: file and line
        problems = str(app.screen.query_one("#home-problems", Static).render())
        assert "mine.yaml:6:" in problems
        await pilot.press("enter")  # the built-in test pack is still there to study
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.card is not None and app.screen.card.pack == "app-demo"


async def test_a_corrupt_database_gets_a_message_and_is_left_untouched(
    make_app: MakeApp, data_dir: Path
) -> None:
    database = data_dir / DATABASE_FILE
    database.write_bytes(b"not a database at all\n" * 100)
    before = hashlib.sha256(database.read_bytes()).hexdigest()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        message = str(app.screen.query_one("#problem-message", Static).render())
        assert DATABASE_FILE in message
        assert "Traceback" not in message
        await pilot.press("q")
    assert app.return_code == 1
    assert hashlib.sha256(database.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in data_dir.iterdir() if p.name.startswith(DATABASE_FILE)) == [
        DATABASE_FILE  # no journal or replacement file beside it
    ]


async def test_the_mouse_starts_a_review_and_rates(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.screen.run_action("app.review")  # the "Start review" link's action
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        first = review.card
        assert await pilot.click("#reveal-link")  # "Show the answer"
        await pilot.pause()
        assert await pilot.click("#rate-3")
        await pilot.pause()
        assert review.card is not None and first is not None
        assert review.card.key != first.key
        assert len(app.backend.session.history(first.key)) == 1


async def test_the_palette_offers_the_screens_keys(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Calculator", "Browse cards", "Stats", "Reveal", "Bury", "Suspend",
                "Edit"} <= titles
        assert "Undo" not in titles  # nothing to undo yet
        await pilot.press("space", "3")
        await pilot.pause()
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Undo" in titles


async def test_the_palette_on_home_offers_review_and_extra_practice(make_app: MakeApp) -> None:
    # Home's Enter and x are the app's actions (so that the review is up before the next
    # key); the palette still offers them, and each opens its review.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert commands["Review"].help == "Study today's cards (⏎)"
        await commands["Extra"].callback()  # the screen's run_action, as the palette awaits it
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.cram is not None


async def test_a_locked_database_keeps_the_card_until_the_rating_is_saved(
    make_app: MakeApp, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from drill.review import session

    monkeypatch.setattr(session, "RETRY_EVERY_S", 0.01)  # tried again soon after the lock goes
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter", "space")  # the answer shows: it can be rated
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        card = review.card.key
        other = sqlite3.connect(data_dir / DATABASE_FILE, timeout=0)
        other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        try:
            await pilot.press("3")
            await pilot.pause()
            assert review.card is not None and review.card.key == card  # still here
            assert "saving this rating as soon as" in " ".join(notices(app)).lower()
            assert app.backend.session.history(card) == []
            # the screen does not freeze meanwhile: keys are taken (and kept for the
            # next card, as keys pressed while a card comes in are)
            await pilot.press("5")
            await pilot.pause()
            [saving] = [worker for worker in review.workers if worker.group == "save"]
            assert not saving.is_finished  # it goes on trying while the lock is held
        finally:
            other.rollback()
            other.close()
        await saving.wait()  # the lock is gone: the rating goes through by itself
        for _ in range(10):  # the worker's message, then the next card
            if review.card is None or review.card.key != card:
                break
            await pilot.pause()
        assert len(app.backend.session.history(card)) == 1
        await pilot.pause()
        fields = list(review.query(AskField))
        assert not fields or fields[0].answer == "5"


async def test_reload_picks_up_a_new_pack_and_names_a_broken_one(
    make_app: MakeApp, data_dir: Path, pack_dir: Path
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        before = len(app.backend.cards)
        packs = data_dir / "packs"
        packs.mkdir()
        text = (pack_dir / "app-demo.yaml").read_text().replace("pack: app-demo", "pack: copy")
        (packs / "copy.yaml").write_text(text)
        (packs / "broken.yaml").write_text("pack: broken\ntitle: [\n")
        await pilot.press("r")
        await pilot.pause()
        assert len(app.backend.cards) == 2 * before
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert "broken.yaml:" in toasts
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)  # the session goes on


async def test_the_chosen_theme_is_remembered_for_the_next_start(
    make_app: MakeApp, data_dir: Path
) -> None:
    from drill.config.settings import load_settings

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.theme = "nord"
        await pilot.pause()
    assert load_settings(data_dir).theme == "nord"

    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


async def test_a_long_card_heading_stays_one_line_and_keeps_its_counts_at_80_columns(
    make_app: MakeApp, data_dir: Path, pack_dir: Path
) -> None:
    # Found in a real terminal: "speed-physics/q1-follow-up · priority · review · variant
    # mi300x   10 due · 0 new left" lost its counts behind the timer at 80 columns.
    packs = data_dir / "packs"
    packs.mkdir(parents=True)
    text = (pack_dir / "app-demo.yaml").read_text().replace(
        "pack: app-demo", "pack: a-pack-with-a-long-name-for-its-cards")
    (packs / "long.yaml").write_text(text)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        card = app.backend.card("a-pack-with-a-long-name-for-its-cards/floor-follow-up")
        assert card is not None
        await app.push_screen(app.review_screen(first=card))
        await pilot.pause()
        # The heading ends in "…" rather than wrapping mid-label; the counts stay whole.
        heading = app.screen.query_one("#card-heading", Static)
        assert heading.size.height == 1
        assert app.screen.query_one("#review-top").size.height == 1
        # Found in a real terminal at 80 columns: the wrap fell inside the counts
        # ("... variant mistral-h100-pcie   3" then "due · 10 new left"). They stand apart
        # from the heading now, whole on one line.
        counts = app.screen.query_one("#card-counts", Static)
        assert re.fullmatch(r"\d+ due · \d+ new left", str(counts.render()).strip())
        assert counts.size.height == 1


async def test_the_palette_names_one_key_per_command(make_app: MakeApp) -> None:
    # Found in a real terminal: Stats' "Back" said "key: escape,q" in the palette.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_stats()
        await pilot.pause()
        helps = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert helps["Back"] == "key: esc"


async def test_a_cram_does_not_offer_bury_and_suspend_it_would_ignore(make_app: MakeApp) -> None:
    # Found in a real terminal: in extra practice the palette offered Bury and Suspend,
    # and both did nothing.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("x")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.cram is not None
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Reveal" in titles
        assert not {"Bury", "Suspend"} & titles


async def test_q_goes_back_from_every_screen_when_no_text_is_being_typed(
    make_app: MakeApp,
) -> None:
    # Found in a real terminal: q went back from Stats and the labs, and did nothing at
    # all on Review, Browse and the calculator.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for open_screen, leave_input in [
            ("review", ""),  # a card opens with no input focused
            ("browse", "down"),  # the card list has focus
            ("calculator", "tab,tab"),  # past the two inputs, to the history
            ("stats", ""),
        ]:
            await app.run_action(open_screen)  # all four are the app's actions
            await pilot.pause()
            assert not isinstance(app.screen, HomeScreen), open_screen
            for key in filter(None, leave_input.split(",")):
                await pilot.press(key)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen), open_screen
        assert app.is_running


# The keys that reach the failing read: on Stats it is opening the screen; on Browse,
# moving to another card (its history); on Review, f (is the follow-up suspended?), an
# action run in the app's own message loop, which must go on to hear the q after it.
FAILING_READS = {
    "stats": ("t",),
    "browse": ("b", "down", "down"),
    "review": ("enter", "f"),  # a card opens with no input focused: f is a key at once
}


@pytest.mark.parametrize("where", sorted(FAILING_READS))
async def test_review_data_failing_under_a_screen_gets_the_problem_screen(
    make_app: MakeApp, where: str
) -> None:
    *before, failing = FAILING_READS[where]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*before)
        await pilot.pause()
        assert not isinstance(app.screen, ProblemScreen)
        # The review data goes from under the app (in life: another program, the disk).
        app.backend.session.database.close()
        await pilot.press(failing)
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen), where
        message = str(app.screen.query_one("#problem-message", Static).render())
        assert DATABASE_FILE in message
        assert "Traceback" not in message
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 1
