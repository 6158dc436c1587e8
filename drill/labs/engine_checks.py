"""``drill simulate`` checks for the engine and capacity chapters: the settings each runs
at, and its table as text and JSON.

* ``pool`` — four replicas (the erlang-c card's pool) at several utilizations: the share
  that waits and the mean wait, simulated, against Erlang C and against M/M/1.
* ``hedge`` — calls hedged at their P95 with more and more of the slowness shared: how
  often the copy is slow too, against p × (s + (1 − s) × p), and the P99 it leaves.
* ``chunked`` — a catalog model on a catalog GPU with prompts arriving at random: the gaps
  between a decoding sequence's tokens at several chunk sizes, against the step model.
* ``preempt`` — the preemption-cost card's engine: preempted caches recomputed as a
  chunked prefill of their context, at several chunk sizes, against context × 2N ÷
  (peak × MFU).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from drill.labs.engine_simulations import (
    ChunkedRun,
    Engine,
    HedgeResult,
    PoolRun,
    PreemptionRun,
    simulate_chunked_prefill,
    simulate_hedging,
    simulate_pool,
    simulate_preemptions,
)
from drill.labs.simulations import MEAN_BATCHES, Progress
from drill.quantities.units import format_number

ENGINE_CHECKS = ("pool", "hedge", "chunked", "preempt")
#: The erlang-c card's pool: four replicas, 2 s of service each.
POOL_SERVERS = 4
POOL_SERVICE_RATE = 0.5  # requests per second per replica
POOL_UTILIZATIONS = (0.5, 0.75, 0.9)
#: The hedged-requests card: hedge at the P95, with a growing share of shared slowness.
HEDGE_SLOW_SHARE = 0.05
HEDGE_SHARED = (0.0, 0.4, 0.7)
#: The chunked-step card's engine, from the catalog, and a stream of long prompts.
CHUNK_GPU = "H100"
CHUNK_MODEL = "Llama 3 8B"
CHUNK_DECODING = 64
CHUNK_PROMPT_TOKENS = 4_000
CHUNK_PROMPT_RATE = 2.0  # prompts per second
CHUNK_SIZES = (4_000, 2_048, 512, 256)
#: The preemption-cost card: its GPU, model and MFU, contexts around its 6,000 tokens.
PREEMPT_MFU = 0.5
PREEMPT_CONTEXT = 6_000
PREEMPT_CHUNKS = (4_096, 2_048, 512, 64)
DEFAULT_ENGINE_SIZES = {"pool": 200_000, "hedge": 100_000, "chunked": 100_000,
                        "preempt": 20_000}
#: The most random draws (or engine steps) one job may take, as for the other checks.
MAX_ENGINE_DRAWS = 30_000_000
NOTE_WIDTH = 96


def engine_draws(check: str, sizes: Sequence[int]) -> int:
    """Random draws (steps, for ``chunked`` and ``preempt``) a job takes: the measure of
    its time. A recompute takes up to 2 × PREEMPT_CONTEXT ÷ chunk steps."""
    rows = {"pool": len(POOL_UTILIZATIONS), "hedge": len(HEDGE_SHARED),
            "chunked": len(CHUNK_SIZES),
            "preempt": sum(-(-PREEMPT_CONTEXT // chunk) for chunk in PREEMPT_CHUNKS)}
    if check not in rows:
        raise ValueError(f"no check {check!r}")
    return sum(2 * size * rows[check] for size in sizes)


def check_engine_work(check: str, sizes: Sequence[int]) -> None:
    """Refuse (ValueError) a job larger than MAX_ENGINE_DRAWS, before any of it runs."""
    needed = engine_draws(check, sizes)
    if needed > MAX_ENGINE_DRAWS:
        raise ValueError(f"{check} at this size would draw {needed:,} random numbers, more "
                         f"than the {MAX_ENGINE_DRAWS:,} a run may take: choose a smaller "
                         "size")
    if check == "pool" and min(sizes) < 2 * MEAN_BATCHES:
        raise ValueError(f"pool needs --size of at least {2 * MEAN_BATCHES} (its error "
                         f"bars come from {MEAN_BATCHES} batches of requests)")


def chunk_engine(gpu: str = CHUNK_GPU, model: str = CHUNK_MODEL,
                 decoding: int = CHUNK_DECODING) -> Engine:
    """The step model of ``model`` in BF16 on one ``gpu``, from the catalog."""
    from drill.packs.catalog import load_catalog

    catalog = load_catalog()
    chip, config = catalog.gpu(gpu), catalog.model(model)
    weights = 2 * config.params  # bytes in BF16
    return Engine(memory_ms=weights / chip.bandwidth.value * 1000,
                  compute_ms_per_token=2 * config.params / chip.bf16_dense.value * 1000,
                  decoding=decoding)


def preempt_engine() -> Engine:
    """The preemption-cost card's engine: Llama 3 8B on one H100 at PREEMPT_MFU, with
    nothing else decoding (the recompute alone)."""
    engine = chunk_engine(decoding=0)
    return Engine(memory_ms=engine.memory_ms,
                  compute_ms_per_token=engine.compute_ms_per_token / PREEMPT_MFU,
                  decoding=0)


@dataclass(frozen=True, slots=True)
class _Split:
    """Hands each of ``parts`` equal runs its share of one progress callback."""

    progress: Progress | None
    parts: int

    def part(self, index: int) -> Progress | None:
        progress = self.progress
        if progress is None:
            return None

        def tick(done: int, total: int) -> None:
            progress(index * total + done, self.parts * total)

        return tick


def run_pool(size: int, seed: int, progress: Progress | None = None) -> tuple[PoolRun, ...]:
    check_engine_work("pool", [size])
    split = _Split(progress, len(POOL_UTILIZATIONS))
    return tuple(simulate_pool(u * POOL_SERVERS * POOL_SERVICE_RATE, POOL_SERVICE_RATE,
                               POOL_SERVERS, size, seed + index, split.part(index))
                 for index, u in enumerate(POOL_UTILIZATIONS))


def run_hedge(size: int, seed: int,
              progress: Progress | None = None) -> tuple[HedgeResult, ...]:
    check_engine_work("hedge", [size])
    split = _Split(progress, len(HEDGE_SHARED))
    return tuple(simulate_hedging(HEDGE_SLOW_SHARE, shared, size, seed + index,
                                  progress=split.part(index))
                 for index, shared in enumerate(HEDGE_SHARED))


def run_chunked(size: int, seed: int,
                progress: Progress | None = None) -> tuple[ChunkedRun, ...]:
    check_engine_work("chunked", [size])
    engine = chunk_engine()
    split = _Split(progress, len(CHUNK_SIZES))
    return tuple(simulate_chunked_prefill(engine, CHUNK_PROMPT_RATE, CHUNK_PROMPT_TOKENS,
                                          chunk, size, seed, split.part(index))
                 for index, chunk in enumerate(CHUNK_SIZES))


def run_preempt(size: int, seed: int,
                progress: Progress | None = None) -> tuple[PreemptionRun, ...]:
    check_engine_work("preempt", [size])
    engine = preempt_engine()
    split = _Split(progress, len(PREEMPT_CHUNKS))
    return tuple(simulate_preemptions(engine, PREEMPT_CONTEXT, chunk, size, seed,
                                      split.part(index))
                 for index, chunk in enumerate(PREEMPT_CHUNKS))


def _percent(share: float) -> str:
    return f"{format_number(share * 100, 3)}%"


def _ms(value: float) -> str:
    return f"{format_number(value, 3)} ms"


def _z(simulated: float, formula: float, error: float) -> str:
    return f"{(simulated - formula) / error:+.1f}" if error > 0 else "—"


def _note(text: str) -> list[str]:
    return ["", *textwrap.wrap(text, NOTE_WIDTH)]


def pool_text(rows: Sequence[PoolRun], size: int, seed: int, *,
              notes: bool = True) -> list[str]:
    out = [
        f"M/M/c: one queue before {POOL_SERVERS} replicas of "
        f"{format_number(1 / POOL_SERVICE_RATE)} s mean service",
        f"({size:,} requests per row, seed {seed} upward; the first tenth left out)",
        "",
        f"{'ρ':>4}  {'waited':>7}  {'Erlang C':>8}  {'mean wait':>10}  {'Erlang C':>10}  "
        f"{'z':>5}  {'M/M/1 says':>10}",
    ]
    for row in rows:
        out.append(
            f"{_percent(row.utilization):>4}  {_percent(row.waited_share):>7}  "
            f"{_percent(row.formula_waited_share):>8}  "
            f"{format_number(row.mean_wait, 3) + ' s':>10}  "
            f"{format_number(row.formula_wait, 3) + ' s':>10}  "
            f"{_z(row.mean_wait, row.formula_wait, row.standard_error):>5}  "
            f"{format_number(row.mm1_wait, 3) + ' s':>10}")
    if not notes:  # a screen shows the table and a chart, and has no room for prose
        return out
    return out + _note(
        "z is the gap in batch-means standard errors. M/M/1 at the same utilization pictures "
        "one replica and overstates the wait: in a pool a request waits only when every "
        "replica is busy at once, which happens less often.")


def pool_json(rows: Sequence[PoolRun], size: int) -> dict[str, Any]:
    return {"size": size, "servers": POOL_SERVERS, "rows": [{
        "utilization": row.utilization,
        "simulated_waited_share": row.waited_share,
        "erlang_c": row.formula_waited_share,
        "simulated_mean_wait_s": row.mean_wait,
        "standard_error_s": row.standard_error,
        "formula_mean_wait_s": row.formula_wait,
        "mm1_mean_wait_s": row.mm1_wait,
    } for row in rows]}


def hedge_text(rows: Sequence[HedgeResult], size: int, seed: int, *,
               notes: bool = True) -> list[str]:
    point = rows[0].hedge_point_ms if rows else 0.0
    out = [
        f"Hedged requests: a copy sent at the call's P95 ({_ms(point)}), the first answer "
        "kept",
        f"(lognormal calls, median 100 ms; {size:,} requests per row, seed {seed} upward)",
        "",
        f"{'shared':>6}  {'copy slow too':>13}  {'p(s + (1−s)p)':>13}  {'z':>5}  "
        f"{'extra load':>10}  {'P99 before':>10}  {'P99 after':>10}",
    ]
    for row in rows:
        out.append(
            f"{_percent(row.shared):>6}  {_percent(row.both_slow_share):>13}  "
            f"{_percent(row.formula_both_slow):>13}  "
            f"{_z(row.both_slow_share, row.formula_both_slow, row.standard_error):>5}  "
            f"{_percent(row.hedged_share):>10}  {_ms(row.p99_unhedged_ms):>10}  "
            f"{_ms(row.p99_hedged_ms):>10}")
    if not notes:  # a screen shows the table and a chart, and has no room for prose
        return out
    return out + _note(
        "shared is the share of slow calls whose copy is slow for the same reason; with none "
        "the copy fails only p² of the time. z is the gap in binomial standard errors. The "
        "copy starts at the hedge point, so it trims the far tail more than the P99.")


def hedge_json(rows: Sequence[HedgeResult], size: int) -> dict[str, Any]:
    return {"size": size, "slow_share": HEDGE_SLOW_SHARE, "rows": [{
        "shared": row.shared,
        "simulated_both_slow": row.both_slow_share,
        "formula_both_slow": row.formula_both_slow,
        "extra_load": row.hedged_share,
        "p99_unhedged_ms": row.p99_unhedged_ms,
        "p99_hedged_ms": row.p99_hedged_ms,
    } for row in rows]}


def chunked_text(rows: Sequence[ChunkedRun], size: int, seed: int, *,
                 notes: bool = True) -> list[str]:
    out = [
        f"Chunked prefill: {CHUNK_MODEL} on one {CHUNK_GPU}, {CHUNK_DECODING} sequences "
        f"decoding, {CHUNK_PROMPT_TOKENS:,}-token prompts arriving at "
        f"{format_number(CHUNK_PROMPT_RATE)} per second",
        f"(a step is max(weights ÷ bandwidth, tokens × 2N ÷ peak); {size:,} steps per row, "
        f"seed {seed})",
        "",
        f"{'chunk':>6}  {'mean gap':>9}  {'formula':>9}  {'z':>5}  {'P99 gap':>9}  "
        f"{'worst':>9}  {'formula':>9}",
    ]
    for row in rows:
        out.append(
            f"{row.chunk:>6,}  {_ms(row.mean_gap_ms):>9}  {_ms(row.formula_mean_ms):>9}  "
            f"{_z(row.mean_gap_ms, row.formula_mean_ms, row.standard_error):>5}  "
            f"{_ms(row.p99_gap_ms):>9}  {_ms(row.worst_gap_ms):>9}  "
            f"{_ms(row.formula_worst_ms):>9}")
    if not notes:  # a screen shows the table and a chart, and has no room for prose
        return out
    return out + _note(
        "A chunk as long as the prompt is prefill without chunking. The mean gap (the mean "
        "TPOT) hardly moves with the chunk; the P99 and worst gaps, the freezes users see, "
        "shrink with it. z is the gap in standard errors from the Poisson count of prompts.")


def chunked_json(rows: Sequence[ChunkedRun], size: int) -> dict[str, Any]:
    return {"size": size, "gpu": CHUNK_GPU, "model": CHUNK_MODEL, "rows": [{
        "chunk": row.chunk,
        "simulated_mean_gap_ms": row.mean_gap_ms,
        "formula_mean_gap_ms": row.formula_mean_ms,
        "standard_error_ms": row.standard_error,
        "p99_gap_ms": row.p99_gap_ms,
        "worst_gap_ms": row.worst_gap_ms,
        "formula_worst_gap_ms": row.formula_worst_ms,
    } for row in rows]}


def preempt_text(rows: Sequence[PreemptionRun], size: int, seed: int, *,
                 notes: bool = True) -> list[str]:
    out = [
        f"Preemption: a {CHUNK_MODEL} cache recomputed on one {CHUNK_GPU} at "
        f"{_percent(PREEMPT_MFU)} MFU",
        f"(contexts drawn evenly from 1 to {2 * PREEMPT_CONTEXT - 1:,} tokens; {size:,} "
        f"preemptions per row, seed {seed})",
        "",
        f"{'chunk':>6}  {'recompute':>10}  {'formula':>10}  {'z':>6}  {'weight read':>11}  "
        f"{'past the ridge':>14}",
    ]
    for row in rows:
        out.append(
            f"{row.chunk:>6,}  {_ms(row.mean_recompute_ms):>10}  {_ms(row.formula_ms):>10}  "
            f"{_z(row.mean_recompute_ms, row.formula_ms, row.standard_error):>6}  "
            f"{_ms(row.floor_ms):>11}  {'yes' if row.chunk_fills_a_step else 'no':>14}")
    if not notes:
        return out
    return out + _note(
        "The formula is context × 2N ÷ (peak × MFU), a prefill of the whole context. Past "
        "the ridge a chunk's compute outlasts the weight read and the recompute matches it, "
        "up to one weight read for the last, short chunk; below the ridge every step is a "
        "weight read and the formula is far too low. z is the gap in standard errors.")


def preempt_json(rows: Sequence[PreemptionRun], size: int) -> dict[str, Any]:
    return {"size": size, "gpu": CHUNK_GPU, "model": CHUNK_MODEL, "mfu": PREEMPT_MFU,
            "mean_context": PREEMPT_CONTEXT, "rows": [{
                "chunk": row.chunk,
                "simulated_recompute_ms": row.mean_recompute_ms,
                "standard_error_ms": row.standard_error,
                "formula_recompute_ms": row.formula_ms,
                "weight_read_ms": row.floor_ms,
                "past_the_ridge": row.chunk_fills_a_step,
            } for row in rows]}


def run_engine_check(check: str, sizes: Sequence[int], seed: int,
                     progress: Progress | None = None
                     ) -> tuple[list[str], list[dict[str, Any]]]:
    """One of ENGINE_CHECKS at each size in turn: its text lines and JSON rows."""
    check_engine_work(check, sizes)
    split = _Split(progress, len(sizes))
    lines: list[str] = []
    data: list[dict[str, Any]] = []
    for index, size in enumerate(sizes):
        part = split.part(index)
        if check == "pool":
            pool = run_pool(size, seed, part)
            lines += pool_text(pool, size, seed)
            data.append(pool_json(pool, size))
        elif check == "hedge":
            hedge = run_hedge(size, seed, part)
            lines += hedge_text(hedge, size, seed)
            data.append(hedge_json(hedge, size))
        elif check == "preempt":
            preempt = run_preempt(size, seed, part)
            lines += preempt_text(preempt, size, seed)
            data.append(preempt_json(preempt, size))
        else:
            chunked = run_chunked(size, seed, part)
            lines += chunked_text(chunked, size, seed)
            data.append(chunked_json(chunked, size))
        if index < len(sizes) - 1:
            lines.append("")
    return lines, data
