"""Second readings of spellings that people use for two things.

* ``flops`` in lower case (``Tflops`` ...) is the catalog's rate, FLOP/s, but "295
  flops/byte" means FLOPs per byte: people write it for the count as often.
* ``B`` right after a number is a byte, but "8B" is also how a model's parameter count
  is written ("Llama 3 8B"): a billion.

The grader tries these only when the first reading has the wrong dimension for the ask,
and takes one only if it has the right one, so an answer that fits as typed is never
read another way. Capital ``FLOPS`` and ``FLOPs`` are unambiguous and never swapped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from drill.quantities.parsing import Reading
from drill.quantities.parsing.nodes import (
    BinOp,
    Measure,
    Negate,
    Node,
    Number,
    Power,
    UnitOp,
    UnitRef,
)
from drill.quantities.quantity import QuantityError
from drill.quantities.unit_table import CANONICAL, COMPUTE_RATE, UNITS

Rewrite = Callable[[Node], Node | None]


def other_readings(reading: Reading) -> Iterator[tuple[Reading, str]]:
    """Each other fair reading of ``reading`` with a note saying what changed."""
    flops = _rewrite(reading.tree, _flops_as_count)
    billions = _rewrite(reading.tree, _b_as_billion)
    candidates: list[tuple[Node | None, str]] = [
        (flops, "'flops' is read as FLOPs, a count"),
        (billions, "'B' after a number is read as billion"),
    ]
    if flops is not None and billions is not None:
        both = _rewrite(flops, _b_as_billion)
        candidates.append((both, "'flops' is read as FLOPs and 'B' as billion"))
    for tree, note in candidates:
        if tree is None:
            continue
        try:
            value = tree.evaluate()
        except (QuantityError, ValueError, OverflowError):
            continue
        yield Reading(reading.text, tree, value), note


def _flops_as_count(node: Node) -> Node | None:
    if not isinstance(node, UnitRef) or not node.spelling.endswith("flops"):
        return None
    unit = UNITS.get(node.spelling)
    if unit is None or unit.dim != COMPUTE_RATE:
        return None
    count = CANONICAL.get(unit.symbol[:-1])  # "TFLOPS" → "TFLOP"
    return UnitRef(count, node.spelling) if count is not None else None


def _b_as_billion(node: Node) -> Node | None:
    if (isinstance(node, Measure) and isinstance(node.unit, UnitRef)
            and node.unit.spelling == "B"):
        return Measure(node.amount, Number(1e9, "billion"))
    return None


def _rewrite(node: Node, change: Rewrite) -> Node | None:
    """``node`` with ``change`` applied wherever it applies; None when nowhere."""
    changed = change(node)
    if changed is not None:
        return changed
    if isinstance(node, BinOp | UnitOp):
        left, right = _rewrite(node.left, change), _rewrite(node.right, change)
        if left is None and right is None:
            return None
        return replace(node, left=left or node.left, right=right or node.right)
    if isinstance(node, Measure):
        amount, unit = _rewrite(node.amount, change), _rewrite(node.unit, change)
        if amount is None and unit is None:
            return None
        return Measure(amount or node.amount, unit or node.unit)
    if isinstance(node, Negate):
        operand = _rewrite(node.operand, change)
        return Negate(operand) if operand is not None else None
    if isinstance(node, Power):
        base = _rewrite(node.base, change)
        return Power(base, node.exponent) if base is not None else None
    return None
