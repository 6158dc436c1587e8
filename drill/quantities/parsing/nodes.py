"""The syntax tree of typed math: what was read, how to show it, what it is worth.

The tree is kept (not only its value) so the grader can look inside an answer: a
``bytes ÷ FLOP/s`` division is a mistake wherever it sits in the expression.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

from drill.quantities import dimensions as dims
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.unit_table import PREFIX_UNITS, Unit

# Printing precedence, as the parser binds: higher binds tighter. ``per`` binds tighter
# than a sign, and a sign than × and ÷ (``-a per b`` is -(a per b)).
SUM, PRODUCT, UNARY, PER, POWER, ATOM = 1, 2, 3, 4, 5, 6


class Node:
    """Base of every node; subclasses are frozen dataclasses."""

    __slots__ = ()
    precedence: int = ATOM

    def evaluate(self) -> Quantity:
        raise NotImplementedError

    def echo(self) -> str:
        raise NotImplementedError

    def children(self) -> tuple[Node, ...]:
        return ()

    def walk(self) -> Iterator[Node]:
        """Every node of the tree, this one first."""
        yield self
        for child in self.children():
            yield from child.walk()


@dataclass(frozen=True, slots=True)
class Number(Node):
    value: float
    text: str

    @property
    def precedence(self) -> int:  # type: ignore[override]
        # "3.35 × 10¹²" is one number but reads as a product: "12 ÷ (3.5 × 10²)".
        return PRODUCT if "×" in self.text else ATOM

    def evaluate(self) -> Quantity:
        return Quantity(self.value)

    def echo(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Recalled(Node):
    """A name standing for a value worked out before: the calculator's ``ans``."""

    name: str
    value: Quantity

    def evaluate(self) -> Quantity:
        return self.value

    def echo(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class UnitRef(Node):
    unit: Unit
    #: The spelling typed ("flops", "B"), for the grader's second readings of ambiguous
    #: ones; not part of the unit's identity.
    spelling: str = field(default="", compare=False)

    def evaluate(self) -> Quantity:
        return Quantity(self.unit.scale, self.unit.dim)

    def echo(self) -> str:
        # A count typed in the singular stays singular: "1 token", "ms per token".
        if self.spelling and self.spelling == self.unit.name and self.unit.symbol.endswith(
                "s") and self.spelling + "s" == self.unit.symbol:
            return self.spelling
        return self.unit.symbol


@dataclass(frozen=True, slots=True)
class UnitOp(Node):
    """Units joined inside one compound unit: ``TB/s``, ``B·s/FLOP``, ``s^-1``."""

    op: str  # "·", "/" or "^"
    left: Node
    right: Node

    def evaluate(self) -> Quantity:
        left, right = self.left.evaluate(), self.right.evaluate()
        if self.op == "·":
            return left * right
        if self.op == "/":
            return left / right
        return left**right

    def echo(self) -> str:
        right = self.right.echo()
        if self.op == "/" and isinstance(self.right, UnitOp) and self.right.op != "^":
            right = f"({right})"
        if self.op == "^":
            return f"{self.left.echo()}^{right}"
        return f"{self.left.echo()}{self.op}{right}"

    def children(self) -> tuple[Node, ...]:
        return (self.left, self.right)


@dataclass(frozen=True, slots=True)
class Measure(Node):
    """A number with its unit, read as one quantity: ``3.35 TB/s``."""

    amount: Node
    unit: Node

    @property
    def precedence(self) -> int:  # type: ignore[override]
        # A compound unit reads as a product: "16 GB ÷ (3.35 TB/s)" needs its parentheses.
        return PRODUCT if isinstance(self.unit, UnitOp) else ATOM

    def evaluate(self) -> Quantity:
        return self.amount.evaluate() * self.unit.evaluate()

    def echo(self) -> str:
        amount, unit = self.amount.echo(), self.unit.echo()
        if isinstance(self.amount, BinOp):  # a regrouped reading: "(16 ÷ 3.35) ms"
            amount = f"({amount})"
        if unit[:1] in PREFIX_UNITS:
            return f"{unit[0]}{amount}{unit[1:]}"
        if unit in ("%", "×"):
            return f"{amount}{unit}"
        return f"{amount} {unit}"

    def children(self) -> tuple[Node, ...]:
        return (self.amount, self.unit)


@dataclass(frozen=True, slots=True)
class BinOp(Node):
    op: str  # "+", "-", "*", "/"
    left: Node
    right: Node
    style: str = ""  # "implicit" (2 GB) or "per" ($3 per hour)

    @property
    def precedence(self) -> int:  # type: ignore[override]
        if self.style == "per":
            return PER
        return SUM if self.op in "+-" else PRODUCT

    def evaluate(self) -> Quantity:
        left, right = self.left.evaluate(), self.right.evaluate()
        if self.op == "+":
            return left + right
        if self.op == "-":
            return left - right
        if self.op == "*":
            return left * right
        return left / right

    def echo(self) -> str:
        me = self.precedence
        # A "per" inside × or ÷ binds tighter already; its brackets are for the eye:
        # "(100 tokens per s) × 60 s".
        shown_per = me == PRODUCT and self.style != "implicit"
        left = _wrap(self.left, self.left.precedence < me or (shown_per and _is_per(self.left)))
        # The right side of - and ÷ also needs parentheses at equal precedence, and a
        # plain number divided by a quantity shows the quantity whole: "16 ÷ (3.35 ms)",
        # never "16 ÷ 3.35 ms", which reads as (16 ÷ 3.35) ms.
        divides_a_measure = (self.op == "/" and self.style == ""
                             and isinstance(self.right, Measure)
                             and not _is_symbol_unit(self.right)
                             and not any(isinstance(n, UnitRef) for n in self.left.walk()))
        right = _wrap(self.right, divides_a_measure or (
            self.right.precedence <= me and self.op in "-/*") or (
            shown_per and _is_per(self.right)))
        if self.style == "implicit":
            # "(1 ÷ 2) ms": without them "1 ÷ 2 ms" reads as 1 ÷ (2 ms).
            left = _wrap(self.left, isinstance(self.left, BinOp)
                         and isinstance(self.right, UnitRef | UnitOp)
                         and isinstance(_rightmost(self.left), Number))
            return f"{left} {right}"
        if self.style == "per":
            return f"{left} per {right}"
        symbol = {"+": "+", "-": "-", "*": "×", "/": "÷"}[self.op]
        return f"{left} {symbol} {right}"

    def children(self) -> tuple[Node, ...]:
        return (self.left, self.right)


@dataclass(frozen=True, slots=True)
class Negate(Node):
    operand: Node
    precedence = UNARY

    def evaluate(self) -> Quantity:
        return -self.operand.evaluate()

    def echo(self) -> str:
        return "-" + _wrap(self.operand, self.operand.precedence < UNARY)

    def children(self) -> tuple[Node, ...]:
        return (self.operand,)


@dataclass(frozen=True, slots=True)
class Power(Node):
    base: Node
    exponent: Node
    precedence = POWER

    def evaluate(self) -> Quantity:
        return self.base.evaluate() ** self.exponent.evaluate()

    def echo(self) -> str:
        # "(2 GB)^2": a power of anything but a plain number or name shows its brackets.
        base = _wrap(self.base, not _plain(self.base))
        exponent = _wrap(self.exponent, not _plain_exponent(self.exponent))
        return f"{base}^{exponent}"

    def children(self) -> tuple[Node, ...]:
        return (self.base, self.exponent)


#: What an answer may apply to a bracket: a count rounded, a spread's square root.
APPLIED = ("floor", "ceil", "round", "sqrt")


@dataclass(frozen=True, slots=True)
class Applied(Node):
    """``floor(64 GB / 537 MB)``: one of :data:`APPLIED` on a bracketed operand."""

    function: str
    operand: Node

    def evaluate(self) -> Quantity:
        value = self.operand.evaluate()
        if self.function == "sqrt":
            return value**0.5
        if not value.dimensionless:
            raise QuantityError(f"{self.function}() rounds a plain number; this one is "
                                f"{dims.describe(value.dim)}")
        rounded = {"floor": math.floor, "ceil": math.ceil,
                   "round": lambda x: math.floor(x + 0.5)}[self.function](value.value)
        return Quantity(float(rounded))

    def echo(self) -> str:
        return f"{self.function}({self.operand.echo()})"

    def children(self) -> tuple[Node, ...]:
        return (self.operand,)


def _is_per(node: Node) -> bool:
    return isinstance(node, BinOp) and node.style == "per"


def _rightmost(node: Node) -> Node:
    """The operand written last: the one a unit typed after the node would stick to."""
    while isinstance(node, BinOp | Negate):
        node = node.right if isinstance(node, BinOp) else node.operand
    return node


def _plain(node: Node) -> bool:
    """A number as one token, or a name: what needs no brackets under a power."""
    if isinstance(node, Number):
        return node.precedence == ATOM
    if isinstance(node, Measure) and _is_symbol_unit(node) and _plain(node.amount):
        return True  # "99%^10" reads as (99%)¹⁰: the symbol is part of the number
    return type(node).__name__ in ("Recalled", "Name", "Call", "Applied")


def _plain_exponent(node: Node) -> bool:
    """What the parser reads as an exponent without brackets: ``-3``, ``3^2``."""
    if isinstance(node, Negate):
        return _plain_exponent(node.operand)
    if isinstance(node, Power):
        return _plain(node.base) and _plain_exponent(node.exponent)
    return _plain(node)


def _is_symbol_unit(measure: Measure) -> bool:
    """``$3``, ``25%``, ``1.25×``: written as one token, so no one reads it split."""
    return isinstance(measure.unit, UnitRef) and measure.unit.unit.symbol in ("$", "%", "×", "¢")


def _wrap(node: Node, needed: bool) -> str:
    text = node.echo()
    return f"({text})" if needed else text
