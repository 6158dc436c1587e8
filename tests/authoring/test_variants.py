"""Variants: a variant's text and references change together; the base stays the seed's."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from drill.packs.library import Library, load_library
from drill.packs.model import Card
from drill.quantities.units import convert
from drill.solving.solve import solve
from drill.solving.variants import (
    VariantError,
    pick_variant,
    random_variant,
    render_variant,
    variant_givens,
    work_out,
)


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library()


def _q1(library: Library) -> Card:
    return library.find("speed-physics/q1")


def test_the_base_shows_the_seed_scenario(library: Library) -> None:
    card = _q1(library)
    # The seed's figures: 16 GB ÷ 3.35 TB/s ≈ 4.78 ms and 209 tokens/s on one H100.
    assert card.title == "Promising 300 tokens/s on one H100"
    assert "one H100" in card.scenario and "Llama 3 8B" in card.scenario
    assert "16 GB ÷ 3.35 TB/s ≈ 4.78 ms" in card.answer[1]
    assert "≈ 209 tokens/s" in card.answer[1]
    assert all("{" not in text and "}" not in text for _, text in card.texts())
    assert render_variant(card, None) is card
    assert render_variant(card, "base") is card


def test_a_variant_changes_text_and_references_together(library: Library) -> None:
    card = render_variant(_q1(library), "h20")
    # The H20 has 4 TB/s (the catalog), so 16 GB ÷ 4 TB/s = 4 ms and 250 tokens/s.
    assert card.variant == "h20"
    assert card.givens["bandwidth"] == "4 TB/s"
    assert "16 GB ÷ 4 TB/s ≈ 4 ms" in card.answer[1]
    assert "≈ 250 tokens/s" in card.answer[1]
    assert "4.78" not in " ".join(text for _, text in card.texts())
    assert "one H20" in card.scenario and card.title.endswith("on one H20")
    solution = solve(card)
    assert convert(solution.results["decode_floor"].value, "ms") == pytest.approx(4.0)
    assert convert(solution.results["max_tokens_per_s"].value, "tokens/s") == pytest.approx(250)
    # The mistake follows too: 16 GB over the H20's 148 TFLOPS, read as a time.
    wrong = solution.results["weights_over_peak_flops"].value
    assert wrong.value == pytest.approx(16e9 / 148e12)
    asks = {ask.id: ask for ask in card.asks}
    assert asks["decode_floor"].stated == "≈ 4 ms"
    assert asks["max_tokens_per_s"].stated == "≈ 250 tokens/s"
    message = asks["max_tokens_per_s"].mistakes[0].message
    assert "148 TFLOPS ÷ 16 GFLOP/token ≈ 9,250 tokens/s" in message


def test_a_model_variant_draws_weights_and_kv_from_the_catalog(library: Library) -> None:
    base = library.find("speed-physics/q6-follow-up")
    card = render_variant(base, "qwen")
    # Qwen2.5-7B: 7.61 billion × 2 bytes ≈ 15.2 GB, and 56 KiB of KV per token.
    assert card.givens["weights"] == "15.2 GB"
    assert card.givens["kv_per_token"] == "56 KiB/token"
    assert "Qwen2.5-7B in BF16 (15.2 GB of weights) on one H100" in card.scenario
    kv = solve(card).results["kv_bytes"].value  # 64 × 4,096 × 56 KiB
    assert convert(kv, "B") == pytest.approx(64 * 4096 * 56 * 1024)


def test_a_batch_variant_changes_every_mention_of_the_batch(library: Library) -> None:
    card = render_variant(library.find("speed-physics/q6-follow-up"), "batch-32")
    text = " ".join(t for _, t in card.texts())
    assert "32 users" in text and not re.search(r"\b64\b", text)
    assert card.title == "The bandwidth ceiling for 32 users"


def test_every_builtin_variant_renders_without_braces(library: Library) -> None:
    rendered = 0
    for card in library.cards:
        for variant in card.variants:
            worked = work_out(card, variant.id)
            for path, text in worked.card.texts():
                assert "{" not in text, f"{card.key} {variant.id} {path}"
            rendered += 1
    assert rendered >= 40
    templated = {card.key for card in library.cards if card.variants}
    for key in ("speed-physics/q1", "speed-physics/q3", "speed-physics/q6-follow-up",
                "serving-math/intensity"):
        assert key in templated


def test_variant_givens_apply_catalog_facts_then_the_variants_own(library: Library) -> None:
    base = library.find("speed-physics/q1-follow-up")
    h200 = base.variant_named("h200")
    assert h200 is not None
    givens = variant_givens(base, h200)
    assert givens["bandwidth"] == "4.8 TB/s"  # from the catalog
    assert givens["measured_step"] == "9.8 ms"  # the variant's own
    assert givens["weights"] == base.givens["weights"]  # untouched


def test_an_unknown_variant_is_an_error_with_a_suggestion(library: Library) -> None:
    with pytest.raises(VariantError) as error:
        render_variant(_q1(library), "h2")
    assert error.value.suggestions == ("h20",)
    assert "no variant 'h2'" in str(error.value)


# -- which variant a review shows ---------------------------------------------------------


def test_the_first_review_shows_the_base(library: Library) -> None:
    card = _q1(library)
    assert all(pick_variant(card, 0, seed) is None for seed in range(20))


def test_later_reviews_go_round_every_variant_without_repeating(library: Library) -> None:
    card = _q1(library)
    for seed in range(5):
        shown = [pick_variant(card, n, seed) for n in range(1, 30)]
        assert all(a != b for a, b in itertools.pairwise(shown))
        cycle = len(card.variants) + 1
        assert set(shown[:cycle]) == {None, *(v.id for v in card.variants)}
        assert shown == [pick_variant(card, n, seed) for n in range(1, 30)]  # reproducible


def test_the_next_variant_is_never_the_one_the_last_review_showed(library: Library) -> None:
    from drill.solving.variant_choice import variant_after

    card = _q1(library)
    every: list[str | None] = [None, *(v.id for v in card.variants)]
    for earlier in range(4):
        for last in every:
            shown = [*[pick_variant(card, n) for n in range(earlier)], last]
            assert variant_after(card, shown) != last, (earlier, last)
    # The round goes on as before when the log agrees with it.
    in_turn = [pick_variant(card, n) for n in range(3)]
    assert variant_after(card, in_turn) == pick_variant(card, 3)
    assert variant_after(card, []) is None  # the first review shows the base


def test_a_card_without_variants_always_shows_its_base(library: Library) -> None:
    card = library.find("speed-physics/q4-follow-up")
    assert not card.variants
    assert {pick_variant(card, n, 3) for n in range(10)} == {None}
    assert random_variant(card, 3) is None


def test_a_random_variant_is_reproducible_from_its_seed(library: Library) -> None:
    card = _q1(library)
    picks = [random_variant(card, seed) for seed in range(40)]
    assert picks == [random_variant(card, seed) for seed in range(40)]
    assert len(set(picks)) > 2  # the seeds reach several variants


def test_the_review_log_records_the_variant_shown(tmp_path: Path, library: Library) -> None:
    from drill.review.session import ReviewSession

    card = _q1(library)
    with ReviewSession.open(library.cards, data=tmp_path) as session:
        first = pick_variant(card, len(session.history(card.key)), seed=1)
        session.rate(card.key, 3, 30_000, variant=first)
        second = pick_variant(card, len(session.history(card.key)), seed=1)
        session.rate(card.key, 3, 30_000, variant=second)
        logged = [entry.variant for entry in session.history(card.key)]
    assert logged == [None, second]
    assert second is not None
