"""The rating buttons say "now" when learn-ahead will show the card again at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from drill.app.screens.review import ReviewScreen
from testkit import MakeApp

pytestmark = pytest.mark.slow

ONE_CARD = """\
pack: alone
title: One card
description: A pack of one card.
source: drill's tests
cards:
  - id: spoken
    title: What would you put on the dashboard?
    priority: solid
    scenario: GPU utilization reads 100%. What would you show instead?
    answer:
      - Achieved memory bandwidth against the peak, and tokens per second per user.
"""


def labels(review: ReviewScreen) -> list[str]:
    return [str(review.query_one(f"#rate-{rating}", Button).label) for rating in (1, 2, 3, 4)]


async def test_the_last_card_of_the_day_says_now_and_comes_straight_back(
    make_app: MakeApp, tmp_path: Path
) -> None:
    packs = tmp_path / "packs"
    packs.mkdir()
    (packs / "alone.yaml").write_text(ONE_CARD)
    app = make_app(pack_dirs=(packs,))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        await pilot.press("space")  # a card without asks: Space shows the answer
        await pilot.pause()
        # Nothing else is left today, so each learning step is shown at once.
        shown = labels(review)
        assert shown[:3] == ["1 Again · now", "2 Hard · now", "3 Good · now"]
        assert shown[3].startswith("4 Easy · ") and shown[3].endswith("d")  # a review card
        await pilot.press("1")
        await pilot.pause()
        assert review.card is not None and review.card.key == "alone/spoken"  # at once
        assert len(app.backend.session.history("alone/spoken")) == 1


async def test_with_another_card_waiting_the_buttons_keep_their_minutes(
    make_app: MakeApp,
) -> None:
    app = make_app()  # the app tests' pack: several new cards
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        first = review.card.key
        await pilot.press("space")
        await pilot.pause()
        assert labels(review)[:3] == ["1 Again · 1m", "2 Hard · 6m", "3 Good · 10m"]
        await pilot.press("1")
        await pilot.pause()
        assert review.card is not None and review.card.key != first
