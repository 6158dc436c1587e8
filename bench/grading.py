"""How long grading one typed answer takes, within one process (the batch and app path).

    /tmp/v/bin/python bench/grading.py [--answers 1000] [--seed 0] [--json] [--profile]

Builds the targets of every ask of every built-in card (solving with sympy happens before
the clock starts: the app knows its reference values before anyone types), then grades
``answers`` mixed answers (correct in several forms, each card mistake, slips of a power of
ten, wrong dimensions, unreadable and hostile text) and reports the median and p99 time
per answer. Targets: median ≤ 2 ms, p99 ≤ 16 ms (one frame at 60 Hz).

``measure_grading(...)`` returns the figures as a dict for the benchmarks suite.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from drill.grading import Target, grade
from drill.grading.target import expected_side
from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity
from drill.quantities.units import format_in, format_quantity, unit_quantity

MEDIAN_TARGET_MS = 2.0
P99_TARGET_MS = 16.0


def builtin_targets() -> list[Target]:
    """Every ask of every built-in card, as a target (this solves with sympy)."""
    from drill.grading.adapter import target_for
    from drill.packs.library import load_library
    from drill.solving.solve import solve

    targets: list[Target] = []
    for card in load_library().cards:
        if not card.asks:
            continue
        solution = solve(card)
        targets.extend(target_for(card, ask, solution) for ask in card.asks)
    return targets


def answers_for(target: Target) -> list[tuple[str, str]]:
    """(kind, answer) pairs for one target: the mix a class of learners would type."""
    reference = target.reference
    text = format_in(reference, target.unit)
    answers = [
        ("correct", text),
        ("correct", format_in(reference, target.unit, digits=2)),
        ("correct", f"≈ {_readable(reference)}"),
        ("correct", f"({text}) × 3 / 3"),
        ("mistake", format_in(reference * 1000.0, target.unit)),
        ("mistake", format_in(reference * 1.3, target.unit)),
        ("mistake", "16 GB" if reference.dim != unit_quantity("GB").dim else "4.8 ms"),
        ("mistake", "16 GB / 989 TFLOPS"),
        ("invalid", "4.8 zorks"),
        ("invalid", "__import__('os').system('true')"),
        ("invalid", "9**9**9**9"),
        ("invalid", "(" * 5000),
    ]
    for mistake in target.mistakes:
        if mistake.value is not None:
            answers.append(("mistake", _readable(mistake.value)))
    return answers


def _readable(quantity: Quantity) -> str:
    # A plain ratio is marked as one: a bare 0.75 would be read in the ask's unit (%).
    return format_in(quantity, "×") if quantity.dimensionless else format_quantity(quantity)


def measure_grading(targets: Sequence[Target] | None = None, answers: int = 1000,
                    seed: int = 0) -> dict[str, Any]:
    """Grade ``answers`` mixed answers in this process; the time per answer in ms.

    ``targets`` default to every ask of the built-in cards. Keys: ``median_ms``,
    ``p99_ms``, ``min_ms``, ``max_ms``, ``median_ms_by_kind``, ``verdicts``, ``answers``,
    ``targets``, ``meets_targets``.
    """
    chosen = list(targets) if targets is not None else builtin_targets()
    pool = [(target, kind, answer) for target in chosen for kind, answer in answers_for(target)]
    random.Random(seed).shuffle(pool)
    work = [pool[i % len(pool)] for i in range(answers)]
    # Start cold: the first grade of each target pays for its expected side.
    expected_side.cache_clear()
    unit_quantity.cache_clear()
    timings: list[float] = []
    by_kind: dict[str, list[float]] = {}
    verdicts: dict[str, int] = {}
    for target, kind, answer in work:
        # Each answer is read afresh: people rarely type the same text twice, so the
        # parser's cache (there for drill check's repeated prose) must not flatter us.
        read.cache_clear()
        started = time.perf_counter_ns()
        result = grade(answer, target)
        elapsed = (time.perf_counter_ns() - started) / 1e6
        timings.append(elapsed)
        by_kind.setdefault(kind, []).append(elapsed)
        verdicts[result.verdict.value] = verdicts.get(result.verdict.value, 0) + 1
    ordered = sorted(timings)
    return {
        "answers": len(timings),
        "targets": len(chosen),
        "median_ms": statistics.median(ordered),
        "p99_ms": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "min_ms": ordered[0],
        "max_ms": ordered[-1],
        "median_ms_by_kind": {k: statistics.median(v) for k, v in sorted(by_kind.items())},
        "verdicts": verdicts,
        "meets_targets": statistics.median(ordered) <= MEDIAN_TARGET_MS
        and ordered[int(0.99 * len(ordered))] <= P99_TARGET_MS,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--profile", action="store_true", help="profile with cProfile")
    args = parser.parse_args(argv)
    targets = builtin_targets()
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        figures = measure_grading(targets, args.answers, args.seed)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    else:
        figures = measure_grading(targets, args.answers, args.seed)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"graded {figures['answers']} answers for {figures['targets']} asks")
        print(f"median {figures['median_ms']:.3f} ms per answer "
              f"(target ≤ {MEDIAN_TARGET_MS} ms)")
        print(f"p99    {figures['p99_ms']:.3f} ms per answer (target ≤ {P99_TARGET_MS} ms)")
        print(f"max    {figures['max_ms']:.3f} ms")
        kinds = figures["median_ms_by_kind"]
        print("median by kind: " + ", ".join(f"{k} {v:.3f} ms" for k, v in kinds.items()))
        print(f"verdicts: {figures['verdicts']}")
    return 0 if figures["meets_targets"] else 1


if __name__ == "__main__":
    sys.exit(main())

