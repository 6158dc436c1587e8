"""``drill``'s own options work before a subcommand as well as after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drill.cli import main

PACK = """\
pack: {name}
title: Pack {name}
cards:
  - id: only
    title: The only card of {name}
    priority: solid
    scenario: A scenario.
"""


def _pack_folder(root: Path, name: str) -> Path:
    folder = root / name
    folder.mkdir()
    (folder / f"{name}.yaml").write_text(PACK.format(name=name), encoding="utf-8")
    return folder


def _data_of_stats(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv]) == 0
    return str(json.loads(capsys.readouterr().out)["data"])


def test_data_before_the_subcommand_is_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRILL_HOME", str(tmp_path / "from-env"))
    before = tmp_path / "before"
    assert _data_of_stats(capsys, "--data", str(before), "stats", "--json") == str(before)
    after = tmp_path / "after"
    assert _data_of_stats(capsys, "--data", str(before), "stats", "--data", str(after),
                          "--json") == str(after)  # the nearer one wins
    assert _data_of_stats(capsys, "stats", "--json") == str(tmp_path / "from-env")


def test_pack_folders_before_and_after_the_subcommand_add_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    one, two = _pack_folder(tmp_path, "one"), _pack_folder(tmp_path, "two")
    assert main(["--packs", str(one), "list", "--packs", str(two), "--json"]) == 0
    packs = {pack["id"] for pack in json.loads(capsys.readouterr().out)["packs"]}
    assert {"one", "two"} <= packs


@pytest.mark.parametrize("command", [["calc", "1 + 1"], ["roofline"], ["schema", "--path"],
                                     ["exercise", "list"]])
def test_pack_folders_before_a_command_that_reads_no_packs_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str],
) -> None:
    folder = _pack_folder(tmp_path, "one")
    for option in ("--packs", "--solvers"):
        assert main([option, str(folder), *command]) == 2
        err = capsys.readouterr().err
        assert f"drill {command[0]}: error: {option}" in err


@pytest.mark.parametrize("argv", [["--data", "", "stats"], ["stats", "--data", ""]])
def test_an_empty_data_folder_is_a_usage_error(
    argv: list[str], capsys: pytest.CaptureFixture[str],
) -> None:
    # Empty text named no folder, and drill went on with $DRILL_HOME as if not given.
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert "--data" in capsys.readouterr().err
