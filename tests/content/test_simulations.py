"""The chapter's formulas hold in the seeded simulations, within their sampling error.

Each check compares a simulated figure with the closed form and allows four standard
errors (estimated from the same run), after checking that the error is small enough for
the comparison to mean something. Sizes are chosen so each test runs in well under a
second.
"""

from __future__ import annotations

import math

import pytest

from drill.labs.simulations import (
    LatencyModel,
    bootstrap_percentile,
    check_littles_law,
    mm1_mean_time,
    mm1_sweep,
    percentile,
    simulate_experts_touched,
    simulate_fan_out,
    simulate_single_server,
    time_averaged_in_system,
)


def test_a_run_is_a_fifo_queue() -> None:
    run = simulate_single_server(8.0, 10.0, size=2_000, seed=1)
    arrivals = [visit.arrival for visit in run.visits]
    departures = [visit.departure for visit in run.visits]
    assert arrivals == sorted(arrivals)
    assert departures == sorted(departures)  # first come, first served
    assert all(visit.departure > visit.arrival for visit in run.visits)
    assert run.utilization == pytest.approx(0.8)


def test_the_same_seed_gives_the_same_run_and_another_seed_does_not() -> None:
    first = simulate_single_server(8.0, 10.0, size=500, seed=7)
    assert simulate_single_server(8.0, 10.0, size=500, seed=7) == first
    assert simulate_single_server(8.0, 10.0, size=500, seed=8) != first


def test_littles_law_holds_on_a_simulated_queue() -> None:
    check = check_littles_law(8.0, 10.0, size=50_000, seed=0)
    # L and λW count the same request-seconds, apart from requests still in the
    # system at the end of the window: a few parts in ten thousand here.
    assert check.time_averaged_number == pytest.approx(check.littles_product, rel=0.005)
    # And the arrival rate measured in the run is the one the arrivals were drawn with.
    standard_error = check.arrival_rate / math.sqrt(50_000)
    assert abs(check.observed_arrival_rate - check.arrival_rate) < 4 * standard_error


def test_time_average_counts_overlapping_visits() -> None:
    run = simulate_single_server(1.0, 2.0, size=3, seed=3)
    visits = run.visits
    horizon = visits[-1].departure + 1
    # Integrated by hand: every visit contributes its time in system.
    expected = sum(v.time_in_system for v in visits) / horizon
    assert time_averaged_in_system(visits, horizon) == pytest.approx(expected)


@pytest.mark.parametrize("utilization", [0.2, 0.5, 0.8])
def test_mm1_mean_time_in_system_is_one_over_mu_minus_lambda(utilization: float) -> None:
    service_rate = 10.0
    (point,) = mm1_sweep(service_rate, [utilization * service_rate], size=60_000, seed=11)
    assert point.formula_mean == pytest.approx(1 / (service_rate * (1 - utilization)))
    assert point.standard_error < 0.05 * point.formula_mean
    assert abs(point.simulated_mean - point.formula_mean) < 4 * point.standard_error


def test_the_tail_grows_faster_than_the_load() -> None:
    points = mm1_sweep(10.0, [5.0, 9.0], size=60_000, seed=5)
    half, ninety = points
    assert ninety.p99 > 3 * half.p99
    assert mm1_mean_time(10.0, 10.0) == math.inf


@pytest.mark.parametrize("calls", [1, 10, 40])
def test_fan_out_share_slower_than_one_calls_p99_is_one_minus_099_to_the_k(
        calls: int) -> None:
    result = simulate_fan_out(calls, trials=12_000, seed=calls)
    assert result.formula_share == pytest.approx(1 - 0.99**calls)
    assert abs(result.slow_share - result.formula_share) < 4 * result.standard_error


def test_fan_out_doubles_the_median_with_ten_calls() -> None:
    result = simulate_fan_out(10, trials=12_000, seed=2)
    assert 1.8 < result.request_median_ms / result.single_median_ms < 2.4


def test_latency_model_quantile_matches_its_samples() -> None:
    model = LatencyModel(median_ms=100.0, sigma=0.5)
    assert model.quantile(0.5) == pytest.approx(100.0)
    assert model.quantile(0.99) == pytest.approx(320.0, abs=0.5)  # 100 ms × e^(0.5 × 2.326)


def test_bootstrap_interval_narrows_with_more_samples_and_covers_the_truth() -> None:
    small = bootstrap_percentile(200, seed=4, resamples=300)
    large = bootstrap_percentile(5_000, seed=4, resamples=300)
    assert small.tail_samples == pytest.approx(2)
    assert small.low <= small.estimate <= small.high
    assert large.low <= large.true_value <= large.high
    assert large.width < small.width / 2


def test_percentile_takes_the_value_at_rank_q_times_n() -> None:
    values = list(range(200, 0, -1))  # unsorted on purpose
    assert percentile(values, 0.99) == 199  # sorted index int(0.99 × 200) = 198
    with pytest.raises(ValueError):
        percentile([], 0.5)


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    mm1_sweep(10.0, [2.0, 5.0], size=1_000, seed=0, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (2_000, 2_000)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert 50 <= len(seen) <= 250


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError):
        simulate_single_server(8.0, 10.0, size=0, seed=0)
    with pytest.raises(ValueError):
        simulate_fan_out(0, trials=10, seed=0)


@pytest.mark.parametrize(("experts", "active", "batch"), [(256, 8, 32), (8, 2, 4), (256, 8, 128)])
def test_experts_touched_matches_e_times_one_minus_the_miss_chance(
        experts: int, active: int, batch: int) -> None:
    # Each expert is missed by one token with chance 1 − k/E, so by the batch with
    # (1 − k/E)^B; the mean count is E times the rest.
    result = simulate_experts_touched(experts, active, batch, trials=1_500, seed=2)
    expected = experts * (1 - (1 - active / experts) ** batch)
    assert result.standard_error < 0.01 * expected
    assert abs(result.mean_touched - expected) <= 4 * result.standard_error


def test_one_token_reads_exactly_its_own_experts_and_bad_shapes_are_refused() -> None:
    assert simulate_experts_touched(256, 8, 1, trials=50, seed=0).mean_touched == 8
    with pytest.raises(ValueError, match="cannot pick"):
        simulate_experts_touched(4, 8, 1, trials=1, seed=0)
