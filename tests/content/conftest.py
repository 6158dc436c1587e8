"""Fixtures for the built-in content: the packs as YAML data, and solvers or formulas
evaluated."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity

PACKS = Path(__file__).resolve().parents[2] / "packs"
BUILTIN = ("speed-physics", "serving-math")

Evaluate = Callable[..., dict[str, Quantity]]


def load_yaml(pack: str) -> dict[str, Any]:
    """A built-in pack's YAML by pack id (its file name may start with an order number)."""
    (path,) = PACKS.glob(f"*{pack}.yaml")
    with path.open(encoding="utf-8") as file:
        data: dict[str, Any] = yaml.safe_load(file)
    assert data["pack"] == pack
    return data


@pytest.fixture(scope="session")
def packs() -> dict[str, dict[str, Any]]:
    """Each built-in pack's YAML, read with the safe loader: pack id → data."""
    return {pack: load_yaml(pack) for pack in BUILTIN}


@pytest.fixture(scope="session")
def cards(packs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every built-in card by key, ``speed-physics/q1`` → the card's YAML mapping."""
    return {f"{pack}/{card['id']}": card for pack, data in packs.items()
            for card in data["cards"]}


def evaluate_solver(name: str | None, givens: Mapping[str, str],
                    formulas: Mapping[str, str] | None = None) -> dict[str, Quantity]:
    """Every result of solver ``name`` (or of ``formulas``, for a card written with them)
    for givens typed as text (``"16 GB"``)."""
    from drill.solving.registry import REGISTRY, load_builtin_solvers

    if name is None:
        return _evaluate_formulas(givens, formulas or {})

    load_builtin_solvers()
    from drill.symbolic.unit_system import to_quantity

    solver = REGISTRY[name]
    symbols = solver.symbols
    values = {symbols[given]: read(text).value for given, text in givens.items()}
    return {result: to_quantity(expr, values) for result, expr in solver.formulas().items()}


@pytest.fixture(scope="session")
def evaluate() -> Evaluate:
    return evaluate_solver


def _evaluate_formulas(givens: Mapping[str, str],
                       formulas: Mapping[str, str]) -> dict[str, Quantity]:
    from drill.packs.model import Card
    from drill.solving.solve import solve

    card = Card(pack="content", id="card", title="", priority="solid", scenario="",
                givens={name: str(text) for name, text in givens.items()},
                formulas=dict(formulas))
    return {name: result.value for name, result in solve(card).results.items()}
