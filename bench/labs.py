"""How quickly the labs answer: a step of the roofline explorer, and an exercise check.

    /tmp/v/bin/python bench/labs.py [--repeats 20] [--json]

* roofline step: what the screen works out when m changes (the GEMM's point through the
  ``gemm-roofline`` solver and the roof through ``kernel-roofline``), sympy already
  loaded as it is in the app. Target: ≤ 16 ms, one frame at 60 Hz.
* exercise check: ``check_file`` on the reference Amdahl solution (a child Python per
  run, every case judged), expected values already worked out. Target: ≤ 500 ms.

``measure_labs(...)`` returns rows for the benchmarks suite.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

STEP_TARGET_MS = 16.0
CHECK_TARGET_MS = 500.0


def _timed(action: Any, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def _row(name: str, times: list[float], target: float) -> dict[str, Any]:
    median = statistics.median(times)
    return {"name": name, "unit": "ms", "median": median, "min": min(times),
            "max": max(times), "target": f"≤ {target:g} ms", "passed": median <= target}


def measure_labs(repeats: int = 20) -> list[dict[str, Any]]:
    from drill.labs.exercise_runner import check_file
    from drill.labs.exercises import find_exercise
    from drill.labs.gpus import find_gpu
    from drill.labs.roofline import gemm_point, roof

    gpu = find_gpu("H100")
    gemm_point(gpu, 1)  # sympy and the solvers' formulas, loaded once as in the app
    batches = iter(range(2, 10**6))

    def step() -> None:
        gemm_point(gpu, next(batches))
        roof(gpu, 0.5, 8000.0)

    exercise = find_exercise("amdahl")
    exercise.cases()
    reference = ROOT / "tests" / "labs" / "solutions" / "amdahl_reference.py"

    def check() -> None:
        if not check_file(exercise, reference).passed:
            raise RuntimeError("the reference solution failed its check")

    return [
        _row("labs: roofline step (m changes)", _timed(step, repeats), STEP_TARGET_MS),
        _row(f"labs: exercise check, {len(exercise.cases())} cases",
             _timed(check, max(3, repeats // 4)),
             CHECK_TARGET_MS),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure_labs(args.repeats)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        for row in rows:
            print(f"{row['name']}: median {row['median']:.2f} ms (min {row['min']:.2f}, "
                  f"max {row['max']:.2f}); target {row['target']}")
    return 0 if all(row["passed"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
