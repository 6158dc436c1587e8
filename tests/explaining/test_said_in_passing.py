"""Figures said the loose way people say them in a minute: a share as a fraction in words
("a third of the time") is held to the rounding those words carry."""

from __future__ import annotations

from drill.explaining.explain import RIGHT, WRONG
from drill.packs.library import Library
from testkit import said, verdicts

_P99_OPENING = ("Out of 100 samples you'd expect just one above the true P99. Nothing lands "
                "above it with probability 0.99 to the hundredth, ")


def test_a_third_said_for_a_share_near_it_is_right(library: Library) -> None:
    # p99-from-100: 0.99^100 ≈ 36.6%; "a third" is 33.3%, 9% under it, as a person rounds.
    answer = said(library, "benchmarking/p99-from-100",
                  _P99_OPENING + "so a third of the time the slowest sample is still under it.")
    assert verdicts(answer)["a third"][0] == RIGHT
    assert answer.all_right


def test_a_fraction_in_words_far_from_the_share_is_wrong(library: Library) -> None:
    # A quarter (25%) and two thirds (66.7%) are not a rounding of 36.6%.
    for words in ("a quarter", "two thirds"):
        answer = said(library, "benchmarking/p99-from-100",
                      _P99_OPENING + f"so {words} of the time the slowest sample is under it.")
        assert verdicts(answer)[words] == (WRONG, "none_above"), words
        assert not answer.all_right
