"""The built-in solvers on their own: against the chapter's printed figures, and as
formulas that follow their givens (what ``drill solve --set`` relies on)."""

from __future__ import annotations

from typing import Any

import pytest

from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity
from drill.quantities.units import convert
from drill.solving.registry import REGISTRY, load_builtin_solvers
from testkit import Evaluate

load_builtin_solvers()


H100 = {"peak_flops": "989 TFLOPS", "bandwidth": "3.35 TB/s"}
SQUARE_BF16 = {"k": "4096", "n": "4096", "element_bytes": "2 B"}


def _in(value: Quantity, unit: str) -> float:
    return convert(value, unit)


def test_importing_solvers_registers_every_builtin() -> None:
    expected = {
        "decode-floor", "tensor-parallel-floor", "prefill-vs-decode", "ridge-point",
        "decode-flip-batch", "decode-step", "measured-mbu", "gpu-cost",
        "launch-overhead-amdahl", "amdahl-two-parts", "gemm-roofline",
        "decode-gemm-intensity", "gemm-ridge-batch", "amdahl", "littles-law",
        "mm1-utilization", "fan-out-tail", "p99-samples", "kv-capacity",
    }
    assert expected <= set(REGISTRY)
    for name in expected:
        assert REGISTRY[name].doc, f"{name} has no description"


# The chapter's roofline table: m, intensity (FLOP/byte, one decimal), attainable TFLOPS
# (rounded to a whole number), and whether compute is the limit.
ROOFLINE_TABLE = [
    (1, 1.0, 3, False),
    (8, 8.0, 27, False),
    (64, 62.1, 208, False),
    (256, 227.6, 762, False),
    (4096, 1365.3, 989, True),
]


@pytest.mark.parametrize(("m", "intensity", "tflops", "compute_bound"), ROOFLINE_TABLE)
def test_gemm_roofline_reproduces_the_chapters_table(
        m: int, intensity: float, tflops: int, compute_bound: bool, evaluate: Evaluate) -> None:
    results = evaluate("gemm-roofline", {"m": str(m), **SQUARE_BF16, **H100})
    assert abs(_in(results["intensity"], "FLOP/byte") - intensity) <= 0.05
    assert abs(_in(results["attainable_flops"], "TFLOPS") - tflops) <= 0.5
    compute_time = results["compute_time"].value
    memory_time = results["memory_time"].value
    assert (compute_time > memory_time) == compute_bound
    assert results["gemm_time"].value == max(compute_time, memory_time)


def test_batch_one_decode_uses_a_third_of_a_percent_of_the_peak(evaluate: Evaluate) -> None:
    results = evaluate("gemm-roofline", {"m": "1", **SQUARE_BF16, **H100})
    assert 0.003 <= results["compute_share"].value < 0.004


def test_the_solved_ridge_batch_puts_the_gemm_exactly_on_the_ridge(evaluate: Evaluate) -> None:
    batch = evaluate("gemm-ridge-batch", {**SQUARE_BF16, **H100})["batch_at_ridge"]
    assert abs(batch.value - 345) <= 1  # the chapter's exercise: m ≈ 345
    on_ridge = evaluate("gemm-roofline", {"m": repr(batch.value), **SQUARE_BF16, **H100})
    assert on_ridge["intensity"].close_to(on_ridge["ridge_point"], 1e-9)
    assert on_ridge["compute_time"].close_to(on_ridge["memory_time"], 1e-9)


@pytest.mark.parametrize(("share", "factor", "speedup"),
                         [("30%", "2×", 1.18), ("30%", "100×", 1.42), ("80%", "2×", 1.67)])
def test_amdahl_matches_the_chapters_examples(share: str, factor: str, speedup: float,
                                              evaluate: Evaluate) -> None:
    results = evaluate("amdahl", {"share": share, "factor": factor})
    assert round(results["overall_speedup"].value, 2) == speedup


def test_amdahl_ceiling_is_the_limit_of_ever_larger_speedups(evaluate: Evaluate) -> None:
    ceiling = evaluate("amdahl", {"share": "30%", "factor": "2×"})["speedup_ceiling"]
    assert ceiling.close_to(read("1 ÷ 0.7").value, 1e-12)
    huge = evaluate("amdahl", {"share": "30%", "factor": "1000000×"})["overall_speedup"]
    assert huge.value < ceiling.value
    assert huge.close_to(ceiling, 1e-5)


def test_results_follow_a_changed_given(evaluate: Evaluate) -> None:
    faster = evaluate("decode-floor", {"weights": "16 GB", "bandwidth": "4.8 TB/s",
                                       "peak_flops": "989 TFLOPS", "params": "8 billion"})
    assert faster["decode_floor"].close_to(read("3.33 ms").value, 0.002)
    assert faster["max_tokens_per_s"].close_to(read("300 tokens/s").value, 0.002)


def test_a_batch_of_one_gets_what_the_gpu_makes(evaluate: Evaluate) -> None:
    one = evaluate("decode-step", {"weights": "16 GB", "bandwidth": "3.35 TB/s", "batch": "1",
                                   "context": "1,000 tokens", "kv_per_token": "128 KiB/token"})
    assert one["total_tokens_per_s"].close_to(one["per_user_tokens_per_s"], 1e-12)
    assert one["one_user_step_time"].close_to(one["step_time"], 1e-12)


def test_prefill_of_a_short_prompt_is_bounded_by_the_weight_read(evaluate: Evaluate) -> None:
    # Ten tokens do far less math than reading 16 GB takes: the pass costs a decode step.
    results = evaluate("prefill-vs-decode", {
        "params": "8 billion", "prompt": "10 tokens", "paste": "8,000 tokens",
        "weights": "16 GB", "bandwidth": "3.35 TB/s", "peak_flops": "989 TFLOPS",
        "users": "30 users"})
    assert results["prefill_time"].close_to(results["decode_floor"], 1e-12)


def test_queueing_from_half_load_to_ninety_percent_is_five_times_slower(evaluate: Evaluate) -> None:
    results = evaluate("mm1-utilization", {"low_utilization": "50%",
                                           "high_utilization": "90%"})
    assert results["latency_growth"].close_to(Quantity(5.0), 1e-12)


def test_one_call_has_no_fan_out_penalty(evaluate: Evaluate) -> None:
    results = evaluate("fan-out-tail", {"calls": "1", "quantile": "99%",
                                              "call_latency": "1 s"})
    assert results["all_within_p99"].close_to(Quantity(0.99), 1e-12)
    assert results["call_quantile_for_page"].close_to(Quantity(0.99), 1e-12)


def test_linear_root_is_the_root_sympy_solve_finds_written_alike() -> None:
    """The two ridge-crossing solvers find their batch without sympy.solve (which loads
    sympy.physics.units): the same expression, term for term."""
    import sympy

    from drill.solving.kit import u

    laws = _laws()
    gemm_intensity, linear_root, ridge_point = (laws.gemm_intensity, laws.linear_root,
                                                laws.ridge_point)

    peak, bandwidth, k, n, size = sympy.symbols("peak_flops bandwidth k n element_bytes",
                                                positive=True)
    m = sympy.Symbol("m", positive=True)
    ridge = ridge_point(peak, bandwidth)
    gemm = gemm_intensity(m, k, n, size)
    assert sympy.srepr(linear_root(gemm, ridge, m)) == sympy.srepr(
        sympy.solve(sympy.Eq(gemm, ridge), m)[0])
    step = 2 * m * u.FLOP / (16 * u.GB)
    assert linear_root(step, ridge, m) == 8 * u.GB * peak / (u.FLOP * bandwidth)


def test_linear_root_refuses_an_equation_of_higher_degree() -> None:
    import sympy

    x = sympy.Symbol("x", positive=True)
    with pytest.raises(ValueError, match="not linear in x"):
        _laws().linear_root(x**2, sympy.Integer(4), x)


def _laws() -> Any:
    """The built-in solvers' laws (a package by another name in a checkout)."""
    import importlib

    from drill.packs.locate import BUILTIN_SOLVERS

    return importlib.import_module(f"{BUILTIN_SOLVERS}.laws")
