"""``drill solve CARD``: every reference and mistake value of a card, with its working."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from drill.cli.helptext import wrapped
from drill.cli.packargs import add_pack_option, load_library_or_complain
from drill.cli.variantargs import add_variant_options, choose_variant, variant_line


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "solve",
        parents=[common],
        help="work out a card's numbers with its solver (optionally with other givens)",
        description=wrapped("Run a card's solver and print every result: each ask's reference, "
        "each mistake's value and any other result, with the working. --set replaces a "
        "given for this run; --variant or --seed picks one of the card's variants."),
        epilog='examples: drill solve speed-physics/q1 --set bandwidth="4.8 TB/s"\n'
        "          drill solve speed-physics/q1 --variant h20\n"
        "          drill solve speed-physics/q1 --seed 7",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("card", metavar="CARD", help="a card key (pack/id) or an id")
    parser.add_argument("--set", metavar="NAME=VALUE", action="append", default=[],
                        dest="overrides", help="use another value for a given (repeatable)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_variant_options(parser)
    add_pack_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.packs.library import CardNotFound
    from drill.solving.cache import solve_cached
    from drill.solving.solve import SolveError, solve

    overrides: dict[str, str] = {}
    for item in args.overrides:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            print(f"drill solve: error: --set {item!r}: write NAME=VALUE, like "
                  f'bandwidth="4.8 TB/s"', file=sys.stderr)
            return EXIT_USAGE
        overrides[name.strip()] = value.strip()
    library = load_library_or_complain(args, "solve")
    if library is None:
        return EXIT_USAGE
    try:
        card = library.find(args.card)
    except CardNotFound as error:
        print(f"drill solve: error: {error.message}", file=sys.stderr)
        return EXIT_USAGE
    if not card.computes:
        print(f"drill solve: error: {card.key} has no solver or formulas: it is a spoken "
              f"answer",
              file=sys.stderr)
        return EXIT_FAILED
    chosen = choose_variant(card, args, "solve")
    if isinstance(chosen, int):
        return chosen
    card = chosen
    try:
        # --set asks for numbers no cache holds; without it the card's own are cached.
        solution = solve(card, overrides) if overrides else solve_cached(card)
    except SolveError as error:
        print(f"drill solve: error: {error}", file=sys.stderr)
        # A bad --set is the caller's mistake (one that reads but cannot be worked
        # with, like a zero to divide by, too); a bad pack is a failure.
        return EXIT_USAGE if error.given in overrides or _solves(card) else EXIT_FAILED
    if args.json:
        print(json.dumps(_as_json(card, solution, overrides), ensure_ascii=False, indent=2))
    else:
        print("\n".join(_as_text(card, solution, overrides)))
    return EXIT_OK


def _solves(card: Any) -> bool:
    """Whether ``card`` solves with its own givens (it failed with the --set ones)."""
    from drill.solving.solve import SolveError, solve

    try:
        solve(card)
    except SolveError:
        return False
    return True


def _as_text(card: Any, solution: Any, overrides: dict[str, str]) -> list[str]:
    computed_by = ("formulas (in the pack)" if card.solver is None
                   else f"solver {solution.solver}")
    out = [f"{card.key} · {card.title}", f"  {computed_by}"]
    if card.variants:
        out.append(f"  {variant_line(card)}")
    out += ["", "Givens"]
    width = max((len(n) for n in solution.givens), default=0)
    for name, text in solution.givens.items():
        mark = "   (set)" if name in overrides else ""
        worked = f" = {solution.formed[name]}" if name in solution.formed else ""
        out.append(f"  {name:<{width}}  {text}{worked}{mark}")
    used: set[str] = set()
    if card.asks:
        out += ["", "Asks"]
    for ask in card.asks:
        result = solution.results.get(ask.value)
        if result is None:
            out.append(f"  {ask.id}: no result '{ask.value}' from the solver")
            continue
        used.add(ask.value)
        out.append(f"  {ask.id}: {result.shown}")
        out.append(f"      {result.working}")
        for mistake in ask.mistakes:
            wrong = solution.results.get(mistake.value) if mistake.value else None
            if wrong is None:
                continue
            used.add(wrong.name)
            out.append(f"    mistake {mistake.id}: {wrong.shown}")
            out.append(f"      {wrong.working}")
    others = [r for name, r in solution.results.items() if name not in used]
    if others:
        out += ["", "Other results"]
        for result in others:
            out.append(f"  {result.name}: {result.shown}")
            out.append(f"      {result.working}")
    return out


def _as_json(card: Any, solution: Any, overrides: dict[str, str]) -> dict[str, object]:
    from drill.quantities import dimensions as dims

    def result_json(result: Any) -> dict[str, object]:
        return {
            "name": result.name,
            "value": result.value.value,
            "dim": dims.exponents(result.value.dim),
            "unit": result.unit,
            "text": result.shown,
            "formula": result.formula,
            "working": result.working,
        }

    asks = []
    for ask in card.asks:
        reference = solution.results.get(ask.value)
        asks.append({
            "id": ask.id,
            "unit": ask.unit,
            "tolerance": ask.tolerance,
            "reference": result_json(reference) if reference else None,
            "mistakes": [
                {"id": m.id, **({"result": result_json(solution.results[m.value])}
                                if m.value in solution.results else {"result": None})}
                for m in ask.mistakes
            ],
        })
    return {
        "card": card.key,
        "variant": card.variant,
        "variants": [variant.id for variant in card.variants],
        "solver": solution.solver,
        "givens": {
            name: {"text": text, "value": solution.given_values[name].value,
                   "dim": dims.exponents(solution.given_values[name].dim),
                   "set": name in overrides}
            for name, text in solution.givens.items()
        },
        "asks": asks,
        "results": {name: result_json(r) for name, r in solution.results.items()},
    }
