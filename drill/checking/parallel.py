"""Checking a big pack's cards on every core, with the findings of a serial run; and
with the cyclic garbage collector run rarely while checking.

Each card is checked on its own (:class:`drill.checking.checker._CardCheck` reads only the
card and the file's text), so a pack's cards split into runs of cards, one run per task,
and the findings are put back together in card order: the output is byte for byte the
one of a serial check. Only a pack of :data:`PARALLEL_FROM` cards or more is split, as
starting a worker costs more than checking a few hundred cards (a worker started afresh,
by ``spawn`` or ``forkserver``, imports drill and sympy and loads the user's solver
files again). Left to itself, the check starts a pool only once the cards left look
worth it (:data:`POOL_WORTH_S`), by the pace of the cards checked so far: a pack whose
cards repeat one another is found clean at once, card after card, and gains nothing.
And only onto cores that are idle, by the load average (as ``make -l`` does): on a busy
machine a second process finishes no sooner, and the copies of memory a forked worker
touches make the same work cost more CPU time (a 1,000-card check took about a tenth
more at a load of 4 on two cores). ``DRILL_CHECK_WORKERS=1`` checks serially; another
number sets the count, whatever the load, and starts the pool at once.

A pool that cannot start or loses a worker is never waited on for ever: the cards are
then checked here, serially.

Checking makes millions of small objects that die young and hold no cycles, and with
Python's default thresholds the collector runs every 700 of them, each time walking the
objects that live on (the pack's cards, sympy's): a third of a cold check, and more per
card the bigger the pack. :func:`collecting_rarely` leaves any cycle to the first
collection after the check.
"""

from __future__ import annotations

import contextlib
import gc
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # the pool's modules load only for a pool: most checks have none
    from multiprocessing.context import BaseContext

#: The fewest cards worth splitting across processes.
PARALLEL_FROM = 400
#: Runs of cards per worker: enough to even out cards of unequal cost.
RUNS_PER_WORKER = 4
MAX_WORKERS = 8
WORKERS_VARIABLE = "DRILL_CHECK_WORKERS"

_Item = TypeVar("_Item")
_Found = TypeVar("_Found")


@contextlib.contextmanager
def collecting_rarely(restore: bool = True) -> Iterator[None]:
    """No cyclic collection inside the block (what checking makes is acyclic, freed by
    reference counts: the peak memory of a 1,000-card check is the same), and the
    collector as it was after it; ``restore=False``: left off (for a process that ends
    right after, which the first collection would only delay)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting and restore:
            gc.enable()  # the next collection finds any cycle left


def workers_for(cards: int, load: float | None = None) -> int:
    """How many processes check a pack of ``cards`` cards (1: this one, serially), with
    ``load`` the machine's load average (by default, the last minute's)."""
    chosen = os.environ.get(WORKERS_VARIABLE, "").strip()
    if chosen.isdigit() and int(chosen) >= 1:
        return min(int(chosen), MAX_WORKERS, max(cards, 1))
    if cards < PARALLEL_FROM:
        return 1
    cores = min(_usable_cores(), MAX_WORKERS)
    busy = _load_average() if load is None else load
    return max(1, min(cores, cores - int(busy)))  # the cores no process is running on


def _load_average() -> float:
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):  # not on this system: take the cores to be idle
        return 0.0


def _usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def in_runs(count: int, runs: int) -> list[tuple[int, int]]:
    """``range(count)`` cut into at most ``runs`` consecutive runs of near-equal length,
    each as (start, end)."""
    runs = max(1, min(runs, count))
    size, extra = divmod(count, runs)
    cut: list[tuple[int, int]] = []
    start = 0
    for index in range(runs):
        end = start + size + (index < extra)
        if end > start:
            cut.append((start, end))
        start = end
    return cut


def map_runs(check: Callable[[Sequence[_Item], str], list[_Found]], items: Sequence[_Item],
             text: str, workers: int, context: BaseContext | None = None,
             worth: float = 0.0) -> list[_Found]:
    """``check(run, text)`` over consecutive runs of ``items`` on ``workers`` processes,
    the results joined in the order of ``items``. ``check`` must be a module-level
    function (a worker imports it by name). ``worth``: check here, run after run, until
    the cards left look like this many seconds of CPU time or more, and start the pool
    only then (0: at once; see :func:`pool_worth`)."""
    if workers <= 1 or len(items) <= 1:
        return check(items, text)
    done: list[_Found] = []
    if worth > 0:
        done, start = _check_here_while_cheap(check, items, text, worth)
        if start >= len(items):
            return done
        items = items[start:]
    return [*done, *_on_a_pool(check, items, text, workers, context)]


#: The CPU time the cards left must look like for a pool to be worth starting: below
#: it, forking the workers and sending their findings back cost about what they save
#: (a 1,000-card pack of a few cards repeated, whose copies are found clean at once,
#: took half a second more CPU time on two processes, and no less wall time). Raised
#: from 1 s once a 1,000-card pack of cards all different came to about a second of
#: checking: on two processes it took 0.1-0.4 s more CPU time (forking, copying, sending
#: findings back), and at a load of 2-4 no less wall time, so a pool starts only for
#: work that can pay for it.
POOL_WORTH_S = 2.0
#: How many runs the cards are checked in here, while they are cheap.
_STEPS = 40


def pool_worth() -> float:
    """:data:`POOL_WORTH_S`, unless ``DRILL_CHECK_WORKERS`` sets the count (then the
    pool starts at once)."""
    chosen = os.environ.get(WORKERS_VARIABLE, "").strip()
    return 0.0 if chosen.isdigit() and int(chosen) >= 1 else POOL_WORTH_S


def _check_here_while_cheap(check: Callable[[Sequence[_Item], str], list[_Found]],
                            items: Sequence[_Item], text: str,
                            worth: float) -> tuple[list[_Found], int]:
    """Check runs of ``items`` here until the last run's pace says the rest would take
    ``worth`` seconds or more; the findings so far, and where the rest starts. (The
    first cards of a pack cost the most: they load the solvers and meet each scenario
    first. So only from the second run on is the pace taken.)"""
    step = max(1, len(items) // _STEPS)
    done: list[_Found] = []
    start = 0
    while start < len(items):
        end = min(len(items), start + step)
        began = time.process_time()
        done += check(items[start:end], text)
        pace = (time.process_time() - began) / (end - start)
        start = end
        if start >= 2 * step and pace * (len(items) - start) >= worth:
            break
    return done, start


def _on_a_pool(check: Callable[[Sequence[_Item], str], list[_Found]],
               items: Sequence[_Item], text: str, workers: int,
               context: BaseContext | None) -> list[_Found]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    runs = in_runs(len(items), workers * RUNS_PER_WORKER)
    from drill.solving.solver_modules import loaded_solver_files

    context = context or multiprocessing.get_context()
    first: list[_Found] = []
    forking = context.get_start_method() == "fork"
    # A caller that froze its heap already (a test run does) keeps it frozen: unfreezing
    # afterwards would hand its objects back to the collector too.
    freezing = forking and gc.get_freeze_count() == 0
    if forking:
        # The first run is checked here, before forking: every worker inherits sympy,
        # the solvers and what that run worked out (a scenario met again is not solved
        # again in each worker). Frozen, the heap is not walked by the workers' collector.
        _load_solving()
        start, end = runs[0]
        first, runs = check(items[start:end], text), runs[1:]
        if freezing:
            gc.freeze()
    try:
        # The cards and the text go to each worker once, as it starts (a forked one has
        # them already); a task is only where its run starts and ends.
        with ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                 initializer=_start_worker,
                                 initargs=(loaded_solver_files(), check, items, text)
                                 ) as pool:
            parts = list(pool.map(_check_run, runs))
    except Exception:  # whatever went wrong, the serial check is the answer
        # No processes to be had (a sandbox, a limit), one died (BrokenProcessPool), or
        # a card could not be sent: check them here.
        parts = [check(items[runs[0][0]:], text)] if runs else []
    finally:
        if freezing:
            gc.unfreeze()
    return [*first, *(found for part in parts for found in part)]


#: A worker's job, set as it starts: the check, every item, the file's text.
_JOB: tuple[Callable[[Sequence[Any], str], list[Any]], Sequence[Any], str] | None = None


def _check_run(bounds: tuple[int, int]) -> list[Any]:
    assert _JOB is not None, "a worker checks only once it has its job"
    check, items, text = _JOB
    start, end = bounds
    return check(items[start:end], text)


def _load_solving() -> None:
    """Import sympy, drill's unit system and the built-in solvers (what solving the
    first card would)."""
    import drill.solving.formula_cards  # noqa: F401 - imported for its side: loaded once
    from drill.solving.registry import load_builtin_solvers

    load_builtin_solvers()


def _start_worker(solver_files: tuple[Path, ...],
                  check: Callable[[Sequence[Any], str], list[Any]],
                  items: Sequence[Any], text: str) -> None:
    """A worker's solvers are this process's: a forked one has them already, one
    started afresh loads the same files (the built-in solvers load by name)."""
    from drill.solving.solver_modules import load_solver_module, loaded_solver_files

    global _JOB
    _JOB = (check, items, text)
    gc.disable()  # as in the parent (collecting_rarely); the worker's end frees the rest
    if set(loaded_solver_files()) == set(solver_files):
        return
    for path in solver_files:
        load_solver_module(path)
