"""How long until drill's first frame, and then the day's counts, against a bare Textual
app, measured from outside.

    python -m bench.first_screen [--runs N] [--data DIR]

Each program is started as a user starts it, in a pseudo-terminal (:mod:`bench.pty_timing`):
``drill --data DIR`` through the console script beside this Python, and the smallest
Textual app that shows one line (:mod:`bench.minimal_app`). The clock runs from the fork
until the terminal has been sent Home's title (drill's first frame) and then Home's counts
row ("0 due · 10 new · 0 done today · 0 days streak", worked out beforehand from the same
data, filled in by a worker after the first frame), or the bare app's line. Runs are
interleaved, in alternating order, so drift and load hit both alike; the figures are the
ratio of the first frames' medians, and the median time from drill's first frame to its
counts. Targets: ≤ 1.2×, and ≤ 300 ms.

One untimed start comes first: the first start on a new data folder creates the database.
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
from pathlib import Path
from typing import Any

from bench.pty_timing import Timing, time_markers

ROOT = Path(__file__).resolve().parents[1]
TARGET_RATIO = 1.2
TARGET_COUNTS_MS = 300
#: Home's title: on screen in drill's first frame.
FIRST_FRAME = "drill · today"


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


def measure_first_screen(repeats: int = 11, data: Path | None = None) -> dict[str, Any]:
    for package in ("drill", "solvers"):
        compileall.compile_dir(ROOT / package, quiet=1)
    with tempfile.TemporaryDirectory(prefix="drill-bench-first-") as scratch:
        folder = data or Path(scratch) / "data"
        marker = counts_row(folder)
        env = {"XDG_CACHE_HOME": str(Path(scratch) / "cache")}
        programs = {
            "bare": ([sys.executable, "-m", "bench.minimal_app"], ["minimal app ready"]),
            "drill": ([*drill_command(), "--data", str(folder)], [FIRST_FRAME, marker]),
        }
        time_markers(*programs["drill"], env=env)  # untimed
        timings: dict[str, list[list[Timing]]] = {name: [] for name in programs}
        for round_number in range(repeats):
            order = list(programs) if round_number % 2 == 0 else list(reversed(programs))
            for name in order:
                argv, texts = programs[name]
                timings[name].append(time_markers(argv, texts, env=env))
    bare = [run[0].wall for run in timings["bare"]]
    first = [run[0].wall for run in timings["drill"]]
    counts = [run[1].wall for run in timings["drill"]]
    after = [c - f for f, c in zip(first, counts, strict=True)]
    ratio = statistics.median(first) / statistics.median(bare)
    after_ms = statistics.median(after) * 1000
    return {
        "name": "first frame / bare Textual app, from outside",
        "unit": "×",
        "median": ratio,
        "min": min(first) / min(bare),
        "max": max(first) / max(bare),
        "target": f"≤ {TARGET_RATIO:g}×, counts ≤ {TARGET_COUNTS_MS} ms after",
        "passed": ratio <= TARGET_RATIO and after_ms <= TARGET_COUNTS_MS,
        "drill_median_ms": round(statistics.median(first) * 1000, 1),
        "bare_median_ms": round(statistics.median(bare) * 1000, 1),
        "counts_median_ms": round(statistics.median(counts) * 1000, 1),
        "counts_after_first_frame_ms": round(after_ms, 1),
        "runs": repeats,
        "marker": marker,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--data", type=Path, help="drill's data folder (default: a fresh one)")
    args = parser.parse_args()
    result = measure_first_screen(args.runs, args.data)
    print(f"first frame, then {result['marker']!r}: {result['runs']} runs of each")
    print(f"first frame: drill median {result['drill_median_ms']:.0f} ms, bare app median "
          f"{result['bare_median_ms']:.0f} ms: ratio {result['median']:.2f} "
          f"(target ≤ {TARGET_RATIO})")
    print(f"counts: median {result['counts_median_ms']:.0f} ms after launch, "
          f"{result['counts_after_first_frame_ms']:.0f} ms after drill's first frame "
          f"(target ≤ {TARGET_COUNTS_MS} ms): {'pass' if result['passed'] else 'FAIL'}")
    return 0 if result["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
