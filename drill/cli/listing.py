"""``drill list``: every card of every pack, one a line (or as JSON)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from drill.cli.exit_codes import EXIT_OK, EXIT_USAGE
from drill.cli.packargs import add_pack_option, load_library_or_complain, plural


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "list",
        parents=[common],
        help="list the cards of every pack",
        description="List every card: its key, priority, asks and title.",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_pack_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    library = load_library_or_complain(args, "list")
    if library is None:
        return EXIT_USAGE
    if args.json:
        print(json.dumps({
            "packs": [{"id": p.id, "title": p.title, "path": str(p.path),
                       "cards": len(p.cards)} for p in library.packs],
            "cards": [card_summary(card) for card in library.cards],
            "diagnostics": [d.to_dict() for d in library.diagnostics],
        }, ensure_ascii=False, indent=2))
        return EXIT_OK
    cards = library.cards
    if not cards:
        print("no cards (the built-in packs folder is empty and no --packs folder was given)")
        return EXIT_OK
    width = max(len(card.key) for card in cards)
    for card in cards:
        asks = plural(len(card.asks), "ask") if card.asks else "spoken"
        note = f"  (follow-up of {card.pack}/{card.parent})" if card.parent else ""
        print(f"{card.key:<{width}}  {card.priority:<8}  {asks:<7}  {card.title}{note}")
    return EXIT_OK


def card_summary(card: Any) -> dict[str, object]:
    return {
        "key": card.key,
        "pack": card.pack,
        "id": card.id,
        "title": card.title,
        "priority": card.priority,
        "lessons": list(card.lessons),
        "follow_up": f"{card.pack}/{card.follow_up}" if card.follow_up else None,
        "parent": f"{card.pack}/{card.parent}" if card.parent else None,
        "asks": [{"id": ask.id, "question": ask.question, "unit": ask.unit}
                 for ask in card.asks],
    }
