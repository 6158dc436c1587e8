"""Solver formulas compiled once evaluate exactly as walking the sympy tree does."""

from __future__ import annotations

import math

from drill.packs.library import load_library
from drill.solving.registry import REGISTRY, load_builtin_solvers
from drill.solving.solve import solve
from drill.symbolic.unit_system import _evaluate, compiled


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
    assert checked > 100  # the walk really reached the solvers' results
