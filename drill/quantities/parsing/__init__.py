"""Reading typed math safely: text → syntax tree → quantity, with an echo.

No text is ever evaluated as code: a tokenizer and a precedence parser build the tree
from a whitelist of numbers, units and operators (see :mod:`drill.quantities.parsing.parser`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from drill.quantities.parsing.errors import ParseError
from drill.quantities.parsing.nodes import Node
from drill.quantities.parsing.parser import parse, suggest_units
from drill.quantities.quantity import Quantity, QuantityError

__all__ = ["ParseError", "Reading", "parse", "read", "read_with_names", "suggest_units"]


@dataclass(frozen=True, slots=True)
class Reading:
    """A text that was read: its tree, its value, and how it was understood."""

    text: str
    tree: Node
    value: Quantity

    @property
    def echo(self) -> str:
        return self.tree.echo()


@lru_cache(maxsize=4096)
def read(text: str) -> Reading:
    """Parse and evaluate ``text``; every failure is a :class:`ParseError`.

    Cached (a reading is immutable): ``drill check`` reads the same sides of the same
    equations in every variant of a card, and display units are read again and again.
    """
    return read_with_names(text, {})


def read_with_names(text: str, names: Mapping[str, Quantity | None]) -> Reading:
    """As :func:`read`, with words that stand for values (see :func:`parse`); not cached."""
    try:
        tree = parse(text, names)
        value = tree.evaluate()
    except QuantityError as error:
        raise ParseError(str(error), 0) from None
    except RecursionError:
        raise ParseError("the expression nests too deeply", 0) from None
    return Reading(text, tree, value)
