"""The sympy unit system and the fast quantities agree, and sympy's traps are closed."""

from __future__ import annotations

from typing import Any

import pytest
import sympy
from sympy.physics.units import Quantity as SympyQuantity
from sympy.physics.units import convert_to

from drill.quantities.dimensions import dim
from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.unit_table import CANONICAL
from drill.quantities.units import ConversionError
from drill.symbolic import unit_system as symbolic


@pytest.mark.parametrize("symbol", list(CANONICAL))
def test_every_catalog_unit_has_the_same_size_and_dimension_in_sympy(symbol: str) -> None:
    unit = CANONICAL[symbol]
    quantity = symbolic.QUANTITIES[symbol]
    assert symbolic.dimension_of(quantity) == unit.dim
    # Convert one unit into sympy base quantities and compare with the catalog's scale.
    bases = [symbolic._SYMPY_BASE[name] for name, _ in _exponents(unit.dim)]
    if bases:
        numeric = convert_to(quantity, bases, "drill")
        for base in bases:
            numeric = numeric.subs(base, 1)
    else:  # a ratio: its scale factor is its size
        numeric = symbolic.SYSTEM.get_quantity_scale_factor(quantity)
    assert float(numeric) == pytest.approx(unit.scale, rel=1e-12)


def _exponents(d: tuple[int, ...]) -> list[tuple[str, int]]:
    from drill.quantities.dimensions import exponents

    return list(exponents(d).items())


def test_sympy_convert_agrees_with_the_fast_path() -> None:
    expr = 16 * symbolic.u.GB / (sympy.Rational(335, 100) * symbolic.u.TB / symbolic.u.s)
    converted = symbolic.convert(expr, "ms")
    number = converted / symbolic.u.ms
    assert float(number) == pytest.approx(read("16 GB / 3.35 TB/s").value.value * 1e3)


def test_sympy_convert_across_dimensions_is_an_error_not_a_no_op() -> None:
    expr = 16 * symbolic.u.GB / (989 * symbolic.u.TFLOPS)
    with pytest.raises(ConversionError, match="a time"):
        symbolic.convert(expr, "ms")


def test_a_quantity_sympy_was_not_told_about_is_refused() -> None:
    stranger = SympyQuantity("zork")
    with pytest.raises(QuantityError, match="not a unit drill knows"):
        symbolic.to_quantity(3 * stranger)


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
