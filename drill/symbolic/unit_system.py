"""drill's unit system in sympy.physics.units, and the bridge to fast quantities.

SI's dimension system is extended with information, computation, currency and the
countable things of serving. Every unit of :mod:`drill.quantities.unit_table` becomes a sympy
``Quantity`` in the unit system ``"drill"`` (sympy's own byte, second, watt ... are reused
where they exist). Solvers write their formulas with these (``u.GB``, ``u.token``).

sympy has two traps that this module closes:

* a ``Quantity`` the system was not told about silently gets a dimension of its own;
  :func:`to_quantity` refuses any quantity that is not in the catalog;
* ``convert_to`` returns its input unchanged when the dimensions differ;
  :func:`convert` raises :class:`~drill.quantities.units.ConversionError` naming both in words.

Importing this module imports sympy (about half a second): keep it off start-up paths.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

import sympy
import sympy.physics.units as sympy_units
from sympy.physics.units import Dimension
from sympy.physics.units import Quantity as SympyQuantity
from sympy.physics.units.definitions.dimension_definitions import information
from sympy.physics.units.systems.si import SI, dimsys_SI

from drill.quantities import dimensions as dims
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.unit_table import CANONICAL, Unit
from drill.quantities.units import ConversionError, unit_quantity

_NEW_BASES = {
    "computation": Dimension("computation"),
    "currency": Dimension("currency"),
    "token": Dimension("token"),
    "request": Dimension("request"),
    "user": Dimension("user"),
    "step": Dimension("step"),
    "kernel": Dimension("kernel"),
}
_SI_BASES = {
    "information": information,
    "time": sympy_units.time,
    "mass": sympy_units.mass,
    "length": sympy_units.length,
    "current": sympy_units.current,
    "temperature": sympy_units.temperature,
}
BASE_DIMENSIONS: dict[str, Dimension] = {**_SI_BASES, **_NEW_BASES}

DIMENSION_SYSTEM = dimsys_SI.extend([information, *_NEW_BASES.values()])

# sympy quantities reused as they are; the rest are created below.
_REUSED = {
    "B": sympy_units.byte, "b": sympy_units.bit, "KiB": sympy_units.kibibyte,
    "MiB": sympy_units.mebibyte, "GiB": sympy_units.gibibyte, "TiB": sympy_units.tebibyte,
    "PiB": sympy_units.pebibyte, "ns": sympy_units.nanosecond, "µs": sympy_units.microsecond,
    "ms": sympy_units.millisecond, "s": sympy_units.second, "min": sympy_units.minute,
    "h": sympy_units.hour, "day": sympy_units.day, "W": sympy_units.watt,
    "J": sympy_units.joule, "Hz": sympy_units.hertz, "%": sympy_units.percent,
}

_BASE_UNITS: dict[str, SympyQuantity] = {
    "FLOP": SympyQuantity("flop", abbrev="FLOP"),
    "$": SympyQuantity("usd", abbrev="USD"),
    "tokens": SympyQuantity("token"),
    "requests": SympyQuantity("request"),
    "users": SympyQuantity("user"),
    "steps": SympyQuantity("step"),
    "kernels": SympyQuantity("kernel"),
}

SYSTEM = SI.extend(
    base=tuple(_BASE_UNITS.values()),
    units=(),
    name="drill",
    dimension_system=DIMENSION_SYSTEM,
)

#: Canonical symbol → sympy quantity; and back, for the bridge.
QUANTITIES: dict[str, SympyQuantity] = {}
_UNIT_OF: dict[SympyQuantity, Unit] = {}


def _dimension_expr(d: dims.Dim) -> Dimension:
    result = Dimension(1)
    for name, power in dims.exponents(d).items():
        result = result * BASE_DIMENSIONS[name] ** power
    return result


def _register() -> None:
    base_of = {dims.dim({name: 1}): q for name, q in (
        ("computation", _BASE_UNITS["FLOP"]), ("currency", _BASE_UNITS["$"]),
        ("token", _BASE_UNITS["tokens"]), ("request", _BASE_UNITS["requests"]),
        ("user", _BASE_UNITS["users"]), ("step", _BASE_UNITS["steps"]),
        ("kernel", _BASE_UNITS["kernels"]),
    )}
    for base_dim, quantity in base_of.items():
        SYSTEM.set_quantity_dimension(quantity, _dimension_expr(base_dim))
        SYSTEM.set_quantity_scale_factor(quantity, sympy.S.One)
    for symbol, unit in CANONICAL.items():
        if symbol in _REUSED:
            quantity = _REUSED[symbol]
        elif symbol in _BASE_UNITS:
            quantity = _BASE_UNITS[symbol]
        else:
            quantity = SympyQuantity(unit.name, abbrev=symbol)
            SYSTEM.set_quantity_dimension(quantity, _dimension_expr(unit.dim))
            SYSTEM.set_quantity_scale_factor(quantity, _scale_in_sympy(unit))
        QUANTITIES[symbol] = quantity
        _UNIT_OF[quantity] = unit


def _scale_in_sympy(unit: Unit) -> sympy.Expr:
    """The unit as a multiple of sympy base quantities (``GB`` = 10⁹ byte).

    The factor is the fraction the float's shortest decimal writes (1e-09 → 1/10⁹), as
    ``nsimplify(rational=True)`` gives but a thousand times cheaper: every process that
    solves builds this table.
    """
    factor = sympy.Rational(repr(unit.scale))
    expr: sympy.Expr = factor
    for name, power in dims.exponents(unit.dim).items():
        expr = expr * _SYMPY_BASE[name] ** power
    return expr


_SYMPY_BASE: dict[str, SympyQuantity] = {
    "information": sympy_units.byte,
    "time": sympy_units.second,
    "mass": sympy_units.kilogram,
    "length": sympy_units.meter,
    "current": sympy_units.ampere,
    "temperature": sympy_units.kelvin,
    "computation": _BASE_UNITS["FLOP"],
    "currency": _BASE_UNITS["$"],
    "token": _BASE_UNITS["tokens"],
    "request": _BASE_UNITS["requests"],
    "user": _BASE_UNITS["users"],
    "step": _BASE_UNITS["steps"],
    "kernel": _BASE_UNITS["kernels"],
}

_register()


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


def dimension_of(expr: sympy.Expr) -> dims.Dim:
    """The dimension of a sympy expression over catalog units, as a drill Dim."""
    dependencies = DIMENSION_SYSTEM.get_dimensional_dependencies(
        SYSTEM.get_dimensional_expr(expr)
    )
    exponents: dict[str, int] = {}
    by_dimension = {d.name: name for name, d in BASE_DIMENSIONS.items()}
    for dimension, power in dependencies.items():
        exponents[by_dimension[dimension.name]] = int(power)
    return dims.dim(exponents)


def convert(expr: sympy.Expr, unit: str) -> sympy.Expr:
    """sympy's ``convert_to`` into a catalog unit, refusing a change of dimension."""
    target = to_sympy(unit_quantity(unit))
    source_dim = dimension_of(expr)
    target_dim = dimension_of(target)
    if source_dim != target_dim:
        raise ConversionError(Quantity(1.0, source_dim), unit, target_dim)
    return sympy_units.convert_to(expr, [QUANTITIES[s] for s in _symbols_in(unit)], "drill")


def _symbols_in(unit: str) -> list[str]:
    from drill.quantities.parsing import parse
    from drill.quantities.parsing.nodes import UnitRef

    return [n.unit.symbol for n in parse(unit).walk() if isinstance(n, UnitRef)]


def to_sympy(quantity: Quantity) -> sympy.Expr:
    """A fast quantity as a sympy expression over base units."""
    expr: sympy.Expr = sympy.Float(quantity.value)
    for name, power in dims.exponents(quantity.dim).items():
        expr = expr * _SYMPY_BASE[name] ** power
    # sympy's byte is 8 bits and its kilogram 1000 grams: convert_to settles the scale.
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
    if isinstance(expr, SympyQuantity | sympy.Symbol) or expr in (
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
    if isinstance(expr, SympyQuantity):
        unit = _UNIT_OF.get(expr)
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
}
