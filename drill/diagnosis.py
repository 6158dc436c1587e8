"""Mistakes that show in the shape of an expression, whatever its final value.

``16 GB ÷ 989 TFLOPS`` divides bytes by a compute rate: it is not a time, and it stays a
mistake even when it sits inside a larger expression. The calculator and the grader both
look for these.
"""

from __future__ import annotations

from dataclasses import dataclass

from drill.dimensions import dim
from drill.parsing.nodes import BinOp, Node, UnitOp

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
    "bytes ÷ FLOP/s is not a time: bytes go over bandwidth (B/s), FLOPs over FLOPS"
)
FLOPS_OVER_BANDWIDTH = (
    "FLOPs ÷ bytes/s is not a time: FLOPs go over FLOPS, bytes over bandwidth"
)


def structural_mistakes(tree: Node) -> list[StructuralMistake]:
    """Every bytes÷FLOPS or FLOPs÷bandwidth division in ``tree``, outermost first."""
    found: list[StructuralMistake] = []
    for node in tree.walk():
        if not (isinstance(node, BinOp) and node.op == "/") and not (
            isinstance(node, UnitOp) and node.op == "/"
        ):
            continue
        try:
            top = node.left.evaluate().dim
            bottom = node.right.evaluate().dim
        except ValueError:
            continue
        if top == INFORMATION and bottom == COMPUTE_RATE:
            found.append(StructuralMistake("bytes-over-flops", BYTES_OVER_FLOPS, node.echo()))
        elif top == COMPUTATION and bottom == BANDWIDTH:
            found.append(
                StructuralMistake("flops-over-bandwidth", FLOPS_OVER_BANDWIDTH, node.echo())
            )
    return found
