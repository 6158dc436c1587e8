"""``drill export`` and the user's files: an existing file is never replaced without
--force, a failed write leaves it whole, and card text never becomes a spreadsheet formula."""

from __future__ import annotations

from pathlib import Path

import pytest

from drill.authoring.export import ExportError, read_csv_rows, spreadsheet_cell, write_whole
from testkit import RunCli

HOSTILE_PACK = """\
pack: hostile
title: "=HYPERLINK(\\"http://example.com\\", \\"click\\")"
description: d
source: s
cards:
  - id: q1
    title: "@SUM(1+1)*cmd|' /C calc'!A0"
    priority: solid
    scenario: "-2+3"
    answer: ["+1"]
"""


@pytest.mark.parametrize("option", ["--csv", "--anki"])
def test_an_existing_file_is_left_alone_without_force(run_cli: RunCli, tmp_path: Path,
                                                       option: str) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("my own notes\n", encoding="utf-8")
    code, out, err = run_cli("export", option, str(target))
    assert (code, out) == (1, "")
    assert err == f"drill export: error: {target} already exists (use --force to replace it)\n"
    assert target.read_text(encoding="utf-8") == "my own notes\n"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_force_replaces_the_file(run_cli: RunCli, tmp_path: Path) -> None:
    target = tmp_path / "cards.csv"
    target.write_text("old\n", encoding="utf-8")
    code, _out, err = run_cli("export", "--csv", str(target), "--force")
    assert code == 0, err
    assert target.read_text(encoding="utf-8").startswith("key,deck,Front,Back,tags\n")


def test_a_write_that_fails_midway_leaves_the_old_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "cards.csv"
    target.write_text("the export of last week\n", encoding="utf-8")

    def fail_midway(temporary: Path) -> None:
        temporary.write_text("key,deck,fr", encoding="utf-8")
        raise OSError(28, "No space left on device")

    with pytest.raises(ExportError, match=r"cannot write .*cards\.csv: No space left"):
        write_whole(target, fail_midway, replace=True)
    assert target.read_text(encoding="utf-8") == "the export of last week\n"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.csv"]


def test_card_text_never_starts_a_spreadsheet_formula(run_cli: RunCli, tmp_path: Path) -> None:
    packs = tmp_path / "packs"
    packs.mkdir()
    (packs / "hostile.yaml").write_text(HOSTILE_PACK, encoding="utf-8")
    target = tmp_path / "cards.csv"
    code, _out, err = run_cli("export", "--csv", str(target), "--pack", "hostile",
                             "--packs", str(packs))
    assert code == 0, err
    with target.open(encoding="utf-8", newline="") as stream:
        (row,) = read_csv_rows(stream)
    assert row["deck"] == "drill::hostile"  # Anki's deck: the pack's id, never the title
    assert row["Front"].startswith("'@SUM(1+1)*cmd|' /C calc'!A0\n")
    assert row["Back"] == "• +1"  # starts with a bullet: left as it is


@pytest.mark.parametrize(("text", "cell"), [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@A1", "'@A1"), ("\t=1", "'\t=1"),
    ("\r=1", "'\r=1"), ("4.8 ms", "4.8 ms"), ("a = b", "a = b"), ("", ""),
])
def test_spreadsheet_cell(text: str, cell: str) -> None:
    assert spreadsheet_cell(text) == cell
