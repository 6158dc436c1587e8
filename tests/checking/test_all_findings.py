"""One run of ``drill check`` reports all of a file's findings, root causes first.

A schema error in one card no longer hides the prose findings of the others, nor the
rest of its own card's; a broken pack header hides nothing below it; and a given of the
wrong dimension is listed before the equations it breaks. Each pack here is a copy of the
built-in serving-math pack under its own id, with a few planted faults.
"""

from __future__ import annotations

import json
from pathlib import Path

from drill.packs.loader import load_pack
from drill.packs.locate import builtin_packs_dir
from testkit import RunCli

SERVING = builtin_packs_dir() / "02-serving-math.yaml"

#: An unknown key in the ridge-batch card: a schema error that leaves its numbers alone.
SCHEMA_FAULT = ("    priority: solid\n    gpu: H100\n",
                "    priority: solid\n    colour: red\n    gpu: H100\n")
#: A figure nothing computes in the little card's tip: a closed-world error.
PROSE_FAULT = ("must leave requests.", "must leave requests, as a 25 GB/s link would.")


def _copy(tmp_path: Path, *changes: tuple[str, str]) -> tuple[Path, str]:
    text = SERVING.read_text(encoding="utf-8").replace("pack: serving-math", "pack: my-math", 1)
    for old, new in changes:
        assert text.count(old) >= 1, old
        text = text.replace(old, new, 1)
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def _errors(out: str) -> list[str]:
    return [line for line in out.splitlines() if ": error: " in line]


def test_a_schema_error_in_one_card_and_a_prose_error_in_another_show_in_one_run(
        run_cli: RunCli, tmp_path: Path) -> None:
    path, text = _copy(tmp_path, SCHEMA_FAULT, PROSE_FAULT)
    code, out, _ = run_cli("check", str(path))
    assert code == 1
    errors = _errors(out)
    assert len(errors) == 2
    assert errors[0].startswith(f"{path}:{_line_of(text, 'colour: red')}:5: error: "
                                "my-math/ridge-batch: unknown key 'colour'")
    assert f":{_line_of(text, '25 GB/s link')}:" in errors[1]
    assert "my-math/little: tip: no given or result is 25 GB/s" in errors[1]
    # All ten cards and all sixteen asks were checked, the broken card's too.
    assert out.splitlines()[-1] == "1 pack, 10 cards, 16 asks: 2 errors, 0 warnings"


def test_json_reports_both_findings_too(run_cli: RunCli, tmp_path: Path) -> None:
    path, text = _copy(tmp_path, SCHEMA_FAULT, PROSE_FAULT)
    code, out, _ = run_cli("check", str(path), "--json")
    assert code == 1
    document = json.loads(out)
    found = [(f["card"], f["line"], f["code"]) for f in document["findings"]]
    assert found == [("my-math/ridge-batch", _line_of(text, "colour: red"), "unknown-key"),
                     ("my-math/little", _line_of(text, "25 GB/s link"), "unaccounted-figure")]
    assert document["summary"]["errors"] == 2


def test_the_card_with_the_schema_error_is_checked_for_the_rest(run_cli: RunCli,
                                                               tmp_path: Path) -> None:
    path, text = _copy(tmp_path, SCHEMA_FAULT,
                       ("Treat {batch_at_ridge:345} as", "Treat {batch_at_ridge:345} (7 ms) as"))
    _, out, _ = run_cli("check", str(path))
    errors = _errors(out)
    assert "unknown key 'colour'" in errors[0]
    assert any(f":{_line_of(text, '(7 ms) as')}:" in e and "ridge-batch: answer[2]: no given "
               "or result is 7 ms" in e for e in errors[1:])


def test_a_broken_header_hides_no_card(run_cli: RunCli, tmp_path: Path) -> None:
    path, _ = _copy(tmp_path, ("pack: my-math", "pack: My_Math"), PROSE_FAULT)
    _, out, _ = run_cli("check", str(path))
    errors = _errors(out)
    assert len(errors) == 2
    assert "pack id 'My_Math' is not valid" in errors[0]
    assert "little: tip: no given or result is 25 GB/s" in errors[1]


def test_a_given_of_the_wrong_dimension_is_listed_before_what_it_breaks(
        run_cli: RunCli, tmp_path: Path) -> None:
    path, text = _copy(tmp_path, ("      latency: 8 s\n", "      latency: 8 GB\n"))
    _, out, _ = run_cli("check", str(path))
    errors = _errors(out)
    given_line = _line_of(text, "latency: 8 GB")
    # The given comes last in the card's text but first in the list: the scenario's
    # sample and the two worked equations fail only because of it.
    assert f":{given_line}:" in errors[0]
    assert "given 'latency' is an amount of data (bytes) ('8 GB'), but solver 'littles-law' " \
           "needs a time" in errors[0]
    later = [int(e.split(":")[1]) for e in errors[1:]]
    assert len(later) == 3 and all(line < given_line for line in later)
    assert later == sorted(later)


def test_a_broken_given_leaves_the_cards_worked_equations_checked_without_echoes(
        run_cli: RunCli, tmp_path: Path) -> None:
    path, text = _copy(tmp_path, ("      share: 30%\n", "      share: [30]\n"),
                       ("Only that {share} shrinks,", "Only that {share} shrinks, 1 s ÷ 2 = 3 s,"))
    _, out, _ = run_cli("check", str(path))
    amdahl = [e for e in _errors(out) if "my-math/amdahl" in e]
    # The schema error, then the wrong equation; no "missing given" from solving a card
    # whose given could not be read, and no figure reported for want of its results.
    assert len(amdahl) == 2
    assert f":{_line_of(text, 'share: [30]')}:" in amdahl[0] and "must be text" in amdahl[0]
    assert "'1 s ÷ 2 = 3 s': the left side is 500 ms" in amdahl[1]


def test_a_card_with_a_schema_error_is_still_left_out_of_the_pack(tmp_path: Path) -> None:
    path, _ = _copy(tmp_path, SCHEMA_FAULT)
    loaded = load_pack(path)
    assert loaded.pack is not None
    assert "ridge-batch" not in {card.id for card in loaded.pack.cards}
    assert [(item.card.id, item.inputs_broken) for item in loaded.unloaded] == [
        ("ridge-batch", False)]
