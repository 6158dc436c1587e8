"""Browse: what a card's history shows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Static

from drill.app.drill_app import DrillApp
from drill.app.screens.browse import BrowseScreen

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]

#: A card with a variant: its later reviews show the H20 (a built-in solver and GPU).
PACK = """\
pack: mine
title: Mine
cards:
  - id: floor
    title: Decode on one {gpu}
    priority: priority
    gpu: H100
    scenario: "One user on one {gpu}: how short can a decode step be?"
    solver: decode-floor
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
      peak_flops: 989 TFLOPS
      params: 8 billion
    facts:
      bandwidth: gpu.bandwidth
      peak_flops: gpu.bf16_dense
    variants:
      - id: h20
        gpu: H20
    asks:
      - id: decode_floor
        question: The shortest decode step?
        unit: ms
"""


async def test_the_history_names_the_variant_each_review_showed(
    make_app: MakeApp, data_dir: Path
) -> None:
    (data_dir / "packs").mkdir(parents=True)
    (data_dir / "packs" / "mine.yaml").write_text(PACK, encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for _ in range(2):  # the base first, then the variant
            card = app.backend.card("mine/floor")
            assert card is not None
            await app.push_screen(app.review_screen(cram=[card]))
            await pilot.pause()
            await pilot.press("space", "3", "escape")
            await pilot.pause()
        assert [e.variant for e in app.backend.session.history("mine/floor")] == [None, "h20"]
        app.action_browse()
        await pilot.press(*"mine/floor")
        await pilot.pause()
        browse = app.screen
        assert isinstance(browse, BrowseScreen)
        detail = str(browse.query_one("#browse-card", Static).render()).splitlines()
        ratings = [line for line in detail if "Good" in line]
        assert len(ratings) == 2
        assert "variant h20" in ratings[0]  # newest first
        assert "variant" not in ratings[1]


def option_text(app: DrillApp, key: str) -> str:
    from textual.widgets import OptionList

    cards = app.screen.query_one("#browse-cards", OptionList)
    return str(cards.get_option(key).prompt)


async def test_the_list_marks_suspended_cards_and_follows_a_toggle(make_app: MakeApp) -> None:
    # Found in a real terminal: after suspending a card mid-review, finding it in Browse
    # to unsuspend it meant opening card after card; nothing in the list told them apart.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.backend.session.suspend("app-demo/floor")
        await app.push_screen(BrowseScreen(app.backend))
        await pilot.pause()
        assert "suspended" in option_text(app, "app-demo/floor")
        assert "suspended" not in option_text(app, "app-demo/floor-follow-up")
        await pilot.press("enter", "s")  # to the list (first card: floor), unsuspend it
        await pilot.pause()
        assert not app.backend.session.state("app-demo/floor").suspended
        assert "suspended" not in option_text(app, "app-demo/floor")
        await pilot.press("s")
        await pilot.pause()
        assert "suspended" in option_text(app, "app-demo/floor")


async def test_the_history_names_typed_answers_by_the_asks_number(
    make_app: MakeApp, data_dir: Path
) -> None:
    # The review numbers its asks; the history must too, not show the pack's ask ids.
    (data_dir / "packs").mkdir(parents=True)
    (data_dir / "packs" / "mine.yaml").write_text(PACK, encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        card = app.backend.card("mine/floor")
        assert card is not None
        await app.push_screen(app.review_screen(cram=[card]))
        await pilot.pause()
        await pilot.press(*"4.8 ms", "enter")
        await pilot.pause()
        await pilot.press("3", "escape")
        await pilot.pause()
        app.action_browse()
        await pilot.press(*"mine/floor")
        await pilot.pause()
        detail = str(app.screen.query_one("#browse-card", Static).render())
        assert "✓ 1. 4.8 ms" in detail
        assert "decode_floor" not in detail


async def test_browse_marks_a_buried_card_and_unburies_it(make_app: MakeApp) -> None:
    from textual.widgets import OptionList


    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.backend.session.bury("app-demo/floor")
        assert "app-demo/floor" not in [e.card.key for e in app.backend.session.queue().entries]
        app.action_browse()
        await pilot.pause()
        await pilot.press(*"app-demo/floor ")
        await pilot.pause()
        assert isinstance(app.screen, BrowseScreen)
        listed = app.screen.query_one("#browse-cards", OptionList)
        prompt = str(listed.get_option("app-demo/floor").prompt)
        assert "buried" in prompt
        await pilot.press("down", "u")
        await pilot.pause()
        assert "buried" not in str(listed.get_option("app-demo/floor").prompt)
        assert "app-demo/floor" in [e.card.key for e in app.backend.session.queue().entries]


async def test_the_history_shows_each_review_with_the_explanation_written_on_it(
    make_app: MakeApp,
) -> None:
    from textual.widgets import TextArea

    wrong = "It is memory-bound: 16 GB ÷ 3.35 TB/s ≈ 48 ms, one token per step."
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Home: review app-demo/floor
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        app.screen.query_one(TextArea).insert(wrong)
        await pilot.press("ctrl+s", "escape")
        await pilot.pause()
        await pilot.press("space", "2")  # rated Hard, with the explanation
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        app.action_browse()
        await pilot.press(*"app-demo/floor")
        await pilot.pause()
        detail = str(app.screen.query_one("#browse-card", Static).render()).splitlines()
    rated = next(n for n, line in enumerate(detail) if "Hard" in line)
    # under the rating: how it scored (16 GB and 3.35 TB/s are givens, 48 ms is wrong as
    # the floor is 4.78 ms; of the three points only "memory-bound" is made), the text,
    # then the wrong figure named
    assert "✎ explained · figures 2 right, 1 wrong · key points 1 of 3" in detail[rated + 1]
    assert wrong in detail[rated + 2]
    assert "48 ms" in detail[rated + 3] and "off by 10×" in detail[rated + 3]


async def test_an_explanation_never_rated_is_in_the_history_at_its_time(
    make_app: MakeApp,
) -> None:
    from textual.widgets import TextArea

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        app.screen.query_one(TextArea).insert("Bandwidth-bound: 16 GB ÷ 3.35 TB/s ≈ 4.78 ms.")
        await pilot.press("ctrl+s", "escape")
        await pilot.pause()
        await pilot.press("escape")  # back to Home without rating it
        await pilot.pause()
        app.action_browse()
        await pilot.press(*"app-demo/floor")
        await pilot.pause()
        detail = str(app.screen.query_one("#browse-card", Static).render())
    assert "Not rated" in detail
    assert "✎ explained · figures 3 right, 0 wrong · key points 2 of 3" in detail
