"""The solved-card cache: the same numbers as solving afresh, no sympy when warm, and
never trusted when damaged, foreign or stale."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from drill.packs.library import load_library
from drill.packs.model import Card
from drill.solving.cache import clear, entry_key, solve_cached
from drill.solving.solve import solve

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cards() -> list[Card]:
    return [card for card in load_library().cards if card.computes]


def test_a_cached_solution_is_the_solution(cards: list[Card], tmp_path: Path) -> None:
    for card in cards:
        fresh = solve(card)
        solve_cached(card, folder=tmp_path)  # stores it
        cached = solve_cached(card, folder=tmp_path)  # reads it back
        assert cached.given_values == fresh.given_values, card.key
        assert cached.givens == fresh.givens
        for name, result in fresh.results.items():
            again = cached.results[name]
            assert again.expression is None  # read back, not solved
            assert (again.value, again.unit, again.shown, again.formula) == (
                result.value, result.unit, result.shown, result.formula), (card.key, name)
            assert again.working == result.working
            assert dict(again.sides) == dict(result.sides)


def test_a_formula_card_is_cached_with_its_worked_givens_and_keyed_by_its_formulas(
        cards: list[Card], tmp_path: Path) -> None:
    base = next(card for card in cards if card.key == "speed-physics/q1")
    card = dataclasses.replace(base, solver=None, givens={
        "params": "8 billion", "weights": "params × 2 B", "bandwidth": "3.35 TB/s"},
        formulas={"decode_floor": "weights / bandwidth"}, asks=base.asks[:1])
    card = dataclasses.replace(card, asks=(dataclasses.replace(card.asks[0], mistakes=()),))
    solve_cached(card, folder=tmp_path)
    cached = solve_cached(card, folder=tmp_path)
    assert cached.results["decode_floor"].expression is None  # read back, not solved
    assert cached.formed == {"weights": "16 GB"} == solve(card).formed
    assert cached.results["decode_floor"].working == (
        "weights ÷ bandwidth = 16 GB ÷ 3.35 TB/s = 4.78 ms")
    changed = dataclasses.replace(card, formulas={"decode_floor": "2 weights / bandwidth"})
    assert entry_key(changed, {}) != entry_key(card, {})
    assert solve_cached(changed, folder=tmp_path).results["decode_floor"].shown == "9.55 ms"


def test_damaged_and_foreign_entries_are_solved_again(cards: list[Card],
                                                      tmp_path: Path) -> None:
    card = cards[0]
    expected = solve(card)
    path = tmp_path / f"{entry_key(card, {})}.json"
    for content in ("{not json", json.dumps({"format": 1, "key": "someone else's"}), ""):
        path.write_text(content)
        got = solve_cached(card, folder=tmp_path)
        assert {n: r.value for n, r in got.results.items()} == {
            n: r.value for n, r in expected.results.items()}
        stored = json.loads(path.read_text())  # rebuilt whole
        assert stored["key"] == entry_key(card, {})
    # A planted wrong value under the right key but another format is not believed.
    stored["format"] = 999
    first = next(iter(stored["results"]))
    stored["results"][first]["value"] = 12345.0
    path.write_text(json.dumps(stored))
    assert solve_cached(card, folder=tmp_path).results[first].value.value != 12345.0


def test_a_changed_card_has_another_key(cards: list[Card]) -> None:
    card = cards[0]
    name = next(iter(card.givens))
    changed = dataclasses.replace(card, givens={**card.givens, name: "1"})
    assert entry_key(changed, {}) != entry_key(card, {})
    assert entry_key(card, {name: "2"}) != entry_key(card, {})


def test_a_cache_that_is_a_file_only_costs_speed(cards: list[Card], tmp_path: Path) -> None:
    blocker = tmp_path / "solved"
    blocker.write_text("not a folder")
    assert solve_cached(cards[0], folder=blocker).results
    assert clear(blocker) == 0


def _run(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    program = ("import sys, runpy\n"
               f"sys.argv = ['drill', *{list(args)!r}]\n"
               "try:\n    runpy.run_module('drill', run_name='__main__')\n"
               "except SystemExit as done:\n"
               "    print('SYMPY' if 'sympy' in sys.modules else 'NO-SYMPY', file=sys.stderr)\n"
               "    raise\n")
    return subprocess.run([sys.executable, "-c", program], cwd=ROOT, env=env,
                          capture_output=True, text=True)


@pytest.mark.slow
def test_grading_with_a_warm_cache_loads_no_sympy(tmp_path: Path) -> None:
    args = ("grade", "speed-physics/q1", "decode_floor", "16 GB / 3.35 TB/s")
    cold = _run(*args, cache=tmp_path)
    warm = _run(*args, cache=tmp_path)
    assert cold.returncode == warm.returncode == 0
    assert cold.stdout == warm.stdout
    assert cold.stderr.strip().endswith("SYMPY")
    assert warm.stderr.strip().endswith("NO-SYMPY")
    shown = _run("show", "speed-physics/q1", cache=tmp_path)
    assert shown.returncode == 0 and shown.stderr.strip().endswith("NO-SYMPY")
    cleared = _run("cache", "clear", cache=tmp_path)
    assert "removed" in cleared.stdout
    assert _run(*args, cache=tmp_path).stderr.strip().endswith("SYMPY")
