"""The units in sympy formulas and the fast quantities agree, and sympy's traps are closed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import sympy

from drill.quantities.dimensions import dim
from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.unit_table import CANONICAL
from drill.symbolic import unit_system as symbolic
from drill.symbolic.unit_atoms import Quantity as Atom

#: The tests that compare with sympy's own unit system: importing it takes about a second
#: (drill never does), so they run on one pytest-xdist worker, which alone pays for it,
#: and it is imported when the first of them runs, not as the suite is collected.
WITH_SYMPYS_UNITS = pytest.mark.xdist_group("sympy-physics-units")


def sympy_units() -> Any:  # sympy has no types for mypy
    import sympy.physics.units

    return sympy.physics.units


@pytest.mark.parametrize("symbol", list(CANONICAL))
def test_every_catalog_unit_evaluates_to_its_size_and_dimension(symbol: str) -> None:
    unit = CANONICAL[symbol]
    value = symbolic.to_quantity(3 * symbolic.QUANTITIES[symbol])
    assert value.dim == unit.dim
    assert value.value == pytest.approx(3 * unit.scale, rel=1e-12)


@WITH_SYMPYS_UNITS
@pytest.mark.parametrize("symbol", ["B", "b", "KiB", "GiB", "ns", "µs", "ms", "s", "min",
                                    "h", "day", "W", "J", "Hz", "%"])
def test_a_unit_sympy_has_is_the_atom_sympy_makes_of_it(symbol: str) -> None:
    """The same name and symbol as sympy's own quantity: formulas order as they did."""
    ours = symbolic.QUANTITIES[symbol]
    theirs = getattr(sympy_units(), ours.name.name)
    assert ours.args == theirs.args
    assert type(ours).__name__ == type(theirs).__name__


@WITH_SYMPYS_UNITS
def test_formulas_over_the_atoms_order_print_and_hash_as_over_sympys_quantities() -> None:
    units = sympy_units()
    weights, bandwidth = sympy.symbols("weights bandwidth", positive=True)
    ours = symbolic.u
    ours_formula = (2 * weights * ours.B / (bandwidth * ours.GB / ours.s) + ours.ms) ** 2
    gigabyte = units.Quantity("gigabyte", abbrev="GB")
    theirs_formula = (2 * weights * units.byte / (bandwidth * gigabyte / units.second)
                      + units.millisecond) ** 2
    assert str(ours_formula) == str(theirs_formula)
    assert sympy.srepr(ours_formula) == sympy.srepr(theirs_formula)
    assert hash(ours_formula) == hash(theirs_formula)
    assert ours_formula.free_symbols == {weights, bandwidth}


def test_sympy_formula_agrees_with_the_fast_path() -> None:
    expr = 16 * symbolic.u.GB / (sympy.Rational(335, 100) * symbolic.u.TB / symbolic.u.s)
    assert symbolic.to_quantity(expr) == read("16 GB / 3.35 TB/s").value
    assert symbolic.to_quantity(expr).value == pytest.approx(16e9 / 3.35e12)


@pytest.mark.parametrize("stranger", [
    pytest.param(lambda: sympy_units().Quantity("zork"), id="sympys", marks=WITH_SYMPYS_UNITS),
    pytest.param(lambda: Atom("zork"), id="drills"),
])
def test_a_quantity_drill_was_not_told_about_is_refused(stranger: Callable[[], Any]) -> None:
    with pytest.raises(QuantityError, match="not a unit drill knows"):
        symbolic.to_quantity(3 * stranger())


def test_to_quantity_evaluates_formulas_over_givens() -> None:
    weights, bandwidth = sympy.symbols("weights bandwidth", positive=True)
    formula = symbolic.u.token / (weights / bandwidth)
    values = {weights: read("16 GB").value, bandwidth: read("3.35 TB/s").value}
    result = symbolic.to_quantity(formula, values)
    assert result.dim == dim(token=1, time=-1)
    assert result.value == pytest.approx(3.35e12 / 16e9)


def test_to_quantity_checks_dimensions_of_sums() -> None:
    x = sympy.Symbol("x")
    with pytest.raises(QuantityError, match="cannot add"):
        symbolic.to_quantity(x + symbolic.u.s, {x: Quantity(1.0, dim(information=1))})


def test_min_and_max_need_one_dimension() -> None:
    peak, rate = sympy.symbols("peak rate", positive=True)
    values = {peak: read("989 TFLOPS").value, rate: read("208 TFLOPS").value}
    assert symbolic.to_quantity(sympy.Min(peak, rate), values).value == pytest.approx(208e12)


@pytest.mark.parametrize("make", [lambda a: a / 0, lambda a: sympy.Integer(1) / 0,
                                  lambda a: sympy.oo * a, lambda a: sympy.nan])
def test_a_formula_sympy_folded_to_infinity_says_so(make: Any) -> None:
    a = sympy.Symbol("a")
    with pytest.raises(QuantityError, match="division by zero"):
        symbolic.to_quantity(make(a), {a: Quantity(2.0)})
