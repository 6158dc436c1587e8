"""Run a registered solver on givens the labs make up, through drill's solving layer.

The labs place kernels on rooflines and set formulas beside simulations; every such figure
comes from a solver, read and dimension-checked exactly as a card's would be.
"""

from __future__ import annotations

from collections.abc import Mapping

from drill.packs.model import Card
from drill.quantities.quantity import Quantity
from drill.solving.solve import Solution, solve


def solve_givens(solver: str, givens: Mapping[str, str]) -> Solution:
    """``solver``'s results for ``givens`` (texts with units: ``"3.35 TB/s"``).

    Raises :class:`drill.solving.solve.SolveError` like any card would.
    """
    card = Card(pack="labs", id=solver, title=f"the {solver} solver", priority="solid",
                scenario="", solver=solver, givens=dict(givens))
    return solve(card)


def solved_values(solver: str, givens: Mapping[str, str]) -> dict[str, Quantity]:
    """Every result of ``solver`` for ``givens``, as quantities in base units."""
    return {name: r.value for name, r in solve_givens(solver, givens).results.items()}


def number(value: float, unit: str = "") -> str:
    """A float as given text, exactly (``repr`` round-trips): ``"8.0 requests/s"``."""
    text = repr(float(value))
    return f"{text} {unit}" if unit else text
