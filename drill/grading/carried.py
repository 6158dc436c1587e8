"""A right method on a wrong earlier figure: "it carries your 4.18 ms from ask 1".

An interviewer does not mark the method of ask 2 wrong twice for a slip made in ask 1.
When the working of a wrong answer holds the learner's own earlier figure, and putting the
right figure in its place gives the right answer, the grade says so. The verdict stays
wrong (the figure is wrong); only the words change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from drill.quantities.parsing import Reading
from drill.quantities.parsing.nodes import (
    Applied,
    BinOp,
    Measure,
    Negate,
    Node,
    Number,
    Power,
    Recalled,
)
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.units import ConversionError, convert, format_in

#: A figure retyped from an earlier answer may be rounded this much.
RETYPED = 0.01


@dataclass(frozen=True, slots=True)
class Earlier:
    """An earlier ask of the same card, as the learner answered it."""

    label: str  # "ask 1"
    typed: Quantity  # the learner's value
    reference: Quantity  # the right one
    unit: str  # that ask's display unit


@dataclass(frozen=True, slots=True)
class Carried:
    earlier: Earlier
    value: Quantity  # what the working gives with the right earlier figure

    def message(self) -> str:
        shown = format_in(self.earlier.typed, self.earlier.unit)
        right = format_in(self.earlier.reference, self.earlier.unit)
        return (f"Right method: it carries your {shown} from {self.earlier.label}; with "
                f"{right} there it gives the right answer.")


def carried(reading: Reading, earlier: Sequence[Earlier], fits: Callable[[Quantity], bool]
            ) -> Carried | None:
    """The earlier figure whose right value makes ``reading`` right, as ``fits`` judges a
    value; None if none."""
    for before in earlier:
        if before.typed.close_to(before.reference, RETYPED):
            continue  # it was right: nothing to carry
        swapped, count = _swap(reading.tree, before)
        if not count:
            continue
        try:
            value = swapped.evaluate()
        except QuantityError:
            continue
        if fits(value):
            return Carried(before, value)
    return None


def _matches(node: Node, before: Earlier) -> Node | None:
    """The right figure in place of ``node`` when ``node`` is the learner's earlier one."""
    if isinstance(node, Measure):
        try:
            value = node.evaluate()
        except QuantityError:
            return None
        if value.dim == before.typed.dim and value.close_to(before.typed, RETYPED):
            return Recalled(node.echo(), before.reference)
        return None
    if isinstance(node, Number):
        # A plain figure in the earlier ask's unit: "1000 / 4.18" after "4.18 ms".
        try:
            typed = convert(before.typed, before.unit)
            right = convert(before.reference, before.unit)
        except ConversionError:
            return None
        if typed and abs(node.value - typed) <= RETYPED * abs(typed):
            return Number(right, node.text)
    return None


def _swap(node: Node, before: Earlier) -> tuple[Node, int]:
    found = _matches(node, before)
    if found is not None:
        return found, 1
    if isinstance(node, BinOp):
        left, a = _swap(node.left, before)
        right, b = _swap(node.right, before)
        return replace(node, left=left, right=right), a + b
    if isinstance(node, Negate):
        operand, a = _swap(node.operand, before)
        return replace(node, operand=operand), a
    if isinstance(node, Power):
        base, a = _swap(node.base, before)
        return replace(node, base=base), a
    if isinstance(node, Applied):
        operand, a = _swap(node.operand, before)
        return replace(node, operand=operand), a
    return node, 0
