"""Formulas (from the solvers) against the seeded simulations, within sampling error.

Sizes are small enough for each test to run in well under a second; every tolerance is a
few standard errors estimated from the same run, never a figure copied from an output.
"""

from __future__ import annotations

import math
import statistics

import pytest

from drill.labs.comparisons import (
    compare_fan_out,
    compare_little,
    compare_p99,
    compare_queue,
)
from drill.labs.simulations import percentile, simulate_single_server


def test_littles_law_formula_matches_the_time_averaged_count() -> None:
    size = 50_000
    (run,) = compare_little([size], seed=1)
    # The formula is the chapter's: λ × W with λ = 8 requests/s.
    assert run.formula_number == pytest.approx(8 * run.check.mean_time_in_system)
    # L = λ_observed × W up to edge effects; the nominal λ differs from the observed one
    # by sampling: a relative standard error of 1/√n.
    assert abs(run.relative_difference) < 4 / math.sqrt(size) + 0.002


@pytest.mark.parametrize(("arrival_rate", "expected_mean"),
                         [(2.0, 0.125), (5.0, 0.2), (8.0, 0.5)])
def test_mm1_mean_time_in_system(arrival_rate: float, expected_mean: float) -> None:
    # The chapter's formula column: 1/(μ − λ) with μ = 10.
    (row,) = compare_queue(60_000, seed=2, arrival_rates=[arrival_rate])
    assert row.formula_mean == pytest.approx(expected_mean)
    assert row.point.standard_error < 0.05 * row.formula_mean
    assert abs(row.mean_z) < 4


@pytest.mark.parametrize("arrival_rate", [2.0, 5.0])
def test_mm1_p99_time_in_system(arrival_rate: float) -> None:
    # A FIFO M/M/1 time in system is exponential with rate μ − λ: P99 = ln(100)/(μ − λ).
    (row,) = compare_queue(40, seed=3, arrival_rates=[arrival_rate])
    assert row.formula_p99 == pytest.approx(math.log(100) / (10 - arrival_rate))
    # A separate, longer run; the P99's error from batch P99s (correlated requests).
    times = simulate_single_server(arrival_rate, 10.0, 100_000, seed=4).times_in_system()
    batches = [percentile(times[i * 5000:(i + 1) * 5000], 0.99) for i in range(20)]
    error = statistics.stdev(batches) / math.sqrt(len(batches))
    assert abs(percentile(times, 0.99) - row.formula_p99) < 4 * error + 0.02 * row.formula_p99


def test_latency_explodes_near_full_load() -> None:
    rows = compare_queue(400, seed=0)
    formulas = [row.formula_mean for row in rows]
    assert [round(row.utilization, 2) for row in rows] == [0.2, 0.5, 0.8, 0.9, 0.95]
    assert formulas == sorted(formulas)
    assert formulas[-1] / formulas[2] == pytest.approx(4)  # 80% → 95%: four times longer


@pytest.mark.parametrize("calls", [1, 10, 40])
def test_fan_out_share_slower_than_one_calls_p99(calls: int) -> None:
    (row,) = compare_fan_out([calls], trials=20_000, seed=5)
    assert row.formula_share == pytest.approx(1 - 0.99**calls)
    assert abs(row.z) < 4


def test_a_page_of_ten_calls_has_its_p99_at_one_calls_p999() -> None:
    (row,) = compare_fan_out([10], trials=100, seed=0)
    assert row.formula_share == pytest.approx(0.0956, abs=1e-4)  # "nearly 10%"
    assert row.page_quantile == pytest.approx(0.999, abs=1e-4)


def test_a_p99_from_few_samples_rests_on_two_of_them() -> None:
    small, large = compare_p99([200, 5000], seed=0)
    assert small.tail_samples == pytest.approx(2)
    assert large.tail_samples == pytest.approx(50)
    # The interval narrows like 1/√n: 25 times the samples, about a fifth of the width.
    assert large.interval.width < 0.5 * small.interval.width


def test_bootstrap_intervals_hold_the_true_p99_most_of_the_time() -> None:
    covered = sum(compare_p99([1000], seed=seed, resamples=200)[0].covers_true_value
                  for seed in range(20))
    assert covered >= 16  # a 95% interval; the percentile bootstrap runs a little short


def test_progress_covers_the_whole_job_once_in_order() -> None:
    seen: list[tuple[int, int]] = []
    compare_fan_out([1, 5], trials=2000, seed=0, progress=lambda d, t: seen.append((d, t)))
    done = [d for d, _ in seen]
    assert done == sorted(done)
    assert seen[-1][0] == seen[-1][1]
