"""Measure drill's speed against its targets: ``python -m bench``.

    python -m bench [--only NAME ...] [--quick] [--json FILE]

Runs every measurement several times, prints a table (median, min, max, target, pass or
fail) and writes the same as JSON (default ``bench/results/latest.json``). Exits 1 when a
target is missed. Benchmarks are not tests: the test suite has no timing assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

Row = dict[str, Any]


def _first_screen(quick: bool) -> list[Row]:
    from bench.first_screen import measure_first_screen

    repeats = 6 if quick else 11
    return [measure_first_screen(repeats=repeats)]


def _grading(quick: bool) -> list[Row]:
    from bench.grading import measure_grading

    result = measure_grading(answers=300 if quick else 1000)
    return [
        {"name": "grading: median per answer", "unit": "ms", "median": result["median_ms"],
         "min": result["min_ms"], "max": result["max_ms"], "target": "≤ 2 ms",
         "passed": result["median_ms"] <= 2.0},
        {"name": "grading: p99 per answer", "unit": "ms", "median": result["p99_ms"],
         "min": result["p99_ms"], "max": result["p99_ms"], "target": "≤ 16 ms",
         "passed": result["p99_ms"] <= 16.0},
    ]


def _caches(quick: bool) -> list[Row]:
    from bench.caches import measure_caches

    return measure_caches(repeats=3 if quick else 5)


def _commands(quick: bool) -> list[Row]:
    from bench.commands import measure_commands

    return measure_commands(repeats=5 if quick else 9)


def _suite(quick: bool) -> list[Row]:
    from bench.suite import measure_suite

    return [measure_suite()]


def _queue(quick: bool) -> list[Row]:
    from bench.review_queue import measure_queue

    result = measure_queue(repeats=5 if quick else 15)
    return [{"name": "queue: 10,000 cards, 500,000 reviews", "unit": "ms",
             "median": result["median_ms"], "min": result["min_ms"],
             "max": max(result["max_ms"], result["first_ms"]), "target": "≤ 100 ms",
             "passed": result["passed"]}]


def _memory(quick: bool) -> list[Row]:
    from bench.memory import measure_memory

    return [measure_memory(repeats=1 if quick else 3)]


def _labs(quick: bool) -> list[Row]:
    from bench.labs import measure_labs

    return measure_labs(repeats=8 if quick else 20)


MEASUREMENTS: dict[str, Callable[[bool], list[Row]]] = {
    "first-screen": _first_screen,
    "grading": _grading,
    "caches": _caches,
    "commands": _commands,
    "queue": _queue,
    "memory": _memory,
    "labs": _labs,
    "suite": _suite,
}


def _format(value: float, unit: str) -> str:
    if unit == "ms":
        return f"{value:.2f} ms"
    if unit == "s":
        return f"{value:.2f} s"
    if unit == "MB":
        return f"{value:.0f} MB"
    return f"{value:.2f}{unit}"


def print_table(rows: list[Row]) -> None:
    header = ("measurement", "median", "min", "max", "target", "result")
    lines = [
        (
            row["name"],
            _format(row["median"], row["unit"]),
            _format(row["min"], row["unit"]),
            _format(row["max"], row["unit"]),
            row["target"],
            "pass" if row["passed"] else "FAIL",
        )
        for row in rows
    ]
    widths = [max(len(str(x)) for x in column) for column in zip(header, *lines, strict=True)]
    for line in (header, *lines):
        print("  ".join(str(cell).ljust(width) for cell, width in zip(line, widths, strict=True)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=list(MEASUREMENTS), metavar="NAME",
                        help=f"run only these: {', '.join(MEASUREMENTS)}")
    parser.add_argument("--quick", action="store_true", help="fewer repeats (noisier)")
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "results" / "latest.json",
                        help="where to write the results (default: %(default)s)")
    args = parser.parse_args(argv)
    rows: list[Row] = []
    for name in args.only or MEASUREMENTS:
        print(f"measuring {name} ...", file=sys.stderr, flush=True)
        rows.extend(MEASUREMENTS[name](args.quick))
    print_table(rows)
    report = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"cores": os.cpu_count(), "python": platform.python_version(),
                    "platform": platform.platform()},
        "results": rows,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"\n{sum(r['passed'] for r in rows)}/{len(rows)} targets met; "
          f"written to {args.json}", file=sys.stderr)
    return 0 if all(row["passed"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
