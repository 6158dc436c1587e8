"""``drill calc``: the unit-aware scratchpad."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "calc",
        parents=[common],
        help="work out an expression with units (16 GB / 3.35 TB/s)",
        description="Work out an expression with units and show how it was read. "
        "With no expression, read one per line from standard input (with --json, one "
        "JSON object per line).",
        epilog='example: drill calc "16 GB / 3.35 TB/s" --to ms',
    )
    parser.add_argument("expression", nargs="?", metavar="EXPR", help="the math to work out")
    parser.add_argument("--to", metavar="UNIT", help="show the result in this unit")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.quantities.calculator import calculate

    if args.expression is None:
        return _repl(args)
    result = calculate(args.expression, args.to)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    elif result.error:
        print(f"drill calc: error: {result.error}", file=sys.stderr)
    else:
        print(result.text)
        print(f"  dimension: {result.dimension}")
        print(f"  read as:   {result.echo}")
    return EXIT_FAILED if result.error else EXIT_OK


def _repl(args: argparse.Namespace) -> int:
    from drill.cli.streams import bounded_lines
    from drill.quantities.calculator import Scratchpad

    pad = Scratchpad()  # each line may use "ans", the line before's result
    failed = False
    # Piped input may be one endless line: read it in bounded pieces (the parser takes
    # 1,000 characters; a longer line is reported as too long, not held whole).
    lines = _prompted_lines() if sys.stdin.isatty() else bounded_lines(sys.stdin, 10_000)
    for line in lines:
        line = line.rstrip("\n")
        if not line.strip() and not args.json:
            continue
        # With --json every line gets its answer, a blank one too: a caller that writes
        # a line and waits for one must never wait forever.
        result = pad.enter(line, args.to)
        failed = failed or (bool(result.error) and bool(line.strip()))
        if args.json:
            print(json.dumps(result.to_dict(), ensure_ascii=False), flush=True)
        elif result.error:
            print(f"error: {result.error}")
        else:
            print(f"{result.text}    ({result.echo})")
    return EXIT_FAILED if failed else EXIT_OK


def _prompted_lines() -> Iterator[str]:
    """Lines typed at the ``calc>`` prompt (with the terminal's line editing)."""
    while True:
        try:
            yield input("calc> ")
        except EOFError:
            return
