"""Specs: the catalog's reference sheet, opened with ``g`` from Home and from a card, left
with Esc back where the learner was, nothing typed or rated on the way."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Static

from drill.app.drill_app import DrillApp
from drill.app.screens.help import HelpScreen
from drill.app.screens.home import HomeScreen
from drill.app.screens.review import ReviewScreen
from drill.app.screens.specs import SpecsScreen
from drill.app.widgets.ask_field import AskField

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]


def sheet_text(screen: SpecsScreen) -> str:
    return "\n".join(str(static.render()) for static in screen.query(Static))


async def test_g_on_home_opens_the_specs_and_esc_goes_back(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, SpecsScreen)
        text = sheet_text(app.screen)
        for title in ("GPUs", "Models", "Interconnects"):
            assert title in text
        # The H100 SXM datasheet's 3.35 TB/s and 989 dense BF16 TFLOPS; its ridge point
        # 989e12 / 3.35e12 = 295 FLOP/byte.
        assert "bandwidth 3.35 TB/s" in text and "bf16_dense 989 TFLOPS" in text
        assert "ridge_bf16 295 FLOP/byte" in text
        # Llama 3 8B: 2 (K and V) × 32 layers × 8 KV heads × 128 dims × 2 bytes = 128 KiB.
        assert "kv_per_token_bf16 128 KiB/token" in text
        assert "source: NVIDIA H100 Tensor Core GPU datasheet" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_g_on_a_card_opens_the_specs_and_esc_returns_to_the_same_card(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        card = review.card
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, SpecsScreen)
        await pilot.press("escape")
        await pilot.pause()
        back: object = app.screen
        assert back is review and review.card is card
        assert all(field.answer == "" for field in review.query(AskField))  # no "g" typed
        assert not review.revealed and app.backend.session.history(card.key) == []


async def test_g_while_typing_an_answer_is_text(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"3 g")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.query_one("#ask-decode_floor", AskField).answer == "3 g"


async def test_the_keys_list_names_g_on_home_and_on_a_card(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for opened in ((), ("enter",)):
            await pilot.press(*opened)
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            keys = str(app.screen.query_one("#help-keys", Static).render())
            assert any(line.startswith("g ") and "specs the cards assume" in line
                       for line in keys.splitlines())
            await pilot.press("escape")
            await pilot.pause()


async def test_2_jumps_to_the_models(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        body = app.screen.query_one("#specs-body", VerticalScroll)
        assert body.scroll_y == 0
        await pilot.press("2")
        await pilot.pause()
        models = app.screen.query_one("#specs-models", Static)
        gpus = app.screen.query_one("#specs-gpus", Static)
        # The title at the top, below its one-line margin; the GPUs scrolled out of sight.
        assert models.region.y == body.region.y + 1
        assert not body.region.overlaps(gpus.region)
