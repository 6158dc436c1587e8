"""What a given shows in a card's text: its figure, or the value of its formula.

A given may be a formula of other givens (``weights: params × 2 B``); ``{weights}`` in a
template then shows its value (``16 GB``), worked out with fast quantities so the base
text needs no sympy. A formula that cannot be worked out shows as written: ``drill
check`` reports it where it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from drill.quantities.parsing import ParseError, read
from drill.quantities.parsing.formula import evaluate_formula, read_formula
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.units import format_quantity

_WORD = re.compile(r"(?<![\w.])[A-Za-z_][A-Za-z0-9_]*")


def shown_given(givens: Mapping[str, str], name: str) -> str:
    """The text ``{name}`` shows: the given as written, or its formula's value."""
    return _shown(tuple(givens.items()), name)


@lru_cache(maxsize=8192)
def _shown(items: tuple[tuple[str, str], ...], name: str) -> str:
    """Kept by the givens: every variant of a card renders the same givens again."""
    givens = dict(items)
    text = givens[name]
    if not _names_others(givens, name):
        return text
    value = _value(givens, name, frozenset())
    return text if value is None else format_quantity(value)


def _names_others(givens: Mapping[str, str], name: str) -> bool:
    return any(word in givens and word != name for word in _WORD.findall(givens[name]))


def _value(givens: Mapping[str, str], name: str, visiting: frozenset[str]) -> Quantity | None:
    if name in visiting:
        return None  # a circle: the checker says so
    text = givens[name]
    try:
        if not _names_others(givens, name):
            return read(text).value
        formula = read_formula(text, [other for other in givens if other != name])
        values: dict[str, Quantity] = {}
        for used in formula.names:
            value = _value(givens, used, visiting | {name})
            if value is None:
                return None
            values[used] = value
        return evaluate_formula(formula, values)
    except (ParseError, QuantityError, RecursionError):
        return None
