"""Benchmark: what drill's two caches buy, as the CPU time of whole commands.

    python -m bench.caches

``drill check`` keeps each checked file's findings, and solving keeps each solved card
(``drill cache path`` shows where). Each command runs *cold* (a fresh, empty cache
folder: nothing kept) and *warm* (the folder its first run filled), alternately, so a
change in the machine's load falls on both; the figure is the median CPU time (user and
system) of the whole process.
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
COMMANDS = {
    "drill check (the built-in packs)": ["check"],
    "drill grade speed-physics/q1 decode_floor '4.8 ms'":
        ["grade", "speed-physics/q1", "decode_floor", "4.8 ms"],
}
#: A warm run costs at most this share of a cold one.
TARGET_RATIO = 0.5


def _cpu(argv: list[str], cache: Path, data: Path) -> float:
    """CPU seconds of one ``drill ARGV`` process with this cache folder."""
    environment = {**os.environ, "XDG_CACHE_HOME": str(cache), "DRILL_HOME": str(data)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "drill", *argv], cwd=ROOT,
                          capture_output=True, text=True, env=environment)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"drill {' '.join(argv)} failed:\n{done.stdout}{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure_caches(repeats: int = 5) -> list[dict[str, Any]]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="drill-bench-caches-") as folder:
        scratch = Path(folder)
        for name, argv in COMMANDS.items():
            warm_cache = Path(tempfile.mkdtemp(dir=scratch))
            _cpu(argv, warm_cache, scratch / "data")
            cold: list[float] = []
            warm: list[float] = []
            for _ in range(repeats):
                cold.append(_cpu(argv, Path(tempfile.mkdtemp(dir=scratch)), scratch / "data"))
                warm.append(_cpu(argv, warm_cache, scratch / "data"))
            ratio = statistics.median(warm) / statistics.median(cold)
            rows.append({"name": f"{name}: warm ÷ cold", "unit": "×", "median": ratio,
                         "min": min(warm) / max(cold), "max": max(warm) / min(cold),
                         "target": f"≤ {TARGET_RATIO:g}×", "passed": ratio <= TARGET_RATIO,
                         "cold_cpu_s": round(statistics.median(cold), 3),
                         "warm_cpu_s": round(statistics.median(warm), 3)})
    return rows


if __name__ == "__main__":
    import json

    print(json.dumps(measure_caches(), indent=2, ensure_ascii=False))
