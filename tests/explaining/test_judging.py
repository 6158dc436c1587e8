"""Every spoken figure judged by what it is said of: the words around it pick the card's
quantity, declared mistakes come first, restated givens and formula operands are no
claims, and a count of conversations is never a model's head size."""

from __future__ import annotations

import pytest

from drill.explaining.explain import (
    RIGHT,
    UNKNOWN,
    WRONG,
    explain,
    worked_card,
    worked_parent,
)
from drill.packs.library import Library
from testkit import said, verdicts


def test_a_count_of_conversations_is_not_the_head_size(library: Library) -> None:
    # The card's count of conversations is its own (113 as the engine sees memory); the
    # model's head size is 128, which 125 is near: 125 conversations is still wrong.
    card, solution = worked_card(library.find("model-sizing/kv-headroom"))
    assert solution is not None
    count = solution.results["max_sequences"].shown
    wrong = explain(card, solution, "So about 125 conversations fit.")
    [figure] = wrong.figures
    assert (figure.verdict, figure.name, figure.expected) == (WRONG, "max_sequences", count)
    assert not wrong.all_right
    right = explain(card, solution, f"So about {count} conversations fit.")
    assert right.all_right and right.figures[0].name == "max_sequences"


def test_spoken_figures_are_judged_and_point_at_what_was_said(library: Library) -> None:
    result = said(library, "speed-physics/q1",
                  "Sixteen gigs over three point three five terabytes a second is about "
                  "forty-eight milliseconds, so around twenty tokens a second.")
    found = verdicts(result)
    assert found["Sixteen gigs"] == (RIGHT, "weights")
    assert found["forty-eight milliseconds"] == (WRONG, "decode_floor")
    assert found["twenty tokens a second"] == (WRONG, "max_tokens_per_s")
    floor = next(f for f in result.figures if f.name == "decode_floor")
    assert result.text[floor.start:floor.end] == "forty-eight milliseconds"
    assert "off by 10×" in (floor.mistake or "")


def test_the_words_pick_the_quantity_not_the_nearest_value(library: Library) -> None:
    # 2 × 8 × 10⁹ × 8,000 FLOP ÷ 989 TFLOPS ≈ 129 ms: 13 ms is the paste's time off by
    # 10×, though it is nearer the 500-token prompt's 8.1 ms.
    result = said(library, "speed-physics/q2", "The paste takes about 13 ms of prefill.")
    [figure] = result.figures
    assert (figure.verdict, figure.name) == (WRONG, "paste_prefill_time")
    assert "off by 10×" in (figure.mistake or "")


def test_the_kv_reads_are_judged_as_the_kv_reads(library: Library) -> None:
    # 32 users × 1,000 tokens × 128 KiB ≈ 4.19 GB, not the step's 20.2 GB.
    result = said(library, "speed-physics/q3", "The KV cache reads are 32 GB per step.")
    assert verdicts(result)["32 GB per step"] == (WRONG, "kv_bytes")


def test_a_declared_mistake_comes_first(library: Library) -> None:
    # Multiplying the speedups (3× and 2× on their shares) is the card's named mistake.
    result = said(library, "speed-physics/q7-follow-up",
                  "So the step gets about 1.67 times faster overall.")
    [figure] = result.figures
    assert figure.verdict == WRONG and "multiplied-speedups" in (figure.mistake or "")
    # One user's KV in the batched step: 4.82 ms equals nothing right on this card.
    step = said(library, "speed-physics/q3", "Each step is 4.82 ms.")
    assert "one-user-kv" in (step.figures[0].mistake or "")


@pytest.mark.parametrize(("key", "text"), [
    # 9 ÷ 5 requests/s: the load's own ratio, not the latency's.
    ("serving-math/queueing-rates", "The load went up 1.8 times, from 5 to 9 requests a second."),
    # 1 ÷ 10 requests/s is the service time, said right.
    ("serving-math/queueing-rates", "The service time is 100 ms, so at 5 requests a second "
                                    "the time in system is 200 ms."),
    # The GPU's memory is a given, not the cache's total.
    ("model-sizing/kv-headroom", "An 80 gigabyte GPU holds 16 GB of weights."),
    # Inside a formula said in words, 4096 is a term of it.
    ("serving-math/ridge-batch", "Intensity is 4096 m over 2 m plus 4096 FLOPs per byte."),
])
def test_restated_givens_and_formulas_are_no_false_alarms(
        library: Library, key: str, text: str) -> None:
    result = said(library, key, text)
    assert result.all_right, [f.message() for f in result.figures]


def test_a_spoken_only_card_checks_its_givens(library: Library) -> None:
    result = said(library, "speed-physics/q3-follow-up",
                  "Twenty users wait forty seconds because they are served one at a time.")
    assert result.all_right
    assert {f.name for f in result.figures} >= {"users", "wait"}


def test_a_bare_number_without_a_clue_is_no_claim(library: Library) -> None:
    result = said(library, "speed-physics/q1", "So a single user can never see 300.")
    assert result.all_right and not result.wrong


def test_a_quantity_with_no_clue_and_nothing_near_is_unknown(library: Library) -> None:
    result = said(library, "speed-physics/q1", "The rack draws 40 kW.")
    assert [f.verdict for f in result.figures] == [UNKNOWN]
    assert not result.all_right


def test_a_fact_of_another_number_format_is_no_alibi(library: Library) -> None:
    # Llama 3 8B in BF16 is 16 GB; 8 GB is its FP8 size, and 1,979 TFLOPS is the H100's
    # FP8 peak, not its BF16 one (989 TFLOPS).
    weights = said(library, "speed-physics/q1",
                   "Eight billion parameters, so eight gigs of weights.")
    [eight] = [f for f in weights.figures if f.text == "eight gigs"]
    assert (eight.verdict, eight.name) == (WRONG, "weights")
    assert (eight.expected or "").startswith("16") and "GB" in (eight.expected or "")
    peak = said(library, "speed-physics/q2-follow-up",
                "The H100 does about nineteen seventy-nine teraFLOPS in BF16.")
    assert verdicts(peak)["nineteen seventy-nine teraFLOPS"][0] == WRONG


def test_a_follow_up_with_no_solver_knows_its_parents_numbers(library: Library) -> None:
    # q5 measured a 6 ms step on a 4.78 ms floor: MBU ≈ 80%; its follow-up asks what to
    # put on the dashboard instead of GPU-util, in the same scenario.
    card, solution = worked_card(library.find("speed-physics/q5-follow-up"))
    assert solution is None
    text = "Six milliseconds a token against a 4.8 millisecond floor is 80% MBU."
    alone = explain(card, solution, text)
    assert not alone.all_right  # nothing to place the figures against
    parent = worked_parent(card, library.card)
    assert parent is not None and parent[0].key == "speed-physics/q5"
    assert explain(card, solution, text, parent).all_right
    wrong = explain(card, solution, "That is an MBU of 50%.", parent)
    assert [f.name for f in wrong.wrong] == ["mbu"]


def test_a_bare_number_said_in_the_same_breath_takes_the_unit(library: Library) -> None:
    # 64 users at about 66.5 tokens/s each make about 4,260 tokens/s in all.
    right = said(library, "speed-physics/q6-follow-up",
                 "Each user gets about sixty-six tokens a second, and about forty-two fifty "
                 "total.")
    assert verdicts(right)["forty-two fifty"] == (RIGHT, "total_tokens_per_s")
    wrong = said(library, "speed-physics/q6-follow-up",
                 "Each user gets about sixty-six tokens a second, and about sixty-four "
                 "hundred total.")
    assert verdicts(wrong)["sixty-four hundred"] == (WRONG, "total_tokens_per_s")
    # A number inside a formula keeps no unit: "16 divided by 3.35" is no bandwidth.
    formula = said(library, "speed-physics/q1",
                   "It does 3.35 terabytes a second, so 16 divided by 3.35 is 4.8 ms.")
    assert not formula.wrong


def test_a_count_near_the_unrounded_step_is_held_to_the_asked_count(
        library: Library) -> None:
    # The caches that fit before rounding down are within 5% of 119; the count asked for,
    # rounded down and graded to 1%, is the card's own: 119 claims it and misses it.
    card, solution = worked_card(library.find("model-sizing/kv-headroom"))
    assert solution is not None
    count = solution.results["max_sequences"].value.value
    off = round(count * 1.04)  # within "≈" of the unrounded count, not of the count
    [figure] = explain(card, solution, f"So about {off} conversations fit.").figures
    assert (figure.verdict, figure.name) == (WRONG, "max_sequences")
