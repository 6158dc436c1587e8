"""The classic slips a built-in card teaches are named, not left to "2× too small".

Each answer below is a slip worked by hand from the card's scenario (the figures in the
comments), and the grader must name the card's own mistake for it: BF16's two bytes a
parameter forgotten, Little's law without the time, ρ/(1 − ρ) or the wait in the queue
for the time in the system, a decode step that reads the weights and no cache.
"""

from __future__ import annotations

import pytest

from drill.grading import Target, Verdict, grade
from drill.grading.adapter import target_for
from drill.packs.library import load_library
from drill.solving.solve import solve
from drill.solving.variants import work_out

LIBRARY = {card.key: card for card in load_library().cards}


def target(key: str, ask_id: str, variant: str | None = None) -> Target:
    worked = work_out(LIBRARY[key], variant)
    card = worked.card
    solution = worked.solution if worked.solution is not None else solve(card)
    (ask,) = [ask for ask in card.asks if ask.id == ask_id]
    return target_for(card, ask, solution)


@pytest.mark.parametrize(("key", "ask", "variant", "answer", "mistake"), [
    # 8 billion parameters read as 8 GB: 8 GB ÷ 3.35 TB/s = 2.39 ms, 419 tokens/s.
    ("speed-physics/q1", "decode_floor", None, "2.39 ms", "params-as-bytes"),
    ("speed-physics/q1", "decode_floor", None, "8e9 B / 3.35 TB/s", "params-as-bytes"),
    ("speed-physics/q1", "max_tokens_per_s", None, "419 tokens/s", "params-as-bytes"),
    # FLOPs over elements: 2 × 64 × 4096² ÷ (64 × 4096 + 4096² + 64 × 4096) = 124.
    ("serving-math/intensity", "intensity_batch64", None, "124 FLOP/byte",
     "elements-not-bytes"),
    # 20 requests/s for one second, not for the 8 s each stays (160).
    ("serving-math/little", "in_flight", None, "20", "no-time"),
    ("serving-math/little", "in_flight", "busy", "50 requests", "no-time"),
    # 50 requests × 4,000 tokens × 56 KiB: one second's arrivals, 11.5 GB of 68.8 GB.
    ("serving-math/kv-capacity", "kv_total", None, "11.5 GB", "no-time"),
    # ρ/(1 − ρ): 0.95/0.05 = 19 against 0.8/0.2 = 4 gives 4.75, not 20/5 = 4.
    ("serving-math/queueing", "latency_growth", None, "4.75", "queue-not-time"),
    # 50% to 90%: 9/1 against 1/1 is 9, not 10/2 = 5.
    ("serving-math/queueing", "latency_growth", "half-to-ninety", "9×", "queue-not-time"),
    # Waits in the queue, 0.9 × 1 s against 0.5 × 0.2 s: 9×, not 1 s ÷ 0.2 s = 5×.
    ("serving-math/queueing-rates", "wait_ratio", None, "9", "queue-wait-only"),
    # Erlang C, a = 3 on 4 replicas: C = 13.5 ÷ 26.5 = 0.509, wait 0.509 × 2 s ÷ 1 =
    # 1.02 s; adding the 2 s service gives the time in system, 3.02 s.
    ("slo-capacity-cost/erlang-c", "wait", None, "3.02 s", "time-in-system"),
    # 130 sequences over the 16.1 GB ÷ 3.35 TB/s = 4.81 ms weight read alone: 27,000/s.
    ("slo-capacity-cost/latency-frontier", "throughput", None, "27,000 tokens/s",
     "weights-only-step"),
    # 70.6 billion parameters at one byte: the FP8 size, for 141 GB in BF16.
    ("model-sizing/weights-by-precision", "bf16_weights", None, "70.6 GB",
     "one-byte-per-param"),
    # (8.03 billion − 128,256 × 4,096) parameters taken as bytes: 7.5 GB of 15 GB.
    ("model-sizing/decode-bytes-streamed", "streamed", None, "7.5 GB", "params-as-bytes"),
    # 64 × 3.35 TB/s ÷ (8.03 GB + 64 × 2,048 × 128 KiB = 25.2 GB) = 8,500 tokens/s.
    ("hardware/tokens-per-watt", "rate", None, "8500 tokens/s", "params-as-bytes"),
    # 8.03 GB against 50 MiB + 132 × 228 KiB = 83.2 MB of SRAM: 96.5×, not 193×.
    ("hardware/on-chip-memory", "ratio", None, "96.5", "params-as-bytes"),
    # Slips the cards' own tips warn about. 4,096 tokens × 512 KiB with a KV head for
    # each of the 32 query heads: 2.15 GB.
    ("model-sizing/kv-per-token", "kv_per_sequence", None, "2.15 GB", "query-heads"),
    # MLA doubled like a key and a value: 32,768 × 61 × 576 × 2 B × 2 = 4.61 GB.
    ("model-sizing/mla-cache", "mla_per_sequence", None, "4.61 GB", "key-and-value"),
    # 150.75 GB reported (140.4 GiB), all of it: (150.75 − 70.6) ÷ 2.68 GB = 29.
    ("model-sizing/fp8-kv-sequences", "seqs_bf16", None, "29", "whole-memory"),
    # Attention without the causal mask: 131.6 + 2 × 17.6 = 166.8 TFLOP.
    ("transformer-accounting/prefill-long", "total_flops", None, "167 TFLOP",
     "no-causal-mask"),
    # 141.2 GB ÷ (8 × 3.35 TB/s) = 5.27 ms, the all-reduces left out.
    ("parallelism/tp-stops-paying", "step_large", None, "5.27 ms", "bandwidth-only"),
    # No drafter cost: (1 − 0.8⁵) ÷ 0.2 = 3.36×; every draft accepted: 5 ÷ 1.2 = 4.17×.
    ("speculative-decoding/tpot-with-speculation", "user_speedup", None, "3.36×",
     "free-drafter"),
    ("speculative-decoding/tpot-with-speculation", "user_speedup", None, "4.17×",
     "all-accepted"),
    # The prompt given all 2,048 tokens a step: ceil(10,000 ÷ 2,048) = 5 steps of 12 ms.
    ("serving-engine/token-budget", "prefill_time", None, "60 ms", "whole-budget"),
    # The variance 1,000 × 0.01 × 0.99 = 9.9 for its square root, 3.15.
    ("benchmarking/p99-interval", "count_sd", None, "9.9", "variance-as-sd"),
    # Little's law divided (20/s ÷ 8 s = 2.5) and turned round upside down (12 ÷ 90).
    ("serving-math/little", "in_flight", None, "2.5", "rate-over-time"),
    ("serving-math/little-turned", "time_in_system", None, "0.133 s", "inverted"),
    # 405 billion FP8 parameters weighed in BF16: 810 GB ÷ (8 × 3.35 TB/s) = 30.2 ms.
    ("parallelism/eight-gpus-405b", "tpot_floor", None, "30.2 ms", "bf16-weights"),
    # 671 billion FP8 parameters at two bytes: 1,342 GB.
    ("moe-serving/active-vs-total", "weights", None, "1342 GB", "bf16-bytes"),
    # Every copy in BF16: 8.03 billion × 4 × 2 B = 64.2 GB, not 16 B a parameter.
    ("transformer-accounting/training-memory", "training_state", None, "64.2 GB",
     "all-bf16"),
    # 79.65 GiB read as GB: (71.69 − 16.1) GB ÷ (16 × 128 KiB) = 26,500 blocks.
    ("serving-engine/kv-blocks", "blocks", None, "26,500", "gib-as-gb"),
    # 29,025 blocks ÷ 250 a sequence is 116.1 sequences' worth: the 117th does not fit.
    ("serving-engine/kv-blocks", "sequences", None, "117", "rounded-up"),
    # Equal active parameters taken for equal bytes.
    ("moe-serving/moe-vs-dense", "ratio", None, "1×", "equal-bytes"),
    # M/M/1 with one server four times as fast: ρ = 0.75, 0.75/0.25 × 0.5 s = 1.5 s.
    ("slo-capacity-cost/erlang-c", "wait", None, "1.5 s", "one-fast-server"),
    # One FLOP per parameter: 8 × 10⁹ × 500 ÷ 989 TFLOPS = 4.04 ms.
    ("speed-physics/q2", "prefill_time", None, "4.04 ms", "one-flop-per-param"),
    # Multiply-adds over bytes at batch 1: 4096² ÷ (2 × (2 × 4096 + 4096²)) ≈ 0.5.
    ("serving-math/intensity", "intensity_batch1", None, "0.5", "multiply-adds"),
    # 300 tokens × 2 × 8.03 billion FLOP at the full 989 TFLOPS: 4.87 ms, not 9.74 ms.
    ("serving-engine/cached-ttft", "cached_ttft", None, "4.87 ms", "full-peak"),
    # The spec sheet's 80 GB for the 81,559 MiB the driver reports (85.5 GB).
    ("hardware/gb-vs-gib", "memory_gb", None, "80 GB", "datasheet"),
])
def test_a_classic_slip_is_named(key: str, ask: str, variant: str | None, answer: str,
                                 mistake: str) -> None:
    result = grade(answer, target(key, ask, variant))
    assert result.verdict is Verdict.INCORRECT
    assert mistake in result.mistakes, result.message


@pytest.mark.parametrize(("key", "ask", "answer", "words"), [
    # Keys only, or BF16 numbers at one byte: both give 2 × 32 × 8 × 128 = 64 KiB.
    ("model-sizing/kv-per-token", "kv_per_token", "64 KiB/token", "not one byte"),
    # The weights alone, 16 GB ÷ 3.35 TB/s = 4.78 ms, within 1% of the weights plus one
    # user's 1,000 tokens of cache (4.82 ms): the card's words name both.
    ("speed-physics/q3", "step_time", "4.78 ms", "or the weights alone"),
])
def test_a_slip_that_shares_its_value_is_named_both_ways(key: str, ask: str, answer: str,
                                                         words: str) -> None:
    result = grade(answer, target(key, ask))
    assert result.verdict is Verdict.INCORRECT
    assert words in result.message


@pytest.mark.parametrize(("variant", "batch"), [
    (None, "64"), ("batch-128", "128"), ("batch-16", "16"), ("wide-5120", "64"),
    ("b200", "64"),
])
def test_the_intensity_cards_own_rule_is_right_at_every_batch(variant: str | None,
                                                              batch: str) -> None:
    # Intensity ≈ m, the card's tip: m ÷ (1 + 2m/k) exactly, 6.25% under m at batch 128
    # on a 4096 weight and less everywhere else.
    result = grade(f"≈ {batch} FLOP/byte", target("serving-math/intensity",
                                                   "intensity_batch64", variant))
    assert result.verdict is Verdict.CORRECT, result.message


def test_the_intensity_with_elements_for_bytes_stays_wrong_at_batch_128() -> None:
    # 2 × 128 × 4096 ÷ (2 × 128 + 4096) = 241 FLOP per element, twice the 120.
    result = grade("241", target("serving-math/intensity", "intensity_batch64", "batch-128"))
    assert result.verdict is Verdict.INCORRECT
    assert "elements-not-bytes" in result.mistakes
