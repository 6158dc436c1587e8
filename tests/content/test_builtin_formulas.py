"""The built-in cards written with formulas: the same numbers as the Python solvers they
replaced (kept registered, so they stand as an independent second computation), in the
base scenario and every variant; and their givens made of givens follow ``--set``."""

from __future__ import annotations

import dataclasses

import pytest

from drill.packs.library import load_library
from drill.packs.model import Card
from drill.solving.registry import REGISTRY, load_builtin_solvers
from drill.solving.solve import solve
from drill.solving.variants import render_variant

# Each converted card, with the solver that computed it before.
CONVERTED = {"speed-physics/q1": "decode-floor-claim",
             "speed-physics/q1-follow-up": "tensor-parallel-floor"}


@pytest.fixture(scope="module")
def cards() -> dict[str, Card]:
    return {card.key: card for card in load_library().cards}


def _with_solver(card: Card, solver: str) -> Card:
    load_builtin_solvers()
    givens = {name: card.givens[name] for name in REGISTRY[solver].givens}
    if "params" in givens and "weights" in givens and "params" in card.givens["weights"]:
        givens["weights"] = "16 GB"  # the figure the card wrote before its formula
    return dataclasses.replace(card, solver=solver, formulas={}, givens=givens)


@pytest.mark.parametrize(("key", "solver"), CONVERTED.items())
def test_a_converted_card_gives_its_solvers_numbers_in_every_variant(
        cards: dict[str, Card], key: str, solver: str) -> None:
    card = cards[key]
    assert card.solver is None and card.formulas
    old = _with_solver(card, solver)
    for variant in (None, *(v.id for v in card.variants)):
        by_formulas = solve(render_variant(card, variant))
        by_solver = solve(render_variant(old, variant))
        assert set(by_formulas.results) == set(by_solver.results)
        for name, result in by_solver.results.items():
            again = by_formulas.results[name]
            assert again.value.dim == result.value.dim, (key, variant, name)
            assert again.value.value == pytest.approx(result.value.value, rel=1e-12)
            assert again.shown == result.shown


def test_setting_the_parameters_changes_the_weights_and_the_floor(
        cards: dict[str, Card]) -> None:
    card = cards["speed-physics/q1"]
    assert solve(card).results["decode_floor"].shown == "4.78 ms"  # 16 GB ÷ 3.35 TB/s
    seventy = solve(card, {"params": "70 billion"})
    assert seventy.formed["weights"] == "140 GB"  # 70 billion × 2 B
    assert seventy.results["decode_floor"].shown == "41.8 ms"  # 140 GB ÷ 3.35 TB/s
    assert seventy.results["max_tokens_per_s"].shown == "23.9 tokens/s"


def test_the_card_text_shows_the_worked_weights(cards: dict[str, Card]) -> None:
    card = cards["speed-physics/q1"]
    assert "16 GB ÷ 3.35 TB/s" in " ".join(card.key_numbers)
    assert "params" not in card.scenario + " ".join(card.answer + card.key_numbers)
