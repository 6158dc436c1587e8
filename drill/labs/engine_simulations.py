"""Seeded simulations of the serving-engine and capacity formulas, beside their closed forms.

The companion of :mod:`drill.labs.simulations` for the later chapters: a pool of replicas
against Erlang C (and against the M/M/1 reading of the same load), hedged requests with
and without a shared cause of slowness, and chunked prefill's effect on the gaps between
tokens. Each simulation takes a seed and returns a frozen result, so the same call gives
the same numbers; plain Python, no numpy.

* :func:`erlang_c` (the one the erlang-c card's solver uses, from
  :mod:`drill.quantities.queueing`) and :func:`mmc_mean_wait` — the M/M/c closed forms.
* :func:`simulate_pool` — one FIFO queue in front of ``servers`` identical replicas.
* :func:`hedged_slow_share` and :func:`simulate_hedging` — a copy sent at the hedge point.
* :func:`step_time`, :func:`mean_gap` and :func:`simulate_chunked_prefill` — decode steps
  that carry a prefill chunk.
* :func:`recompute_time` and :func:`simulate_preemptions` — a preempted sequence's cache
  rebuilt by a chunked prefill of its whole context.
"""

from __future__ import annotations

import heapq
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from drill.labs.simulations import (
    MEAN_BATCHES,
    WARM_UP_SHARE,
    LatencyModel,
    Progress,
    batch_standard_error,
    check_positive,
    percentile,
    ticker,
)
from drill.quantities.queueing import erlang_c

# --- M/M/c: a pool of replicas ----------------------------------------------------------


def mmc_mean_wait(arrival_rate: float, service_rate: float, servers: int) -> float:
    """M/M/c mean wait in the queue, C(c, a) ÷ (cμ − λ); infinite at or above full load."""
    check_positive(arrival_rate=arrival_rate, service_rate=service_rate, servers=servers)
    if arrival_rate >= servers * service_rate:
        return math.inf
    return erlang_c(servers, arrival_rate / service_rate) / (
        servers * service_rate - arrival_rate)


def mm1_mean_wait(arrival_rate: float, service_rate: float) -> float:
    """M/M/1 mean wait in the queue, ρ ÷ (μ − λ): the slip when read for a whole pool."""
    check_positive(arrival_rate=arrival_rate, service_rate=service_rate)
    if arrival_rate >= service_rate:
        return math.inf
    return arrival_rate / service_rate / (service_rate - arrival_rate)


@dataclass(frozen=True, slots=True)
class PoolRun:
    """A simulated pool: the waits before service, after the warm-up is left out."""

    arrival_rate: float  # requests per second into the whole pool
    service_rate: float  # requests per second one replica completes
    servers: int
    seed: int
    mean_wait: float  # seconds in the queue
    standard_error: float  # of mean_wait, by batch means
    waited_share: float  # share of requests that found every replica busy
    requests: int  # requests counted (after the warm-up)

    @property
    def utilization(self) -> float:
        return self.arrival_rate / (self.servers * self.service_rate)

    @property
    def formula_wait(self) -> float:
        return mmc_mean_wait(self.arrival_rate, self.service_rate, self.servers)

    @property
    def formula_waited_share(self) -> float:
        return erlang_c(self.servers, self.arrival_rate / self.service_rate)

    @property
    def mm1_wait(self) -> float:
        """What M/M/1 says at the same utilization, with one replica's service time."""
        return mm1_mean_wait(self.utilization * self.service_rate, self.service_rate)

    @property
    def waited_standard_error(self) -> float:
        """Binomial standard error of ``waited_share`` (an underestimate: waits cluster)."""
        p = self.formula_waited_share
        return math.sqrt(p * (1 - p) / self.requests)


def simulate_pool(arrival_rate: float, service_rate: float, servers: int, size: int,
                  seed: int, progress: Progress | None = None) -> PoolRun:
    """``size`` requests through one first-come-first-served queue and ``servers`` replicas.

    Poisson arrivals and exponential service (M/M/c). The head of the queue takes the
    replica that frees up first; the first ``WARM_UP_SHARE`` of requests, which meet an
    emptier pool than the steady state's, are left out.
    """
    check_positive(arrival_rate=arrival_rate, service_rate=service_rate, servers=servers,
                    size=size)
    rng = random.Random(seed)
    tick = ticker(size, progress)
    free_at = [0.0] * servers  # a heap of the times each replica frees up
    clock = 0.0
    waits: list[float] = []
    for done in range(1, size + 1):
        clock += rng.expovariate(arrival_rate)
        start = max(clock, free_at[0])
        heapq.heapreplace(free_at, start + rng.expovariate(service_rate))
        waits.append(start - clock)
        tick(done)
    warm_up = max(0, min(int(size * WARM_UP_SHARE), size - 2 * MEAN_BATCHES))
    counted = waits[warm_up:]
    return PoolRun(
        arrival_rate=arrival_rate,
        service_rate=service_rate,
        servers=servers,
        seed=seed,
        mean_wait=statistics.fmean(counted),
        standard_error=batch_standard_error(counted, statistics.fmean),
        waited_share=sum(wait > 0 for wait in counted) / len(counted),
        requests=len(counted),
    )


# --- Hedged requests --------------------------------------------------------------------


def hedged_slow_share(slow_share: float, shared: float) -> float:
    """Share of all requests whose hedge copy is slow too: p × (s + (1 − s) × p).

    A call is slow with chance p. Of the slow ones, a share s are slow for a cause the copy
    shares (so the copy is slow as well); for the rest the copy is an independent call.
    With s = 0 this is the textbook p².
    """
    _check_fraction(slow_share=slow_share, shared=shared)
    return slow_share * (shared + (1 - shared) * slow_share)


def _check_fraction(**values: float) -> None:
    for name, value in values.items():
        if not 0 <= value <= 1:
            raise ValueError(f"{name} must be between 0 and 1, not {value}")


@dataclass(frozen=True, slots=True)
class HedgeResult:
    """Requests hedged at one call's (1 − p) quantile: how often the copy helps."""

    slow_share: float  # p: the hedge point is the call's (1 − p) quantile
    shared: float  # s: share of slow calls whose copy is slow for the same reason
    trials: int
    hedge_point_ms: float
    hedged_share: float  # requests that sent a copy: the extra load
    both_slow_share: float  # requests whose copy was slow too
    p99_unhedged_ms: float  # the latency model's exact P99
    p99_hedged_ms: float  # simulated P99 with the hedge

    @property
    def formula_both_slow(self) -> float:
        return hedged_slow_share(self.slow_share, self.shared)

    @property
    def standard_error(self) -> float:
        """Binomial standard error of ``both_slow_share`` around the formula."""
        p = self.formula_both_slow
        return math.sqrt(p * (1 - p) / self.trials)

    @property
    def hedged_standard_error(self) -> float:
        p = self.slow_share
        return math.sqrt(p * (1 - p) / self.trials)


def simulate_hedging(slow_share: float, shared: float, trials: int, seed: int,
                     latency: LatencyModel | None = None,
                     progress: Progress | None = None) -> HedgeResult:
    """``trials`` requests to a lognormal backend, each hedged if still pending at the
    call's (1 − ``slow_share``) quantile.

    A hedged request ends when either copy does: at min(first, hedge point + copy). The
    copy is drawn from the call's slow tail with chance ``shared`` (the cause of slowness
    travels with the request, a long prompt say) and afresh otherwise.
    """
    check_positive(trials=trials, slow_share=slow_share)
    _check_fraction(slow_share=slow_share, shared=shared)
    model = latency or LatencyModel()
    rng = random.Random(seed)
    tick = ticker(trials, progress)
    hedge_point = model.quantile(1 - slow_share)
    hedged = both_slow = 0
    latencies: list[float] = []
    for done in range(1, trials + 1):
        first = model.draw(rng)
        if first <= hedge_point:
            latencies.append(first)
        else:
            hedged += 1
            if rng.random() < shared:  # the same cause: a draw from the slow tail
                copy = model.quantile(1 - slow_share * (1 - rng.random()))
            else:
                copy = model.draw(rng)
            both_slow += copy > hedge_point
            latencies.append(min(first, hedge_point + copy))
        tick(done)
    return HedgeResult(
        slow_share=slow_share,
        shared=shared,
        trials=trials,
        hedge_point_ms=hedge_point,
        hedged_share=hedged / trials,
        both_slow_share=both_slow / trials,
        p99_unhedged_ms=model.quantile(0.99),
        p99_hedged_ms=percentile(latencies, 0.99),
    )


# --- Chunked prefill and the gaps between tokens ----------------------------------------


@dataclass(frozen=True, slots=True)
class Engine:
    """A decode engine's step model: weights read once per step, compute per token.

    A step takes max(memory_ms, tokens × compute_ms_per_token): the weight read and the
    matrix work overlap, so the larger sets the pace. Every one of ``decoding`` sequences
    adds a token to every step.
    """

    memory_ms: float  # weights ÷ bandwidth
    compute_ms_per_token: float  # 2 × parameters ÷ peak FLOP/s
    decoding: int  # sequences decoding, one token each per step


def step_time(engine: Engine, prefill_tokens: int) -> float:
    """One step's time, in ms, carrying ``prefill_tokens`` of a prompt beside the decodes."""
    return max(engine.memory_ms,
               (engine.decoding + prefill_tokens) * engine.compute_ms_per_token)


def prefill_steps(engine: Engine, prompt_tokens: int, chunk: int) -> tuple[float, ...]:
    """The step times a prompt's prefill takes, ``chunk`` tokens at a time (ms)."""
    check_positive(prompt_tokens=prompt_tokens, chunk=chunk)
    full, rest = divmod(prompt_tokens, chunk)
    return (step_time(engine, chunk),) * full + ((step_time(engine, rest),) if rest else ())


def mean_gap(engine: Engine, prompt_rate: float, prompt_tokens: int, chunk: int) -> float:
    """Long-run mean gap between a decoding sequence's tokens (ms), the mean TPOT.

    Per second, prefill steps take ``prompt_rate`` × (their total time); decode-only steps
    fill the rest. Every step gives each decoding sequence one token, so the mean gap is
    one second over the steps per second. Infinite when prefill alone fills the time.
    """
    steps = prefill_steps(engine, prompt_tokens, chunk)
    busy = prompt_rate * math.fsum(steps) / 1000  # share of each second spent in prefill
    if busy >= 1:
        return math.inf
    per_second = prompt_rate * len(steps) + (1 - busy) * 1000 / step_time(engine, 0)
    return 1000 / per_second


@dataclass(frozen=True, slots=True)
class ChunkedRun:
    """The gaps between one decoding sequence's tokens over a simulated run."""

    chunk: int
    prompt_tokens: int
    prompt_rate: float  # prompts per second
    steps: int
    run_ms: float  # the run's length
    decode_ms: float  # a step with no prefill in it
    prefill_ms: float  # all the steps one prompt's prefill takes
    prefill_step_count: int  # how many steps that is
    mean_gap_ms: float
    p99_gap_ms: float
    worst_gap_ms: float
    formula_mean_ms: float
    formula_worst_ms: float  # the longest step a prompt can make

    @property
    def standard_error(self) -> float:
        """Standard error of ``mean_gap_ms`` from the Poisson count of prompts in the run.

        The mean gap is the run's length over its steps, and each prompt turns
        ``prefill_ms`` of decode-only steps into ``prefill_step_count`` steps; a count of
        prompts one standard deviation (√(λT)) off moves the mean by that much.
        """
        per_prompt = abs(self.prefill_step_count - self.prefill_ms / self.decode_ms)
        spread = math.sqrt(self.prompt_rate * self.run_ms / 1000)
        return self.run_ms / self.steps**2 * per_prompt * spread


def simulate_chunked_prefill(engine: Engine, prompt_rate: float, prompt_tokens: int,
                             chunk: int, steps: int, seed: int,
                             progress: Progress | None = None) -> ChunkedRun:
    """``steps`` engine steps with prompts arriving at random (Poisson, ``prompt_rate``
    per second), prefilled first come, first served, ``chunk`` tokens per step.

    One prompt's chunk at a time rides along with the decodes; a chunk as large as the
    prompt is prefill without chunking. Every step is a gap for each decoding sequence.
    """
    check_positive(prompt_rate=prompt_rate, steps=steps)
    pieces = prefill_steps(engine, prompt_tokens, chunk)  # checks the sizes too
    rng = random.Random(seed)
    tick = ticker(steps, progress)
    clock = 0.0
    next_arrival = rng.expovariate(prompt_rate) * 1000
    waiting = 0  # prompts arrived and not yet started
    left = 0  # steps left of the prompt being prefilled
    gaps: list[float] = []
    for done in range(1, steps + 1):
        while next_arrival <= clock:
            waiting += 1
            next_arrival += rng.expovariate(prompt_rate) * 1000
        if left == 0 and waiting:
            waiting -= 1
            left = len(pieces)
        if left:
            gap = pieces[len(pieces) - left]
            left -= 1
        else:
            gap = step_time(engine, 0)
        clock += gap
        gaps.append(gap)
        tick(done)
    return ChunkedRun(
        chunk=chunk,
        prompt_tokens=prompt_tokens,
        prompt_rate=prompt_rate,
        steps=steps,
        run_ms=clock,
        decode_ms=step_time(engine, 0),
        prefill_ms=math.fsum(pieces),
        prefill_step_count=len(pieces),
        mean_gap_ms=statistics.fmean(gaps),
        p99_gap_ms=percentile(gaps, 0.99),
        worst_gap_ms=max(gaps),
        formula_mean_ms=mean_gap(engine, prompt_rate, prompt_tokens, chunk),
        formula_worst_ms=max(pieces),
    )


def compare_chunking(engine: Engine, prompt_rate: float, prompt_tokens: int,
                     chunks: Sequence[int], steps: int, seed: int) -> tuple[ChunkedRun, ...]:
    """The same arrivals' seed run once per chunk size: a prompt-sized chunk is no chunking."""
    return tuple(simulate_chunked_prefill(engine, prompt_rate, prompt_tokens, chunk, steps,
                                          seed) for chunk in chunks)


# --- Preemption: recomputing an evicted cache -------------------------------------------


def recompute_time(engine: Engine, context_tokens: float) -> float:
    """The preemption-cost card's formula (ms): a prefill of the whole context, two FLOPs
    per parameter per token at the engine's compute rate, attention left out."""
    check_positive(context_tokens=context_tokens)
    return context_tokens * engine.compute_ms_per_token


@dataclass(frozen=True, slots=True)
class PreemptionRun:
    """Simulated recomputes of preempted sequences' caches, beside the card's formula."""

    mean_context: int  # tokens; each context is drawn evenly from 1 to 2 × this − 1
    chunk: int  # prefill tokens per step
    preemptions: int
    seed: int
    mean_recompute_ms: float  # the steps each recompute took, on average
    standard_error: float  # of mean_recompute_ms, from the spread of the contexts
    formula_ms: float  # recompute_time at the mean context
    floor_ms: float  # a step's weight read: the most a context's last, short chunk adds

    @property
    def chunk_fills_a_step(self) -> bool:
        """A full chunk's compute outlasts the weight read (the chunk is past the ridge):
        only then is the prefill compute-bound, as the formula assumes."""
        return self.formula_ms / self.mean_context * self.chunk >= self.floor_ms


def simulate_preemptions(engine: Engine, mean_context: int, chunk: int, preemptions: int,
                         seed: int, progress: Progress | None = None) -> PreemptionRun:
    """``preemptions`` evicted sequences, each with a context drawn evenly from 1 to
    2 × ``mean_context`` − 1 tokens, their caches rebuilt ``chunk`` tokens per step.

    Each recompute takes the steps :func:`prefill_steps` gives, beside the engine's other
    decoding sequences; an engine with none decoding (``decoding=0``) is the card's case.
    The formula leaves out the weight read that sets a short step, so past the ridge the
    simulation may exceed it by up to one step's read per recompute, and a chunk below
    the ridge makes every step memory-bound and the formula far too low.
    """
    check_positive(mean_context=mean_context, preemptions=preemptions)
    rng = random.Random(seed)
    tick = ticker(preemptions, progress)
    times: list[float] = []
    for done in range(1, preemptions + 1):
        context = rng.randint(1, 2 * mean_context - 1)
        times.append(math.fsum(prefill_steps(engine, context, chunk)))
        tick(done)
    spread = statistics.stdev(times) if len(times) > 1 else 0.0
    return PreemptionRun(
        mean_context=mean_context,
        chunk=chunk,
        preemptions=preemptions,
        seed=seed,
        mean_recompute_ms=statistics.fmean(times),
        standard_error=spread / math.sqrt(len(times)),
        formula_ms=recompute_time(engine, mean_context),
        floor_ms=engine.memory_ms,
    )
