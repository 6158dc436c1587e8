"""Cards already found clean in this process, by their content: a card alike is clean too.

Every check of a card reads its content (texts, givens, formulas, asks, variants...), the
solvers and the catalog, and its places in the file only to say where a finding is. So
a card whose check found nothing tells the answer for any card of the same content,
wherever it stands and whatever its id: nothing (a big pack repeats its cards, as a
pack generated from a few does). A card with findings is always checked afresh, so
every finding is worked out at its own card and lines.

:func:`card_content` is the card without what only places it: its pack and id, its
line and those of its fields (which fields have a place is kept), its order, its links
to a follow-up. Anything added to the model counts as content until it is named here.

Working the content out costs about as much as a tenth of checking the card, and a pack
whose cards all differ never finds one alike. So a clean card is kept under a few of its
fields that any card alike has too (its title, scenario, tip and givens), and the content
of both is worked out only when another card meets it there.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from drill.packs.model import Card

#: The card's own fields that only place it or link it to others.
_CARD_PLACES = frozenset({"pack", "id", "where", "text_locations", "order", "follow_up",
                          "parent"})
#: A place anywhere inside the card (an ask's, a mistake's, a variant's line).
_PLACES = frozenset({"where"})
_LIMIT = 8192
#: Clean cards by their first look and what else they were checked with: each as
#: [card, its stages, its content once worked out].
_CLEAN: dict[tuple[Any, ...], list[list[Any]]] = {}
_KEPT = 0
_FIELDS: dict[tuple[type, frozenset[str]], tuple[str, ...]] = {}


def card_content(card: Card) -> tuple[Any, ...]:
    """Everything of ``card`` but where it is and what it is called (hashable)."""
    names = _field_names(type(card), _CARD_PLACES)
    return (tuple(sorted(card.text_locations)),
            *(_content(getattr(card, name)) for name in names))


def _first_look(card: Card, checked_with: tuple[Any, ...]) -> tuple[Any, ...]:
    """Fields every card of the same content has alike, and ``checked_with``."""
    return (card.title, card.scenario, card.tip, tuple(card.givens.items()), checked_with)


def clean_stages(card: Card, checked_with: tuple[Any, ...]) -> int | None:
    """How many (empty) stages a card of ``card``'s content, checked with the same
    ``checked_with`` (whether its numbers are checked, the solver, the catalog), was
    found with, if one was found clean."""
    entries = _CLEAN.get(_first_look(card, checked_with))
    if not entries:
        return None
    content = card_content(card)
    for entry in entries:
        if entry[2] is None:
            entry[2] = card_content(entry[0])
        if entry[2] == content:
            return int(entry[1])
    return None


def remember_clean(card: Card, checked_with: tuple[Any, ...], stages: int) -> None:
    """A card of ``card``'s content, checked with ``checked_with``, was found clean, in
    ``stages`` stages."""
    global _KEPT
    if _KEPT >= _LIMIT:
        _CLEAN.clear()  # a bound on memory; refilled by the next cards
        _KEPT = 0
    _CLEAN.setdefault(_first_look(card, checked_with), []).append([card, stages, None])
    _KEPT += 1


def _content(value: Any) -> Any:
    # By exact type first (a card holds thousands of these; isinstance chains cost more),
    # then by kind, so a subclass compares as its base.
    kind = type(value)
    if kind is str or value is None or kind is int or kind is float or kind is bool:
        return value
    if kind is tuple or kind is list:
        return ("seq", *map(_content, value))
    if kind is dict:
        return ("dict", *((k, _content(v)) for k, v in value.items()))
    names = _DATACLASS_FIELDS.get(kind)
    if names is not None:
        return (kind.__name__, *(_content(getattr(value, name)) for name in names))
    if isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, dict):
        return ("dict", *((k, _content(v)) for k, v in value.items()))
    if isinstance(value, tuple | list):
        return ("seq", *(_content(v) for v in value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        _DATACLASS_FIELDS[kind] = _field_names(kind, _PLACES)
        return _content(value)
    raise TypeError(f"a card holds a {type(value).__name__}, which card_content cannot "
                    f"compare: name it here")


#: The compared fields of each dataclass met inside a card (all but its place).
_DATACLASS_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type, skipped: frozenset[str]) -> tuple[str, ...]:
    known = _FIELDS.get((cls, skipped))
    if known is None:
        known = _FIELDS[cls, skipped] = tuple(
            f.name for f in dataclasses.fields(cls) if f.name not in skipped)
    return known
