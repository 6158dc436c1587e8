"""Peak memory (RSS) of the app after it has graded ten answers.

    python -m bench.memory

Runs the real app headless (Textual's ``run_test``) on the built-in packs with a fresh data
folder in a child process, types ten answers (right ones, classic mistakes and gibberish),
rating each card when its asks are done, then reads the child's peak RSS. Target ≤ 150 MB.
"""

from __future__ import annotations

import asyncio
import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET_MB = 150.0
ANSWERS = ["4.8 ms", "16 GB / 989 TFLOPS", "200 tokens/s", "zorks", "1 / 4.8 ms", "48 ms",
           "295", "2.7 TB/s", "80%", "$4.17"]


async def _grade_ten(data: Path) -> int:
    from drill.app.drill_app import DrillApp
    from drill.app.options import AppOptions
    from drill.app.screens.review import ReviewScreen
    from drill.app.widgets.ask_field import AskField

    app = DrillApp(AppOptions(data_dir=data, prepare_in_background=False))
    graded = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        while graded < len(ANSWERS):
            screen = app.screen
            if not isinstance(screen, ReviewScreen) or screen.card is None:
                raise RuntimeError("the review ran out of cards before ten answers")
            fields = list(screen.query(AskField))
            if not fields:  # a spoken card: reveal, rate it and go on
                await pilot.press("space", "3")
                await pilot.pause()
                continue
            for ask_field in fields:
                if graded == len(ANSWERS):
                    break
                ask_field.focus()
                await pilot.press(*ANSWERS[graded], "enter")
                await pilot.pause()
                graded += 1
            # Out of the answer box, then reveal (a card is never rated unseen) and rate.
            app.set_focus(None)
            await pilot.press("space", "3")
            await pilot.pause()
        await pilot.press("ctrl+q")
    return graded


def _child() -> None:
    with tempfile.TemporaryDirectory(prefix="drill-bench-memory-") as scratch:
        graded = asyncio.run(_grade_ten(Path(scratch) / "data"))
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    print(json.dumps({"graded": graded, "peak_mb": peak_kb / 1024}))


def measure_memory(repeats: int = 3) -> dict[str, Any]:
    peaks = []
    for _ in range(repeats):
        out = subprocess.run([sys.executable, "-m", "bench.memory", "--child"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
        result = json.loads(out.strip().splitlines()[-1])
        if result["graded"] != len(ANSWERS):
            raise RuntimeError(f"the app graded {result['graded']} answers, not ten")
        peaks.append(result["peak_mb"])
    median = statistics.median(peaks)
    return {"name": "memory: peak RSS after ten answers", "unit": "MB", "median": median,
            "min": min(peaks), "max": max(peaks), "target": f"≤ {TARGET_MB:g} MB",
            "passed": median <= TARGET_MB}


if __name__ == "__main__":
    if "--child" in sys.argv:
        _child()
    else:
        print(json.dumps(measure_memory(), indent=2))
