"""``drill check`` on templates and variants: every problem at its line, naming the variant."""

from __future__ import annotations

from pathlib import Path

import pytest

from drill.checking.checker import check_loaded
from drill.packs.diagnostics import Diagnostic
from drill.packs.loader import load_pack_text

HEADER = """\
pack: t
title: Test
cards:
"""

GOOD_CARD = """\
  - id: c1
    title: Decode on one {gpu}
    priority: solid
    gpu: H100
    model: Llama 3 8B
    scenario: >-
      {model} on {a_gpu}: {weights} ÷ {bandwidth} ≈ {decode_floor:4.78 ms}.
    answer:
      - "So 1 token ÷ {decode_floor:4.78 ms} ≈ {max_tokens_per_s:209 tokens/s}."
    solver: decode-floor
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
      peak_flops: 989 TFLOPS
      params: 8 billion
    facts:
      bandwidth: gpu.bandwidth
      peak_flops: gpu.bf16_dense
      weights: model.weights_bf16
      params: model.params
    variants:
      - id: a100
        gpu: A100
      - id: qwen
        model: Qwen2.5-7B
      - id: heavier
        givens:
          weights: 20 GB
    asks:
      - id: decode_floor
        question: How long is the shortest step on {a_gpu}?
        unit: ms
        stated: ≈ 4.8 ms
"""


def check(card: str) -> list[Diagnostic]:
    loaded = load_pack_text(HEADER + card, Path("t.yaml"), "t.yaml")
    return list(check_loaded(loaded).diagnostics)


def errors(card: str) -> list[str]:
    return [str(d) for d in check(card) if d.is_error]


def line_of(card: str, needle: str) -> int:
    return (HEADER + card).splitlines().index(
        next(line for line in (HEADER + card).splitlines() if needle in line)) + 1


def test_a_good_templated_card_passes_in_every_variant() -> None:
    assert check(GOOD_CARD) == []


def test_a_figure_left_in_plain_text_is_caught_in_the_variant_that_changes_it() -> None:
    card = GOOD_CARD.replace("{weights} ÷ {bandwidth}", "{weights} ÷ 3.35 TB/s")
    found = errors(card)
    line = line_of(card, "÷ 3.35 TB/s")
    # Both the stale figure and the equation it breaks, in the A100 variant only.
    assert any(f"t.yaml:{line}:" in e and "[variant a100]" in e and "'3.35 TB/s'" in e
               for e in found)
    assert any("[variant a100]" in e and "off the right side" in e for e in found)
    assert not any("[variant qwen]" in e or "[variant heavier]" in e for e in found)


def test_a_sample_that_disagrees_with_the_solver_is_an_error_at_its_placeholder() -> None:
    card = GOOD_CARD.replace("{max_tokens_per_s:209 tokens/s}", "{max_tokens_per_s:260 tokens/s}")
    # The equation around it breaks too; the sample's own error points at the placeholder.
    (found,) = [e for e in errors(card) if "{max_tokens_per_s:260" in e]
    line = line_of(card, "260 tokens/s")
    column = (HEADER + card).splitlines()[line - 1].index("{max_tokens_per_s") + 1
    assert found.startswith(f"t.yaml:{line}:{column}: error: t/c1: answer[0]:")
    assert "max_tokens_per_s is 209 tokens/s" in found


def test_a_placeholder_naming_no_result_is_an_error() -> None:
    card = GOOD_CARD.replace("{max_tokens_per_s:209 tokens/s}", "{max_tokens:209 tokens/s}")
    (found,) = errors(card)
    assert "names neither a given nor a result of solver 'decode-floor'" in found


def test_a_result_without_a_sample_is_an_error_that_shows_the_fix() -> None:
    card = GOOD_CARD.replace("{max_tokens_per_s:209 tokens/s}", "{max_tokens_per_s}")
    (found,) = errors(card)
    assert "{max_tokens_per_s} is not a given, so it needs a sample" in found
    assert "drill solve t/c1" in found


def test_gpu_placeholder_needs_the_cards_gpu() -> None:
    card = GOOD_CARD.replace("    gpu: H100\n", "")
    assert any("{gpu} needs the card's 'gpu'" in e for e in errors(card))


@pytest.mark.parametrize(("change", "words"), [
    (("        gpu: A100\n", "        gpu: A1000\n"),
     "no GPU 'A1000' in the catalog (did you mean"),
    (("          weights: 20 GB", "          wieghts: 20 GB"), "sets given 'wieghts', which the "
                                                              "card does not have"),
    (("      params: model.params\n", "      params: model.parameters\n"),
     "no model fact 'parameters'"),
    (("      peak_flops: gpu.bf16_dense", "      peak_flops: gpu.fp8_dense"),
     "the A100 has no fp8_dense"),
    (("      - id: heavier", "      - id: base"), "'base' names the card's own scenario"),
    (("    gpu: H100\n", "    gpu: H1000\n"), "no GPU 'H1000' in the catalog (did you mean"),
    (("{max_tokens_per_s:209 tokens/s}", "{max_tokens_per_s:209 furlongs}"),
     "unknown unit 'furlongs'"),
    (("{max_tokens_per_s:209 tokens/s}", "{max_tokens_per_s:209 GB}"),
     "the value is a token rate"),
    (("      weights: model.weights_bf16\n      params: model.params\n", ""),
     "sets a model, but no given follows it"),
])
def test_broken_variants_are_errors(change: tuple[str, str], words: str) -> None:
    card = GOOD_CARD.replace(*change)
    assert card != GOOD_CARD
    assert any(words in e for e in errors(card)), errors(card)


def test_a_variant_that_changes_nothing_is_a_warning() -> None:
    card = GOOD_CARD.replace("          weights: 20 GB", "          weights: 16 GB")
    warnings = [str(d) for d in check(card) if not d.is_error]
    assert any("variant 'heavier' has the base's givens" in w for w in warnings)


def test_a_card_with_a_template_error_is_left_out_and_the_others_load() -> None:
    other = GOOD_CARD.replace("id: c1", "id: c2")
    broken = GOOD_CARD.replace("{decode_floor:4.78 ms}.", "{decode_floor:4.78 ms.")
    loaded = load_pack_text(HEADER + broken + other, Path("t.yaml"), "t.yaml")
    assert loaded.pack is not None
    assert [card.id for card in loaded.pack.cards] == ["c2"]
    assert any("without its '}'" in d.message for d in loaded.diagnostics)


SOLVERLESS_CARD = """\
  - id: c1
    title: A batch
    priority: solid
    scenario: "A batch of {batch:32 users}."
    givens:
      batch: 32 users
    variants:
      - id: big
        givens:
          batch: lots
"""


def test_an_unreadable_variant_given_of_a_card_without_solver_is_an_error_at_the_given(
) -> None:
    # Without a solver the given is read while filling the template, not by solve().
    (found,) = errors(SOLVERLESS_CARD)
    line = line_of(SOLVERLESS_CARD, "batch: lots")
    assert found.startswith(f"t.yaml:{line}:")
    assert "[variant big]" in found
    assert "'lots' cannot be read" in found
    assert "internal error" not in found


def test_rendering_that_variant_raises_a_variant_error() -> None:
    from drill.solving.variants import VariantError, render_variant

    loaded = load_pack_text(HEADER + SOLVERLESS_CARD, Path("t.yaml"), "t.yaml")
    assert loaded.pack is not None
    with pytest.raises(VariantError, match="cannot be read") as raised:
        render_variant(loaded.pack.cards[0], "big")
    assert raised.value.given == "batch"


def test_a_sample_that_is_no_number_is_an_error_at_its_placeholder() -> None:
    card = GOOD_CARD.replace("{max_tokens_per_s:209 tokens/s}", "{max_tokens_per_s:fast}")
    found = errors(card)
    assert not any("internal error" in e for e in found), found
    line = line_of(card, "{max_tokens_per_s:fast}")
    column = (HEADER + card).splitlines()[line - 1].index("{max_tokens_per_s") + 1
    assert any(e.startswith(f"t.yaml:{line}:{column}: error: t/c1: answer[0]:")
               and "the sample 'fast' must be a number and a unit" in e for e in found), found
