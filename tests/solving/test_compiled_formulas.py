"""Solver formulas compiled once evaluate exactly as walking the sympy tree does."""

from __future__ import annotations

import math
from functools import lru_cache

import sympy

from drill.packs.library import load_library
from drill.quantities.quantity import Quantity
from drill.solving.registry import REGISTRY, load_builtin_solvers
from drill.solving.solve import solve
from drill.symbolic.unit_system import _UNIT_OF, _evaluate, compiled


def test_every_builtin_formula_compiles_to_the_same_values() -> None:
    load_builtin_solvers()
    checked = 0
    for card in load_library().cards:
        if not card.solver or card.solver not in REGISTRY:
            continue
        solution = solve(card)
        symbols = REGISTRY[card.solver].symbols
        values = {symbols[n]: v for n, v in solution.given_values.items() if n in symbols}
        for name, result in solution.results.items():
            if result.expression is None:
                continue
            walked = _evaluate(result.expression, values)
            fast = compiled(result.expression)(values)
            assert fast.dim == walked.dim, (card.key, name)
            assert math.isclose(fast.value, walked.value, rel_tol=1e-12), (card.key, name)
            assert math.isclose(fast.value, result.value.value, rel_tol=1e-12)
            checked += 1
    assert checked > 50  # the walk really reached the solvers' results


@lru_cache(maxsize=1)
def _unit_scales() -> dict[sympy.Basic, sympy.Expr]:
    """Each sympy unit's scale in base units, as the exact value of drill's float."""
    return {quantity: sympy.Rational(unit.scale) for quantity, unit in _UNIT_OF.items()}


def _exact(expression: sympy.Expr, givens: dict[sympy.Symbol, Quantity]) -> float:
    """The expression worked out by sympy in exact arithmetic: every unit replaced by its
    scale and every given by its value, each as the exact fraction of its float, then
    rounded to 30 digits only at the end."""
    replacements = dict(_unit_scales())
    replacements.update({symbol: sympy.Rational(value.value)
                         for symbol, value in givens.items()})
    worked = expression.xreplace(replacements)
    assert worked.free_symbols == set(), worked  # nothing left to guess
    return float(sympy.N(worked, 30))


def test_the_numeric_path_agrees_with_sympys_exact_values_for_every_card_and_variant(
) -> None:
    """What drill check and the grader use (formulas compiled once to plain float
    arithmetic) against sympy's exact arithmetic, for every result of every built-in
    card, base and variants, solver cards and formula cards alike."""
    from drill.solving.variants import variant_ids, work_out
    from drill.symbolic.formulas import given_symbol

    load_builtin_solvers()
    compared = 0
    kinds: set[str] = set()
    for card in load_library().cards:
        if not card.computes:
            continue
        solutions = [solve(card)]
        solutions += [solution for variant in variant_ids(card)
                      if (solution := work_out(card, variant).solution) is not None]
        for solution in solutions:
            givens = {given_symbol(name): value
                      for name, value in solution.given_values.items()}
            for name, result in solution.results.items():
                if result.expression is None:
                    continue
                exact = _exact(result.expression, givens)
                assert math.isclose(result.value.value, exact, rel_tol=1e-9,
                                    abs_tol=1e-300), (card.key, solution.givens, name)
                compared += 1
                kinds.add("formulas" if solution.solver == "formulas" else "solver")
    assert compared > 400 and kinds == {"formulas", "solver"}, (compared, kinds)
