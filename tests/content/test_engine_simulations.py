"""The serving-engine and capacity formulas hold in seeded simulations, and the cards that
teach them compute the same closed forms as the labs.

Simulated figures are allowed four standard errors from their formulas (estimated from
the same run, after checking they are small enough to mean something); sizes keep each
test well under a second.
"""

from __future__ import annotations

import math
from fractions import Fraction
from math import factorial

import pytest

from drill.explaining.explain import explain, worked_card
from drill.labs.engine_simulations import (
    Engine,
    compare_chunking,
    hedged_slow_share,
    mean_gap,
    mm1_mean_wait,
    mmc_mean_wait,
    prefill_steps,
    recompute_time,
    simulate_chunked_prefill,
    simulate_hedging,
    simulate_pool,
    simulate_preemptions,
    step_time,
)
from drill.packs.library import Library, load_library
from drill.quantities.queueing import erlang_c


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library()


def _results(library: Library, key: str, variant: str | None) -> dict[str, float]:
    _, solution = worked_card(library.find(key), variant)
    assert solution is not None
    return {name: result.value.value for name, result in solution.results.items()}


def _variants(library: Library, key: str) -> list[str | None]:
    return [None, *(variant.id for variant in library.find(key).variants)]


# --- Erlang C ---------------------------------------------------------------------------


def test_erlang_c_matches_worked_values() -> None:
    # One server: an arrival waits exactly when the server is busy, so C = ρ.
    assert erlang_c(1, 0.75) == pytest.approx(0.75)
    # Two servers, a = 1: terms 1 + 1 = 2 below c, and a² ÷ 2! ÷ (1 − ½) = 1 at c: 1 ÷ 3.
    assert erlang_c(2, 1.0) == pytest.approx(1 / 3)
    # Four servers, a = 3: 1 + 3 + 4.5 + 4.5 = 13 below c; 81 ÷ 24 ÷ ¼ = 13.5 at c.
    assert erlang_c(4, 3.0) == pytest.approx(13.5 / 26.5)
    assert erlang_c(4, 4.0) == 1.0
    # Two servers, a = 1.5: 1 + 1.5 = 2.5 below c; 2.25 ÷ 2 ÷ ¼ = 4.5 at c: 4.5 ÷ 7 = 9/14.
    assert erlang_c(2, 1.5) == pytest.approx(9 / 14)
    # Eight servers, a = 6: Σ 6^k/k! for k < 8 = 16,337/40, and 6^8/8! × 8/2 = 5,832/35 at c
    # (worked with fractions), so C = 5,832 / 16,337.
    assert erlang_c(8, 6.0) == pytest.approx(5832 / 16337)


def _erlang_c_by_its_sums(servers: int, offered: Fraction) -> Fraction:
    """Erlang C straight from its definition, in exact fractions: the all-busy term over
    the Poisson terms below it plus itself (no Erlang B recurrence, unlike the code)."""
    all_busy = offered**servers / factorial(servers) * servers / (servers - offered)
    below = sum(offered**k / Fraction(factorial(k)) for k in range(servers))
    return all_busy / (below + all_busy)


def test_a_pool_waits_far_less_than_m_m_1_at_the_same_utilization() -> None:
    # Four replicas of 2 s service at 75%: 0.509 × 2 s ÷ (4 × ¼) against 0.75 ÷ ¼ × 2 s.
    assert mmc_mean_wait(1.5, 0.5, 4) == pytest.approx(13.5 / 26.5 * 2)
    assert mm1_mean_wait(0.375, 0.5) == pytest.approx(6.0)


def test_the_erlang_c_card_computes_the_labs_erlang_c(library: Library) -> None:
    key = "slo-capacity-cost/erlang-c"
    card = library.find(key)
    pools: set[int] = set()
    for variant in _variants(library, key):
        results = _results(library, key, variant)
        chosen = card.variant_named(variant) if variant else None
        servers = int({**card.givens, **(chosen.givens if chosen else {})}["servers"])
        pools.add(servers)
        assert results["utilization"] == pytest.approx(results["offered"] / servers)
        assert results["wait_prob"] == pytest.approx(erlang_c(servers, results["offered"]))
        exact = _erlang_c_by_its_sums(servers, Fraction(results["offered"]).limit_denominator())
        assert results["wait_prob"] == pytest.approx(float(exact))
        assert results["wait_prob"] < results["mm1_wait_prob"]  # the sentence on M/M/1
    assert pools == {2, 4, 8}  # the pool size is a real given of the card


def test_the_erlang_c_cards_own_answer_is_right_in_every_variant(library: Library) -> None:
    card = library.find("slo-capacity-cost/erlang-c")
    for variant in _variants(library, card.key):
        shown, solution = worked_card(card, variant)
        explanation = explain(shown, solution, " ".join(shown.answer))
        assert explanation.all_right, (variant, explanation.wrong)
        assert not explanation.missed, variant


def test_a_simulated_pool_waits_as_erlang_c_says() -> None:
    run = simulate_pool(1.5, 0.5, 4, size=120_000, seed=3)
    assert run.utilization == pytest.approx(0.75)
    assert run.standard_error < 0.06 * run.formula_wait
    assert abs(run.mean_wait - run.formula_wait) < 4 * run.standard_error
    # Waits cluster in busy stretches, so the binomial error is doubled for the share.
    assert abs(run.waited_share - run.formula_waited_share) < 8 * run.waited_standard_error
    assert run.mm1_wait > 5 * run.mean_wait


@pytest.mark.parametrize(("servers", "arrival_rate"), [(2, 0.75), (8, 3.0)])
def test_simulated_pools_of_other_sizes_wait_as_erlang_c_says(servers: int,
                                                              arrival_rate: float) -> None:
    # The card's two- and eight-replica variants at 75% busy, 2 s of service each.
    run = simulate_pool(arrival_rate, 0.5, servers, size=120_000, seed=5)
    assert abs(run.mean_wait - run.formula_wait) < 4 * run.standard_error
    assert abs(run.waited_share - run.formula_waited_share) < 8 * run.waited_standard_error


def test_the_same_seed_gives_the_same_pool_and_bad_sizes_are_refused() -> None:
    assert simulate_pool(1.0, 0.5, 3, size=500, seed=9) == simulate_pool(1.0, 0.5, 3,
                                                                        size=500, seed=9)
    with pytest.raises(ValueError):
        simulate_pool(1.0, 0.5, 0, size=500, seed=9)


# --- Hedged requests --------------------------------------------------------------------


def test_hedged_slow_share_is_p_squared_when_independent() -> None:
    assert hedged_slow_share(0.05, 0.0) == pytest.approx(0.0025)
    assert hedged_slow_share(0.05, 1.0) == pytest.approx(0.05)  # the copy is always slow
    assert hedged_slow_share(0.05, 0.4) == pytest.approx(0.05 * (0.4 + 0.6 * 0.05))
    with pytest.raises(ValueError):
        hedged_slow_share(1.5, 0.0)


def test_the_hedging_card_computes_the_labs_formula(library: Library) -> None:
    key = "slo-capacity-cost/hedged-requests"
    for variant in _variants(library, key):
        results = _results(library, key, variant)
        p = results["independent_slow"] ** 0.5
        shared = 1 - results["unshared"]
        assert results["correlated_slow"] == pytest.approx(hedged_slow_share(p, shared))
        assert results["extra_load"] == pytest.approx(p)


@pytest.mark.parametrize("shared", [0.0, 0.4, 0.7])
def test_simulated_hedges_are_slow_as_the_formula_says(shared: float) -> None:
    result = simulate_hedging(0.05, shared, trials=60_000, seed=int(shared * 10))
    assert abs(result.both_slow_share - result.formula_both_slow) < 4 * result.standard_error
    assert abs(result.hedged_share - 0.05) < 4 * result.hedged_standard_error
    # A hedge can only end a request sooner.
    assert result.p99_hedged_ms <= result.p99_unhedged_ms


def test_a_shared_cause_leaves_most_of_the_tail() -> None:
    independent = simulate_hedging(0.05, 0.0, trials=40_000, seed=1)
    correlated = simulate_hedging(0.05, 0.7, trials=40_000, seed=1)
    assert correlated.both_slow_share > 8 * independent.both_slow_share


# --- Chunked prefill --------------------------------------------------------------------

#: Llama 3 8B in BF16 on an H100 (the chunked-step card's base): 16.1 GB ÷ 3.35 TB/s and
#: 2 × 8.03 billion FLOP ÷ 989 TFLOPS per token, with 64 sequences decoding.
ENGINE = Engine(memory_ms=16.1 / 3.35, compute_ms_per_token=2 * 8.03e9 / 989e12 * 1000,
                decoding=64)


def test_the_chunked_step_card_computes_the_labs_step_time(library: Library) -> None:
    key = "serving-engine/chunked-step"
    for variant in _variants(library, key):
        results = _results(library, key, variant)
        card, _ = worked_card(library.find(key), variant)
        chunk = int(card.givens["chunk"])
        engine = Engine(memory_ms=results["memory_time"] * 1000,
                        compute_ms_per_token=results["compute_time"] * 1000
                        / results["step_tokens"],
                        decoding=int(card.givens["batch"]))
        assert results["step"] * 1000 == pytest.approx(step_time(engine, chunk))
        assert results["decode_only"] * 1000 == pytest.approx(step_time(engine, 0))


def test_prefill_steps_split_a_prompt_into_chunks_and_a_rest() -> None:
    # 4,000 tokens in chunks of 512: seven full chunks and 416 left over.
    steps = prefill_steps(ENGINE, 4_000, 512)
    assert len(steps) == 8
    assert steps[0] == pytest.approx((64 + 512) * ENGINE.compute_ms_per_token)
    assert steps[-1] == pytest.approx((64 + 416) * ENGINE.compute_ms_per_token)
    # With no prompt the weight read sets the step.
    assert step_time(ENGINE, 0) == pytest.approx(16.1 / 3.35)


@pytest.mark.parametrize("chunk", [4_000, 512])
def test_the_simulated_mean_gap_matches_the_formula(chunk: int) -> None:
    run = simulate_chunked_prefill(ENGINE, 2.0, 4_000, chunk, steps=60_000, seed=chunk)
    assert run.formula_mean_ms == pytest.approx(mean_gap(ENGINE, 2.0, 4_000, chunk))
    assert run.standard_error < 0.01 * run.formula_mean_ms
    assert abs(run.mean_gap_ms - run.formula_mean_ms) < 4 * run.standard_error
    assert run.worst_gap_ms == pytest.approx(run.formula_worst_ms)


def test_chunking_cuts_the_gap_tail_and_leaves_the_mean_alone() -> None:
    whole, chunked = compare_chunking(ENGINE, 2.0, 4_000, (4_000, 512), steps=60_000,
                                      seed=4)
    assert whole.p99_gap_ms > 5 * chunked.p99_gap_ms
    assert abs(chunked.mean_gap_ms / whole.mean_gap_ms - 1) < 0.1


def test_prefill_that_fills_the_time_has_no_mean_gap() -> None:
    assert mean_gap(ENGINE, 20.0, 4_000, 4_000) == float("inf")
    with pytest.raises(ValueError):
        simulate_chunked_prefill(ENGINE, 2.0, 4_000, 0, steps=10, seed=0)


# --- Preemption: recompute is a prefill of the evicted context --------------------------


def _preemption_engine(library: Library, variant: str | None) -> tuple[Engine, int, float]:
    """The preemption-cost card's GPU as a step model with nothing else decoding, its
    context in tokens and its recompute time in ms."""
    _, solution = worked_card(library.find("serving-engine/preemption-cost"), variant)
    assert solution is not None
    given = {name: value.value for name, value in solution.given_values.items()}
    result = {name: r.value.value for name, r in solution.results.items()}
    engine = Engine(memory_ms=given["weights"] / given["bandwidth"] * 1000,
                    compute_ms_per_token=result["flop_per_token"]
                    / (given["peak_flops"] * given["mfu"]) * 1000,
                    decoding=0)
    return engine, round(given["context_len"]), result["recompute"] * 1000


def test_recompute_time_is_the_cards_prefill_of_the_context(library: Library) -> None:
    # 6,000 tokens × 2 × 8.03 B FLOP ÷ (989 TFLOPS × 50%) = 96.36 TFLOP ÷ 494.5 TFLOPS.
    engine, context, card_ms = _preemption_engine(library, None)
    assert recompute_time(engine, context) == pytest.approx(6_000 * 16.06e9 / 494.5e12 * 1000)
    assert card_ms == pytest.approx(194.86, rel=1e-4)
    # Chunks of 2,048 (2,048, 2,048 and 1,904 tokens) are each past the ridge: the steps
    # add up to the formula exactly.
    assert math.fsum(prefill_steps(engine, context, 2_048)) == pytest.approx(card_ms)
    # Chunks of 64 are below it (a 4.81 ms weight read outlasts 64 × 0.0325 ms): 94 steps
    # of 4.81 ms, more than twice the formula.
    assert math.fsum(prefill_steps(engine, context, 64)) == pytest.approx(94 * 16.1 / 3.35)


def test_simulated_recomputes_cost_what_the_card_says_in_every_variant(
        library: Library) -> None:
    for index, variant in enumerate(_variants(library, "serving-engine/preemption-cost")):
        engine, context, card_ms = _preemption_engine(library, variant)
        assert recompute_time(engine, context) == pytest.approx(card_ms)
        run = simulate_preemptions(engine, context, 2_048, preemptions=20_000, seed=index)
        assert run.chunk_fills_a_step, variant
        assert run.standard_error < 0.01 * run.formula_ms
        # Stated error: four standard errors, plus up to one weight read per recompute
        # for a last chunk too short to fill its step.
        assert run.mean_recompute_ms > run.formula_ms - 4 * run.standard_error, variant
        assert (run.mean_recompute_ms
                < run.formula_ms + run.floor_ms + 4 * run.standard_error), variant


def test_a_chunk_below_the_ridge_makes_recompute_memory_bound(library: Library) -> None:
    engine, context, _ = _preemption_engine(library, None)
    run = simulate_preemptions(engine, context, 64, preemptions=2_000, seed=1)
    assert not run.chunk_fills_a_step
    assert run.mean_recompute_ms > 2 * run.formula_ms
    assert simulate_preemptions(engine, context, 64, preemptions=50, seed=2) == (
        simulate_preemptions(engine, context, 64, preemptions=50, seed=2))
