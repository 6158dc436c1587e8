"""How long until drill's first card is on screen, against a minimal Textual app.

    python -m bench.first_screen [--runs N] [--marker TEXT] [--data DIR]

Both programs run in a pseudo-terminal (``bench.pty_timing``), interleaved so drift hits
both alike. The issue asks the ratio of the medians to be at most 1.3.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from bench.pty_timing import time_until_text

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--marker", default="Can we advertise", help="text of the first card")
    parser.add_argument("--data", help="drill's data folder (default: a fresh temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        data = args.data or str(Path(scratch) / "data")
        programs = {
            "minimal app": ([sys.executable, str(ROOT / "bench" / "minimal_app.py")],
                            "minimal app ready"),
            "drill": ([sys.executable, "-m", "drill", "--data", data], args.marker),
        }
        times: dict[str, list[float]] = {name: [] for name in programs}
        for _ in range(args.runs):
            for name, (argv, marker) in programs.items():
                times[name].append(time_until_text(argv, marker))
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, median in medians.items():
        print(f"{name:12} median {median * 1000:6.0f} ms   min {min(times[name]) * 1000:6.0f} ms")
    print(f"ratio {medians['drill'] / medians['minimal app']:.2f}  (the issue asks ≤ 1.30)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
