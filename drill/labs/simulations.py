"""Seeded simulations that check the serving-math formulas against random experiments.

Each function takes a seed and a size and returns a frozen result, so the same call always
gives the same numbers. Plain Python (``random.Random``), no numpy: a 100,000-request
queue runs in a fraction of a second. Long runs accept ``progress(done, total)``, called
about a hundred times, for a screen to show.

* :func:`simulate_single_server` — one FIFO server, Poisson arrivals, exponential service.
* :func:`check_littles_law` — the time-averaged number in system against λ × W.
* :func:`mm1_sweep` — mean and P99 time in system across utilizations, with 1/(μ − λ).
* :func:`simulate_fan_out` — how often the slowest of k parallel calls passes one call's P99.
* :func:`bootstrap_percentile` — a bootstrap confidence interval for a P99 from n samples.
* :func:`simulate_experts_touched` — distinct MoE experts a batch of tokens routes to.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: ``progress(done, total)``: how much of a run is finished.
Progress = Callable[[int, int], None]

#: Batches for the batch-means standard error of a queue's mean time in system. Successive
#: requests in a queue are correlated, so the plain i.i.d. formula would understate it.
MEAN_BATCHES = 20
#: Share of each queue run left out at its start: the queue starts empty, which its steady
#: state rarely is, so the first requests wait less than the formulas say.
WARM_UP_SHARE = 0.1
#: Batch means are only near independent when each batch spans several of the queue's
#: relaxation times; shorter batches make the standard error too small.
RELAXATION_TIMES_PER_BATCH = 5


def ticker(total: int, progress: Progress | None) -> Callable[[int], None]:
    """Calls ``progress`` about a hundred times over ``total`` steps, and at the end."""
    if progress is None:
        return lambda done: None
    every = max(1, total // 100)

    def tick(done: int) -> None:
        if done % every == 0 or done == total:
            progress(done, total)

    return tick


def check_positive(**values: float) -> None:
    for name, value in values.items():
        if not value > 0:
            raise ValueError(f"{name} must be positive, not {value}")


def percentile(values: Sequence[float], quantile: float) -> float:
    """The ``quantile`` of ``values`` by rank: the value at index ⌊q·n⌋ of the sorted list."""
    if not values:
        raise ValueError("percentile of no values")
    if not 0 <= quantile < 1:
        raise ValueError(f"quantile must be in [0, 1), not {quantile}")
    ordered = sorted(values)
    return ordered[min(int(quantile * len(ordered)), len(ordered) - 1)]


# --- One FIFO server --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Visit:
    """One request's passage through the server, in seconds from the start."""

    arrival: float
    departure: float

    @property
    def time_in_system(self) -> float:
        return self.departure - self.arrival


@dataclass(frozen=True, slots=True)
class QueueRun:
    """A simulated single-server queue: every request's arrival and departure."""

    arrival_rate: float  # requests per second
    service_rate: float  # requests per second the server completes when busy
    seed: int
    visits: tuple[Visit, ...]

    @property
    def utilization(self) -> float:
        return self.arrival_rate / self.service_rate

    @property
    def horizon(self) -> float:
        """The last arrival: the window over which the run is averaged."""
        return self.visits[-1].arrival

    def times_in_system(self) -> list[float]:
        return [visit.time_in_system for visit in self.visits]

    @property
    def mean_time_in_system(self) -> float:
        return statistics.fmean(self.times_in_system())


def batch_standard_error(times: Sequence[float], statistic: Callable[[Sequence[float]], float],
                         batches: int = MEAN_BATCHES) -> float:
    """Standard error of ``statistic`` over ``times`` by batch means (sectioning).

    Successive requests in a queue are correlated, so the spread of the statistic over
    ``batches`` consecutive stretches stands in for the i.i.d. formula, which would
    understate it.
    """
    size = len(times) // batches
    if size < 2:
        raise ValueError(f"{len(times)} visits are too few for {batches} batches")
    values = [statistic(times[i * size:(i + 1) * size]) for i in range(batches)]
    return statistics.stdev(values) / math.sqrt(batches)


def mm1_relaxation_requests(arrival_rate: float, service_rate: float) -> float:
    """Arrivals an M/M/1 queue takes to forget its state: λ ÷ (μ (1 − √ρ)²).

    The relaxation time 1 ÷ (μ (1 − √ρ)²) grows without bound near full load, which is
    why a queue at 95% needs far longer runs than one at 50% for the same precision.
    """
    check_positive(arrival_rate=arrival_rate, service_rate=service_rate)
    if arrival_rate >= service_rate:
        return math.inf
    rho = arrival_rate / service_rate
    return arrival_rate / (service_rate * (1 - math.sqrt(rho)) ** 2)


def simulate_single_server(arrival_rate: float, service_rate: float, size: int, seed: int,
                           progress: Progress | None = None) -> QueueRun:
    """``size`` requests through one first-come-first-served server.

    Gaps between arrivals and service times are exponential (an M/M/1 queue). A request
    starts when it arrives or when the server frees up, whichever is later.
    """
    check_positive(arrival_rate=arrival_rate, service_rate=service_rate, size=size)
    rng = random.Random(seed)
    visits = _single_server(rng, arrival_rate, service_rate, size, ticker(size, progress))
    return QueueRun(arrival_rate, service_rate, seed, visits)


def _single_server(rng: random.Random, arrival_rate: float, service_rate: float, size: int,
                   tick: Callable[[int], None]) -> tuple[Visit, ...]:
    clock = free_at = 0.0
    visits: list[Visit] = []
    for done in range(1, size + 1):
        clock += rng.expovariate(arrival_rate)
        free_at = max(clock, free_at) + rng.expovariate(service_rate)
        visits.append(Visit(clock, free_at))
        tick(done)
    return tuple(visits)


def time_averaged_in_system(visits: Sequence[Visit], horizon: float) -> float:
    """The number of requests in the system, averaged over time from 0 to ``horizon``.

    The count in the system, integrated over the window, is the total time the visits
    spend inside it: each request adds the part of its stay that falls before the
    horizon. No event list is needed, and no sorting.
    """
    check_positive(horizon=horizon)
    inside = math.fsum(max(0.0, min(v.departure, horizon) - min(v.arrival, horizon))
                       for v in visits)
    return inside / horizon


# --- Little's law -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LittleCheck:
    """Little's law on one run: L measured over time against λ × W."""

    arrival_rate: float  # the rate the arrivals were drawn with
    observed_arrival_rate: float  # arrivals ÷ horizon in this run
    mean_time_in_system: float  # W, seconds
    time_averaged_number: float  # L, measured
    horizon: float

    @property
    def littles_product(self) -> float:
        """λ × W with the run's own arrival rate: what Little's law says L is."""
        return self.observed_arrival_rate * self.mean_time_in_system


def check_littles_law(arrival_rate: float, service_rate: float, size: int, seed: int,
                      progress: Progress | None = None) -> LittleCheck:
    run = simulate_single_server(arrival_rate, service_rate, size, seed, progress)
    horizon = run.horizon
    return LittleCheck(
        arrival_rate=arrival_rate,
        observed_arrival_rate=len(run.visits) / horizon,
        mean_time_in_system=run.mean_time_in_system,
        time_averaged_number=time_averaged_in_system(run.visits, horizon),
        horizon=horizon,
    )


# --- M/M/1 across utilizations ----------------------------------------------------------


def mm1_mean_time(arrival_rate: float, service_rate: float) -> float:
    """M/M/1 mean time in system, 1 ÷ (μ − λ); infinite at or above full load."""
    if arrival_rate >= service_rate:
        return math.inf
    return 1 / (service_rate - arrival_rate)


@dataclass(frozen=True, slots=True)
class UtilizationPoint:
    """One utilization of an M/M/1 sweep: simulated mean and P99 against the formula.

    The statistics leave out the warm-up (the first ``warm_up`` requests).
    """

    arrival_rate: float
    service_rate: float
    simulated_mean: float  # seconds
    standard_error: float  # of simulated_mean, by batch means
    formula_mean: float  # 1 ÷ (μ − λ)
    p99: float  # seconds
    warm_up: int  # requests left out at the start
    batch_size: int  # requests per batch of the standard errors
    relaxation_requests: float  # arrivals the queue takes to forget its state

    @property
    def utilization(self) -> float:
        return self.arrival_rate / self.service_rate

    @property
    def errors_trusted(self) -> bool:
        """Batches long enough for their standard errors to mean what they say."""
        return self.batch_size >= RELAXATION_TIMES_PER_BATCH * self.relaxation_requests


def _shifted(tick: Callable[[int], None], offset: int) -> Callable[[int], None]:
    return lambda done: tick(offset + done)


def mm1_sweep(service_rate: float, arrival_rates: Sequence[float], size: int, seed: int,
              progress: Progress | None = None) -> tuple[UtilizationPoint, ...]:
    """One queue of ``size`` requests per arrival rate, all drawn from one seeded stream.

    Each queue starts empty; its first ``WARM_UP_SHARE`` of requests are left out of the
    statistics.
    """
    for arrival_rate in arrival_rates:
        check_positive(arrival_rate=arrival_rate, service_rate=service_rate, size=size)
    rng = random.Random(seed)
    tick = ticker(size * len(arrival_rates), progress)
    points: list[UtilizationPoint] = []
    for index, arrival_rate in enumerate(arrival_rates):
        visits = _single_server(rng, arrival_rate, service_rate, size,
                                _shifted(tick, index * size))
        # Tiny runs keep every request: two per batch at the least.
        warm_up = max(0, min(int(size * WARM_UP_SHARE), size - 2 * MEAN_BATCHES))
        times = [visit.time_in_system for visit in visits[warm_up:]]
        points.append(UtilizationPoint(
            arrival_rate=arrival_rate,
            service_rate=service_rate,
            simulated_mean=statistics.fmean(times),
            standard_error=batch_standard_error(times, statistics.fmean),
            formula_mean=mm1_mean_time(arrival_rate, service_rate),
            p99=percentile(times, 0.99),
            warm_up=warm_up,
            batch_size=len(times) // MEAN_BATCHES,
            relaxation_requests=mm1_relaxation_requests(arrival_rate, service_rate),
        ))
    return tuple(points)


# --- Fan-out tails ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LatencyModel:
    """Lognormal call latency in milliseconds: a median and the log-space spread."""

    median_ms: float = 100.0
    sigma: float = 0.5

    def draw(self, rng: random.Random) -> float:
        return rng.lognormvariate(math.log(self.median_ms), self.sigma)

    def quantile(self, q: float) -> float:
        """The exact latency quantile, from the normal distribution of its logarithm."""
        return self.median_ms * math.exp(self.sigma * statistics.NormalDist().inv_cdf(q))


@dataclass(frozen=True, slots=True)
class FanOutResult:
    """Requests that wait for the slowest of ``calls`` parallel calls."""

    calls: int
    trials: int
    quantile: float  # the single-call quantile used as the threshold (0.99)
    single_threshold_ms: float  # one call's exact P99
    single_median_ms: float
    request_median_ms: float  # simulated median of the slowest call
    slow_share: float  # simulated share of requests slower than one call's P99

    @property
    def formula_share(self) -> float:
        """1 − q^k: the chance that at least one of k calls passes its own quantile."""
        return 1 - self.quantile**self.calls

    @property
    def standard_error(self) -> float:
        """Binomial standard error of ``slow_share`` around the formula."""
        p = self.formula_share
        return math.sqrt(p * (1 - p) / self.trials)


def simulate_fan_out(calls: int, trials: int, seed: int, quantile: float = 0.99,
                     latency: LatencyModel | None = None,
                     progress: Progress | None = None) -> FanOutResult:
    """``trials`` requests, each as slow as the slowest of ``calls`` lognormal calls.

    The threshold is the exact single-call quantile, so the only noise in ``slow_share``
    is the sampling of requests.
    """
    check_positive(calls=calls, trials=trials)
    model = latency or LatencyModel()
    rng = random.Random(seed)
    threshold = model.quantile(quantile)
    tick = ticker(trials, progress)
    slowest: list[float] = []
    for done in range(1, trials + 1):
        slowest.append(max(model.draw(rng) for _ in range(calls)))
        tick(done)
    return FanOutResult(
        calls=calls,
        trials=trials,
        quantile=quantile,
        single_threshold_ms=threshold,
        single_median_ms=model.median_ms,
        request_median_ms=statistics.median(slowest),
        slow_share=sum(x > threshold for x in slowest) / trials,
    )


# --- How far to trust a measured P99 ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class PercentileInterval:
    """A percentile measured from ``sample_size`` samples, with its bootstrap interval."""

    sample_size: int
    resamples: int
    quantile: float
    confidence: float
    estimate: float  # the percentile of the one sample, ms
    low: float  # bootstrap interval, ms
    high: float
    true_value: float  # the latency model's exact percentile, ms

    @property
    def width(self) -> float:
        return self.high - self.low

    @property
    def tail_samples(self) -> float:
        """Samples above the quantile: the few that decide the estimate."""
        return self.sample_size * (1 - self.quantile)


def bootstrap_interval(sample: Sequence[float], quantile: float, resamples: int,
                       confidence: float, rng: random.Random,
                       progress: Progress | None = None) -> tuple[float, float]:
    """Percentile bootstrap: resample with replacement, take each resample's quantile."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence}")
    check_positive(resamples=resamples)
    tick = ticker(resamples, progress)
    estimates: list[float] = []
    for done in range(1, resamples + 1):
        estimates.append(percentile(rng.choices(sample, k=len(sample)), quantile))
        tick(done)
    estimates.sort()
    tail = (1 - confidence) / 2
    low = estimates[int(tail * resamples)]
    high = estimates[max(0, math.ceil((1 - tail) * resamples) - 1)]
    return low, high


def bootstrap_percentile(sample_size: int, seed: int, resamples: int = 500,
                         quantile: float = 0.99, confidence: float = 0.95,
                         latency: LatencyModel | None = None,
                         progress: Progress | None = None) -> PercentileInterval:
    """Measure a percentile from ``sample_size`` lognormal latencies, with its interval."""
    check_positive(sample_size=sample_size)
    model = latency or LatencyModel()
    rng = random.Random(seed)
    sample = [model.draw(rng) for _ in range(sample_size)]
    low, high = bootstrap_interval(sample, quantile, resamples, confidence, rng, progress)
    return PercentileInterval(
        sample_size=sample_size,
        resamples=resamples,
        quantile=quantile,
        confidence=confidence,
        estimate=percentile(sample, quantile),
        low=low,
        high=high,
        true_value=model.quantile(quantile),
    )


# --- Experts a batch touches ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExpertsResult:
    """Distinct routed experts of one MoE layer touched by a batch, over many trials."""

    experts: int
    active_experts: int  # per token
    batch: int  # tokens
    trials: int
    mean_touched: float
    standard_error: float  # of mean_touched, from the trials' spread


def simulate_experts_touched(experts: int, active_experts: int, batch: int, trials: int,
                             seed: int, progress: Progress | None = None) -> ExpertsResult:
    """``trials`` batches of ``batch`` tokens, each token routed to ``active_experts``
    distinct experts drawn evenly at random from ``experts``; counts the experts any token
    of the batch picked.

    Even, independent routing is the formula's assumption; a real router favours some
    experts, which makes the count smaller.
    """
    check_positive(experts=experts, active_experts=active_experts, batch=batch,
                    trials=trials)
    if active_experts > experts:
        raise ValueError(f"a token cannot pick {active_experts} of {experts} experts")
    rng = random.Random(seed)
    tick = ticker(trials, progress)
    pool = range(experts)
    counts: list[int] = []
    for done in range(1, trials + 1):
        picked: set[int] = set()
        for _ in range(batch):
            picked.update(rng.sample(pool, active_experts))
        counts.append(len(picked))
        tick(done)
    error = statistics.stdev(counts) / math.sqrt(trials) if trials > 1 else math.inf
    return ExpertsResult(experts, active_experts, batch, trials, statistics.fmean(counts),
                         error)
