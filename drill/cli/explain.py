"""``drill explain CARD [TEXT | -]``: a minute's answer checked figure by figure, with the
card's key points covered and missed."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from drill.cli.packargs import add_pack_option, load_library_or_complain
from drill.cli.variantargs import add_variant_options

if TYPE_CHECKING:
    from drill.explaining.explain import Explanation


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "explain",
        parents=[common],
        help="check a spoken-style answer: its figures and the card's key points",
        description="Check a minute's answer to a card, as you would say it to an "
        "interviewer: every figure and worked equation against the card's numbers (a wrong "
        "one is named with the right figure), and the card's key points covered or missed. "
        "Exit 0 when every figure is right, 1 when one is wrong.",
        epilog='example: drill explain q1 "the floor is 16 GB ÷ 3.35 TB/s ≈ 4.78 ms ..."  '
        "(or - to read the text from standard input)",
    )
    parser.add_argument("card", metavar="CARD", help="a card key (pack/id) or an id")
    parser.add_argument("text", metavar="TEXT", nargs="?", default="-",
                        help="the explanation; - (the default) reads standard input")
    add_variant_options(parser)
    parser.add_argument("--json", action="store_true", help="print the check as JSON")
    add_pack_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.explaining.explain import as_data, explain, worked_card, worked_parent
    from drill.explaining.text_guard import MAX_CHARACTERS
    from drill.packs.library import CardNotFound
    from drill.solving.solve import SolveError
    from drill.solving.variants import BASE, VariantError, random_variant

    library = load_library_or_complain(args, "explain")
    if library is None:
        return EXIT_USAGE
    try:
        card = library.find(args.card)
    except CardNotFound as error:
        print(f"drill explain: error: {error.message}", file=sys.stderr)
        return EXIT_USAGE
    name = args.variant if args.seed is None else random_variant(card, args.seed)
    try:
        card, solution = worked_card(card, None if name == BASE else name)
    except VariantError as error:
        print(f"drill explain: error: {error}", file=sys.stderr)
        return EXIT_USAGE if error.variant is None else EXIT_FAILED
    except SolveError as error:
        print(f"drill explain: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    # Reading one character past the limit is enough to know the text is too long.
    text = sys.stdin.read(MAX_CHARACTERS + 1) if args.text == "-" else args.text
    result = explain(card, solution, text, worked_parent(card, library.card))
    if result.refused:
        print(f"drill explain: error: {result.refused}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(json.dumps(as_data(result), ensure_ascii=False, indent=2))
    else:
        print("\n".join(report_lines(result)))
    return EXIT_OK if result.all_right else EXIT_FAILED


def report_lines(result: Explanation) -> list[str]:
    """The check as text: each figure with its line and column, then the key points."""
    lines = [f"{result.card_key}: {_counts(result)}"]
    for figure in result.figures:
        where = _line_column(result.text, figure.start)
        mark = {"right": "✓", "wrong": "✗", "again": "✗"}.get(figure.verdict, "?")
        lines.append(f"  {where}: {mark} {figure.message()}")
    for equation in result.equations:
        if equation.verdict == "wrong":
            where = _line_column(result.text, equation.start)
            lines.append(f"  {where}: ✗ {equation.message}")
    lines += [f"  note: {note}" for note in result.notes()]
    if result.points:
        lines.append(f"key points: {len(result.covered)} of {len(result.points)} made")
        for point in result.points:
            if point.covered:
                lines.append(f"  ✓ {point.text} ({', '.join(point.matched)})")
            else:
                lines.append(f"  ✗ {point.text} (missed)")
    return lines


def _counts(result: Explanation) -> str:
    verdicts = [f.verdict for f in result.figures]
    parts = [f"{verdicts.count('right')} right", f"{verdicts.count('wrong')} wrong"]
    if "again" in verdicts:
        parts.append(f"{verdicts.count('again')} said again")
    if "unknown" in verdicts:
        parts.append(f"{verdicts.count('unknown')} not the card's")
    return "figures " + ", ".join(parts)


def _line_column(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"{line}:{column}"
