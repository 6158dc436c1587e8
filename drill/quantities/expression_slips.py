"""Mistakes that show in the shape of an expression, whatever its final value.

``16 GB ÷ 989 TFLOPS`` divides bytes by a compute rate: it is not a time, and it stays a
mistake even when it sits inside a larger expression. The calculator and the grader both
look for these.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from drill.quantities import dimensions as dims
from drill.quantities.dimensions import Dim, dim
from drill.quantities.parsing.nodes import BinOp, Measure, Negate, Node, UnitOp

INFORMATION = dim(information=1)
COMPUTATION = dim(computation=1)
COMPUTE_RATE = dim(computation=1, time=-1)
BANDWIDTH = dim(information=1, time=-1)


@dataclass(frozen=True, slots=True)
class StructuralMistake:
    id: str
    message: str
    where: str  # the echo of the offending division


BYTES_OVER_FLOPS = (
    "bytes ÷ FLOP/s is not a time: divide a byte count by a bandwidth (B/s), a FLOP count "
    "by a compute rate (FLOPS)"
)
FLOPS_OVER_BANDWIDTH = (
    "FLOPs ÷ bytes/s is not a time: FLOPs go over FLOPS, bytes over bandwidth"
)


def structural_mistakes(tree: Node) -> list[StructuralMistake]:
    """Every bytes÷FLOPS or FLOPs÷bandwidth division in ``tree``, outermost first."""
    found: list[StructuralMistake] = []
    memo: dict[int, Dim | None] = {}
    for node in tree.walk():
        if not isinstance(node, BinOp | UnitOp) or node.op != "/":
            continue
        top = _dimension(node.left, memo)
        bottom = _dimension(node.right, memo)
        if top == INFORMATION and bottom == COMPUTE_RATE:
            found.append(StructuralMistake("bytes-over-flops", BYTES_OVER_FLOPS, node.echo()))
        elif top == COMPUTATION and bottom == BANDWIDTH:
            found.append(
                StructuralMistake("flops-over-bandwidth", FLOPS_OVER_BANDWIDTH, node.echo())
            )
    return found


def _dimension(node: Node, memo: dict[int, Dim | None]) -> Dim | None:
    """The dimension of a subtree, or None when it has none (a time plus bytes).

    Worked out once per node: evaluating every division's sides afresh would cost time
    in the square of the expression's length, and typed answers can be long.
    """
    key = id(node)
    if key in memo:
        return memo[key]
    result: Dim | None = None
    if isinstance(node, BinOp | UnitOp) and node.op in ("*", "·", "/"):
        left, right = _dimension(node.left, memo), _dimension(node.right, memo)
        if left is not None and right is not None:
            result = dims.divide(left, right) if node.op == "/" else dims.multiply(left, right)
    elif isinstance(node, BinOp):  # + and -: both sides must agree
        left, right = _dimension(node.left, memo), _dimension(node.right, memo)
        result = left if left == right else None
    elif isinstance(node, Negate):
        result = _dimension(node.operand, memo)
    elif isinstance(node, Measure):
        amount, unit = _dimension(node.amount, memo), _dimension(node.unit, memo)
        if amount is not None and unit is not None:
            result = dims.multiply(amount, unit)
    else:
        # Leaves and powers: small, since the parser bounds how deeply powers nest.
        try:
            result = node.evaluate().dim
        except ValueError:
            result = None
    memo[key] = result
    return result


def power_of_ten(ratio: float, tolerance: float, most: int = 24) -> int:
    """k when ``ratio`` is 10^k within ``tolerance`` (relative), for 0 < |k| ≤ ``most``;
    else 0. A unit written for another (s for ms) or a moved decimal point: the grader's
    power-of-ten mistake and the checker's hint about a stated figure both ask this."""
    if not ratio > 0 or not math.isfinite(ratio):
        return 0
    k = round(math.log10(ratio))
    if k == 0 or abs(k) > most or abs(ratio - 10.0**k) > tolerance * 10.0**k:
        return 0
    return k
