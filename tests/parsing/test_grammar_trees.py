"""The grammar of docs/math-syntax.md, as a table of texts and the trees they read as.

Each tree is written fully bracketed: ``(op left right)`` for an operation, ``(per a b)``
for ``per``, ``[amount unit]`` for a number read with its unit as one quantity. The
trees come from the grammar as written down, not from running the parser.
"""

from __future__ import annotations

import pytest

from drill.quantities.parsing import ParseError, parse
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


def shape(node: Node) -> str:
    if isinstance(node, BinOp):
        op = "per" if node.style == "per" else node.op
        return f"({op} {shape(node.left)} {shape(node.right)})"
    if isinstance(node, Measure):
        return f"[{shape(node.amount)} {node.unit.echo()}]"
    if isinstance(node, Negate):
        return f"(- {shape(node.operand)})"
    if isinstance(node, Power):
        return f"(^ {shape(node.base)} {shape(node.exponent)})"
    if isinstance(node, Number):
        return node.text
    if isinstance(node, UnitRef | UnitOp):
        return node.echo()
    raise AssertionError(f"unexpected node {node!r}")


TREES = [
    # A number and its unit are one quantity, whatever operator comes before it.
    ("16 GB / 3.35 TB/s", "(/ [16 GB] [3.35 TB/s])"),
    ("16/3.35 ms", "(/ 16 [3.35 ms])"),
    ("2 * 8e9 FLOP / 989 TFLOPS", "(/ (* 2 [8e9 FLOP]) [989 TFLOPS])"),
    ("32 users × 1,000 tokens × 128 KiB/token",
     "(* (* [32 users] [1,000 tokens]) [128 KiB/token])"),
    # per divides by the one quantity or unit phrase after it, tighter than × and ÷.
    ("$3 per hour / 200 tokens/s", "(/ (per [3 $] h) [200 tokens/s])"),
    ("100 tokens per second * 60 s", "(* (per [100 tokens] s) [60 s])"),
    ("$ per million tokens", "(per $ [million tokens])"),
    ("tokens per second per user", "(per (per tokens s) user)"),
    ("1 token per 4.78 ms", "(per [1 token] [4.78 ms])"),
    ("3.35 TB/s per GPU × 8 GPUs", "(* (per [3.35 TB/s] GPUs) [8 GPUs])"),
    # Ordinary precedence: powers, then signs, then × and ÷ from the left, then + and -.
    ("2 × 3 + 4", "(+ (* 2 3) 4)"),
    ("1 / (0.7 + 0.3 / 3)", "(/ 1 (+ 0.7 (/ 0.3 3)))"),
    ("1 - 99%^10", "(- 1 (^ [99 %] 10))"),
    ("-4.8 ms", "(- [4.8 ms])"),
    ("12 / 4 / 3", "(/ (/ 12 4) 3)"),
]


@pytest.mark.parametrize(("text", "tree"), TREES)
def test_text_reads_as_tree(text: str, tree: str) -> None:
    assert shape(parse(text)) == tree


@pytest.mark.parametrize("text", ["3 per", "per hour", "3 per / 2"])
def test_per_needs_something_to_divide_by(text: str) -> None:
    with pytest.raises(ParseError):
        parse(text)
