"""``--variant NAME`` and ``--seed N``: the commands that show one variant of a card.

Not a subcommand itself (it is not in ``COMMANDS``). Imports only argparse at load time.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from drill.cli.exit_codes import EXIT_FAILED, EXIT_USAGE

if TYPE_CHECKING:
    from drill.packs.model import Card


def add_variant_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--variant", metavar="NAME",
                       help="show this variant of the card ('base' for its own scenario)")
    group.add_argument("--seed", metavar="N", type=int,
                       help="show a variant chosen at random, the same one for the same N")


def choose_variant(card: Card, args: argparse.Namespace, command: str) -> Card | int:
    """The card as the options ask to show it, or an exit code after printing why not."""
    from drill.solving.solve import SolveError
    from drill.solving.variants import VariantError, random_variant, render_variant

    name = args.variant
    if args.seed is not None:
        name = random_variant(card, args.seed)
    if name is None:
        return card
    try:
        return render_variant(card, name, cached=True)
    except VariantError as error:
        print(f"drill {command}: error: {error}", file=sys.stderr)
        return EXIT_USAGE if error.variant is None else EXIT_FAILED
    except SolveError as error:
        print(f"drill {command}: error: {error}", file=sys.stderr)
        return EXIT_FAILED


def variant_line(card: Card) -> str:
    """"variant h200 (of base, a100, h200)" for a card that has variants, else ""."""
    if not card.variants:
        return ""
    from drill.solving.variants import BASE

    names = ", ".join((BASE, *(v.id for v in card.variants)))
    return f"variant {card.variant or BASE} (of {names})"
