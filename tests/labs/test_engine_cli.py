"""``drill simulate pool``, ``hedge`` and ``chunked``: the engine chapters' checks."""

from __future__ import annotations

import json

import pytest

from drill.labs.engine_checks import (
    CHUNK_SIZES,
    HEDGE_SHARED,
    MAX_ENGINE_DRAWS,
    POOL_UTILIZATIONS,
    PREEMPT_CHUNKS,
    chunk_engine,
    engine_draws,
)
from testkit import RunCli


def test_pool_prints_erlang_c_beside_the_simulation(run_cli: RunCli) -> None:
    code, out, err = run_cli("simulate", "pool", "--size", "20000", "--seed", "2")
    assert code == 0 and err == ""
    assert out.startswith("M/M/c: one queue before 4 replicas of 2 s mean service")
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert [row[0] for row in rows] == ["50%", "75%", "90%"]
    # Erlang C for four replicas at 75% is 13.5 ÷ 26.5; M/M/1 says ρ ÷ (1 − ρ) × 2 s.
    assert rows[1][2] == "50.9%"
    assert [row[-2] for row in rows] == ["2", "6", "18"]


def test_hedge_and_chunked_json(run_cli: RunCli) -> None:
    code, out, _ = run_cli("simulate", "hedge", "--size", "5000", "--json")
    assert code == 0
    data = json.loads(out)
    rows = data["runs"][0]["rows"]
    assert [row["shared"] for row in rows] == list(HEDGE_SHARED)
    assert rows[0]["formula_both_slow"] == pytest.approx(0.05**2)
    code, out, _ = run_cli("simulate", "chunked", "--size", "3000", "--json")
    assert code == 0
    rows = json.loads(out)["runs"][0]["rows"]
    assert [row["chunk"] for row in rows] == list(CHUNK_SIZES)
    # No chunking: the worst gap is the whole 4,000-token prompt's step,
    # (64 + 4,000) tokens × 2 × 8.03 billion FLOP ÷ 989 TFLOPS.
    assert rows[0]["formula_worst_gap_ms"] == pytest.approx(4064 * 2 * 8.03e9 / 989e12 * 1000)


def test_preempt_prints_recompute_beside_the_cards_formula(run_cli: RunCli) -> None:
    code, out, _ = run_cli("simulate", "preempt", "--size", "4000", "--json")
    assert code == 0
    rows = json.loads(out)["runs"][0]["rows"]
    assert [row["chunk"] for row in rows] == list(PREEMPT_CHUNKS)
    # 6,000 tokens × 2 × 8.03 billion FLOP ÷ (989 TFLOPS × 50%), as the card has it.
    assert rows[0]["formula_recompute_ms"] == pytest.approx(6_000 * 2 * 8.03e9 / 494.5e12
                                                            * 1000)
    for row in rows[:-1]:  # past the ridge: within 4 errors and one weight read
        assert row["past_the_ridge"]
        gap = row["simulated_recompute_ms"] - row["formula_recompute_ms"]
        assert -4 * row["standard_error_ms"] < gap < (row["weight_read_ms"]
                                                      + 4 * row["standard_error_ms"])
    # Chunks of 64 tokens: every step a weight read, the formula far too low.
    assert not rows[-1]["past_the_ridge"]
    assert rows[-1]["simulated_recompute_ms"] > 2 * rows[-1]["formula_recompute_ms"]
    code, out, _ = run_cli("simulate", "preempt", "--size", "500")
    assert code == 0 and out.startswith("Preemption: a Llama 3 8B cache recomputed on one H100")


def test_the_catalog_engine_is_llama_3_8b_on_an_h100() -> None:
    engine = chunk_engine()
    assert engine.memory_ms == pytest.approx(2 * 8.03e9 / 3.35e12 * 1000)
    assert engine.decoding == 64


def test_the_default_sizes_fit_and_an_oversized_job_is_a_usage_error(
        run_cli: RunCli) -> None:
    assert engine_draws("pool", [200_000]) == 2 * 200_000 * len(POOL_UTILIZATIONS)
    # Four runs of a million steps fit one by one, not together: 2 × 4 chunk sizes × 4 M.
    assert engine_draws("chunked", [1_000_000] * 4) > MAX_ENGINE_DRAWS
    code, out, err = run_cli("simulate", "chunked", "--size", *["1000000"] * 4)
    assert code == 2 and out == "" and "more than the 30,000,000" in err
    code, _out, err = run_cli("simulate", "pool", "--size", "10")
    assert code == 2 and "at least 40" in err
