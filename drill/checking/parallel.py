"""Checking a big pack's cards on every core, with the findings of a serial run.

Each card is checked on its own (:class:`drill.checking.checker._CardCheck` reads only the
card and the file's text), so a pack's cards split into runs of cards, one run per task,
and the findings are put back together in card order: the output is byte for byte the
one of a serial check. Only a pack of :data:`PARALLEL_FROM` cards or more is split, as
starting a worker costs more than checking a few hundred cards (a worker started afresh,
by ``spawn`` or ``forkserver``, imports drill and sympy and loads the user's solver
files again). ``DRILL_CHECK_WORKERS=1`` checks serially; another number sets the count.

A pool that cannot start or loses a worker is never waited on for ever: the cards are
then checked here, serially.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import TypeVar

#: The fewest cards worth splitting across processes.
PARALLEL_FROM = 400
#: Runs of cards per worker: enough to even out cards of unequal cost.
RUNS_PER_WORKER = 4
MAX_WORKERS = 8
WORKERS_VARIABLE = "DRILL_CHECK_WORKERS"

_Item = TypeVar("_Item")
_Found = TypeVar("_Found")


def workers_for(cards: int) -> int:
    """How many processes check a pack of ``cards`` cards (1: this one, serially)."""
    chosen = os.environ.get(WORKERS_VARIABLE, "").strip()
    if chosen.isdigit() and int(chosen) >= 1:
        return min(int(chosen), MAX_WORKERS, max(cards, 1))
    if cards < PARALLEL_FROM:
        return 1
    return max(1, min(_usable_cores(), MAX_WORKERS))


def _usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def in_runs(items: Sequence[_Item], runs: int) -> list[Sequence[_Item]]:
    """``items`` cut into at most ``runs`` consecutive runs of near-equal length."""
    runs = max(1, min(runs, len(items)))
    size, extra = divmod(len(items), runs)
    cut: list[Sequence[_Item]] = []
    start = 0
    for index in range(runs):
        end = start + size + (index < extra)
        cut.append(items[start:end])
        start = end
    return [run for run in cut if run]


def map_runs(check: Callable[[Sequence[_Item], str], list[_Found]], items: Sequence[_Item],
             text: str, workers: int,
             context: BaseContext | None = None) -> list[_Found]:
    """``check(run, text)`` over consecutive runs of ``items`` on ``workers`` processes,
    the results joined in the order of ``items``. ``check`` must be a module-level
    function (a worker imports it by name)."""
    if workers <= 1 or len(items) <= 1:
        return check(items, text)
    runs = in_runs(items, workers * RUNS_PER_WORKER)
    from drill.solving.solver_modules import loaded_solver_files

    context = context or multiprocessing.get_context()
    if context.get_start_method() == "fork":
        _load_solving()  # once, here: every forked worker inherits it
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                 initializer=_start_worker,
                                 initargs=(loaded_solver_files(),)) as pool:
            parts = list(pool.map(check, runs, [text] * len(runs)))
    except Exception:  # whatever went wrong, the serial check is the answer
        # No processes to be had (a sandbox, a limit), one died (BrokenProcessPool), or
        # a card could not be sent: check them here.
        return check(items, text)
    return [found for part in parts for found in part]


def _load_solving() -> None:
    """Import sympy, drill's unit system and the built-in solvers (what solving the
    first card would)."""
    import drill.solving.formula_cards  # noqa: F401 - imported for its side: loaded once
    from drill.solving.registry import load_builtin_solvers

    load_builtin_solvers()


def _start_worker(solver_files: tuple[Path, ...]) -> None:
    """A worker's solvers are this process's: a forked one has them already, one
    started afresh loads the same files (the built-in solvers load by name)."""
    from drill.solving.solver_modules import load_solver_module, loaded_solver_files

    if set(loaded_solver_files()) == set(solver_files):
        return
    for path in solver_files:
        load_solver_module(path)
