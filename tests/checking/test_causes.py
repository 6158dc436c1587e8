"""Root causes at their own line: givens against the catalog, givens a variant's GPU should
drive, unit slips in givens, formulas whose result the card writes otherwise, mistakes that
are the reference. Each is reported once, whatever number of variants shows it."""

from __future__ import annotations

from pathlib import Path

from drill.checking.checker import check_loaded
from drill.packs.diagnostics import Diagnostic
from drill.packs.loader import load_pack_text

HEADER = "pack: t\ntitle: Test\ncards:\n"

DECODE = """\
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
      - id: h200
        gpu: H200
    asks:
      - id: decode_floor
        question: How long is the shortest step on {a_gpu}?
        unit: ms
        stated: ≈ 4.8 ms
"""


def check(text: str) -> list[Diagnostic]:
    loaded = load_pack_text(HEADER + text, Path("t.yaml"), "t.yaml")
    return list(check_loaded(loaded).diagnostics)


def line_of(text: str, needle: str) -> int:
    """The pack line (header included) of the first line holding ``needle``."""
    lines = (HEADER + text).splitlines()
    return next(n for n, line in enumerate(lines, 1) if needle in line)


def test_the_good_card_is_clean() -> None:
    assert check(DECODE) == []


def test_a_given_in_bits_for_bytes_is_an_error_at_the_given() -> None:
    card = DECODE.replace("bandwidth: 3.35 TB/s", "bandwidth: 3.35 Tb/s")
    found = [d for d in check(card) if d.code == "given-against-catalog"]
    assert len(found) == 1 and found[0].is_error
    assert found[0].location.line == line_of(card, "bandwidth: 3.35 Tb/s")
    assert "8× below" in found[0].message and "3.35 TB/s" in found[0].message


def test_a_small_difference_from_the_catalog_is_a_warning() -> None:
    # 3.2 TB/s is 4.5% under the H100's 3.35 TB/s: not a slip, but not the catalog either.
    card = DECODE.replace("bandwidth: 3.35 TB/s", "bandwidth: 3.2 TB/s")
    (found,) = [d for d in check(card) if d.code == "given-against-catalog"]
    assert found.severity == "warning" and "4.5% below" in found.message


def test_a_variants_hand_set_given_is_held_to_its_gpus_fact() -> None:
    card = DECODE.replace("        gpu: H200\n", "        gpu: H200\n        givens:\n"
                                               "          bandwidth: 4.8 Tb/s\n")
    (found,) = [d for d in check(card) if d.code == "given-against-catalog"]
    assert found.is_error and found.variant == "h200"
    assert found.location.line == line_of(card, "bandwidth: 4.8 Tb/s")


def test_a_what_if_given_is_only_held_to_slips() -> None:
    # No gpu in the variant: 4.8 TB/s is a what-if, allowed; 4.8 Tb/s is the H200's in bits.
    what_if = DECODE.replace("        gpu: H200\n", "        givens:\n"
                                                  "          bandwidth: 4.8 TB/s\n")
    assert [d for d in check(what_if) if d.code == "given-against-catalog"] == []
    slip = what_if.replace("bandwidth: 4.8 TB/s", "bandwidth: 4.8 Tb/s")
    (found,) = [d for d in check(slip) if d.code == "given-against-catalog"]
    assert found.is_error and "H200" in found.message


def test_a_given_the_variant_gpu_should_drive_is_named_at_facts() -> None:
    card = DECODE.replace("      bandwidth: gpu.bandwidth\n", "")
    (found,) = [d for d in check(card) if d.code == "untied-given"]
    assert found.location.line == line_of(card, "    facts:")
    assert "bandwidth: gpu.bandwidth" in found.message and "h200" in found.message


def test_a_variant_gpu_with_no_gpu_fact_at_all_is_one_error_at_facts() -> None:
    card = (DECODE.replace("      bandwidth: gpu.bandwidth\n", "")
            .replace("      peak_flops: gpu.bf16_dense\n", ""))
    found = check(card)
    (error,) = [d for d in found if "no given follows it" in d.message]
    assert error.location.line == line_of(card, "    facts:")
    assert "bandwidth: gpu.bandwidth" in error.message
    # The card is still checked in full: its ask's stated figure is wrong here.
    wrong = card.replace("stated: ≈ 4.8 ms", "stated: ≈ 9 ms")
    assert any("stated" in d.message for d in check(wrong))


FORMULAS = """\
  - id: f1
    title: Ring all-reduce
    priority: solid
    scenario: >-
      {n} GPUs at {link} each way move {size}.
    answer:
      - >-
        Each GPU moves 2(n − 1)/n of the buffer: 2 × (n − 1) ÷ n = {ring:1.75}, so
        {ring:1.75} × {size} ÷ {link} = {time:0.996 ms}.
    givens:
      n: "8"
      link: 450 GB/s
      size: 256 MB
    formulas:
      ring: 2 × (n - 1) / n
      time: ring × size / link
    asks:
      - id: time
        question: How long?
        unit: ms
        stated: ≈ 1 ms
"""


def test_the_formula_card_is_clean_with_constants_in_symbolic_expressions() -> None:
    assert check(FORMULAS) == []


def test_a_formula_that_lost_its_brackets_is_named_at_its_line() -> None:
    card = FORMULAS.replace("ring: 2 × (n - 1) / n", "ring: 2 × n - 1 / n")
    found = check(card)
    (cause,) = [d for d in found if d.code == "formula-disagrees"]
    assert cause.location.line == line_of(card, "ring: 2 × n - 1 / n")
    assert "15.9" in cause.message and "1.75" in cause.message
    # time is a consequence: not named as a cause of its own.
    assert not any(d.code == "formula-disagrees" and "time works out" in d.message
                   for d in found)


def test_a_unit_slip_in_a_given_is_named_at_the_given() -> None:
    # moved = ring × size has one input with a unit: its slip is the one repair.
    card = (FORMULAS.replace("      time: ring × size / link\n",
                             "      moved: ring × size\n      time: moved / link\n")
            .replace("= {ring:1.75}, so", "= {ring:1.75}, so each moves {moved:448 MB} and")
            .replace("size: 256 MB", "size: 256 GB"))
    (cause,) = [d for d in check(card) if d.code == "given-unit-slip"]
    assert cause.location.line == line_of(card, "size: 256 GB")
    assert "÷ 1,000" in cause.message


def test_a_mistake_identical_to_the_reference_is_one_error() -> None:
    card = DECODE.replace("        stated: ≈ 4.8 ms\n", "        stated: ≈ 4.8 ms\n"
                          "        mistakes:\n          - id: same\n"
                          "            value: decode_floor\n"
                          "            message: That is the reference itself.\n")
    found = [d for d in check(card) if "mistake 'same'" in d.message]
    assert len(found) == 1  # not again for the variant
    assert found[0].is_error and found[0].code == "mistake-equals-reference"
    assert found[0].location.line == line_of(card, "value: decode_floor")


def test_every_finding_has_a_specific_code() -> None:
    # A file with many kinds of error: none is filed under a catch-all.
    card = (DECODE.replace("bandwidth: 3.35 TB/s", "bandwidth: 3.35 Tb/s")
            .replace("stated: ≈ 4.8 ms", "stated: ≈ 9 ms")
            .replace("    priority: solid\n", "    priority: solid\n    colour: red\n"))
    found = [d.to_dict()["code"] for d in check(card)]
    assert found and all(code not in ("check", "other", "") for code in found), found


def test_a_misspelt_placeholder_gets_a_did_you_mean() -> None:
    card = DECODE.replace("{weights} ÷ {bandwidth}", "{weights} ÷ {bandwdth}")
    (found,) = check(card)
    assert "{bandwdth} is not a given (did you mean 'bandwidth'?)" in found.message
    sample = DECODE.replace("{decode_floor:4.78 ms}.", "{decode_flor:4.78 ms}.")
    assert any("(did you mean decode_floor?)" in d.message for d in check(sample))


def test_a_wrong_working_is_reported_once_not_once_per_variant() -> None:
    card = DECODE.replace('"So 1 token', '"It is not {weights} ÷ {bandwidth} ≈ 9 ms. So 1 token')
    found = check(card)
    assert len(found) == 1, found  # the base's; the h200 variant's same sentence is the same cause
    assert found[0].variant is None and found[0].to_dict()["code"] == "equation-off"


def test_a_broken_formula_hides_no_name_and_says_what_waits() -> None:
    card = (FORMULAS.replace("ring: 2 × (n - 1) / n", "ring: 2 × (nn - 1) / n")
            .replace("        stated: ≈ 1 ms\n", "        stated: ≈ 1 ms\n        mistakes:\n"
                     "          - id: half\n            value: rng\n"
                     "            message: Half the ring.\n")
            + "    variants:\n      - id: v\n        gpu: H2000\n        givens:\n"
              "          n: \"4\"\n")
    found = check(card)
    messages = [d.message for d in found]
    assert any("unknown name 'nn'" in m for m in messages)
    assert any("'rng' is neither a given nor a result" in m and "did you mean ring" in m
               for m in messages)
    assert any("no GPU 'H2000'" in m and "did you mean" in m for m in messages)
    (waiting,) = [d for d in found if d.code == "checks-skipped"]
    assert waiting.severity == "warning"
    assert f"at line {line_of(card, 'ring: 2 × (nn - 1) / n')}" in waiting.message


def test_constants_of_formulas_in_words_are_no_figures() -> None:
    # "4 + metadata bits ÷ group size" and "parameters × 2 B": constants of a formula
    # written in words; a lone "4 experts" is still a figure to account for.
    card = FORMULAS.replace(
        "Each GPU moves 2(n − 1)/n of the buffer:",
        "Each GPU moves 2(n − 1)/n of the buffer (weights: parameters × 2 B; bits per weight:"
        " 4 + metadata bits ÷ group size):")
    assert check(card) == []
    wrong = FORMULAS.replace("Each GPU moves", "About 5 experts later, each GPU moves")
    assert [d.to_dict()["code"] for d in check(wrong)] == ["unaccounted-figure"]
