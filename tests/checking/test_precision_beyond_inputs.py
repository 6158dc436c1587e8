"""An estimate is shown with no more figures than its rule-of-thumb factor supports: a
result worked out from a factor written with k significant figures (``0.7``: one) shows at
most k + 1 of them in a sentence that hedges ("perhaps") or gives a range, in the base and
in every variant."""

from __future__ import annotations

from pathlib import Path

from drill.checking.checker import check_loaded
from drill.checking.precision import factors_of
from drill.packs.diagnostics import Diagnostic
from drill.packs.loader import load_pack_text

HEADER = "pack: t\ntitle: Test\ncards:\n"

# The ceiling: 3.35 TB/s ÷ 16 GB × 1 token = 209.375 tokens/s; kernels reach perhaps 0.7
# of it, 146.5625 tokens/s, to 0.85 of it, 177.97 tokens/s. On 2,039 GB/s (the variant):
# 127.4375 tokens/s, 0.7 × = 89.206 and 0.85 × = 108.32.
CARD = """\
  - id: c1
    title: A ceiling
    priority: solid
    scenario: "One user reads {weights} of weights at {bandwidth}."
    answer:
      - >-
        The ceiling is {ceiling:209 tokens/s}. Real kernels get perhaps
        {low:LOW [tokens/s]} to {high:HIGH tokens/s} of that.
      - "Worked out: {0.7|constant: the share} × {ceiling:209 tokens/s} = {low:146.6 tokens/s}."
      - "That is roughly {ceiling:209 tokens/s} at best."
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
    formulas:
      ceiling: bandwidth / weights × 1 token
      low: 0.7 × ceiling
      high: 0.85 × ceiling
    variants:
      - id: slower
        givens:
          bandwidth: 2,039 GB/s
    asks:
      - id: ceiling
        question: What is the ceiling?
        unit: tokens/s
"""


def card(low: str, high: str) -> str:
    return CARD.replace("LOW", low).replace("HIGH", high)


def check(text: str) -> list[Diagnostic]:
    loaded = load_pack_text(HEADER + text, Path("t.yaml"), "t.yaml")
    return list(check_loaded(loaded).diagnostics)


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate((HEADER + text).splitlines(), 1) if needle in line)


def test_the_corrected_estimate_is_clean() -> None:
    # "~": the base and the variant show two figures: 150 to 180, and 89 to 110.
    found = check(card("~150", "~180"))
    assert [d for d in found if d.is_error or d.code == "precision-beyond-inputs"] == []


def test_an_estimate_with_four_figures_from_a_one_figure_factor_is_an_error() -> None:
    text = card("146.6", "~180")
    found = [d for d in check(text) if d.code == "precision-beyond-inputs"]
    assert len(found) == 1 and found[0].is_error
    assert found[0].location.line == line_of(text, "{low:146.6 [tokens/s]}")
    assert "0.7" in found[0].message and "at most 2" in found[0].message
    assert "write {low:~150 [tokens/s]}" in found[0].message  # 146.6 cut to two figures
    # The worked equation (no hedge, no range) keeps its 146.6: it is arithmetic shown.


def test_a_range_end_is_held_to_the_fewer_figures_of_the_two() -> None:
    # 178 has three figures: 0.85 alone would allow them, its range's 0.7 does not.
    found = [d for d in check(card("~150", "178")) if d.code == "precision-beyond-inputs"]
    assert len(found) == 1 and "{high:178 tokens/s}" in found[0].message


def test_a_variant_that_shows_too_many_figures_is_named_once_at_the_placeholder() -> None:
    # The base shows 150 and 180 (two figures), the variant 89.2 and 108 (three): the
    # issue's own example. One finding per placeholder, naming the variant.
    text = card("150", "180")
    found = [d for d in check(text) if d.code == "precision-beyond-inputs"]
    assert len(found) == 2 and all(d.variant == "slower" for d in found)
    assert {d.location.line for d in found} == {line_of(text, "{low:150 [tokens/s]}")}
    shown = " ".join(d.message for d in found)
    assert "variant 'slower' shows '89.2'" in shown
    assert "variant 'slower' shows '108 tokens/s'" in shown


def test_whole_numbers_in_a_formula_are_exact_counts_not_factors() -> None:
    formulas = {"ceiling": "bandwidth / weights × 1 token", "low": "0.7 × ceiling",
                "weights": "params × 2 B", "share": "85% × low"}
    assert factors_of("ceiling", formulas) == ()
    assert [(f.text, f.digits, f.formula) for f in factors_of("low", formulas)] == [
        ("0.7", 1, "low")]
    assert sorted((f.text, f.digits) for f in factors_of("share", formulas)) == [
        ("0.7", 1), ("85", 2)]


PLAIN = """\
  - id: p1
    title: A ceiling in plain words
    priority: solid
    scenario: "One user reads {weights} of weights at {bandwidth}."
    answer:
      - >-
        The ceiling is {ceiling:209 tokens/s}. Real kernels get perhaps RANGE
        of that.
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
    formulas:
      ceiling: bandwidth / weights × 1 token
      low: 0.7 × ceiling
      high: 0.85 × ceiling
    asks:
      - id: ceiling
        question: What is the ceiling?
        unit: tokens/s
"""


def test_a_plain_figure_for_an_estimate_is_held_to_its_factor_too() -> None:
    # 146.6 and 178 stand for low (0.7 ×) and high (0.85 ×): a range, two figures at most.
    text = PLAIN.replace(
        "RANGE", "146.6 to 178 tokens/s")
    found = [d for d in check(text) if d.code == "precision-beyond-inputs"]
    assert sorted(d.message.split("'")[1] for d in found) == ["146.6", "178 tokens/s"]
    assert {d.location.line for d in found} == {line_of(text, "146.6 to 178")}


def test_the_plain_figures_written_as_rounded_placeholders_are_clean() -> None:
    # A plain 150 would not be accounted for (146.6 is not 150 to its written precision):
    # the fix is the placeholders with '~' samples.
    text = PLAIN.replace(
        "RANGE", "{low:~150 [tokens/s]} to {high:~180 tokens/s}")
    found = check(text)
    assert [d for d in found if d.is_error or d.code == "precision-beyond-inputs"] == []
