"""Claim words read against every variant's numbers: a variant that makes a sentence false
is an error at the variant's line; a claim false in the base is an error at the claim."""

from __future__ import annotations

from pathlib import Path

from drill.checking.checker import check_loaded
from drill.packs.diagnostics import Diagnostic
from drill.packs.loader import load_pack_text

HEADER = "pack: t\ntitle: Test\ncards:\n"

SPEEDUP = """\
  - id: s1
    title: Speculative decoding
    priority: solid
    scenario: >-
      Speculation yields {tokens} per step of {step}, against plain steps of {plain}.
    answer:
      - >-
        So it runs at {speedup:2.4×} the plain rate, more than double, and a step stays
        {step}, well under the {budget} budget.
    givens:
      tokens: 3 tokens
      step: 25 ms
      plain: 20 ms
      budget: 40 ms
    formulas:
      speedup: tokens / step × plain / 1 token
    variants:
      - id: fewer
        givens:
          tokens: 2.4 tokens
      - id: slow
        givens:
          step: 50 ms
    asks:
      - id: speedup
        question: What is the speedup?
        unit: ×
"""

WEIGHTS = """\
  - id: w1
    title: Weights on one GPU
    priority: solid
    gpu: H100
    model: Llama 3 8B
    scenario: >-
      {model} has {params} parameters in BF16 and serves on one {gpu}.
    answer:
      - "The weights take {weights:16.1 GB}, which fits on one {gpu}."
    givens:
      params: 8.03 billion
    facts:
      params: model.params
    formulas:
      weights: params × 2 B
    variants:
      - id: big
        model: Llama 3 70B
    asks:
      - id: weights
        question: How much memory do the weights take?
        unit: GB
"""


def check(text: str) -> list[Diagnostic]:
    loaded = load_pack_text(HEADER + text, Path("t.yaml"), "t.yaml")
    return list(check_loaded(loaded).diagnostics)


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate((HEADER + text).splitlines(), 1) if needle in line)


def test_claims_that_hold_everywhere_are_clean() -> None:
    # 2.8 tokens: 2.24×; a 28 ms step: 2.14×, under the 40 ms budget.
    card = (SPEEDUP.replace("          tokens: 2.4 tokens", "          tokens: 2.8 tokens")
            .replace("          step: 50 ms", "          step: 28 ms"))
    assert [d for d in check(card) if d.code.startswith("claim")] == []


def test_a_variant_that_breaks_more_than_double_is_named_at_its_line() -> None:
    # fewer: 2.4 tokens ÷ 25 ms × 20 ms = 1.92×, not more than double.
    found = [d for d in check(SPEEDUP) if d.code == "claim-false-in-variant"]
    fewer = [d for d in found if d.variant == "fewer"]
    assert len(fewer) == 1 and fewer[0].is_error
    assert fewer[0].location.line == line_of(SPEEDUP, "tokens: 2.4 tokens")
    assert "more than double" in fewer[0].message and "1.92×" in fewer[0].message


def test_a_variant_that_breaks_under_the_budget_is_named_at_its_line() -> None:
    # slow: the step is 50 ms, over the 40 ms budget (and the speedup 1.2×).
    found = [d for d in check(SPEEDUP) if d.code == "claim-false-in-variant"
             and d.variant == "slow"]
    assert {d.location.line for d in found} == {line_of(SPEEDUP, "step: 50 ms")}
    assert any("under the" in d.message and "budget" in d.message for d in found)


def test_a_claim_false_in_the_base_is_an_error_at_the_claim() -> None:
    card = SPEEDUP.replace("budget: 40 ms", "budget: 20 ms")
    (found,) = [d for d in check(card) if d.code == "claim-false"]
    assert found.location.line == line_of(card, "well under the")


def test_weights_that_outgrow_one_gpu_in_a_variant_are_an_error() -> None:
    # Llama 3 70B: 70.6 billion × 2 B = 141 GB, more than the H100's 80 GB.
    found = [d for d in check(WEIGHTS) if d.variant == "big"]
    codes = {d.code for d in found}
    assert "claim-false-in-variant" in codes  # "fits on one {gpu}"
    assert "weights-outgrow-gpu" in codes
    assert all(d.location.line == line_of(WEIGHTS, "model: Llama 3 70B") for d in found)


def test_a_division_written_with_over_is_no_claim() -> None:
    card = SPEEDUP.replace("more than double, and", "and {tokens} over {step} is a rate;")
    assert not [d for d in check(card) if d.code == "claim-false"
                and "over" in d.message]


NO_FIT = """\
  - id: n1
    title: Too big
    priority: solid
    gpu: H100
    model: Llama 3 70B
    scenario: >-
      {model} in BF16 takes {weights:141 GB}, which does not even fit on one {gpu} with
      {memory}.
    givens:
      params: 70.6 billion
      memory: 80 GB
    facts:
      params: model.params
      memory: gpu.memory_datasheet
    formulas:
      weights: params × 2 B
    variants:
      - id: small
        model: Llama 3 8B
    asks:
      - id: weights
        question: How big?
        unit: GB
"""


def test_does_not_fit_is_read_as_the_card_says_it() -> None:
    # The base: 141 GB does not fit in 80 GB, as the card says (and it does not put the
    # weights on one GPU). Llama 3 8B's 16.1 GB fits: the variant makes the words false.
    found = check(NO_FIT)
    assert [(d.variant, d.code) for d in found] == [("small", "claim-false-in-variant")]
    assert found[0].location.line == line_of(NO_FIT, "model: Llama 3 8B")
