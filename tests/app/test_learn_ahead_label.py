"""The rating buttons say "now" when learn-ahead will show the card again at once."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from textual.widgets import Button

from drill.app.screens.review import ReviewScreen
from drill.scheduling.clock import FixedClock
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


ONE_CARD_WITH_VARIANTS = """\
pack: varied
title: One card with variants
description: A pack of one spoken card whose numbers change with its variants.
source: drill's tests
cards:
  - id: floor
    title: How fast can one user go?
    priority: solid
    scenario: The weights are {weights} and the bus moves {bandwidth}. How fast can one user go?
    answer:
      - One step reads every weight, so the step takes the weights over the bandwidth.
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
    variants:
      - id: fast
        givens:
          bandwidth: 4.8 TB/s
      - id: slow
        givens:
          bandwidth: 2 TB/s
"""


async def test_a_card_failed_and_shown_again_at_once_comes_with_other_numbers(
    make_app: MakeApp, tmp_path: Path, data_dir: Path, clock: FixedClock
) -> None:
    from drill.review.session import ReviewSession
    from drill.solving.sources import load_sources, resolve_sources
    from drill.solving.variant_choice import pick_variant

    packs = tmp_path / "varied"
    packs.mkdir()
    (packs / "varied.yaml").write_text(ONE_CARD_WITH_VARIANTS)
    library = load_sources(resolve_sources(data_dir, None, [packs], include_builtin=False))
    card = library.find("varied/floor")
    # One earlier review logged the variant that the count of reviews alone would pick
    # next (as after a pack gained a variant, which reshuffles the round): without a look
    # at the log, the next review would repeat its numbers.
    repeat = pick_variant(card, 1)
    assert repeat is not None
    with ReviewSession.open(library.cards, data_dir, clock) as session:
        session.rate(card.key, 1, 5_000, variant=repeat)
    app = make_app(pack_dirs=(packs,))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        shown = [review.card.variant]
        for _ in range(3):
            await pilot.press("space")
            await pilot.pause()
            await pilot.press("1")  # Again: nothing else is left, so it comes back at once
            await pilot.pause()
            assert review.card is not None and review.card.key == card.key
            shown.append(review.card.variant)
        logged = [entry.variant for entry in app.backend.session.history(card.key)]
    assert logged == [repeat, *shown[:3]]  # the log records what each review showed
    assert shown[0] != repeat
    assert all(before != after for before, after in itertools.pairwise(shown))
