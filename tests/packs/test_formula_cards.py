"""A card written with ``formulas:`` works exactly as the same card with a Python solver:
the same results, shown the same, with the same working, for the base and every variant;
and givens made of other givens follow ``--set`` and variants."""

from __future__ import annotations

import dataclasses

import pytest

from drill.packs.loader import load_pack
from drill.packs.model import Card, Variant
from drill.solving.solve import Solution, SolveError, solve
from drill.solving.variants import render_variant

# The test solvers of tests/packs/samples/sample_solvers.py, written as formulas.
TWINS = {
    "sample-decode": {
        "decode_floor": "weights / bandwidth",
        "max_tokens_per_s": "1 token / decode_floor",
        "weights_over_peak_flops": "weights / peak_flops",
    },
    "sample-amdahl": {
        "overall_speedup": "1 / ((1 - fraction) + fraction / local_speedup)",
        "local_speedup_result": "local_speedup",
    },
    "sample-batch": {
        "step_time": "(weights + batch × kv_per_user / 1 user) / bandwidth",
        "total_tokens_per_s": "batch × 1 token / (1 user × step_time)",
        "one_user_step": "(weights + kv_per_user) / bandwidth",
    },
}
# A result may not share a given's name in a formula card: the twin renames it.
RENAMED = {"local_speedup": "local_speedup_result"}
# A formula card's givens say their own units: the solver declared these.
DECLARED = {"batch": "users"}


def _twin(card: Card) -> Card:
    """The card with its solver replaced by formulas that say the same."""
    assert card.solver is not None
    asks = tuple(dataclasses.replace(ask, value=RENAMED.get(ask.value, ask.value), mistakes=tuple(
        dataclasses.replace(m, value=RENAMED.get(m.value or "", m.value))
        for m in ask.mistakes)) for ask in card.asks)
    givens = {name: _with_unit(name, text) for name, text in card.givens.items()}
    variants = tuple(dataclasses.replace(v, givens={n: _with_unit(n, t)
                                                    for n, t in v.givens.items()})
                     for v in card.variants)
    return dataclasses.replace(card, solver=None, formulas=TWINS[card.solver], givens=givens,
                               asks=asks, variants=variants)


def _with_unit(name: str, text: str) -> str:
    return f"{text} {DECLARED[name]}" if name in DECLARED and text.strip().isdigit() else text


def _described(solution: Solution) -> dict[str, tuple[object, ...]]:
    return {RENAMED.get(name, name): (r.value, r.unit, r.shown, r.formula, r.working)
            for name, r in solution.results.items()}


@pytest.fixture
def demo_cards(demo_path) -> list[Card]:  # type: ignore[no-untyped-def]
    loaded = load_pack(demo_path)
    assert loaded.pack is not None
    extra = {"floor": (Variant("big", givens={"weights": "140 GB"}),),
             "batch": (Variant("bigger", givens={"batch": "64"}),),
             "amdahl": (Variant("faster", givens={"local_speedup": "10×"}),)}
    cards = [dataclasses.replace(card, variants=card.variants + extra.get(card.id, ()))
             for card in loaded.pack.cards if card.solver in TWINS]
    assert {card.solver for card in cards} == set(TWINS)
    return cards


def test_formulas_and_the_python_solver_give_identical_results_and_working(
        demo_cards: list[Card]) -> None:
    for card in demo_cards:
        assert _described(solve(_twin(card))) == _described(solve(card)), card.key


def test_formulas_and_the_python_solver_agree_in_every_variant(demo_cards: list[Card]) -> None:
    checked = 0
    for card in demo_cards:
        twin = _twin(card)
        for variant in card.variants:
            by_solver = render_variant(card, variant.id)
            by_formulas = render_variant(twin, variant.id)
            assert by_formulas.scenario == by_solver.scenario
            assert [a.stated for a in by_formulas.asks] == [a.stated for a in by_solver.asks]
            assert (_described(solve(by_formulas)) == _described(solve(by_solver))), (
                card.key, variant.id)
            checked += 1
    assert checked >= 3


def test_set_works_as_with_a_solver(demo_cards: list[Card]) -> None:
    floor = next(card for card in demo_cards if card.id == "floor")
    set_bandwidth = {"bandwidth": "4.8 TB/s"}
    assert (_described(solve(_twin(floor), set_bandwidth))
            == _described(solve(floor, set_bandwidth)))


# -- givens made of givens -------------------------------------------------------------
def _derived(demo_cards: list[Card]) -> Card:
    floor = _twin(next(card for card in demo_cards if card.id == "floor"))
    return dataclasses.replace(floor, givens={**floor.givens, "params": "8 billion",
                                              "weights": "params × 2 B"})


def test_a_given_made_of_givens_follows_set(demo_cards: list[Card]) -> None:
    card = _derived(demo_cards)
    base = solve(card)
    assert base.results["decode_floor"].shown == "4.78 ms"  # 16 GB ÷ 3.35 TB/s
    bigger = solve(card, {"params": "70 billion"})
    assert bigger.given_values["weights"].value == pytest.approx(140e9)
    assert bigger.formed == {"weights": "140 GB"}
    assert bigger.results["decode_floor"].shown == "41.8 ms"  # 140 GB ÷ 3.35 TB/s
    assert bigger.results["decode_floor"].working == (
        "weights ÷ bandwidth = 140 GB ÷ 3.35 TB/s = 41.8 ms")
    # Set by hand, the given is a figure again.
    assert solve(card, {"weights": "70 GB"}).results["decode_floor"].shown == "20.9 ms"


def test_a_given_made_of_givens_follows_a_variant(demo_cards: list[Card]) -> None:
    card = dataclasses.replace(_derived(demo_cards),
                               variants=(Variant("seventy", givens={"params": "70 billion"}),))
    shown = render_variant(card, "seventy")
    assert solve(shown).results["decode_floor"].shown == "41.8 ms"


def test_a_mistake_may_be_a_formula_of_its_own(demo_cards: list[Card]) -> None:
    card = _twin(next(card for card in demo_cards if card.id == "floor"))
    ask = card.asks[0]
    slip = dataclasses.replace(ask.mistakes[0], value="weights / (bandwidth / 8)")
    card = dataclasses.replace(card, asks=(dataclasses.replace(ask, mistakes=(slip,)),
                                           *card.asks[1:]))
    result = solve(card).results["weights / (bandwidth / 8)"]
    assert result.shown == "38.2 ms"  # 8 × 16 GB ÷ 3.35 TB/s, in the ask's unit
    assert result.working == "8 × weights ÷ bandwidth = 8 × 16 GB ÷ 3.35 TB/s = 38.2 ms"


def test_a_solver_card_may_have_a_mistake_formula_too(demo_cards: list[Card]) -> None:
    card = next(card for card in demo_cards if card.id == "floor")
    ask = card.asks[0]
    slip = dataclasses.replace(ask.mistakes[0], value="decode_floor × 8")
    card = dataclasses.replace(card, asks=(dataclasses.replace(ask, mistakes=(slip,)),
                                           *card.asks[1:]))
    assert solve(card).results["decode_floor × 8"].shown == "38.2 ms"


def test_set_names_only_a_given_of_the_card(demo_cards: list[Card]) -> None:
    card = _twin(demo_cards[0])
    with pytest.raises(SolveError) as caught:
        solve(card, {"bandwith": "4 TB/s"})
    assert "no given named 'bandwith'" in caught.value.message


def test_round_and_the_other_functions_work_out_as_people_mean_them(
        demo_cards: list[Card]) -> None:
    card = dataclasses.replace(_twin(demo_cards[0]), asks=(), formulas={
        "gpus": "ceil(weights / (6 GB))",  # 16 GB on 6 GB cards: 3 cards
        "rounded": "round(2.5)",  # halves go up
        "down": "floor(weights / (6 GB))",
        "slowest": "max(weights / bandwidth, 2 ms, 1 ms)",
        "fastest": "min(weights / bandwidth, 2 ms)",
        "root": "sqrt(weights / (4 GB))",
        "grow": "log(exp(2))",
    })
    values = {name: r.value.value for name, r in solve(card).results.items()}
    assert values == pytest.approx({"gpus": 3, "rounded": 3, "down": 2,
                                    "slowest": 16e9 / 3.35e12, "fastest": 2e-3, "root": 2,
                                    "grow": 2})
    assert solve(card).results["gpus"].working.startswith("ceil(weights ÷ ")
    assert solve(card).results["root"].formula == "sqrt(weights ÷ (4 × GB))"
