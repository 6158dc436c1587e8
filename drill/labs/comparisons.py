"""The chapter's checks: each formula (from its solver) beside its seeded simulation.

The simulations are :mod:`drill.labs.simulations`; the formulas are the solvers the cards
grade with, so ``drill simulate`` tests the very figures drill teaches. Every function
takes a seed, sizes, and an optional ``progress(done, total)`` for the whole job.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from drill.labs.simulations import (
    ExpertsResult,
    FanOutResult,
    LittleCheck,
    PercentileInterval,
    Progress,
    UtilizationPoint,
    bootstrap_percentile,
    check_littles_law,
    mm1_sweep,
    simulate_experts_touched,
    simulate_fan_out,
)
from drill.labs.solved import number, solved_values

#: The chapter's settings.
LITTLE_RATES = (8.0, 10.0)  # arrivals and completions per second
QUEUE_SERVICE_RATE = 10.0
QUEUE_ARRIVAL_RATES = (2.0, 5.0, 8.0, 9.0, 9.5)
QUEUE_QUANTILE = 0.99
FAN_OUT_CALLS = (1, 2, 5, 10, 20)
FAN_OUT_QUANTILE = 0.99
P99_SIZES = (200, 5000)
P99_RESAMPLES = 500
#: The experts check: the catalog's mixture-of-experts model and the decode batches.
EXPERTS_MODEL = "DeepSeek-V3"
EXPERT_BATCHES = (1, 4, 16, 32, 64, 128)
DEFAULT_SIZES = {"little": 200_000, "queue": 200_000, "fan-out": 20_000, "experts": 2_000}
#: The most random draws one job may take: about half a minute of plain Python. Sizes are
#: typed by people (and doubled by a key in the app), and fan-out's calls multiply them:
#: 1,000,000 calls × 20,000 requests would run for hours and fill the memory.
MAX_DRAWS = 30_000_000
#: The draws of one routed token, at most: the catalog's largest top-k.
EXPERT_PICKS_BOUND = 8


def draws_needed(check: str, sizes: Sequence[int], calls: Sequence[int] = FAN_OUT_CALLS,
                 resamples: int = P99_RESAMPLES) -> int:
    """How many random numbers a job draws: the measure of its time."""
    if check == "little":
        return sum(2 * n for n in sizes)  # an arrival and a service time per request
    if check == "queue":
        return sum(2 * n * len(QUEUE_ARRIVAL_RATES) for n in sizes)
    if check == "fan-out":
        return sum(n * sum(calls) for n in sizes)
    if check == "p99":
        return sum(n * (resamples + 1) for n in sizes)  # the sample and each resample
    if check == "experts":  # k picks per token, each token of each batch, per trial
        return sum(n * sum(calls) * EXPERT_PICKS_BOUND for n in sizes)
    raise ValueError(f"no check {check!r}")


def check_work(check: str, sizes: Sequence[int], calls: Sequence[int] = FAN_OUT_CALLS,
               resamples: int = P99_RESAMPLES) -> None:
    """Refuse (ValueError) a job larger than MAX_DRAWS, before any of it runs."""
    needed = draws_needed(check, sizes, calls, resamples)
    if needed > MAX_DRAWS:
        fewer = "a smaller size or fewer calls" if check == "fan-out" else "a smaller size"
        raise ValueError(f"{check} at this size would draw {needed:,} random numbers, more "
                         f"than the {MAX_DRAWS:,} a run may take: choose {fewer}")


@dataclass(frozen=True, slots=True)
class LittleComparison:
    """L measured over time in one run, against λ × W from the ``littles-law`` solver."""

    size: int
    seed: int
    check: LittleCheck
    formula_number: float  # λ × W, the nominal λ and the run's mean time in system

    @property
    def measured_number(self) -> float:
        return self.check.time_averaged_number

    @property
    def relative_difference(self) -> float:
        return (self.measured_number - self.formula_number) / self.formula_number


@dataclass(frozen=True, slots=True)
class QueueComparison:
    """One utilization: simulated mean and P99 time in system, and M/M/1's formulas."""

    point: UtilizationPoint
    formula_mean: float  # seconds, from ``mm1-time-in-system``
    formula_p99: float  # seconds: FIFO M/M/1 time in system is exponential

    @property
    def utilization(self) -> float:
        return self.point.utilization

    @property
    def mean_z(self) -> float:
        """How many standard errors the simulated mean lies from the formula."""
        return (self.point.simulated_mean - self.formula_mean) / self.point.standard_error


@dataclass(frozen=True, slots=True)
class FanOutComparison:
    """k parallel calls: the share of requests slower than one call's P99, and 1 − q^k."""

    result: FanOutResult
    formula_share: float  # from ``fan-out-tail``
    page_quantile: float  # the single-call quantile the page's P99 corresponds to

    @property
    def calls(self) -> int:
        return self.result.calls

    @property
    def z(self) -> float:
        error = self.result.standard_error
        return (self.result.slow_share - self.formula_share) / error if error else 0.0


@dataclass(frozen=True, slots=True)
class PercentileComparison:
    """A P99 from n samples with its bootstrap interval, and the latency model's true P99."""

    interval: PercentileInterval
    tail_samples: float  # samples above the P99, from ``p99-samples``

    @property
    def covers_true_value(self) -> bool:
        return self.interval.low <= self.interval.true_value <= self.interval.high


# -- running them ----------------------------------------------------------------------
def compare_little(sizes: Sequence[int], seed: int, progress: Progress | None = None,
                   rates: tuple[float, float] = LITTLE_RATES) -> tuple[LittleComparison, ...]:
    check_work("little", sizes)
    arrival_rate, service_rate = rates
    stages = _Stages(progress, list(sizes))
    out: list[LittleComparison] = []
    for index, size in enumerate(sizes):
        check = check_littles_law(arrival_rate, service_rate, size, seed, stages.stage(index))
        formula = solved_values("littles-law", {
            "arrival_rate": number(arrival_rate, "requests/s"),
            "latency": number(check.mean_time_in_system, "s"),
        })["in_flight"].value
        out.append(LittleComparison(size, seed, check, formula))
    return tuple(out)


def compare_queue(size: int, seed: int, progress: Progress | None = None,
                  service_rate: float = QUEUE_SERVICE_RATE,
                  arrival_rates: Sequence[float] = QUEUE_ARRIVAL_RATES,
                  ) -> tuple[QueueComparison, ...]:
    check_work("queue", [size])
    points = mm1_sweep(service_rate, arrival_rates, size, seed, progress)
    out: list[QueueComparison] = []
    for point in points:
        formula = _queue_formula(point.arrival_rate, service_rate)
        out.append(QueueComparison(point, formula.mean, formula.p99))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class QueueFormula:
    """M/M/1 at one utilization, from ``mm1-time-in-system``: a point of the chart's curves."""

    utilization: float
    mean: float  # seconds
    p99: float  # seconds


def queue_formula_curve(utilizations: Sequence[float],
                        service_rate: float = QUEUE_SERVICE_RATE) -> tuple[QueueFormula, ...]:
    """The formulas' mean and P99 time in system at each utilization (each below 1)."""
    for utilization in utilizations:
        if not 0 < utilization < 1:
            raise ValueError(f"a utilization must be between 0 and 1, not {utilization}")
    return tuple(_queue_formula(u * service_rate, service_rate) for u in utilizations)


def _queue_formula(arrival_rate: float, service_rate: float) -> QueueFormula:
    formulas = solved_values("mm1-time-in-system", {
        "arrival_rate": number(arrival_rate, "requests/s"),
        "service_rate": number(service_rate, "requests/s"),
        "quantile": number(QUEUE_QUANTILE),
    })
    return QueueFormula(formulas["utilization"].value, formulas["mean_time_in_system"].value,
                        formulas["quantile_time_in_system"].value)


def compare_fan_out(calls: Sequence[int], trials: int, seed: int,
                    progress: Progress | None = None) -> tuple[FanOutComparison, ...]:
    check_work("fan-out", [trials], calls)
    # A run's cost grows with its number of calls.
    stages = _Stages(progress, [trials * k for k in calls])
    out: list[FanOutComparison] = []
    for index, k in enumerate(calls):
        result = simulate_fan_out(k, trials, seed, FAN_OUT_QUANTILE,
                                  progress=stages.stage(index))
        formulas = solved_values("fan-out-tail", _fan_out_givens(k, FAN_OUT_QUANTILE))
        out.append(FanOutComparison(result, formulas["slow_share"].value,
                                    formulas["call_quantile_for_page"].value))
    return tuple(out)


def fan_out_formula(calls: int, quantile: float = FAN_OUT_QUANTILE) -> float:
    """1 − q^k from ``fan-out-tail``: the share of requests slower than one call's P99."""
    formulas = solved_values("fan-out-tail", _fan_out_givens(calls, quantile))
    return formulas["slow_share"].value


def _fan_out_givens(calls: int, quantile: float) -> dict[str, str]:
    """The solver's givens; the call latency only names the quantile's latency (the
    shares do not depend on it), so any will do."""
    return {"calls": str(calls), "quantile": number(quantile), "call_latency": "1 s"}


@dataclass(frozen=True, slots=True)
class ExpertsComparison:
    """Experts touched by a batch in simulation, against the ``experts-touched`` solver."""

    result: ExpertsResult
    formula_touched: float  # E × (1 − (1 − k/E)^B)
    batch_times_k: float  # the slip: B × k, as if tokens never shared an expert
    model: str = EXPERTS_MODEL

    @property
    def z(self) -> float:
        """The simulated mean's gap from the formula, in standard errors."""
        error = self.result.standard_error
        gap = self.result.mean_touched - self.formula_touched
        return gap / error if error > 0 else (0.0 if gap == 0 else math.inf)


@dataclass(frozen=True, slots=True)
class MoeShape:
    """A mixture-of-experts layer as the catalog states it."""

    model: str
    experts: int
    active_experts: int


def moe_shape(name: str = EXPERTS_MODEL) -> MoeShape:
    """The catalog's experts and top-k for a model; ValueError for a dense one."""
    from drill.packs.catalog import load_catalog

    model = load_catalog().model(name)
    if model.experts is None or model.active_experts is None:
        raise ValueError(f"{model.name} is not a mixture-of-experts model")
    return MoeShape(model.name, model.experts, model.active_experts)


def compare_experts(batches: Sequence[int], trials: int, seed: int,
                    progress: Progress | None = None,
                    shape: MoeShape | None = None) -> tuple[ExpertsComparison, ...]:
    layer = shape or moe_shape()
    check_work("experts", [trials], batches)
    stages = _Stages(progress, [trials * b for b in batches])
    out: list[ExpertsComparison] = []
    for index, batch in enumerate(batches):
        result = simulate_experts_touched(layer.experts, layer.active_experts, batch, trials,
                                          seed, progress=stages.stage(index))
        formulas = solved_values("experts-touched", {
            "experts": str(layer.experts), "active_experts": str(layer.active_experts),
            "batch": str(batch)})
        out.append(ExpertsComparison(result, formulas["touched"].value,
                                     formulas["batch_times_k"].value, layer.model))
    return tuple(out)


def experts_formula(batch: int, shape: MoeShape | None = None) -> float:
    """E × (1 − (1 − k/E)^B) from ``experts-touched``, for a chart's curve."""
    layer = shape or moe_shape()
    return solved_values("experts-touched", {
        "experts": str(layer.experts), "active_experts": str(layer.active_experts),
        "batch": str(batch)})["touched"].value


def compare_p99(sizes: Sequence[int], seed: int, progress: Progress | None = None,
                resamples: int = P99_RESAMPLES) -> tuple[PercentileComparison, ...]:
    check_work("p99", sizes, resamples=resamples)
    # Each resample sorts n values.
    stages = _Stages(progress, [max(1, round(n * math.log2(n + 1))) for n in sizes])
    out: list[PercentileComparison] = []
    for index, n in enumerate(sizes):
        interval = bootstrap_percentile(n, seed, resamples=resamples,
                                        progress=stages.stage(index))
        tail = solved_values("p99-samples", {"samples": f"{n} requests",
                                             "quantile": number(interval.quantile)})
        out.append(PercentileComparison(interval, tail["tail_samples"].value))
    return tuple(out)


class _Stages:
    """Turns each run's own ``(done, total)`` into progress over the whole job, in ‰."""

    SCALE = 1000

    def __init__(self, progress: Progress | None, weights: Sequence[int]) -> None:
        self.progress = progress
        self.weights = [max(1, w) for w in weights]
        self.total = sum(self.weights)

    def stage(self, index: int) -> Progress | None:
        if self.progress is None:
            return None
        report = self.progress
        before = sum(self.weights[:index])
        weight = self.weights[index]

        def tick(done: int, total: int) -> None:
            share = (before + weight * done / max(1, total)) / self.total
            report(round(share * self.SCALE), self.SCALE)

        return tick

