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
_CLEAN: dict[tuple[Any, ...], int] = {}
_FIELDS: dict[tuple[type, frozenset[str]], tuple[str, ...]] = {}


def card_content(card: Card) -> tuple[Any, ...]:
    """Everything of ``card`` but where it is and what it is called (hashable)."""
    names = _field_names(type(card), _CARD_PLACES)
    return (tuple(sorted(card.text_locations)),
            *(_content(getattr(card, name)) for name in names))


def clean_stages(key: tuple[Any, ...]) -> int | None:
    """How many (empty) stages a card of this content was found with, if clean."""
    return _CLEAN.get(key)


def remember_clean(key: tuple[Any, ...], stages: int) -> None:
    """A card of this content was found clean, in ``stages`` stages."""
    if len(_CLEAN) >= _LIMIT:
        _CLEAN.clear()  # a bound on memory; refilled by the next cards
    _CLEAN[key] = stages


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
