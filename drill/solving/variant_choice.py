"""Which variant of a card to show: cheap choices that never solve anything.

Kept apart from :mod:`drill.solving.variants` (which renders variants and so reaches the catalog
and, when solving, sympy) so the start-up path can say which variant comes next without
loading either.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from drill.packs.model import Card


def variant_ids(card: Card) -> tuple[str, ...]:
    return tuple(variant.id for variant in card.variants)


def pick_variant(card: Card, review_count: int, seed: int = 0) -> str | None:
    """The variant to show on a card's review number ``review_count`` (0 is the first).

    The first review shows the base scenario; later ones go round the base and every
    variant in an order shuffled per card and seed, so two reviews in a row never show
    the same one (when there is more than one) and every variant comes up in turn.
    Returns a variant id, or None for the base.
    """
    ids = list(variant_ids(card))
    if review_count <= 0 or not ids:
        return None
    random.Random(f"{seed}/{card.key}").shuffle(ids)
    cycle: list[str | None] = [None, *ids]
    return cycle[review_count % len(cycle)]


def variant_after(card: Card, shown: Sequence[str | None], seed: int = 0) -> str | None:
    """The variant to show next, given the variants the card's logged reviews showed
    (oldest first; None is the base).

    As :func:`pick_variant` for review number ``len(shown)``, except that it never repeats
    the one the last review showed when the card has another: a card failed and brought
    straight back (a learning step inside the learn-ahead window) comes with new numbers,
    even when the log's count and the rotation disagree (a variant the pack no longer has,
    reviews logged with variants turned off).
    """
    choice = pick_variant(card, len(shown), seed)
    if not shown or choice != shown[-1] or not card.variants:
        return choice
    return pick_variant(card, len(shown) + 1, seed)


def random_variant(card: Card, seed: int) -> str | None:
    """A variant chosen at random but reproducibly from ``seed`` (None: the base)."""
    choices: list[str | None] = [None, *variant_ids(card)]
    return random.Random(seed).choice(choices)
