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


#: Every binary operator followed by a sign: the sign belongs to the operand after it.
_BINARY = [("+", "+"), ("-", "-"), ("×", "*"), ("*", "*"), ("·", "*"), ("x", "*"),
           ("/", "/"), ("÷", "/")]
SIGNED = [
    *[(f"6 {typed} -2", f"({op} 6 (- 2))") for typed, op in _BINARY],
    *[(f"6 {typed} +2", f"({op} 6 2)") for typed, op in _BINARY],
    *[(f"3 GB {typed} -2", f"({op} [3 GB] (- 2))") for typed, op in _BINARY if op in "*/"],
    ("6^-2", "(^ 6 (- 2))"),
    ("6 ** -2", "(^ 6 (- 2))"),
    ("(1 s × -2)", "(* [1 s] (- 2))"),
    # A ratio marker with a spaced sign after it stays a ratio: 2× less three.
    ("2× - 3", "(- [2 ×] 3)"),
]

#: ^ binds tighter than per, %, units, multiplier suffixes and every binary operator.
POWERS = [
    ("3.5^2 per 4", "(per (^ 3.5 2) 4)"),
    ("2^10 %", "[(^ 2 10) %]"),
    ("2^30 bytes", "[(^ 2 30) B]"),
    ("10^12 FLOP", "[(^ 10 12) FLOP]"),
    ("10^-3 s", "[(^ 10 (- 3)) s]"),
    ("2^-1 × 10^2", "(* (^ 2 (- 1)) (^ 10 2))"),
    ("2^3 × 4", "(* (^ 2 3) 4)"),
    ("2^3 / 4", "(/ (^ 2 3) 4)"),
    ("2^3 + 1", "(+ (^ 2 3) 1)"),
    ("2^3 - 1", "(- (^ 2 3) 1)"),
    ("2**3 ms", "[(^ 2 3) ms]"),
    ("2^3×", "[(^ 2 3) ×]"),
    ("2^3^2", "(^ 2 (^ 3 2))"),
    ("-2^2", "(- (^ 2 2))"),
    ("2^(1/2)", "(^ 2 (/ 1 2))"),
    ("16 GB / 2^30 B", "(/ [16 GB] [(^ 2 30) B])"),
    # b × 10^k after a division stays one number, as the source documents write it.
    ("12 / 3.5 · 10**2", "(/ 12 3.5 × 10²)"),
]


@pytest.mark.parametrize(("text", "tree"), SIGNED + POWERS)
def test_operator_pair_reads_as_tree(text: str, tree: str) -> None:
    assert shape(parse(text)) == tree


@pytest.mark.parametrize(("text", "value"), [
    ("floor(64 GB / 537 MB)", 119.0),
    ("ceil(8 × (30 tokens/s)^2 ÷ (40 tokens/s)^2)", 5.0),  # 4.5 rounded up
    ("round(2.5)", 3.0),
    ("2 floor(3.5)", 6.0),
])
def test_an_answer_may_round_a_bracket(text: str, value: float) -> None:
    from drill.quantities.parsing import read

    assert read(text).value.value == value


@pytest.mark.parametrize("text", ["floor(3 ms)", "floor 3"])
def test_rounding_needs_a_plain_number_in_brackets(text: str) -> None:
    from drill.quantities.parsing import read

    with pytest.raises(ParseError):
        read(text)
