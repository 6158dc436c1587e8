"""A pack formula's tree as a sympy expression, over drill's units in sympy.

:func:`drill.quantities.parsing.formula.read_formula` reads the text; this module turns
its tree into the same kind of expression a Python solver returns (``weights/bandwidth``
over positive symbols, units as :data:`~drill.symbolic.unit_system.QUANTITIES`), so the
working, the dimension checks and the evaluation downstream cannot tell the two apart.
Nothing here goes through ``sympify`` or any other reader of text: every node maps to one
sympy constructor.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import sympy

from drill.quantities.parsing.formula import Call, Name
from drill.quantities.parsing.nodes import (
    BinOp,
    Measure,
    Negate,
    Node,
    Number,
    Power,
    Recalled,
    UnitOp,
    UnitRef,
)
from drill.symbolic.unit_system import QUANTITIES, to_sympy

#: The largest power a formula may raise to, as in typed answers.
MAX_EXPONENT = 1000


class Round(sympy.Function):  # type: ignore[misc]  # sympy has no type hints
    """``round(x)``: the nearest whole number, halves up (2.5 → 3), as people round.

    sympy has floor and ceiling but no rounding of its own that stays symbolic.
    """

    nargs = 1

    @classmethod
    def eval(cls, x: sympy.Expr) -> sympy.Expr | None:
        if x.is_Number:
            return sympy.Integer(math.floor(float(x) + 0.5))
        return None


class ErlangC(sympy.Function):  # type: ignore[misc]  # sympy has no type hints
    """``erlang_c(servers, offered)``: the chance an arrival finds a pool of ``servers``
    all busy under an offered load λ ÷ μ (M/M/c).

    A sum of as many terms as there are servers, so no finite formula holds for a pool
    size that is itself a given: it stays a function, which drill evaluates with
    :func:`drill.quantities.queueing.erlang_c` once the givens are numbers. Given exact
    numbers, sympy works it out from its definition instead (the all-busy term over the
    Poisson terms below it plus itself), which checks that float recurrence.
    """

    nargs = 2

    @classmethod
    def eval(cls, servers: sympy.Expr, offered: sympy.Expr) -> sympy.Expr | None:
        if not (servers.is_Integer and servers.is_positive and offered.is_Rational
                and offered.is_positive):
            return None
        if offered >= servers:
            return sympy.Integer(1)
        all_busy = offered**servers / sympy.factorial(servers) * servers / (servers - offered)
        below = sympy.Add(*(offered**k / sympy.factorial(k) for k in range(int(servers))))
        return all_busy / (below + all_busy)


_FUNCTIONS: dict[str, Callable[..., sympy.Expr]] = {
    "min": sympy.Min,
    "max": sympy.Max,
    # sympy.sqrt would split sqrt(weights / (4 GB)) into sqrt(weights) / (2 sqrt(GB)): the
    # same number, in working no one writes. An unevaluated power keeps the root whole.
    "sqrt": lambda x: sympy.Pow(x, sympy.S.Half, evaluate=False),
    "log": sympy.log,
    "exp": sympy.exp,
    "ceil": sympy.ceiling,
    "floor": sympy.floor,
    "round": Round,
}


def to_expression(tree: Node, names: Mapping[str, sympy.Expr]) -> sympy.Expr:
    """The sympy expression of ``tree``; ``names`` gives each name its symbol or formula."""
    return _compile(tree, names)


def given_symbol(name: str) -> sympy.Symbol:
    """A given's symbol, made as a Python solver's are (positive, so sympy simplifies alike)."""
    return sympy.Symbol(name, positive=True)


def _compile(node: Node, names: Mapping[str, sympy.Expr]) -> sympy.Expr:
    if isinstance(node, Name):
        return names[node.name]
    if isinstance(node, Number):
        return _number(node.value)
    if isinstance(node, UnitRef):
        return QUANTITIES[node.unit.symbol]
    if isinstance(node, Recalled):
        return to_sympy(node.value)
    if isinstance(node, Measure):
        return _compile(node.amount, names) * _compile(node.unit, names)
    if isinstance(node, Negate):
        return -_compile(node.operand, names)
    if isinstance(node, Power):
        return _power(_compile(node.base, names), _compile(node.exponent, names))
    if isinstance(node, Call):
        arguments = [_compile(a, names) for a in node.arguments]
        for argument in arguments:
            _bounded(argument)
        return _FUNCTIONS[node.function](*arguments)
    if isinstance(node, BinOp | UnitOp):
        return _binary(node.op, _compile(node.left, names), _compile(node.right, names))
    raise TypeError(f"a formula cannot hold {type(node).__name__}")


class FormulaTooLarge(ValueError):
    """A formula whose numbers sympy would work out exactly at a ruinous size."""


def _power(base: sympy.Expr, exponent: sympy.Expr) -> sympy.Expr:
    """``base ** exponent``, refused before sympy would build a number of millions of
    digits (sympy works out ``3^(10^200)`` exactly, and never finishes)."""
    if exponent.is_number:
        size = _bounded(exponent)
        if abs(size) > MAX_EXPONENT:
            raise FormulaTooLarge(f"the exponent {size:g} is too large (the limit is "
                                  f"{MAX_EXPONENT})")
        if base.is_number:
            magnitude = abs(_bounded(base))
            if magnitude > 0 and abs(size * math.log10(magnitude)) > 300:
                raise FormulaTooLarge("the number is too large to work with")
    return base**exponent


def _bounded(expr: sympy.Expr) -> float:
    """A number's value, refused when it is beyond any figure a card could mean; 0.0 for
    anything with symbols in it (its size is known only once the givens are)."""
    if not expr.is_number:
        return 0.0
    try:
        value = float(abs(expr.evalf(15)))
    except (TypeError, ValueError, OverflowError):
        raise FormulaTooLarge("the formula works out to a number drill cannot use") from None
    if math.isnan(value) or value > 1e300:
        raise FormulaTooLarge("the number is too large to work with")
    return value


def _binary(op: str, left: sympy.Expr, right: sympy.Expr) -> sympy.Expr:
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op in ("*", "·"):
        return left * right
    if op == "/":
        return left / right
    return _power(left, right)


def _number(value: float) -> sympy.Expr:
    """Whole numbers stay exact (``2`` → 2, as ``2 * weights`` in a solver); others are
    floats, so the working shows ``0.85`` rather than ``17 ÷ 20``."""
    if value.is_integer() and abs(value) < 1e18:
        return sympy.Integer(int(value))
    return sympy.Float(value)
