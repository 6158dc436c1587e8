"""Solving cards: references from the solver, the working, overrides, and clear errors."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from drill.packs.loader import load_pack
from drill.packs.model import Card
from drill.quantities.parsing import read
from drill.quantities.units import convert
from drill.solving.solve import SolveError, solve


@pytest.fixture
def cards(demo_path: Path) -> dict[str, Card]:
    pack = load_pack(demo_path).pack
    assert pack is not None
    return {card.id: card for card in pack.cards}


def test_references_follow_from_the_givens(cards: dict[str, Card]) -> None:
    solution = solve(cards["floor"])
    # 16 GB / 3.35 TB/s, worked by hand: 16e9 / 3.35e12 s = 4.776 ms.
    assert convert(solution.result("decode_floor").value, "ms") == pytest.approx(4.776, rel=1e-3)
    assert convert(solution.result("max_tokens_per_s").value, "tokens/s") == pytest.approx(
        3.35e12 / 16e9)
    amdahl = solve(cards["amdahl"])
    # 1 / (0.7 + 0.3/3) = 1.25
    assert amdahl.result("overall_speedup").value.value == pytest.approx(1.25)


def test_working_reads_formula_then_numbers_then_value(cards: dict[str, Card]) -> None:
    result = solve(cards["floor"]).result("decode_floor")
    assert result.formula == "weights ÷ bandwidth"
    assert result.working == "weights ÷ bandwidth = 16 GB ÷ 3.35 TB/s = 4.78 ms"
    assert result.shown == "4.78 ms" and result.unit == "ms"


def test_substituted_working_reads_back_to_the_same_value(cards: dict[str, Card]) -> None:
    for card in cards.values():
        solution = solve(card)
        for result in solution.results.values():
            substituted = result.working.split(" = ")[1] if " = " in result.working else None
            if substituted is None or substituted == result.shown:
                continue
            assert read(substituted).value.close_to(result.value, 1e-9), result.working


def test_mistake_values_are_shown_in_their_asks_unit_when_they_can_be(
    cards: dict[str, Card],
) -> None:
    solution = solve(cards["batch"])
    assert solution.result("one_user_step").unit == "ms"
    wrong = solve(cards["floor"]).result("weights_over_peak_flops")
    assert wrong.unit is None  # bytes·s/FLOP is no time: shown in its own unit
    assert "bytes·s/FLOP" in wrong.shown


def test_overrides_recompute(cards: dict[str, Card]) -> None:
    solution = solve(cards["floor"], {"bandwidth": "4.8 TB/s"})
    assert convert(solution.result("decode_floor").value, "ms") == pytest.approx(16 / 4.8)
    assert solution.givens["bandwidth"] == "4.8 TB/s"
    assert "16 GB ÷ 4.8 TB/s" in solution.result("decode_floor").working


def test_a_count_left_out_of_a_given_is_restored(cards: dict[str, Card]) -> None:
    # "batch: 32" is a count of users; the solver declares users.
    solution = solve(cards["batch"])
    total = solution.result("total_tokens_per_s").value
    assert solution.result("total_tokens_per_s").shown.endswith("tokens/s")
    assert convert(total, "tokens/s") > 5000


@pytest.mark.parametrize(
    ("change", "given", "message"),
    [
        ({"solver": "sample-decod"}, None, "unknown solver 'sample-decod' (did you mean "
                                           "sample-decode"),
        ({"givens": {"weights": "16 GB", "bandwidth": "3.35 TB/s"}}, "peak_flops",
         "missing given peak_flops"),
        ({"givens": {"weights": "16 GB", "bandwidth": "3.35 TB/s", "peak_flops": "1 PFLOPS",
                     "extra": "1 s"}}, "extra", "given 'extra' is not used"),
        ({"givens": {"weights": "16 GB", "bandwidth": "3.35 TB", "peak_flops": "1 PFLOPS"}},
         "bandwidth", "needs a bandwidth"),
        ({"givens": {"weights": "16 GBs", "bandwidth": "3.35 TB/s", "peak_flops": "1 PFLOPS"}},
         "weights", "cannot be read"),
        ({"solver": "sample-broken", "givens": {"x": "1 s"}}, None, "cannot add"),
        ({"solver": None}, None, "names no solver"),
    ],
)
def test_errors_name_the_card_and_the_given(cards: dict[str, Card], change: dict[str, object],
                                            given: str | None, message: str) -> None:
    card = dataclasses.replace(cards["floor"], **change)  # type: ignore[arg-type]
    with pytest.raises(SolveError) as caught:
        solve(card)
    assert caught.value.card_key == "demo/floor"
    assert caught.value.given == given
    assert message in caught.value.message
    assert str(caught.value).startswith("demo/floor: ")


def test_unknown_override_is_an_error(cards: dict[str, Card]) -> None:
    with pytest.raises(SolveError) as caught:
        solve(cards["floor"], {"bandwith": "4 TB/s"})
    assert caught.value.given == "bandwith"


def test_a_solver_result_that_is_no_expression_is_a_solve_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from drill.solving.registry import REGISTRY, Solver

    def returns_text(a: object) -> dict[str, object]:
        return {"doubled": "twice a", "kept": a}

    monkeypatch.setitem(REGISTRY, "test-returns-text",
                        Solver("test-returns-text", {"a": "GB"}, returns_text))
    card = Card(pack="t", id="c", title="T", priority="solid", scenario="S",
                solver="test-returns-text", givens={"a": "16 GB"})
    with pytest.raises(SolveError, match="'doubled'") as raised:
        solve(card)
    assert "test-returns-text" in str(raised.value)
    with pytest.raises(SolveError, match="'doubled'"):  # and again: no half-filled cache
        solve(card)
