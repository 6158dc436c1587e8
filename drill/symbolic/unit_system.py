"""drill's units in sympy formulas, and the bridge to fast quantities.

Every unit of :mod:`drill.quantities.unit_table` is an atom of
:class:`~drill.symbolic.unit_atoms.Quantity` (``u.GB``, ``u.token``); solvers and pack
formulas are written with these. A formula's number is worked out by
:func:`to_quantity` from drill's own table (each atom's scale and dimension), never by
sympy's unit system, so ``sympy.physics.units`` is not imported (it costs as much again
as sympy). The atoms have the names and symbols sympy's own quantities have where sympy
has the unit (``byte``, ``millisecond``), so formulas read and order as they always did.

One trap stays closed: an atom the table does not know would silently be a unit of its
own; :func:`to_quantity` refuses any quantity that is not in the catalog.

Importing this module imports sympy (about half a second): keep it off start-up paths.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

import sympy

from drill.quantities import dimensions as dims
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.queueing import erlang_c
from drill.quantities.unit_table import CANONICAL, Unit
from drill.symbolic.unit_atoms import Quantity as SympyQuantity

#: The (name, symbol) of the units sympy has a quantity of its own for: the atoms are
#: made with the same two, as sympy's are (``B`` is sympy's ``byte``, written "byte").
_SYMPY_NAMES = {
    "B": ("byte", "byte"), "b": ("bit", "bit"), "KiB": ("kibibyte", "kibibyte"),
    "MiB": ("mebibyte", "mebibyte"), "GiB": ("gibibyte", "gibibyte"),
    "TiB": ("tebibyte", "tebibyte"), "PiB": ("pebibyte", "pebibyte"),
    "ns": ("nanosecond", "ns"), "µs": ("microsecond", "us"), "ms": ("millisecond", "ms"),
    "s": ("second", "s"), "min": ("minute", "minute"), "h": ("hour", "hour"),
    "day": ("day", "day"), "W": ("watt", "W"), "J": ("joule", "J"), "Hz": ("hertz", "Hz"),
    "%": ("percent", "percent"),
}
#: The units of drill's own base dimensions, each named by its dimension.
_BASE_NAMES = {
    "FLOP": ("flop", "FLOP"), "$": ("usd", "USD"), "tokens": ("token", "token"),
    "requests": ("request", "request"), "users": ("user", "user"),
    "steps": ("step", "step"), "kernels": ("kernel", "kernel"),
}

#: Canonical symbol → sympy atom; and back, for the bridge.
QUANTITIES: dict[str, SympyQuantity] = {}
_UNIT_OF: dict[SympyQuantity, Unit] = {}


def _register() -> None:
    for symbol, unit in CANONICAL.items():
        name, abbrev = _SYMPY_NAMES.get(symbol) or _BASE_NAMES.get(symbol) or (
            unit.name, symbol)
        quantity = SympyQuantity(name, abbrev)
        QUANTITIES[symbol] = quantity
        _UNIT_OF[quantity] = unit


_register()
_UNIT_BY_ARGS: dict[tuple[Any, ...], Unit] = {q.args: unit for q, unit in _UNIT_OF.items()}


def is_unit_atom(expr: Any) -> bool:
    """An atom of a unit: drill's, or a quantity of ``sympy.physics.units`` that a user's
    solver wrote in (told apart by its class name, so that package is never imported)."""
    return isinstance(expr, SympyQuantity) or (
        isinstance(expr, sympy.AtomicExpr) and type(expr).__name__ in _SYMPY_KINDS)


_SYMPY_KINDS = ("Quantity", "PhysicalConstant")


def unit_of(expr: Any) -> Unit | None:
    """The unit of an atom, if drill knows it: sympy's ``byte`` is drill's ``B``, as the
    two share their name and symbol."""
    return _UNIT_OF.get(expr) or _UNIT_BY_ARGS.get(expr.args)


#: The atom of each base dimension, for :func:`to_sympy` (sympy's SI bases where drill's
#: table has none: a mass never appears in a card, but "ans" could hold one).
_SYMPY_BASE: dict[str, SympyQuantity] = {
    "information": QUANTITIES["B"],
    "time": QUANTITIES["s"],
    "mass": SympyQuantity("kilogram", "kg"),
    "length": SympyQuantity("meter", "m"),
    "current": SympyQuantity("ampere", "A"),
    "temperature": SympyQuantity("kelvin", "K"),
    "computation": QUANTITIES["FLOP"],
    "currency": QUANTITIES["$"],
    "token": QUANTITIES["tokens"],
    "request": QUANTITIES["requests"],
    "user": QUANTITIES["users"],
    "step": QUANTITIES["steps"],
    "kernel": QUANTITIES["kernels"],
}


def _identifier(unit: Unit, symbol: str) -> list[str]:
    names = {unit.name}
    if symbol.isidentifier():
        names.add(symbol)
    special = {"µs": "us", "$": "USD", "%": "percent", "¢": "cent", "×": "times",
               "tokens": "token", "requests": "request", "users": "user", "steps": "step",
               "kernels": "kernel", "B": "byte", "b": "bit"}
    if symbol in special:
        names.add(special[symbol])
    return sorted(names)


#: The units as attributes, for solvers: ``u.GB``, ``u.TFLOPS``, ``u.token``, ``u.USD``.
u = SimpleNamespace(**{
    name: QUANTITIES[symbol]
    for symbol, unit in CANONICAL.items()
    for name in _identifier(unit, symbol)
})


def to_sympy(quantity: Quantity) -> sympy.Expr:
    """A fast quantity as a sympy expression over base units."""
    expr: sympy.Expr = sympy.Float(quantity.value)
    for name, power in dims.exponents(quantity.dim).items():
        expr = expr * _SYMPY_BASE[name] ** power
    # The value is in drill's base units (bytes, seconds): each base atom is one of them.
    return expr


def to_quantity(expr: Any, values: Mapping[sympy.Symbol, Quantity] | None = None) -> Quantity:
    """Evaluate a sympy expression to a fast quantity.

    ``values`` gives each free symbol its quantity (a solver's givens). Any sympy quantity
    outside the catalog is an error rather than a dimension of its own.
    """
    if not isinstance(expr, sympy.Basic):
        return _evaluate(expr, values or {})
    return compiled(expr)(values or {})


Evaluator = Callable[[Mapping[sympy.Symbol, Quantity]], Quantity]


@lru_cache(maxsize=8192)
def compiled(expr: sympy.Basic) -> Evaluator:
    """``expr`` as a plain function of its symbols' quantities, built once per formula.

    The same arithmetic as :func:`_evaluate`, with the looking-up (which node, which
    unit, which handler) done here rather than on every call: ``drill check`` evaluates
    each solver formula for every card and variant. Errors of the formula itself (an
    unknown unit, a division by zero folded in) are raised when it is called, as before.
    """
    if is_unit_atom(expr) or isinstance(expr, sympy.Symbol) or expr in (
            sympy.zoo, sympy.oo, -sympy.oo, sympy.nan) or expr.is_Number or expr in (
            sympy.pi, sympy.E):
        try:
            constant = _evaluate(expr, {}) if not isinstance(expr, sympy.Symbol) else None
        except QuantityError as error:
            failure = error

            def fail(values: Mapping[sympy.Symbol, Quantity]) -> Quantity:
                raise QuantityError(str(failure))
            return fail
        if constant is not None:
            return lambda values: constant
        symbol = expr

        def look_up(values: Mapping[sympy.Symbol, Quantity]) -> Quantity:
            if symbol not in values:
                raise QuantityError(f"no value for '{symbol}'")
            return values[symbol]
        return look_up
    handler = _HANDLERS.get(type(expr).__name__)
    if handler is None:
        message = f"drill cannot evaluate {type(expr).__name__} in '{expr}'"

        def unknown(values: Mapping[sympy.Symbol, Quantity]) -> Quantity:
            raise QuantityError(message)
        return unknown
    parts = [compiled(arg) for arg in expr.args]
    return lambda values: handler([part(values) for part in parts])


def _evaluate(expr: Any, values: Mapping[sympy.Symbol, Quantity]) -> Quantity:
    if isinstance(expr, int | float):
        return Quantity(float(expr))
    if is_unit_atom(expr):
        unit = unit_of(expr)
        if unit is None:
            raise QuantityError(f"'{expr}' is not a unit drill knows")
        return Quantity(unit.scale, unit.dim)
    if isinstance(expr, sympy.Symbol):
        if expr not in values:
            raise QuantityError(f"no value for '{expr}'")
        return values[expr]
    if expr in (sympy.zoo, sympy.oo, -sympy.oo, sympy.nan):
        # sympy folds x/0 to zoo while building the formula, before any given is known.
        raise QuantityError("the formula works out to infinity or to no number at all: "
                            "a division by zero?")
    if expr.is_Number or expr in (sympy.pi, sympy.E):
        return Quantity(float(expr))
    if expr.is_Mul and any(_root_of(arg) for arg in expr.args):
        return _product_with_roots(expr, values)
    handler = _HANDLERS.get(type(expr).__name__)
    if handler is None:
        raise QuantityError(f"drill cannot evaluate {type(expr).__name__} in '{expr}'")
    return handler([_evaluate(arg, values) for arg in expr.args])


def _root_of(expr: Any) -> int:
    """The root a factor takes (2 for ``x**(1/2)``, 3 for ``x**(-2/3)``); 0 for none."""
    if isinstance(expr, sympy.Pow) and expr.exp.is_Rational and expr.exp.q != 1:
        return int(expr.exp.q)
    return 0


def _product_with_roots(expr: Any, values: Mapping[sympy.Symbol, Quantity]) -> Quantity:
    """A product with roots in it, each root taken of all its factors together.

    sympy splits ``sqrt(weights / (4 GB))`` into ``sqrt(weights) / (2 sqrt(GB))``; the
    square root of bytes alone is no quantity, the root of their ratio is a plain number.
    """
    plain: list[Quantity] = []
    rooted: dict[int, Quantity] = {}
    for factor in expr.args:
        root = _root_of(factor)
        if not root:
            plain.append(_evaluate(factor, values))
            continue
        inside = _evaluate(factor.base, values) ** int(factor.exp.p)
        rooted[root] = rooted[root] * inside if root in rooted else inside
    result = _product(plain)
    for root, inside in rooted.items():
        result = result * inside ** (1 / root)
    return result


def _product(args: list[Quantity]) -> Quantity:
    result = Quantity(1.0)
    for arg in args:
        result = result * arg
    return result


def _sum(args: list[Quantity]) -> Quantity:
    result = args[0]
    for arg in args[1:]:
        result = result + arg
    return result


def _extreme(pick: Callable[..., float]) -> Callable[[list[Quantity]], Quantity]:
    def choose(args: list[Quantity]) -> Quantity:
        first = args[0]
        for arg in args[1:]:
            if arg.dim != first.dim:
                raise QuantityError(
                    f"cannot compare {dims.describe(arg.dim)} with {dims.describe(first.dim)}"
                )
        return Quantity(pick(a.value for a in args), first.dim)

    return choose


def _dimensionless(function: Callable[[float], float]) -> Callable[[list[Quantity]], Quantity]:
    def apply(args: list[Quantity]) -> Quantity:
        (arg,) = args
        if not arg.dimensionless:
            raise QuantityError(f"{function.__name__} needs a plain number")
        return Quantity(function(arg.value))

    return apply


def _erlang_c(args: list[Quantity]) -> Quantity:
    servers, offered = args
    if not (servers.dimensionless and offered.dimensionless):
        raise QuantityError("erlang_c needs a count of servers and a load in plain numbers")
    if servers.value < 1 or servers.value != math.floor(servers.value):
        raise QuantityError(f"erlang_c needs a whole number of servers, not {servers.value:g}")
    return Quantity(erlang_c(int(servers.value), offered.value))


def _round_half_up(value: float) -> float:
    return float(math.floor(value + 0.5))


_HANDLERS: dict[str, Callable[[list[Quantity]], Quantity]] = {
    "Mul": _product,
    "Add": _sum,
    "Pow": lambda args: args[0] ** args[1],
    "Min": _extreme(min),
    "Max": _extreme(max),
    "Abs": lambda args: Quantity(abs(args[0].value), args[0].dim),
    "exp": _dimensionless(math.exp),
    "log": _dimensionless(math.log),
    "floor": _dimensionless(math.floor),
    "ceiling": _dimensionless(math.ceil),
    # A pack formula's round() (drill.symbolic.formulas.Round).
    "Round": _dimensionless(_round_half_up),
    # A solver's erlang_c (drill.symbolic.formulas.ErlangC).
    "ErlangC": _erlang_c,
}
