"""Simulations: the chapter's formulas beside seeded runs, as ``drill simulate`` has them.

1–5 pick a check of the serving-math chapter (Little's law, the M/M/1 queue, fan-out, a
P99's bootstrap interval, the experts a batch touches in an MoE layer), 6–9 one of the
engine and capacity chapters (a pool of replicas against Erlang C and M/M/1, hedged
requests, chunked prefill, a preempted cache's recompute); r runs it again with the next
seed; + and − double and halve the size. Runs happen in a worker thread; one that takes more
than a second shows a progress bar, and switching away stops it. The queue gets a chart of
time in system against utilization (formula curves, simulated points), fan-out one of the
slow share against the number of calls, experts one of the experts touched against the
batch, and the pool one of the mean wait against utilization (Erlang C and M/M/1 curves,
simulated points).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static
from textual.worker import Worker, get_current_worker

from drill.app.widgets.lab_chart import LabChart, Plot
from drill.labs.canvas import POINTS, Axis, Series

CHECKS = ("little", "queue", "fan-out", "p99", "experts", "pool", "hedge", "chunked",
          "preempt")
TITLES = {
    "little": "Little's law: L = λ × W",
    "queue": "M/M/1: time in system against utilization",
    "fan-out": "Fan-out: the slowest of k parallel calls",
    "p99": "How far to trust a P99 from n samples",
    "experts": "MoE: the experts a batch touches",
    "pool": "A pool of replicas: Erlang C against M/M/1",
    "hedge": "Hedged requests: when the copy is slow too",
    "chunked": "Chunked prefill: the gaps between tokens",
    "preempt": "Preemption: recomputing an evicted cache",
}
#: Each check's name in the line of keys (and the help screen).
SHORT_NAMES = {"little": "Little", "queue": "M/M/1", "fan-out": "Fan-out", "p99": "P99",
               "experts": "MoE", "pool": "Pool", "hedge": "Hedge", "chunked": "Chunk",
               "preempt": "Preempt"}
#: The checks with a chart under their table.
CHARTED = ("queue", "fan-out", "experts", "pool")
#: Sizes the screen starts with: the command line's (p99: the smaller of its two).
DEFAULT_SIZES: Mapping[str, int] = {"little": 200_000, "queue": 200_000, "fan-out": 20_000,
                                    "p99": 200, "experts": 2_000, "pool": 200_000,
                                    "hedge": 100_000, "chunked": 100_000, "preempt": 20_000}
SIZE_LIMITS = (40, 1_000_000)
P99_SECOND_SIZE = 25  # p99 also runs 25 × n samples, as the chapter's 200 and 5,000
PROGRESS_AFTER_S = 1.0
STYLES = {"mean": "$primary", "p99": "$warning", "simulated-mean": "bold $text-primary",
          "simulated-p99": "bold $text-warning", "formula": "$primary",
          "simulated": "bold $accent", "erlang-c": "$primary", "mm1": "$warning"}


class Stopped(Exception):
    """Raised from the progress callback to end a run nobody wants any more."""


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """One finished run of a check: its table lines and its chart."""

    check: str
    size: int
    seed: int
    lines: list[str]
    plot: Plot | None


class SimulationScreen(Screen[None]):
    """Runs in a worker; its progress and outcome come back as messages, heard only from
    the latest run's worker (and never once the screen is gone: Textual drops them)."""

    CSS_PATH = "simulations.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # Nine checks do not fit the footer beside r and esc at 80 columns: the line of
        # checks above it shows their keys, and the one running.
        *(Binding(str(number), f"pick('{check}')", SHORT_NAMES[check], show=False)
          for number, check in enumerate(CHECKS, start=1)),
        Binding("r", "rerun", "New seed", tooltip="Run again with the next seed"),
        Binding("plus,equals_sign", "resize(2)", "Size ×2", show=False),
        Binding("minus", "resize(0.5)", "Size ÷2", show=False),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, check: str = "queue", seed: int = 0,
                 sizes: Mapping[str, int] | None = None) -> None:
        super().__init__()
        self.check = check if check in CHECKS else "queue"
        self.seed = seed
        self.sizes = {**DEFAULT_SIZES, **(sizes or {})}
        self.running: Worker[None] | None = None  # the latest run, until it ends

    class Progress(Message):
        """How far a run has got."""

        def __init__(self, worker: Worker[None], done: int, total: int) -> None:
            super().__init__()
            self.worker, self.done, self.total = worker, done, total

    class Ended(Message):
        """A run's outcome, or (``error``) why it failed."""

        def __init__(self, worker: Worker[None], outcome: SimulationResult | None,
                     error: str = "") -> None:
            super().__init__()
            self.worker, self.outcome, self.error = worker, outcome, error

    def compose(self) -> ComposeResult:
        yield Static(id="sim-title", classes="screen-title")
        yield Static(id="sim-table")
        yield LabChart(id="sim-chart")
        yield ProgressBar(id="sim-progress", show_eta=False)
        yield Static(id="sim-checks")
        yield Footer()

    def on_mount(self) -> None:
        self.start()

    # -- keys --------------------------------------------------------------------------
    def action_pick(self, check: str) -> None:
        if check != self.check:
            self.check = check
            self.start()

    def action_rerun(self) -> None:
        self.seed += 1
        self.start()

    def action_resize(self, factor: float) -> None:
        low, high = SIZE_LIMITS
        self.sizes[self.check] = max(low, min(high, round(self.sizes[self.check] * factor)))
        self.start()

    def action_back(self) -> None:
        self.workers.cancel_group(self, "simulate")
        self.dismiss(None)

    # -- running -----------------------------------------------------------------------
    def start(self) -> None:
        size = self.sizes[self.check]
        self.query_one("#sim-title", Static).update(Content.assemble(
            ("Simulations · ", "bold"), (TITLES[self.check], "bold $text-accent"),
            (f"   seed {self.seed} · n = {size:,}", "$text-muted")))
        self.query_one("#sim-checks", Static).update(checks_line(self.check))
        self.query_one("#sim-table", Static).update(
            Content.styled(f"Simulating {self.check}…", "$text-muted"))
        chart = self.query_one("#sim-chart", LabChart)
        chart.show(None)
        chart.display = self.check in CHARTED
        bar = self.query_one("#sim-progress", ProgressBar)
        bar.display = False
        bar.update(total=1000, progress=0)
        running = self.running = self._simulate(self.check, size, self.seed)
        self.set_timer(PROGRESS_AFTER_S, lambda: self._reveal_progress(running))

    def _reveal_progress(self, worker: Worker[None]) -> None:
        if worker is self.running:  # still running
            self.query_one("#sim-progress", ProgressBar).display = True

    @work(thread=True, exclusive=True, group="simulate")
    def _simulate(self, check: str, size: int, seed: int) -> None:
        worker = get_current_worker()
        last = [0.0]

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise Stopped
            now = time.monotonic()
            if now - last[0] >= 0.05 or done == total:  # a redraw at most every 50 ms
                last[0] = now
                self.post_message(self.Progress(worker, done, total))

        try:
            outcome = run_check(check, size, seed, progress)
        except Stopped:
            return
        except Exception as error:  # a bad size or a solver failure: say so, keep the app
            self.post_message(self.Ended(worker, None, str(error)))
            return
        self.post_message(self.Ended(worker, outcome))

    @on(Progress)
    def _progress(self, message: Progress) -> None:
        if message.worker is self.running:
            bar = self.query_one("#sim-progress", ProgressBar)
            bar.update(total=message.total, progress=message.done)

    @on(Ended)
    def _ended(self, message: Ended) -> None:
        if message.worker is not self.running:
            return  # a run replaced by a newer one
        self.running = None  # the run is over: its progress bar must not appear
        self.query_one("#sim-progress", ProgressBar).display = False
        table = self.query_one("#sim-table", Static)
        if message.outcome is None:
            table.update(Content.styled(f"The simulation failed: {message.error}",
                                        "$text-error"))
            return
        table.update("\n".join(message.outcome.lines))
        self.query_one("#sim-chart", LabChart).show(message.outcome.plot)


def checks_line(current: str) -> Content:
    """Every check's key and name, the current one picked out."""
    parts: list[tuple[str, str] | str] = []
    for number, check in enumerate(CHECKS, start=1):
        if parts:
            parts.append("  ")
        style = "bold $text-accent" if check == current else "$text-muted"
        parts += [(str(number), f"bold {'$text-accent' if check == current else '$text'}"),
                  (f" {SHORT_NAMES[check]}", style)]
    return Content.assemble(*parts)


def run_check(check: str, size: int, seed: int, progress: Any) -> SimulationResult:
    """One check with its table lines and chart (plain domain calls; run in a worker)."""
    from drill.labs import comparison_tables as tables
    from drill.labs import comparisons as c
    from drill.labs import engine_checks as engine

    if check == "pool":
        pool = engine.run_pool(size, seed, progress)
        return SimulationResult(check, size, seed, engine.pool_text(pool, size, seed, notes=False),
                                pool_plot(pool))
    if check == "hedge":
        hedge = engine.run_hedge(size, seed, progress)
        return SimulationResult(
            check, size, seed, engine.hedge_text(hedge, size, seed, notes=False), None)
    if check == "chunked":
        chunked = engine.run_chunked(size, seed, progress)
        return SimulationResult(
            check, size, seed, engine.chunked_text(chunked, size, seed, notes=False), None)
    if check == "preempt":
        preempt = engine.run_preempt(size, seed, progress)
        return SimulationResult(
            check, size, seed, engine.preempt_text(preempt, size, seed, notes=False), None)
    if check == "little":
        little = c.compare_little([size], seed, progress)
        return SimulationResult(check, size, seed, tables.little_text(little), None)
    if check == "p99":
        p99 = c.compare_p99([size, size * P99_SECOND_SIZE], seed, progress)
        return SimulationResult(check, size, seed, tables.p99_text(p99, seed), None)
    if check == "queue":
        rows = c.compare_queue(size, seed, progress)
        return SimulationResult(check, size, seed,
                                tables.queue_text(rows, size, seed, notes=False), queue_plot(rows))
    if check == "experts":
        shape = c.moe_shape()
        experts = c.compare_experts(c.EXPERT_BATCHES, size, seed, progress, shape)
        return SimulationResult(
            check, size, seed, tables.experts_text(experts, shape.model, size, seed, notes=False),
            experts_plot(experts, shape))
    fan = c.compare_fan_out(c.FAN_OUT_CALLS, size, seed, progress)
    return SimulationResult(check, size, seed,
                            tables.fan_out_text(fan, size, seed, notes=False), fan_out_plot(fan))


def queue_plot(rows: Any) -> Plot:
    from drill.labs.comparisons import queue_formula_curve

    curve = queue_formula_curve([i / 100 for i in range(2, 97, 2)])
    top = max([row.point.p99 for row in rows] + [row.formula_p99 for row in rows])
    return Plot(
        x=Axis(0, 1), y=Axis(0, top * 1.05),
        series=(
            Series("mean", tuple((f.utilization, f.mean) for f in curve)),
            Series("p99", tuple((f.utilization, f.p99) for f in curve)),
            Series("simulated-mean", tuple((r.utilization, r.point.simulated_mean)
                                           for r in rows), POINTS, marker="●"),
            Series("simulated-p99", tuple((r.utilization, r.point.p99) for r in rows),
                   POINTS, marker="◆"),
        ),
        styles=STYLES,
        legend=(("mean", "mean"), ("p99", "P99 (formulas)"), ("simulated-mean", "mean"),
                ("simulated-p99", "P99 (simulated)")),
        x_title="utilization", y_title="seconds",
    )


def pool_plot(rows: Any) -> Plot:
    """The pool's mean wait against utilization: Erlang C and M/M/1 as curves (M/M/1 cut
    off where it leaves the chart), the simulated waits as points."""
    from drill.labs.engine_checks import POOL_SERVERS, POOL_SERVICE_RATE
    from drill.labs.engine_simulations import mm1_mean_wait, mmc_mean_wait

    utilizations = [i / 100 for i in range(2, 95, 2)]
    erlang = tuple((u, mmc_mean_wait(u * POOL_SERVERS * POOL_SERVICE_RATE, POOL_SERVICE_RATE,
                                     POOL_SERVERS)) for u in utilizations)
    top = max([wait for _, wait in erlang] + [row.mean_wait for row in rows]) * 1.1
    mm1 = tuple((u, wait) for u in utilizations
                if (wait := mm1_mean_wait(u * POOL_SERVICE_RATE, POOL_SERVICE_RATE)) <= top)
    return Plot(
        x=Axis(0, 1), y=Axis(0, top),
        series=(
            Series("erlang-c", erlang),
            Series("mm1", mm1),
            Series("simulated", tuple((row.utilization, row.mean_wait) for row in rows),
                   POINTS),
        ),
        styles=STYLES,
        legend=(("erlang-c", f"Erlang C, {POOL_SERVERS} replicas"), ("mm1", "M/M/1"),
                ("simulated", "simulated")),
        x_title="utilization", y_title="mean wait, seconds",
    )


def fan_out_plot(rows: Any) -> Plot:
    from drill.labs.comparisons import fan_out_formula

    most = max(row.calls for row in rows)
    curve = tuple((k, fan_out_formula(k)) for k in range(1, most + 1))
    top = max([share for _, share in curve] + [row.result.slow_share for row in rows])
    return Plot(
        x=Axis(0, most + 1), y=Axis(0, top * 1.1),
        series=(
            Series("formula", curve),
            Series("simulated", tuple((row.calls, row.result.slow_share) for row in rows),
                   POINTS),
        ),
        styles=STYLES,
        legend=(("formula", "1 − 0.99^k"), ("simulated", "simulated")),
        x_title="calls k", y_title="share slower than one call's P99",
    )


def experts_plot(rows: Any, shape: Any) -> Plot:
    from drill.labs.comparisons import experts_formula

    most = max(row.result.batch for row in rows)
    # The curve at every 4th batch: smooth enough on a terminal, a few dozen solver calls.
    batches = sorted({1, *range(4, most + 1, 4), most})
    curve = tuple((b, experts_formula(b, shape)) for b in batches)
    return Plot(
        x=Axis(0, most * 1.05), y=Axis(0, shape.experts * 1.05),
        series=(
            Series("formula", curve),
            Series("simulated", tuple((row.result.batch, row.result.mean_touched)
                                      for row in rows), POINTS),
        ),
        styles=STYLES,
        legend=(("formula", "E(1 − (1 − k/E)^B)"), ("simulated", "simulated")),
        x_title="batch B", y_title=f"experts touched (of {shape.experts})",
    )
