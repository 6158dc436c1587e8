"""The command line as scripts use it: ``--json`` always prints one JSON object, even on
failure; ``drill show --json``; ``drill check -`` reads a pack from standard input;
options anywhere on the line; help texts that wrap."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from drill.cli.jsonerrors import error_object
from testkit import RunCli


def test_show_json_gives_the_card_and_its_references(tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli("show", "q1", "--json", "--data", str(tmp_path))
    assert result.code == 0, result.err
    card = json.loads(result.out)
    assert card["key"] == "speed-physics/q1"
    assert card["title"] == "Promising 300 tokens/s on one H100"
    ask = next(ask for ask in card["asks"] if ask["id"] == "decode_floor")
    # 16 GB of weights over 3.35 TB/s: 16 / 3350 s = 4.776 ms
    assert (ask["reference"], ask["unit"]) == ("4.78 ms", "ms")
    assert "a100" in card["variants"]


def test_show_json_of_a_variant(tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli("show", "q1", "--variant", "a100", "--json", "--data", str(tmp_path))
    assert result.code == 0, result.err
    ask = next(ask for ask in json.loads(result.out)["asks"] if ask["id"] == "decode_floor")
    assert ask["reference"] == "7.85 ms"  # 16 GB ÷ 2.039 TB/s (A100 80GB SXM) = 7.847 ms


@pytest.mark.parametrize(("argv", "error", "code"), [
    (["show", "nope", "--json"], "no card 'nope'", 2),
    (["optimize", "--dry-run", "--json"], "needs at least 64 such reviews", 1),
    (["calc", "--json", "--no-such-option"], "unrecognized arguments: --no-such-option", 2),
    (["solve", "q1", "--json", "--set", "nothing=1"], "nothing", 2),
])
def test_a_failure_with_json_prints_a_json_object_on_stdout(
        tmp_path: Path, run_cli: RunCli, argv: list[str], error: str, code: int) -> None:
    result = run_cli(*argv, "--data", str(tmp_path))
    assert result.code == code
    printed = json.loads(result.out)
    assert set(printed) == {"error", "exit"} and printed["exit"] == code
    assert error in printed["error"] and not printed["error"].startswith("drill")
    assert error in result.err  # said on stderr as before


def test_error_object_drops_drills_prefix() -> None:
    assert error_object("usage: ...\ndrill show: error: no card 'x'\n", 2) == {
        "error": "no card 'x'", "exit": 2}
    assert error_object("drill optimize: too few\n", 1) == {"error": "too few", "exit": 1}
    assert error_object("", 130) == {"error": "interrupted", "exit": 130}


PACK = """\
pack: piped
title: Piped
cards:
  - id: one
    title: One
    priority: solid
    scenario: A scenario.
  - id: two
    title: Two
    priority: sometimes
    scenario: Another.
"""


def test_check_dash_reads_a_pack_from_standard_input(
        tmp_path: Path, run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(PACK))
    result = run_cli("check", "-", "--data", str(tmp_path))
    assert result.code == 1
    assert result.out.startswith("<stdin>:10:15: error: piped/two: priority 'sometimes'")
    assert result.out.endswith("1 pack, 2 cards, 0 asks: 1 error, 0 warnings\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO(PACK.replace("sometimes", "solid")))
    assert run_cli("check", "-", "--data", str(tmp_path)).code == 0


def test_options_may_come_between_positional_arguments(tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli("grade", "speed-physics/q1", "--variant", "a100", "decode_floor",
                     "7.85 ms", "--data", str(tmp_path))
    assert result.code == 0, result.err
    assert "correct" in result.out and "7.85 ms" in result.out
    shown = run_cli("show", "--variant", "a100", "q1", "--data", str(tmp_path))
    assert shown.code == 0 and "on one A100" in shown.out


@pytest.mark.parametrize("command", ["check", "solve", "export", "grade", "schema", "cache",
                                     "simulate"])
def test_help_wraps_to_the_terminal(run_cli: RunCli, monkeypatch: pytest.MonkeyPatch,
                                    command: str) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    result = run_cli(command, "--help")
    assert result.code == 0
    description = result.out.split("\n\n")[1]  # after the usage lines
    assert len(description) > 60
    assert all(len(line) <= 58 for line in description.splitlines()), description


def test_simulate_help_writes_a_percent_sign_once(run_cli: RunCli) -> None:
    result = run_cli("simulate", "--help")
    assert "20%-95% utilization" in " ".join(result.out.split())
    assert "%%" not in result.out
