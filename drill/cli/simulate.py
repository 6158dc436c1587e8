"""``drill simulate``: the chapter's formulas beside seeded simulations."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE

#: The engine and capacity chapters' checks (drill.labs.engine_checks).
ENGINE_CHECKS = ("pool", "hedge", "chunked", "preempt")

CHECKS = ("little", "queue", "fan-out", "p99", "experts", "pool", "hedge", "chunked",
          "preempt")
#: Beyond this a run holds too many requests in memory to be worth it.
LARGEST_SIZE = 1_000_000


def count(text: str) -> int:
    """A positive whole number (argparse type)."""
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not 1 <= value <= LARGEST_SIZE:
        raise argparse.ArgumentTypeError(f"{value} is out of range (1 to {LARGEST_SIZE:,})")
    return value


def seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "simulate",
        parents=[common],
        help="check a serving formula against a seeded simulation",
        description="Run one of the chapter's checks and print the formula beside the "
        "simulation. little: Little's law, L = λ × W, on a single-server queue. queue: "
        "M/M/1 mean and P99 time in system at 20%-95% utilization. fan-out: the share of "
        "requests slower than one call's P99 when each waits for k parallel calls. p99: "
        "a P99 measured from n samples, with its bootstrap confidence interval. experts: "
        "the distinct experts a batch of tokens routes to in one MoE layer "
        "(DeepSeek-V3's, from the catalog), against E × (1 − (1 − k/E)^B). pool: a queue "
        "before four replicas, against Erlang C and against M/M/1 at the same "
        "utilization. hedge: calls hedged at their P95, against p² and its correlated "
        "form. chunked: the gaps between tokens with chunked prefill (Llama 3 8B on an "
        "H100, from the catalog), against the step model. preempt: a preempted "
        "sequence's cache recomputed as a chunked prefill of its context, against "
        "context × 2N ÷ (peak × MFU).",
        epilog="example: drill simulate fan-out --calls 10 100 --size 50000 --seed 3",
    )
    parser.add_argument("check", choices=CHECKS, metavar="CHECK",
                        help=f"one of {', '.join(CHECKS)}")
    parser.add_argument("--seed", type=seed, default=0, help="random seed (default: 0)")
    parser.add_argument("--size", metavar="N", type=count, nargs="+",
                        help="requests (little, queue), requests per k (fan-out), samples "
                        "(p99), batches per row (experts), requests per row (pool, hedge), "
                        "steps per row (chunked) or preemptions per row (preempt); several "
                        "sizes run one after another (defaults: 200000, 200000, 20000, 200 "
                        "5000, 2000, 200000, 100000, 100000 and 20000)")
    parser.add_argument("--calls", metavar="K", type=count, nargs="+",
                        help="fan-out only: parallel calls per request (default: 1 2 5 10 20)")
    parser.add_argument("--batches", metavar="B", type=count, nargs="+",
                        help="experts only: tokens per batch (default: 1 4 16 32 64 128)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.cli.progress import TerminalProgress
    from drill.labs import comparisons as c
    from drill.labs.simulations import MEAN_BATCHES
    from drill.solving.solve import SolveError

    if args.calls and args.check != "fan-out":
        print("drill simulate: error: --calls is for fan-out only", file=sys.stderr)
        return EXIT_USAGE
    if args.batches and args.check != "experts":
        print("drill simulate: error: --batches is for experts only", file=sys.stderr)
        return EXIT_USAGE
    if args.check in ENGINE_CHECKS:
        return _run_engine_check(args)
    sizes: Sequence[int] = args.size or (
        c.P99_SIZES if args.check == "p99" else (c.DEFAULT_SIZES[args.check],))
    # The error bars of a queue's mean come from batches of at least two requests.
    if args.check == "queue" and min(sizes) < 2 * MEAN_BATCHES:
        print(f"drill simulate: error: queue needs --size of at least {2 * MEAN_BATCHES} "
              f"(its error bars come from {MEAN_BATCHES} batches of requests)",
              file=sys.stderr)
        return EXIT_USAGE
    try:  # the whole job at once: each size alone may fit while all of them do not
        c.check_work(args.check, sizes, (args.batches or c.EXPERT_BATCHES)
                     if args.check == "experts" else (args.calls or c.FAN_OUT_CALLS))
    except ValueError as error:
        print(f"drill simulate: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        with TerminalProgress(f"simulating {args.check}") as progress:
            lines, data = _run_check(args.check, sizes, args.seed,
                                     args.batches if args.check == "experts" else args.calls,
                                     progress)
    except SolveError as error:
        print(f"drill simulate: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    except ValueError as error:
        print(f"drill simulate: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(json.dumps({"check": args.check, "seed": args.seed, "runs": data},
                         ensure_ascii=False, indent=2))
    else:
        print("\n".join(lines))
    return EXIT_OK


def _run_engine_check(args: argparse.Namespace) -> int:
    from drill.cli.progress import TerminalProgress
    from drill.labs.engine_checks import DEFAULT_ENGINE_SIZES, check_engine_work, run_engine_check

    sizes: Sequence[int] = args.size or (DEFAULT_ENGINE_SIZES[args.check],)
    try:
        check_engine_work(args.check, sizes)
        with TerminalProgress(f"simulating {args.check}") as progress:
            lines, data = run_engine_check(args.check, sizes, args.seed, progress)
    except ValueError as error:
        print(f"drill simulate: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(json.dumps({"check": args.check, "seed": args.seed, "runs": data},
                         ensure_ascii=False, indent=2))
    else:
        print("\n".join(lines))
    return EXIT_OK


def _run_check(check: str, sizes: Sequence[int], seed_value: int, calls: Sequence[int] | None,
               progress: Any) -> tuple[list[str], list[dict[str, Any]]]:
    from drill.labs import comparison_tables as tables
    from drill.labs import comparisons as c

    if check == "little":
        little = c.compare_little(sizes, seed_value, progress)
        return tables.little_text(little), tables.little_json(little)
    if check == "p99":
        p99 = c.compare_p99(sizes, seed_value, progress)
        return tables.p99_text(p99, seed_value), tables.p99_json(p99)
    shape = c.moe_shape() if check == "experts" else None
    stage = _Split(progress, len(sizes))
    lines: list[str] = []
    data: list[dict[str, Any]] = []
    for index, size in enumerate(sizes):
        if check == "queue":
            queue = c.compare_queue(size, seed_value, stage.part(index))
            lines += tables.queue_text(queue, size, seed_value)
            data.append(tables.queue_json(queue, size))
        elif shape is not None:  # experts: ``calls`` carries --batches here
            rows = c.compare_experts(calls or c.EXPERT_BATCHES, size, seed_value,
                                     stage.part(index), shape)
            lines += tables.experts_text(rows, shape.model, size, seed_value)
            data.append(tables.experts_json(rows, shape.model, size))
        else:
            fan = c.compare_fan_out(calls or c.FAN_OUT_CALLS, size, seed_value,
                                    stage.part(index))
            lines += tables.fan_out_text(fan, size, seed_value)
            data.append(tables.fan_out_json(fan, size))
        if index < len(sizes) - 1:
            lines.append("")
    return lines, data


class _Split:
    """One progress callback shared by ``parts`` equal runs."""

    def __init__(self, progress: Any, parts: int) -> None:
        self.progress = progress
        self.parts = parts

    def part(self, index: int) -> Any:
        def tick(done: int, total: int) -> None:
            self.progress(index * total + done, self.parts * total)

        return tick
