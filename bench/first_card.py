"""How long until drill's first card is on screen, against a minimal Textual app.

    python -m bench.first_card [--runs N] [--data DIR]

Both programs run in a pseudo-terminal (:mod:`bench.pty_timing`), interleaved so drift
hits both alike. drill's marker is the title of the first card in the queue of the data
folder (a fresh one unless ``--data`` is given). Target: the ratio of the medians ≤ 1.3.

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

from bench.pty_timing import time_until_text

ROOT = Path(__file__).resolve().parents[1]
TARGET_RATIO = 1.3


def first_card_title(data: Path) -> str:
    from drill.packs.library import load_library
    from drill.review.session import ReviewSession

    library = load_library()
    with ReviewSession.open(library.cards, data) as session:
        entry = session.next_card()
    if entry is None:
        raise SystemExit(f"nothing is due in {data}: no first card to wait for")
    return entry.card.title[:30]


def measure_first_card(repeats: int = 11, data: Path | None = None) -> dict[str, Any]:
    for folder in ("drill", "solvers"):
        compileall.compile_dir(ROOT / folder, quiet=1)
    with tempfile.TemporaryDirectory(prefix="drill-bench-first-") as scratch:
        folder = data or Path(scratch) / "data"
        marker = first_card_title(folder)
        programs = {
            "minimal": ([sys.executable, "-m", "bench.minimal_app"], "minimal app ready"),
            "drill": ([sys.executable, "-m", "drill", "--data", str(folder)], marker),
        }
        times: dict[str, list[float]] = {name: [] for name in programs}
        for _ in range(repeats):
            for name, (argv, text) in programs.items():
                times[name].append(time_until_text(argv, text))
    minimal, drill = statistics.median(times["minimal"]), statistics.median(times["drill"])
    ratio = drill / minimal
    return {
        "name": "first card / minimal Textual app",
        "unit": "×",
        "median": ratio,
        "min": min(times["drill"]) / min(times["minimal"]),
        "max": max(times["drill"]) / max(times["minimal"]),
        "target": f"≤ {TARGET_RATIO:g}×",
        "passed": ratio <= TARGET_RATIO,
        "drill_median_ms": round(drill * 1000, 1),
        "minimal_median_ms": round(minimal * 1000, 1),
        "marker": marker,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--data", type=Path, help="drill's data folder (default: a fresh one)")
    args = parser.parse_args()
    result = measure_first_card(args.runs, args.data)
    print(f"first card: {result['marker']!r}")
    print(f"drill median {result['drill_median_ms']:.0f} ms, minimal app median "
          f"{result['minimal_median_ms']:.0f} ms: ratio {result['median']:.2f} "
          f"(target ≤ {TARGET_RATIO}): {'pass' if result['passed'] else 'FAIL'}")
    return 0 if result["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
