"""Which givens a formula puts above the line and which below: a formula's structure.

The grader names a card's mistake only when a typed working does not contradict how the
mistake is made (``2 × 8e9 FLOP ÷ 989 TFLOPS`` divides no bytes, so it is not
"bytes over FLOPS", whatever its value). This reads that structure off a solver's sympy
expression once, when the card is solved, as plain data the grader can use without sympy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

ABOVE, BELOW, BOTH = 1, -1, 0


def given_sides(expression: Any, names: Mapping[Any, str]) -> dict[str, int]:
    """Each given of ``expression`` (``names``: symbol → given name) with its side:
    :data:`ABOVE` the line, :data:`BELOW` it, or :data:`BOTH` (on both sides, or inside
    a function such as max, where no side is sure)."""
    sides: dict[str, int] = {}

    def note(name: str, side: int) -> None:
        sides[name] = side if sides.get(name, side) == side else BOTH

    def walk(node: Any, side: int) -> None:
        if isinstance(node, sympy.Symbol):
            name = names.get(node)
            if name is not None:
                note(name, side)
            return
        if isinstance(node, sympy.Pow):
            base, exponent = node.args
            flipped = -side if exponent.is_negative else side
            walk(base, flipped)
            if exponent.free_symbols:
                walk(exponent, BOTH)
            return
        if isinstance(node, sympy.Mul | sympy.Add):
            for arg in node.args:
                walk(arg, side)
            return
        for arg in getattr(node, "args", ()):  # max, min, ceiling ...: no side is sure
            walk(arg, BOTH)

    if isinstance(expression, sympy.Basic):
        walk(expression, ABOVE)
    return sides
