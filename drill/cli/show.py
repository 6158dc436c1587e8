"""``drill show CARD``: the whole card, readable in a terminal."""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from drill.cli.packargs import add_pack_option, load_library_or_complain
from drill.cli.variantargs import add_variant_options, choose_variant, variant_line


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "show",
        parents=[common],
        help="show a whole card: scenario, answer, numbers, asks",
        description="Show a card as text: scenario, the 60-second answer, key numbers, the "
        "tip, its follow-up, its givens and its asks with their reference values.",
        epilog="example: drill show speed-physics/q1   (or just: drill show q1)",
    )
    parser.add_argument("card", metavar="CARD", help="a card key (pack/id) or an id")
    add_variant_options(parser)
    add_pack_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.packs.library import CardNotFound

    library = load_library_or_complain(args, "show")
    if library is None:
        return EXIT_USAGE
    try:
        card = library.find(args.card)
    except CardNotFound as error:
        print(f"drill show: error: {error.message}", file=sys.stderr)
        return EXIT_USAGE
    chosen = choose_variant(card, args, "show")
    if isinstance(chosen, int):
        return chosen
    card = chosen
    width = min(max(shutil.get_terminal_size((100, 24)).columns, 40), 100)
    lines, failure = render_card(card, library, width)
    print("\n".join(lines))
    if failure:
        print(f"drill show: error: {failure}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def render_card(card: Any, library: Any, width: int) -> tuple[list[str], str | None]:
    """The card as lines of text, and the reason references are missing (if they are)."""
    from drill.solving.cache import solve_cached
    from drill.solving.solve import SolveError

    out: list[str] = []

    def para(text: str, indent: str = "  ", bullet: str = "") -> None:
        out.extend(textwrap.wrap(" ".join(text.split()), width, initial_indent=indent + bullet,
                                 subsequent_indent=indent + " " * len(bullet)) or [indent])

    def heading(title: str) -> None:
        out.extend(["", title])

    meta = [card.priority]
    if card.lessons:
        meta.append("lessons " + ", ".join(str(n) for n in card.lessons))
    out.append(f"{card.key} · {card.title}")
    if card.variants:
        meta.append(variant_line(card))
    out.append(f"  {' · '.join(meta)}")
    heading("Scenario")
    para(card.scenario)
    if card.answer:
        heading("Answer (60 seconds)")
        for point in card.answer:
            para(point, bullet="• ")
    if card.key_numbers:
        heading("Key numbers")
        for number in card.key_numbers:
            para(number, bullet="• ")
    if card.tip:
        heading("Tip")
        para(card.tip)
    for label, other_id in (("Follow-up", card.follow_up), ("Follows up", card.parent)):
        if other_id:
            other = library.card(f"{card.pack}/{other_id}")
            title = f" · {other.title}" if other else ""
            heading(label)
            para(f"{card.pack}/{other_id}{title}")
    failure = None
    solution = None
    if card.computes:
        try:
            solution = solve_cached(card)
        except SolveError as error:
            failure = str(error)
    if card.givens or card.computes:
        heading(f"Givens (solver {card.solver})" if card.solver else "Givens")
        name_width = max((len(n) for n in card.givens), default=0)
        for name, text in card.givens.items():
            out.append(f"  {name:<{name_width}}  {text}")
    formulas = {**card.shared_formulas, **card.formulas} if card.solver is None else {}
    if formulas:
        heading("Formulas")
        name_width = max(len(n) for n in formulas)
        for name, text in formulas.items():
            out.append(f"  {name:<{name_width}}  {text}")
    if card.asks:
        heading("Asks")
        for ask in card.asks:
            para(ask.question, bullet=f"{ask.id}: ")
            detail = f"answer in {ask.unit or 'a plain number'}, ±{ask.tolerance:.0%}"
            if solution is not None and ask.value in solution.results:
                result = solution.results[ask.value]
                detail = f"reference {result.shown} ({detail})"
            if ask.stated:
                detail += f"; the card says {ask.stated}"
            para(detail, indent="      ")
            for mistake in ask.mistakes:
                value = ""
                if solution is not None and mistake.value in solution.results:
                    value = f" → {solution.results[mistake.value].shown}"
                para(f"mistake {mistake.id}{value}: {mistake.message}", indent="      ")
    return out, failure
