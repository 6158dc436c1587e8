"""CPU time of the review screen's steps, driven through Textual's test driver.

    python -m bench.review_screen [--runs N] [--json]

Each run opens drill on its built-in packs in a fresh data folder, at 80×24, with cards
solved when first shown (as the app tests have them) and the answer timer stopped. Home
is left to finish drawing (its footer comes just after the first frame), then three
steps are timed with ``time.process_time``, the CPU the app's process spent:

- **open**: Enter on Home, up to the review screen showing its first card;
- **keys**: the 18 keys of ``16 GB / 989 TFLOPS`` typed into the first ask, each echoed
  ("read as 16 GB ÷ 989 TFLOPS = …") as it is typed;
- **grade**: Enter, grading the answer.

Prints the median of each step over the runs (the first run, which imports the screens,
included) and, per key, the typing's share.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ANSWER = "16 GB / 989 TFLOPS"


async def one_run(data_dir: Path) -> dict[str, float]:
    """One run's CPU seconds per step."""
    from drill.app.drill_app import DrillApp
    from drill.app.options import AppOptions

    app = DrillApp(AppOptions(data_dir=data_dir, timer_clock=lambda: 0.0,
                              prepare_in_background=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        start = time.process_time()
        await pilot.press("enter")
        await pilot.pause()
        opened = time.process_time()
        await pilot.press(*ANSWER)
        typed = time.process_time()
        await pilot.press("enter")
        await pilot.pause()
        graded = time.process_time()
    return {"open": opened - start, "keys": typed - opened, "grade": graded - typed}


def measure_review_screen(runs: int = 7) -> dict[str, float]:
    """The median CPU seconds of each step over ``runs`` runs, each in a fresh folder."""
    results = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="drill-bench-review-") as folder:
            results.append(asyncio.run(one_run(Path(folder))))
    medians = {step: statistics.median(r[step] for r in results) for step in results[0]}
    medians["per_key"] = medians["keys"] / len(ANSWER)
    return medians


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.review_screen",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the medians as JSON")
    args = parser.parse_args(argv)
    medians = measure_review_screen(args.runs)
    if args.json:
        print(json.dumps(medians, indent=2))
    else:
        print(f"median CPU of {args.runs} runs: open {medians['open'] * 1000:.0f} ms · "
              f"{len(ANSWER)} keys {medians['keys'] * 1000:.0f} ms "
              f"({medians['per_key'] * 1000:.1f} ms a key) · grade "
              f"{medians['grade'] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
