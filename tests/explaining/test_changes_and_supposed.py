"""A change said from one figure to another, and a changed given supposed in passing: "the
step goes from 10 to 15 seconds" claims 15 s after, no span holding 13.3 s; "go to groups
of 32 and the scale costs 4.5 bits" and "with 32 it'd be" are what-ifs."""

from __future__ import annotations

from drill.explaining.explain import RIGHT, WRONG
from drill.packs.library import Library
from testkit import said, verdicts

_RECOMPUTE = "transformer-accounting/recompute"


def test_a_change_from_one_figure_to_another_claims_the_second(library: Library) -> None:
    # recompute: a step of 10 s with forward 2 and backward 4 units grows by one forward,
    # 10 s × 8 ÷ 6 ≈ 13.3 s; 15 s is 13% high.
    wrong = said(library, _RECOMPUTE, "Recompute adds a forward, so the step goes from 10 to "
                 "15 seconds.")
    assert verdicts(wrong)["15 seconds"][0] == WRONG
    right = said(library, _RECOMPUTE, "Recompute adds a forward, so the step goes from 10 to "
                 "13.3 seconds.")
    assert right.all_right


def test_a_span_from_one_figure_to_another_holds_the_quantity(library: Library) -> None:
    # "Anywhere from 12 to 15 seconds" is a span, and 13.3 s lies in it.
    answer = said(library, _RECOMPUTE, "With recompute the step lands anywhere from 12 to 15 "
                  "seconds.")
    assert verdicts(answer)["15 seconds"][0] == RIGHT


def test_a_given_changed_by_an_opening_verb_is_supposed(library: Library) -> None:
    # group-scales: a 16-bit scale per 128 weights is 4.125 bits a weight; per 32 weights
    # it would be 4 + 16 ÷ 32 = 4.5 bits.
    card = "quantization/group-scales"
    supposed = said(library, card, "A 16-bit scale over 128 weights is 4.125 bits per weight. "
                    "Go to groups of 32 and it costs 4.5 bits per weight.")
    assert verdicts(supposed)["4.5 bits"][0] == RIGHT
    # The supposed world still checks what follows from it: 5 bits is not 4 + 16 ÷ 32.
    off = said(library, card, "A 16-bit scale over 128 weights is 4.125 bits per weight. "
               "Go to groups of 32 and it costs 5 bits per weight.")
    assert verdicts(off)["5 bits"][0] == WRONG


def test_with_a_figure_and_what_it_would_be_is_supposed(library: Library) -> None:
    # pipeline-bubble: 4 stages and 8 micro-batches idle 3 ÷ 11 ≈ 27%; with 32 micro-batches
    # it would be 3 ÷ 35 ≈ 8.6%.
    answer = said(library, "parallelism/pipeline-bubble",
                  "With 8 micro-batches each GPU idles 3 of 11 slots, about 27 percent. More "
                  "micro-batches shrink that: with 32 it'd be 3 over 35, under 9 percent.")
    assert "32" not in {text for text, (verdict, _) in verdicts(answer).items()
                        if verdict == WRONG}
    assert answer.all_right


def test_a_figure_denied_by_a_negated_verb_is_no_claim(library: Library) -> None:
    # q3: 32 users do not make each one 32 times slower; the GPU's throughput grows 25.4×,
    # so "32 times more throughput" is wrong, but denying a 32× slowdown claims nothing.
    for denial in ("they don't get 32 times slower", "they won't be 32 times slower"):
        answer = said(library, "speed-physics/q3", f"Short version: {denial}.")
        assert answer.all_right, denial
    claim = said(library, "speed-physics/q3",
                 "They don't get slower; the GPU gets 32 times more throughput.")
    assert verdicts(claim)["32 times"][0] == WRONG
