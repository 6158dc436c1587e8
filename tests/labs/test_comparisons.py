"""Formulas (from the solvers) against the seeded simulations, within sampling error.

Sizes are small enough for each test to run in well under a second; every tolerance is a
few standard errors estimated from the same run, never a figure copied from an output.
"""

from __future__ import annotations

import math
import statistics

import pytest

from drill.labs.comparison_tables import queue_text
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


def test_queue_statistics_leave_out_the_warm_up_of_an_empty_start() -> None:
    # The sweep's first rate draws from the seed exactly as a lone run does, so the same
    # requests can be averaged here without the first tenth.
    size, rate = 4_000, 8.0
    (row,) = compare_queue(size, seed=5, arrival_rates=[rate])
    times = simulate_single_server(rate, 10.0, size, seed=5).times_in_system()
    assert row.point.warm_up == size // 10
    assert row.point.simulated_mean == pytest.approx(statistics.fmean(times[size // 10:]))
    assert row.point.p99 == percentile(times[size // 10:], 0.99)


def test_queue_error_bars_are_flagged_when_runs_are_shorter_than_the_queue_relaxes() -> None:
    # At 95% load an M/M/1 queue takes λ/(μ(1 − √ρ)²) ≈ 1,480 requests to forget its
    # state, so 2,000 requests in 20 batches of 90 are far too correlated for batch means.
    rows = compare_queue(2_000, seed=0)
    by_load = {round(row.utilization, 2): row for row in rows}
    assert by_load[0.95].point.relaxation_requests == pytest.approx(
        9.5 / (10 * (1 - math.sqrt(0.95)) ** 2))
    assert not by_load[0.95].point.errors_trusted
    assert by_load[0.2].point.errors_trusted  # relaxes in about 1 request
    text = "\n".join(queue_text(rows, 2_000, 0, notes=False))
    assert "-" in text and "!" in text
    assert any(line.startswith("! Too few requests") for line in text.splitlines())
    calm = compare_queue(2_000, seed=0, arrival_rates=[2.0])
    assert "!" not in "\n".join(queue_text(calm, 2_000, 0, notes=False))


def test_flagged_error_bars_really_are_too_small() -> None:
    # Why the flag: over many seeds, a flagged row's z scatters far beyond ±1.
    zs = [row.mean_z for seed in range(30)
          for row in compare_queue(400, seed, arrival_rates=[9.5])]
    assert statistics.stdev(zs) > 2
