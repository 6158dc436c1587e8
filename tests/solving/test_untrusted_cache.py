"""Cache entries are read as untrusted as packs: a crafted entry under the right name
(nested too deep, a number that is not finite or too large, a pipe) is rebuilt, never
used, never a crash; ``drill cache clear`` empties every cache; a user solver's key
covers the files beside it."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from drill.checking.checker import PackReport, check_file
from drill.checking.report_cache import cached_check, checked_dir
from drill.cli import main
from drill.packs.library import load_library
from drill.packs.model import Card
from drill.solving.cache import cache_dir, entry_key, solve_cached
from drill.solving.fingerprint import module_source
from drill.solving.solve import Solution, solve
from drill.solving.solver_modules import load_solver_module, module_name

SAMPLES = Path(__file__).resolve().parents[1] / "packs" / "samples"


@pytest.fixture(scope="module")
def card() -> Card:
    return next(card for card in load_library().cards if card.key == "speed-physics/q1")


def crafted(stored: dict[str, object]) -> dict[str, str]:
    """Entries under the right key and format whose first result's value is not a
    number a cache may hold, or which are not data at all."""
    results = stored["results"]
    assert isinstance(results, dict)
    first = next(iter(results))

    def with_value(token: str) -> str:
        changed = json.loads(json.dumps(stored))
        changed["results"][first]["value"] = "@@"
        return json.dumps(changed).replace('"@@"', token)

    return {"deep": "[" * 100_000, "infinity": with_value("Infinity"),
            "minus infinity": with_value("-Infinity"), "nan": with_value("NaN"),
            "10^400 as a float": with_value("1e400"),
            "10^400 as an integer": with_value("1" + "0" * 400),
            "a boolean": with_value("true"), "huge": " " * (40 * 1024 * 1024) + "{}"}


def values(solution: Solution) -> dict[str, float]:
    return {name: r.value.value for name, r in solution.results.items()}


def test_a_crafted_solved_entry_is_solved_again_never_used(card: Card, tmp_path: Path) -> None:
    expected = values(solve(card))
    solve_cached(card, folder=tmp_path)
    path = tmp_path / f"{entry_key(card, {})}.json"
    stored = json.loads(path.read_text())
    for name, text in crafted(stored).items():
        path.write_text(text)
        assert values(solve_cached(card, folder=tmp_path)) == expected, name
        again = json.loads(path.read_text())  # rebuilt whole, with finite numbers
        assert again["key"] == entry_key(card, {}) and values(
            solve_cached(card, folder=tmp_path)) == expected, name


def test_a_pipe_in_an_entrys_place_is_passed_over_and_replaced(card: Card,
                                                                tmp_path: Path) -> None:
    path = tmp_path / f"{entry_key(card, {})}.json"
    os.mkfifo(path)
    assert values(solve_cached(card, folder=tmp_path)) == values(solve(card))
    assert stat.S_ISREG(path.stat().st_mode)  # the entry written whole in its place


class Counted:
    def __init__(self) -> None:
        self.runs = 0

    def __call__(self, path: Path, display: str) -> PackReport:
        self.runs += 1
        return check_file(path, display)


def test_a_crafted_checked_entry_is_checked_again(tmp_path: Path) -> None:
    pack = tmp_path / "demo.yaml"
    pack.write_bytes((SAMPLES / "demo.yaml").read_bytes())
    folder = tmp_path / "checked"
    check = Counted()
    first = cached_check(pack, "demo.yaml", check, folder)
    [entry] = folder.iterdir()
    stored = json.loads(entry.read_text())
    for number, text in enumerate(["[" * 100_000, json.dumps(stored).replace(
            f'"cards": {stored["cards"]}', '"cards": 1' + "0" * 400),
            json.dumps(stored).replace(f'"cards": {stored["cards"]}', '"cards": Infinity')]):
        entry.write_text(text)
        assert cached_check(pack, "demo.yaml", check, folder) == first
        assert check.runs == 2 + number
    entry.unlink()
    os.mkfifo(entry)
    assert cached_check(pack, "demo.yaml", check, folder) == first


def test_cache_clear_empties_every_cache(tmp_path: Path, card: Card,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    solve_cached(card)
    pack = tmp_path / "demo.yaml"
    pack.write_bytes((SAMPLES / "demo.yaml").read_bytes())
    check = Counted()
    cached_check(pack, "demo.yaml", check)
    assert list(cache_dir().glob("*.json")) and list(checked_dir().glob("*.json"))
    assert main(["cache", "clear"]) == 0
    out = capsys.readouterr().out
    assert "removed 1 solved card" in out and "the findings of 1 checked file" in out
    assert not list(cache_dir().iterdir()) and not list(checked_dir().iterdir())
    cached_check(pack, "demo.yaml", check)
    assert check.runs == 2  # checked afresh, not read from an entry kept


def test_a_user_solvers_neighbours_are_in_its_key(tmp_path: Path,
                                                  forget_user_solvers: None) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "_helper.py").write_text("FACTOR = 2\n")
    (folder / "table.csv").write_text("a,1\n")
    path = folder / "mine.py"
    path.write_text("x = 1\n")
    assert load_solver_module(path) is None
    name = module_name(path)
    first = module_source(name)
    (folder / "_helper.py").write_text("FACTOR = 3\n")
    second = module_source(name)
    (folder / "table.csv").write_text("a,1\nb,2\n")
    third = module_source(name)
    os.mkfifo(folder / "pipe")  # never opened
    assert module_source(name) == third
    assert len({first, second, third}) == 3
