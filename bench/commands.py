"""Benchmark: one-shot commands as whole processes, in CPU time, as ratios in one run.

    python -m bench.commands

A script that grades one answer starts drill, grades and exits; so does ``drill check``
run on packs nothing changed in. Each is compared with a command that needs none of the
costly parts (``drill calc`` reads a quantity; ``drill list`` reads the packs), run
interleaved with it so a change in the machine's load falls on both. The cache folder is
warm (one run of each first), as it is for a user after the first time.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GRADE_TARGET_RATIO = 2.0
CHECK_TARGET_RATIO = 1.5

GRADE = ["grade", "speed-physics/q1", "decode_floor", "4.8 ms"]
CALC = ["calc", "16 GB / 3.35 TB/s"]
CHECK = ["check"]
LIST = ["list"]


def _cpu(argv: list[str], environment: dict[str, str]) -> float:
    """CPU seconds (user and system) of one ``drill ARGV`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run([sys.executable, "-m", "drill", *argv], cwd=ROOT,
                            capture_output=True, text=True, env=environment)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise RuntimeError(f"drill {' '.join(argv)} failed:\n{result.stdout}{result.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _ratios(command: list[str], yardstick: list[str], repeats: int,
            environment: dict[str, str]) -> tuple[list[float], list[float]]:
    """CPU seconds of each, interleaved, after one warming run of each."""
    _cpu(command, environment)
    _cpu(yardstick, environment)
    measured: list[float] = []
    against: list[float] = []
    for _ in range(repeats):
        measured.append(_cpu(command, environment))
        against.append(_cpu(yardstick, environment))
    return measured, against


def _row(name: str, measured: list[float], against: list[float], target: float
         ) -> dict[str, Any]:
    ratios = [m / a for m, a in zip(measured, against, strict=True)]
    median = statistics.median(measured) / statistics.median(against)
    return {"name": name, "unit": "×", "median": median, "min": min(ratios),
            "max": max(ratios), "target": f"≤ {target:g}×", "passed": median <= target,
            "cpu_s": round(statistics.median(measured), 3),
            "yardstick_cpu_s": round(statistics.median(against), 3)}


def measure_commands(repeats: int = 7) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="drill-bench-commands-") as folder:
        environment = {**os.environ, "DRILL_HOME": str(Path(folder) / "data"),
                       "XDG_CACHE_HOME": str(Path(folder) / "cache")}
        grade, calc = _ratios(GRADE, CALC, repeats, environment)
        check, listing = _ratios(CHECK, LIST, repeats, environment)
    return [
        _row('one-shot `drill grade` (warm cache) ÷ `drill calc`', grade, calc,
             GRADE_TARGET_RATIO),
        _row("`drill check` of the unchanged built-ins ÷ `drill list`", check, listing,
             CHECK_TARGET_RATIO),
    ]


if __name__ == "__main__":
    import json

    print(json.dumps(measure_commands(), indent=2, ensure_ascii=False))
