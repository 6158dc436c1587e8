"""The classic slips of the engine, capacity and benchmarking chapters are declared on
their cards: the slip's number, worked here by hand, is graded wrong and named, and the
right number is graded right."""

from __future__ import annotations

import pytest

from drill.explaining.explain import worked_card
from drill.grading.adapter import target_for
from drill.grading.grade import Verdict, grade
from drill.packs.library import Library, load_library


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library()


# card, ask, the right answer, the slip's answer, the mistake that names it.
SLIPS = [
    # 200 ms + 15 × 30 ms against 200 ms + 16 × 30 ms: the first token counted twice.
    ("slo-capacity-cost/e2e-latency", "e2e", "650 ms", "680 ms", "off-by-one"),
    # $2.50 an hour over 2,400 × 40% tokens/s, against 2,400 tokens/s busy all the time.
    ("slo-capacity-cost/cost-per-million", "cost", "$0.7234", "$0.2894",
     "full-utilization"),
    # Erlang C for 4 replicas at 75%: 13.5/26.5 × 2 s ÷ (4 × 0.25); M/M/1: 0.75/0.25 × 2 s.
    ("slo-capacity-cost/erlang-c", "wait", "1.019 s", "6 s", "mm1-wait"),
    ("slo-capacity-cost/erlang-c", "wait_prob", "50.94%", "75%", "mm1-wait-share"),
    # 5% × (40% + 60% × 5%) with a shared cause, against 5%² for independent copies.
    ("slo-capacity-cost/hedged-requests", "correlated_slow", "2.15%", "0.25%",
     "independent-assumed"),
    # 1,000 × 200 tokens ÷ 50 s, against 1,000 × 2,200 tokens ÷ 50 s.
    ("benchmarking/output-tokens", "output_rate", "4000 tokens/s", "44000 tokens/s",
     "prompt-counted"),
    # 16.1 GB ÷ 3.35 TB/s, against 300 launches × 4 µs seen without a synchronize.
    ("benchmarking/synchronize", "step_floor", "4.806 ms", "1.2 ms", "no-synchronize"),
    # 0.99^100 that all 100 miss the tail, against one sample's 1%.
    ("benchmarking/p99-from-100", "none_above", "36.6%", "1%", "one-percent"),
    # 30 tokens/s × √2 for the difference of two single runs, against one run's 30.
    ("benchmarking/ab-repeats", "single_se", "42.43 tokens/s", "30 tokens/s",
     "one-run-noise"),
    # 10,000 tokens in steps of 2,048 − 200 decode tokens: 6, against 5 of 2,048.
    ("serving-engine/token-budget", "steps", "6", "5", "whole-budget"),
    # 8,000 × 320 KiB over 400 Gb/s = 50 GB/s, against the link read as 400 GB/s.
    ("serving-engine/disagg-transfer", "transfer", "52.43 ms", "6.554 ms", "bits-as-bytes"),
]


@pytest.mark.parametrize(("key", "ask_id", "right", "slip", "mistake"), SLIPS)
def test_a_classic_slip_is_named_and_the_right_answer_passes(
        library: Library, key: str, ask_id: str, right: str, slip: str,
        mistake: str) -> None:
    card, solution = worked_card(library.find(key))
    assert solution is not None
    (ask,) = [ask for ask in card.asks if ask.id == ask_id]
    target = target_for(card, ask, solution)
    assert grade(right, target).verdict is Verdict.CORRECT
    graded = grade(slip, target)
    assert graded.verdict is Verdict.INCORRECT
    assert mistake in graded.mistakes
