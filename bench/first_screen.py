"""How long until drill's first screen shows the day's counts, against a bare Textual app,
measured from outside.

    python -m bench.first_screen [--runs N] [--data DIR] [--cache warm|cold]

Each program is started as a user starts it, in a pseudo-terminal (:mod:`bench.pty_timing`):
``drill --data DIR`` through the console script beside this Python, and the smallest
Textual app that shows one line (:mod:`bench.minimal_app`). The clock runs from the fork
until the terminal has been sent drill's Home with the day's counts row ("0 due · 10 new
· 0 done today · 0 days streak", worked out beforehand from the same data), or the bare
app's line. Runs are interleaved, in alternating order, so drift and load hit both alike;
the figure is the ratio of the medians. Target: ≤ 1.15.

The CPU time each program used until that frame is read at the same moment (Linux): on a
loaded machine a second process gets no core of its own, so the CPU ratio is what the
wall ratio tends to there.

``--cache warm`` (the default) times a start with Home's figures in the start-up cache, as
a start finds them after the last one (or the last quit) with nothing changed since; one
untimed start fills it first. ``--cache cold`` empties the cache before each start, as
after an edited pack file: drill forks the child that works the figures out.

drill's modules are compiled first, as an install does: with ``PYTHONDONTWRITEBYTECODE``
set and no ``__pycache__`` beside the sources, every run would compile them again, a cost
Textual's installed modules never pay.
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.pty_timing import Timing, time_first_frame

ROOT = Path(__file__).resolve().parents[1]
TARGET_RATIO = 1.15


def counts_row(data: Path) -> str:
    """Home's counts row for ``data``, as the terminal shows it at 100 columns."""
    from drill.app.backend import Backend
    from drill.app.home_view import home_view
    from drill.app.screens.home import COUNTS_SEPARATOR, count_figures

    backend = Backend(data)
    backend.open()
    try:
        view = home_view(backend)
    finally:
        backend.close()
    return COUNTS_SEPARATOR.join(f"{value} {label}" for value, label in count_figures(view))


def drill_command() -> list[str]:
    """``drill`` as installed beside this Python, else ``python -m drill``."""
    script = Path(sys.executable).with_name("drill")
    return [str(script)] if script.exists() else [sys.executable, "-m", "drill"]


def _cpu_medians(runs: Sequence[Timing]) -> float | None:
    """The median CPU time of the runs, None where it could not be read."""
    seconds = [run.cpu for run in runs if run.cpu is not None]
    return statistics.median(seconds) if len(seconds) == len(runs) else None


def measure_first_screen(repeats: int = 11, data: Path | None = None,
                         cache: str = "warm") -> dict[str, Any]:
    for package in ("drill", "solvers"):
        compileall.compile_dir(ROOT / package, quiet=1)
    with tempfile.TemporaryDirectory(prefix="drill-bench-first-") as scratch:
        folder = data or Path(scratch) / "data"
        marker = counts_row(folder)
        env = {"XDG_CACHE_HOME": str(Path(scratch) / "cache")}
        entries = Path(scratch) / "cache" / "drill" / "home"
        programs = {
            "bare": ([sys.executable, "-m", "bench.minimal_app"], "minimal app ready"),
            "drill": ([*drill_command(), "--data", str(folder)], marker),
        }
        if cache == "warm":
            _fill_cache(programs["drill"], env, entries)
        timings: dict[str, list[Timing]] = {name: [] for name in programs}
        for round_number in range(repeats):
            order = list(programs) if round_number % 2 == 0 else list(reversed(programs))
            for name in order:
                argv, text = programs[name]
                run_env = env
                if name == "drill" and cache == "cold":
                    # A cache folder of its own: the last start's child, still keeping
                    # its figures, cannot fill this one's.
                    run_env = {"XDG_CACHE_HOME": str(Path(scratch) / f"cold-{round_number}")}
                timings[name].append(time_first_frame(argv, text, env=run_env))
    wall = {name: [t.wall for t in runs] for name, runs in timings.items()}
    ratio = statistics.median(wall["drill"]) / statistics.median(wall["bare"])
    drill_cpu, bare_cpu = _cpu_medians(timings["drill"]), _cpu_medians(timings["bare"])
    cpu_ratio = drill_cpu / bare_cpu if drill_cpu is not None and bare_cpu else None
    return {
        "name": f"first screen (day's counts) / bare Textual app, from outside, {cache} cache",
        "cache": cache,
        "unit": "×",
        "median": ratio,
        "min": min(wall["drill"]) / min(wall["bare"]),
        "max": max(wall["drill"]) / max(wall["bare"]),
        # The target is the usual start's; a start after a change is shown beside it.
        "target": f"≤ {TARGET_RATIO:g}×" if cache == "warm" else "none (shown)",
        "passed": ratio <= TARGET_RATIO or cache == "cold",
        "drill_median_ms": round(statistics.median(wall["drill"]) * 1000, 1),
        "bare_median_ms": round(statistics.median(wall["bare"]) * 1000, 1),
        "cpu_ratio": None if cpu_ratio is None else round(cpu_ratio, 3),
        "drill_cpu_median_ms": None if drill_cpu is None else round(drill_cpu * 1000),
        "bare_cpu_median_ms": None if bare_cpu is None else round(bare_cpu * 1000),
        "runs": repeats,
        "marker": marker,
    }


def _fill_cache(program: tuple[list[str], str], env: dict[str, str], entries: Path) -> None:
    """One untimed start, then its child keeps Home's figures (the first start on a new
    data folder keeps none, as it creates the database: a second one does)."""
    for _ in range(3):
        time_first_frame(*program, env=env)
        deadline = time.monotonic() + 10
        while not any(entries.glob("*.json")) and time.monotonic() < deadline:
            time.sleep(0.05)
        if any(entries.glob("*.json")):
            return
    raise RuntimeError("drill kept no figures for the next start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--data", type=Path, help="drill's data folder (default: a fresh one)")
    parser.add_argument("--cache", choices=("warm", "cold"), default="warm",
                        help="Home's figures kept from the last start, or none (default: warm)")
    args = parser.parse_args()
    result = measure_first_screen(args.runs, args.data, args.cache)
    print(f"first screen, {args.cache} cache: {result['marker']!r}, "
          f"{result['runs']} runs of each")
    print(f"wall: drill median {result['drill_median_ms']:.0f} ms, bare app median "
          f"{result['bare_median_ms']:.0f} ms: ratio {result['median']:.2f} "
          + (f"(target ≤ {TARGET_RATIO}): {'pass' if result['passed'] else 'FAIL'}"
             if args.cache == "warm" else "(no target: a start after a change)"))
    if result["cpu_ratio"] is not None:
        print(f"CPU until that frame: drill median {result['drill_cpu_median_ms']} ms, bare "
              f"app median {result['bare_cpu_median_ms']} ms: ratio {result['cpu_ratio']:.2f}")
    return 0 if result["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
