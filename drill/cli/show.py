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
    parser.add_argument("--all-variants", action="store_true",
                        help="show the base and then every variant, each with what differs "
                        "from the base marked «like this»: proofread them in one read")
    parser.add_argument("--json", action="store_true",
                        help="print the card (or the chosen variant) as one JSON object, "
                        "its asks with their reference values")
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
    width = min(max(shutil.get_terminal_size((100, 24)).columns, 40), 100)
    if args.all_variants:
        if args.json:
            print("drill show: error: --all-variants is for reading: leave out --json "
                  "(and give --variant NAME for one variant as JSON)", file=sys.stderr)
            return EXIT_USAGE
        if args.variant is not None or args.seed is not None:
            print("drill show: error: --all-variants shows every variant: leave out "
                  "--variant and --seed", file=sys.stderr)
            return EXIT_USAGE
        return _all_variants(card, library, width)
    chosen = choose_variant(card, args, "show")
    if isinstance(chosen, int):
        return chosen
    card = chosen
    if args.json:
        return _print_json(card)
    lines, failure = render_card(card, library, width)
    print("\n".join(lines))
    if failure:
        print(f"drill show: error: {failure}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def card_object(card: Any) -> tuple[dict[str, Any], str | None]:
    """The card as a JSON object, and the reason its references are missing (if they
    are): each ask's ``reference`` is the solver's value as shown, or null."""
    from drill.solving.cache import solve_cached
    from drill.solving.solve import SolveError

    failure = None
    results: dict[str, str] = {}
    if card.computes:
        try:
            solution = solve_cached(card)
            results = {name: result.shown for name, result in solution.results.items()}
        except SolveError as error:
            failure = str(error)
    return {
        "key": card.key, "pack": card.pack, "id": card.id, "title": card.title,
        "priority": card.priority, "lessons": list(card.lessons),
        "scenario": " ".join(card.scenario.split()),
        "answer": [" ".join(point.split()) for point in card.answer],
        "key_numbers": [" ".join(number.split()) for number in card.key_numbers],
        "tip": " ".join(card.tip.split()), "follow_up": card.follow_up or None,
        "follows_up": card.parent or None, "solver": card.solver or None,
        "givens": dict(card.givens),
        "variants": [variant.id for variant in card.variants],
        "asks": [{
            "id": ask.id, "question": " ".join(ask.question.split()),
            "unit": ask.unit or None, "tolerance": ask.tolerance,
            "reference": results.get(ask.value), "stated": ask.stated,
            "mistakes": [{"id": mistake.id, "message": mistake.message,
                          "value": results.get(mistake.value)}
                         for mistake in ask.mistakes],
        } for ask in card.asks],
    }, failure


def _print_json(card: Any) -> int:
    import json

    shown, failure = card_object(card)
    print(json.dumps(shown, ensure_ascii=False, indent=1))
    if failure:
        print(f"drill show: error: {failure}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def _all_variants(card: Any, library: Any, width: int) -> int:
    """The base, then each variant with its differences from the base marked."""
    from drill.solving.solve import SolveError
    from drill.solving.variants import VariantError, render_variant

    lines, failure = render_card(card, library, width)
    print("\n".join(lines))
    code = EXIT_FAILED if failure else EXIT_OK
    if failure:
        print(f"drill show: error: {failure}", file=sys.stderr)
    if not card.variants:
        print("\n(the card has no variants)")
        return code
    for variant in card.variants:
        changes = [f"{key} {getattr(variant, key)}" for key in ("gpu", "model")
                   if getattr(variant, key)]
        changes += [f"{name} {text}" for name, text in variant.givens.items()]
        print(f"\n{'─' * 8} variant {variant.id}: {', '.join(changes) or 'no change'} "
              f"{'─' * 8}   («…» differs from the base)")
        try:
            shown = render_variant(card, variant.id, cached=True)
        except (VariantError, SolveError) as error:
            print(f"drill show: error: {error}", file=sys.stderr)
            code = EXIT_FAILED
            continue
        lines, failure = render_card(shown, library, width, base=card)
        print("\n".join(lines))
        if failure:
            print(f"drill show: error: {failure}", file=sys.stderr)
            code = EXIT_FAILED
    return code


def mark_differences(text: str, base: str | None) -> str:
    """``text`` with the words that differ from ``base`` in «guillemets»."""
    import difflib

    if base is None or text == base:
        return text
    words, before = text.split(), base.split()
    out: list[str] = []
    matcher = difflib.SequenceMatcher(a=before, b=words, autojunk=False)
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        piece = words[j1:j2]
        if not piece:
            continue
        out.append(" ".join(piece) if tag == "equal" else "«" + " ".join(piece) + "»")
    return " ".join(out)


def render_card(card: Any, library: Any, width: int,
                base: Any = None) -> tuple[list[str], str | None]:
    """The card as lines of text, and the reason references are missing (if they are).
    With ``base`` (the card a variant comes from), what differs from it is marked."""
    from drill.solving.cache import solve_cached
    from drill.solving.solve import SolveError

    out: list[str] = []
    base_texts = dict(base.texts()) if base is not None else {}
    base_solution = None
    if base is not None and base.computes:
        try:
            base_solution = solve_cached(base)
        except SolveError:
            base_solution = None

    def para(text: str, indent: str = "  ", bullet: str = "", path: str | None = None,
             was: str | None = None) -> None:
        if base is not None:
            text = mark_differences(text, base_texts.get(path) if path else was)
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
    para(card.scenario, path="scenario")
    if card.answer:
        heading("Answer (60 seconds)")
        for index, point in enumerate(card.answer):
            para(point, bullet="• ", path=f"answer[{index}]")
    if card.key_numbers:
        heading("Key numbers")
        for index, number in enumerate(card.key_numbers):
            para(number, bullet="• ", path=f"key_numbers[{index}]")
    if card.tip:
        heading("Tip")
        para(card.tip, path="tip")
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
            if base is not None and base.givens.get(name) != text:
                text = f"«{text}» (base {base.givens.get(name)})"
            out.append(f"  {name:<{name_width}}  {text}")
    formulas = {**card.shared_formulas, **card.formulas} if card.solver is None else {}
    if formulas:
        heading("Formulas")
        name_width = max(len(n) for n in formulas)
        for name, text in formulas.items():
            out.append(f"  {name:<{name_width}}  {text}")
    if card.asks:
        heading("Asks")
        for index, ask in enumerate(card.asks):
            para(ask.question, bullet=f"{ask.id}: ", path=f"asks[{index}].question")
            detail = f"answer in {ask.unit or 'a plain number'}, ±{ask.tolerance:.0%}"
            if solution is not None and ask.value in solution.results:
                result = solution.results[ask.value]
                shown = result.shown
                if base_solution is not None and ask.value in base_solution.results and (
                        base_solution.results[ask.value].shown != shown):
                    shown = f"«{shown}» (base {base_solution.results[ask.value].shown})"
                detail = f"reference {shown} ({detail})"
            if ask.stated:
                detail += f"; the card says {ask.stated}"
            para(detail, indent="      ")
            for mistake in ask.mistakes:
                value = ""
                if solution is not None and mistake.value in solution.results:
                    value = f" → {solution.results[mistake.value].shown}"
                para(f"mistake {mistake.id}{value}: {mistake.message}", indent="      ")
    return out, failure
