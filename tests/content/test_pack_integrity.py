"""The built-in packs are consistent with their solvers, whatever the figures are.

Each given has the dimension its solver declares; every value an ask names exists and
converts to the ask's display unit; a mistake's value is far enough from the reference
that a right answer is never taken for it; every stated figure agrees with the solver.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from drill.packs.model import DEFAULT_TOLERANCE
from drill.quantities.dimensions import matches_leaving_out_counts
from drill.quantities.parsing import read
from drill.quantities.units import convert, unit_quantity
from testkit import Evaluate, builtin_results


def _tolerance(ask: dict[str, Any]) -> float:
    text = ask.get("tolerance")
    return read(str(text)).value.value if text is not None else DEFAULT_TOLERANCE


def _asked_cards(cards: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(key, card) for key, card in sorted(cards.items()) if card.get("asks")]


def test_every_given_has_the_dimension_its_solver_declares(cards: dict[str, Any]) -> None:
    from drill.solving.registry import REGISTRY, load_builtin_solvers

    load_builtin_solvers()

    for key, card in _asked_cards(cards):
        if "solver" not in card:  # formulas say what each given is; drill check checks them
            assert card["formulas"], key
            continue
        solver = REGISTRY[card["solver"]]
        assert set(card["givens"]) == set(solver.givens), key
        for name, text in card["givens"].items():
            given = read(str(text)).value
            assert given.dim == unit_quantity(solver.givens[name]).dim, f"{key}: {name}"


def test_every_result_of_a_used_solver_is_a_finite_quantity(
        cards: dict[str, Any], evaluate: Evaluate) -> None:
    for key, card in _asked_cards(cards):
        results = evaluate(card.get("solver"), card["givens"], card.get("formulas"))
        for name, value in results.items():
            assert math.isfinite(value.value) and value.value > 0, f"{key}: {name}"


def test_asked_values_convert_to_the_display_unit(cards: dict[str, Any],
                                                  evaluate: Evaluate) -> None:
    for key, card in _asked_cards(cards):
        results = evaluate(card.get("solver"), card["givens"], card.get("formulas"))
        for ask in card["asks"]:
            names = [ask.get("value", ask["id"])]
            names += [mistake["value"] for mistake in ask.get("mistakes", [])]
            for name in names:
                if name not in results:  # a mistake written as a formula of its own
                    results = {**builtin_results(key), **results}
                assert name in results, f"{key} {ask['id']}: no result '{name}'"
                convert(results[name], ask["unit"])  # raises across dimensions


def test_mistakes_lie_outside_the_tolerance_of_the_reference(
        cards: dict[str, Any], evaluate: Evaluate) -> None:
    for key, card in _asked_cards(cards):
        results = evaluate(card.get("solver"), card["givens"], card.get("formulas"))
        for ask in card["asks"]:
            reference = results[ask.get("value", ask["id"])]
            # The answer's window and the mistake's must not overlap. The grader matches
            # a mistake within the ask's tolerance; a margin of the default tolerance is
            # kept beyond that, except on an ask tighter than the default (a quantile
            # near 100%, where 5% would span every slip): there the two windows alone.
            tolerance = _tolerance(ask)
            gap = tolerance + (DEFAULT_TOLERANCE if tolerance >= DEFAULT_TOLERANCE
                               else tolerance)
            for mistake in ask.get("mistakes", []):
                if mistake["value"] not in results:  # a formula of its own
                    results = {**builtin_results(key), **results}
                wrong = results[mistake["value"]]
                assert not wrong.close_to(reference, gap), (
                    f"{key} {ask['id']} {mistake['id']}: {wrong} is too close to {reference}"
                )


def test_mistake_messages_teach_something(cards: dict[str, Any]) -> None:
    for key, card in _asked_cards(cards):
        for ask in card["asks"]:
            for mistake in ask.get("mistakes", []):
                assert len(mistake["message"].split()) >= 12, f"{key} {mistake['id']}"


@pytest.mark.parametrize("pack", ["speed-physics", "serving-math"])
def test_stated_figures_agree_with_the_solver(pack: str, packs: dict[str, Any],
                                              evaluate: Evaluate) -> None:
    for card in packs[pack]["cards"]:
        if not card.get("asks"):
            continue
        results = evaluate(card.get("solver"), card["givens"], card.get("formulas"))
        for ask in card["asks"]:
            stated_text = ask.get("stated")
            if stated_text is None:
                continue
            number = stated_text.lstrip("≈= ")
            stated = read(number).value
            if stated.dimensionless and ask["unit"] not in ("%", "×"):
                stated = stated * unit_quantity(ask["unit"])
            reference = results[ask.get("value", ask["id"])]
            tolerance = 0.01 if stated_text.startswith("=") else _tolerance(ask)
            assert matches_leaving_out_counts(stated.dim, reference.dim)
            assert abs(stated.value - reference.value) <= tolerance * reference.value, (
                f"{card['id']} {ask['id']}: states {stated_text}, solver gives {reference}"
            )


def test_follow_ups_name_cards_of_the_same_pack(packs: dict[str, Any]) -> None:
    for data in packs.values():
        ids = [card["id"] for card in data["cards"]]
        assert len(ids) == len(set(ids))
        for card in data["cards"]:
            if "follow_up" in card:
                assert card["follow_up"] in ids
                assert card["follow_up"] != card["id"]
