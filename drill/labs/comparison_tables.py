"""The comparisons as text tables and JSON records, for ``drill simulate`` and the screen.

Plain text in fixed-width columns that fit 80 columns, so a terminal and a Textual
``Static`` show them alike.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from drill.labs.comparisons import (
    FAN_OUT_QUANTILE,
    LITTLE_RATES,
    QUEUE_SERVICE_RATE,
    ExpertsComparison,
    FanOutComparison,
    LittleComparison,
    PercentileComparison,
    QueueComparison,
)
from drill.labs.simulations import MEAN_BATCHES, RELAXATION_TIMES_PER_BATCH
from drill.quantities.dimensions import dim
from drill.quantities.quantity import Quantity
from drill.quantities.units import convert, format_in, format_number, format_quantity, readable_unit

#: Notes wrap to fit an 80-column terminal with a margin.
NOTE_WIDTH = 76


def _seconds(value: float) -> str:
    return format_quantity(Quantity(value, dim(time=1)))


def _with_error(value: float, error: float) -> str:
    """``505 ms ± 9.9``: the error in the value's own unit."""
    unit = readable_unit(Quantity(value, dim(time=1)))
    return f"{format_in(Quantity(value, dim(time=1)), unit)} ± " \
           f"{format_number(convert(Quantity(error, dim(time=1)), unit), 2)}"


def _note(text: str, shown: bool = True) -> list[str]:
    return ["", *textwrap.wrap(text, NOTE_WIDTH)] if shown else []


def _percent(share: float, digits: int = 3) -> str:
    return f"{format_number(share * 100, digits)}%"


def _signed(value: float) -> str:
    return f"{value:+.1f}"


def _quantile_name(quantile: float) -> str:
    """0.99 → "P99", 0.999 → "P99.9"."""
    return "P" + format_number(round(quantile * 100, 2), 4)


# -- little ----------------------------------------------------------------------------
def little_text(runs: Sequence[LittleComparison], notes: bool = True) -> list[str]:
    arrival, service = LITTLE_RATES
    seed = runs[0].seed if runs else 0
    out = [
        "Little's law, L = λ × W, on one FIFO server",
        f"(λ = {format_number(arrival)} requests/s, μ = {format_number(service)} "
        f"requests/s, seed {seed})",
        "",
        f"{'requests':>10}  {'W, mean time':>12}  {'L simulated':>11}  {'λ × W':>8}  "
        f"{'difference':>10}",
    ]
    for run in runs:
        out.append(
            f"{run.size:>10,}  {_seconds(run.check.mean_time_in_system):>12}  "
            f"{run.measured_number:>11.3f}  {run.formula_number:>8.3f}  "
            f"{run.relative_difference * 100:>+9.2f}%"
        )
    out += _note("L is the number of requests in the system averaged over time; W is each "
                "request's time from arrival to departure.", notes)
    return out


def little_json(runs: Sequence[LittleComparison]) -> list[dict[str, Any]]:
    return [{
        "size": run.size,
        "arrival_rate": run.check.arrival_rate,
        "observed_arrival_rate": run.check.observed_arrival_rate,
        "mean_time_in_system_s": run.check.mean_time_in_system,
        "simulated_number": run.measured_number,
        "formula_number": run.formula_number,
        "relative_difference": run.relative_difference,
    } for run in runs]


# -- queue -----------------------------------------------------------------------------
def queue_text(rows: Sequence[QueueComparison], size: int, seed: int,
               notes: bool = True) -> list[str]:
    warm_up = rows[0].point.warm_up if rows else 0
    out = [
        f"M/M/1 time in system (μ = {format_number(QUEUE_SERVICE_RATE)} requests/s, "
        f"{size:,} requests per row, seed {seed})",
        "",
        f"{'load':>5}  {'mean simulated':>15}  {'formula':>8}  {'z':>6}  "
        f"{'P99 simulated':>13}  {'formula':>8}",
    ]
    for row in rows:
        point = row.point
        # "!" marks a row whose error bars are too small to believe (see the warning).
        mark = "" if point.errors_trusted else "!"
        out.append(
            f"{_percent(row.utilization):>5}  "
            f"{_with_error(point.simulated_mean, point.standard_error):>15}  "
            f"{_seconds(row.formula_mean):>8}  {_signed(row.mean_z) + mark:>6}  "
            f"{_seconds(point.p99):>13}  {_seconds(row.formula_p99):>8}"
        )
    kept = (f"The first {warm_up:,} requests of each row (the queue starting empty) are "
            "left out." if warm_up else "Too few requests to leave out a warm-up.")
    out += _note(f"Formulas: mean 1 ÷ (μ − λ); P99 ln(100) ÷ (μ − λ). {kept} ± is one "
                 "standard error by batch means; z is the gap in standard errors. The P99 "
                 "has no ±: the rare long queues that set it come in long correlated "
                 "runs, so near full load it scatters far more than the mean.", notes)
    short = [row for row in rows if not row.point.errors_trusted]
    if short:  # shown even without notes: it says the ± above cannot be trusted
        worst = max(row.point.relaxation_requests for row in short)
        out += _note(f"! Too few requests for this load: successive requests are so "
                     f"correlated that the ± is too small and z too large. Each of the "
                     f"{MEAN_BATCHES} batches should span {RELAXATION_TIMES_PER_BATCH} × "
                     f"{format_number(worst)} requests (the queue's relaxation); raise "
                     f"the size.")
    return out


def queue_json(rows: Sequence[QueueComparison], size: int) -> dict[str, Any]:
    return {"size": size, "service_rate": QUEUE_SERVICE_RATE, "rows": [{
        "utilization": row.utilization,
        "arrival_rate": row.point.arrival_rate,
        "simulated_mean_s": row.point.simulated_mean,
        "standard_error_s": row.point.standard_error,
        "formula_mean_s": row.formula_mean,
        "simulated_p99_s": row.point.p99,
        "formula_p99_s": row.formula_p99,
        "warm_up_requests": row.point.warm_up,
        "batch_size": row.point.batch_size,
        "relaxation_requests": row.point.relaxation_requests,
        "errors_trusted": row.point.errors_trusted,
    } for row in rows]}


# -- fan-out ---------------------------------------------------------------------------
def fan_out_text(rows: Sequence[FanOutComparison], trials: int, seed: int,
                 notes: bool = True) -> list[str]:
    median = rows[0].result.single_median_ms if rows else 0.0
    threshold = rows[0].result.single_threshold_ms if rows else 0.0
    q = _quantile_name(FAN_OUT_QUANTILE)
    out = [
        f"Fan-out: how often the slowest of k calls passes one call's {q} "
        f"({format_number(threshold)} ms)",
        f"(lognormal calls, median {format_number(median)} ms; {trials:,} requests per row, "
        f"seed {seed})",
        "",
        f"{'k':>5}  {'simulated':>9}  {'1 − 0.99^k':>10}  {'z':>5}  {'request median':>14}  "
        f"{'page ' + q + ' = call':>16}",
    ]
    for row in rows:
        out.append(
            f"{row.calls:>5,}  {_percent(row.result.slow_share):>9}  "
            f"{_percent(row.formula_share):>10}  {_signed(row.z):>5}  "
            f"{format_number(row.result.request_median_ms) + ' ms':>14}  "
            f"{_quantile_name(row.page_quantile):>16}"
        )
    out += _note("z is the gap in binomial standard errors. A request waits for its slowest "
                 "call, so the page's P99 is a rarer quantile of one call.", notes)
    return out


def fan_out_json(rows: Sequence[FanOutComparison], trials: int) -> dict[str, Any]:
    return {"size": trials, "rows": [{
        "calls": row.calls,
        "simulated_share": row.result.slow_share,
        "formula_share": row.formula_share,
        "standard_error": row.result.standard_error,
        "single_p99_ms": row.result.single_threshold_ms,
        "request_median_ms": row.result.request_median_ms,
        "page_quantile": row.page_quantile,
    } for row in rows]}


# -- p99 -------------------------------------------------------------------------------
def p99_text(rows: Sequence[PercentileComparison], seed: int,
             notes: bool = True) -> list[str]:
    first = rows[0].interval if rows else None
    true_value = format_number(first.true_value) if first else "?"
    confidence = _percent(first.confidence) if first else "?"
    resamples = f"{first.resamples:,}" if first else "?"
    out = [
        f"A P99 measured from n samples, with its {confidence} bootstrap interval",
        f"(lognormal latency, true P99 {true_value} ms; {resamples} resamples, seed {seed})",
        "",
        f"{'n':>9}  {'P99':>8}  {'interval':>14}  {'width':>8}  {'above P99':>9}  "
        f"{'holds true P99':>14}",
    ]
    for row in rows:
        interval = row.interval
        span = f"[{format_number(interval.low)}, {format_number(interval.high)}]"
        out.append(
            f"{interval.sample_size:>9,}  {format_number(interval.estimate) + ' ms':>8}  "
            f"{span + ' ms':>14}  {format_number(interval.width) + ' ms':>8}  "
            f"{format_number(row.tail_samples):>9}  "
            f"{'yes' if row.covers_true_value else 'no':>14}"
        )
    out += _note("\"above P99\" is n × 1%: the few samples that decide the estimate.", notes)
    return out


def p99_json(rows: Sequence[PercentileComparison]) -> list[dict[str, Any]]:
    return [{
        "size": row.interval.sample_size,
        "resamples": row.interval.resamples,
        "estimate_ms": row.interval.estimate,
        "low_ms": row.interval.low,
        "high_ms": row.interval.high,
        "true_p99_ms": row.interval.true_value,
        "tail_samples": row.tail_samples,
        "covers_true_value": row.covers_true_value,
    } for row in rows]


# -- experts ---------------------------------------------------------------------------
def experts_text(rows: Sequence[ExpertsComparison], model: str, trials: int, seed: int,
                 notes: bool = True) -> list[str]:
    first = rows[0].result if rows else None
    experts = first.experts if first else 0
    k = first.active_experts if first else 0
    out = [
        f"Experts touched per MoE layer of {model} ({experts:,} experts, {k:,} per token)",
        f"(even, independent routing; {trials:,} batches per row, seed {seed})",
        "",
        f"{'batch':>6}  {'simulated':>10}  {'E(1 − (1 − k/E)^B)':>18}  {'z':>5}  "
        f"{'share':>6}  {'B × k':>6}",
    ]
    for row in rows:
        out.append(
            f"{row.result.batch:>6,}  {format_number(row.result.mean_touched):>10}  "
            f"{format_number(row.formula_touched):>18}  {_signed(row.z):>5}  "
            f"{_percent(row.formula_touched / experts, 2):>6}  "
            f"{format_number(row.batch_times_k):>6}"
        )
    out += _note("z is the gap in standard errors of the simulated mean. B × k counts an "
                 "expert again whenever two tokens pick it: it overshoots, and passes E.",
                 notes)
    return out


def experts_json(rows: Sequence[ExpertsComparison], model: str, trials: int) -> dict[str, Any]:
    return {"size": trials, "model": model, "rows": [{
        "batch": row.result.batch,
        "experts": row.result.experts,
        "active_experts": row.result.active_experts,
        "simulated_touched": row.result.mean_touched,
        "standard_error": row.result.standard_error,
        "formula_touched": row.formula_touched,
        "batch_times_k": row.batch_times_k,
    } for row in rows]}
