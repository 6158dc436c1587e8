"""Cards with the same numbers: each solution is under its own key, in its own dicts."""

from __future__ import annotations

import dataclasses

import pytest

from drill.packs.library import load_library
from drill.packs.model import Card
from drill.solving.solve import SolveError, solve
from drill.solving.variants import work_out


def _first(solver: bool) -> Card:
    return next(card for card in load_library().cards
                if card.computes and bool(card.solver) == solver)


@pytest.mark.parametrize("solver", [True, False], ids=["solver", "formulas"])
def test_a_copy_under_another_id_gets_the_same_numbers_under_its_own_key(
        solver: bool) -> None:
    card = _first(solver)
    copy = dataclasses.replace(card, id=f"{card.id}-copy")
    original, again = solve(card), solve(copy)
    assert again.card_key == copy.key != original.card_key
    assert again.results == original.results
    assert again.given_values == original.given_values
    again.results.clear()  # a caller's own dicts: the next solve is not emptied
    assert solve(card).results == original.results


def test_other_givens_are_solved_afresh() -> None:
    card = _first(True)
    name, text = next(iter(card.givens.items()))
    doubled = solve(card, {name: f"2 × ({text})"})
    assert doubled.givens[name] != card.givens[name]
    assert doubled.results != solve(card).results


def test_a_problem_names_the_card_that_asks() -> None:
    card = _first(True)
    copy = dataclasses.replace(card, id=f"{card.id}-copy")
    for asking in (card, copy, card):
        with pytest.raises(SolveError) as raised:
            solve(asking, {"no_such_given": "1 s"})
        assert raised.value.card_key == asking.key
        assert str(raised.value).startswith(f"{asking.key}: no given named 'no_such_given'")
        assert raised.value.given == "no_such_given"


def test_a_variant_of_a_card_alike_shows_its_own_stated_figures_and_plain_text() -> None:
    """The renderings are kept by content: a copy whose stated figure is written to
    another precision, or whose plain tip differs, still shows its own."""
    card = load_library().find("speed-physics/q1")
    floor = card.asks[0]
    assert floor.stated == "≈ 4.8 ms"
    other = dataclasses.replace(
        card, id="q1-other", tip="A tip of its own.",
        asks=(dataclasses.replace(floor, stated="≈ 4.776 ms"), *card.asks[1:]))
    first, second = work_out(card, "a100"), work_out(other, "a100")
    assert second.card.key == "speed-physics/q1-other"
    # 16 GB ÷ 2,039 GB/s on the A100 is 7.8470 ms.
    assert first.card.asks[0].stated == "≈ 7.85 ms"
    assert second.card.asks[0].stated == "≈ 7.847 ms"
    assert second.card.tip == "A tip of its own." != first.card.tip
    assert first.texts == work_out(card, "a100").texts
