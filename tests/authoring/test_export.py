"""``drill export``: the .apkg is a zip with an Anki collection holding every card; the
CSV has a row per card; both carry the scenario on the front and the answer on the back."""

from __future__ import annotations

import csv
import shutil
import sqlite3
import subprocess
import zipfile
from pathlib import Path

import pytest

from drill.authoring.export import ANKI_HEADER, read_csv_rows, typed_form
from drill.packs.library import load_library
from testkit import RunCli


def _notes(apkg: Path, tmp_path: Path) -> list[tuple[str, str, str]]:
    """(guid, fields, tags) of every note in the package's collection."""
    with zipfile.ZipFile(apkg) as archive:
        assert "collection.anki2" in archive.namelist()
        archive.extract("collection.anki2", tmp_path / "unzipped")
    connection = sqlite3.connect(tmp_path / "unzipped" / "collection.anki2")
    try:
        return list(connection.execute("SELECT guid, flds, tags FROM notes"))
    finally:
        connection.close()


def test_the_anki_package_holds_every_card(tmp_path: Path, run_cli: RunCli) -> None:
    target = tmp_path / "drill.apkg"
    result = run_cli("export", "--anki", str(target), "--data", str(tmp_path / "data"))
    assert result.code == 0, result.err
    cards = load_library().cards
    notes = _notes(target, tmp_path)
    assert len(notes) == len(cards)
    # Anki separates a note's fields with 0x1f: front, back, key, question, typed answer,
    # the answer as shown.
    keys = {fields.split("\x1f")[2] for _, fields, _ in notes}
    assert keys == {card.key for card in cards}
    q1 = next(fields for _, fields, _ in notes if "\x1fspeed-physics/q1\x1f" in fields)
    front, back, _, question, answer, shown = q1.split("\x1f")
    assert "shortest a decode step" in question and answer == "4.78 ms"
    assert shown == ""  # the typed form is the form shown
    assert "shortest a decode step" not in front  # the template draws it once, by its box
    assert "Llama 3 8B (8 billion parameters) with BF16 weights, one H100" in front
    assert "16 GB ÷ 3.35 TB/s ≈ 4.78 ms" in back  # the answer
    assert "Key numbers" in back and "Tip" in back
    assert "4.78 ms" in back.split("Reference values")[1]  # the solver's reference
    assert all("drill" in tags for _, _, tags in notes)


def test_exporting_again_keeps_the_notes_ids(tmp_path: Path, run_cli: RunCli) -> None:
    first, second = tmp_path / "a.apkg", tmp_path / "b.apkg"
    for target in (first, second):
        assert run_cli("export", "--anki", str(target), "--pack", "serving-math",
                       "--data", str(tmp_path / "data")).code == 0
    guids = [sorted(g for g, _, _ in _notes(path, tmp_path / path.stem))
             for path in (first, second)]
    pack = load_library().pack("serving-math")
    assert pack is not None
    assert guids[0] == guids[1] and len(guids[0]) == len(pack.cards)


def test_the_csv_has_a_row_per_card(tmp_path: Path, run_cli: RunCli) -> None:
    target = tmp_path / "cards.csv"
    result = run_cli("export", "--csv", str(target), "--data", str(tmp_path / "data"))
    assert result.code == 0, result.err
    with target.open(encoding="utf-8", newline="") as stream:
        rows = read_csv_rows(stream)
    cards = {card.key: card for card in load_library().cards}
    assert [row["key"] for row in rows] == list(cards)
    for row in rows:
        card = cards[row["key"]]
        assert " ".join(card.scenario.split()) in row["Front"]
        if card.answer:
            assert " ".join(card.answer[0].split()) in row["Back"]
        if card.tip:
            assert " ".join(card.tip.split()) in row["Back"]
    assert f"wrote {len(rows)} cards to {target}" in result.out


def test_a_users_pack_can_be_exported_alone(tmp_path: Path, run_cli: RunCli,
                                            forget_user_solvers: None) -> None:
    folder = tmp_path / "mine"
    assert run_cli("new", "my-pack", "--dir", str(folder)).code == 0
    target = tmp_path / "mine.csv"
    result = run_cli("export", "--csv", str(target), "--pack", "my-pack", "--packs",
                     str(folder), "--solvers", str(folder), "--data", str(tmp_path / "d"))
    assert result.code == 0, result.err
    with target.open(encoding="utf-8", newline="") as stream:
        rows = read_csv_rows(stream)
    assert [row["key"] for row in rows] == ["my-pack/checkpoint-load",
                                            "my-pack/checkpoint-load-faster"]
    assert "How long does it take to read the checkpoint once? → 70 s" in rows[0]["Back"]


def test_usage_errors(tmp_path: Path, run_cli: RunCli) -> None:
    nothing = run_cli("export", "--data", str(tmp_path))
    assert nothing.code == 2 and "--anki FILE or --csv FILE" in nothing.err
    unknown = run_cli("export", "--csv", str(tmp_path / "x.csv"), "--pack", "nope",
                      "--data", str(tmp_path))
    assert unknown.code == 2 and "no pack nope" in unknown.err
    unwritable = run_cli("export", "--csv", str(tmp_path / "missing" / "x.csv"),
                         "--data", str(tmp_path))
    assert unwritable.code == 1 and "cannot write" in unwritable.err


def test_anki_and_csv_into_one_file_is_a_usage_error(tmp_path: Path, run_cli: RunCli) -> None:
    same = tmp_path / "cards.out"
    result = run_cli("export", "--anki", str(same), "--csv", str(tmp_path / "." / "cards.out"),
                     "--data", str(tmp_path))
    assert result.code == 2 and "same file" in result.err
    assert not same.exists()  # nothing half done


def test_force_replaces_files_only(tmp_path: Path, run_cli: RunCli) -> None:
    import os
    import stat

    folder = tmp_path / "a-folder"
    folder.mkdir()
    pipe = tmp_path / "a-pipe"
    os.mkfifo(pipe)
    for target, what in ((folder, "is a folder"), (pipe, "is not a regular file")):
        for force in ([], ["--force"]):
            result = run_cli("export", "--csv", str(target), *force, "--data", str(tmp_path))
            assert result.code == 1 and what in result.err, result.err
    assert folder.is_dir() and stat.S_ISFIFO(pipe.stat().st_mode)


def test_csv_to_standard_output_with_a_dash(tmp_path: Path, run_cli: RunCli,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli("export", "--csv", "-", "--pack", "speed-physics", "--data", str(tmp_path))
    assert result.code == 0
    rows = read_csv_rows(result.out.splitlines(keepends=True))
    assert rows and all(row["key"].startswith("speed-physics/") for row in rows)
    assert f"wrote {len(rows)} cards to standard output" in result.err
    assert not (tmp_path / "-").exists()
    anki = run_cli("export", "--anki", "-", "--data", str(tmp_path))
    assert anki.code == 2 and "standard output" in anki.err


def test_the_csv_starts_with_a_header_row_a_spreadsheet_reads(
        tmp_path: Path, run_cli: RunCli) -> None:
    target = tmp_path / "cards.csv"
    result = run_cli("export", "--csv", str(target), "--pack", "speed-physics",
                     "--data", str(tmp_path / "data"))
    assert result.code == 0, result.err
    with target.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert list(rows[0]) == ["key", "deck", "Front", "Back", "tags"]
    assert rows[0]["key"] == "speed-physics/q1"
    assert rows[0]["deck"] == "drill::speed-physics"
    assert rows[0]["Front"].startswith("Promising 300 tokens/s on one H100\n")
    # sqlite3's shell (.import --csv) takes the first row for the table's column names
    # too: the same rule, run here through the csv module into an in-memory database.
    connection = sqlite3.connect(":memory:")
    try:
        with target.open(encoding="utf-8", newline="") as stream:
            header, *body = csv.reader(stream)
        connection.execute(f"CREATE TABLE cards ({', '.join(map(repr, header))})")
        connection.executemany(f"INSERT INTO cards VALUES ({', '.join('?' * len(header))})",
                               body)
        (deck,) = connection.execute(
            "SELECT deck FROM cards WHERE key = 'speed-physics/q1'").fetchone()
        assert deck == "drill::speed-physics"
    finally:
        connection.close()


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="no sqlite3 shell installed")
def test_the_sqlite3_shell_imports_the_csvs_columns(tmp_path: Path, run_cli: RunCli) -> None:
    target = tmp_path / "cards.csv"
    assert run_cli("export", "--csv", str(target), "--pack", "speed-physics",
                   "--data", str(tmp_path / "data")).code == 0
    database = tmp_path / "cards.db"
    subprocess.run(["sqlite3", str(database), f".import --csv {target} cards"], check=True)
    connection = sqlite3.connect(database)
    try:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(cards)")]
        assert columns == ["key", "deck", "Front", "Back", "tags"]
        (count,) = connection.execute("SELECT count(*) FROM cards").fetchone()
        assert count == len(read_csv_rows(target.read_text(encoding="utf-8").splitlines()))
    finally:
        connection.close()


def test_with_anki_headers_the_csv_starts_with_ankis_header_lines(
        tmp_path: Path, run_cli: RunCli) -> None:
    target = tmp_path / "cards.csv"
    result = run_cli("export", "--csv", str(target), "--anki-headers", "--pack",
                     "speed-physics", "--data", str(tmp_path / "data"))
    assert result.code == 0, result.err
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[:6] == [
        "#separator:Comma", "#html:false", "#columns:key,deck,Front,Back,tags",
        "#guid column:1", "#deck column:2", "#tags column:5",
    ]
    assert tuple(lines[:6]) == ANKI_HEADER
    assert lines[6].startswith("speed-physics/")  # the first card, no header row


@pytest.mark.parametrize(("shown", "typed"), [
    ("4.78 ms", "4.78 ms"), ("6,150", "6150"), ("507,000 h", "507000 h"),
    ("1.98×", "1.98x"), ("5.9 × 10⁶ tokens", "5.9e6 tokens"), ("1.05 × 10⁹", "1.05e9"),
    ("2.1 × 10⁻³ s", "2.1e-3 s"), ("$0.194 per million tokens", "$0.194"), ("27.3%", "27.3%"),
])
def test_typed_form(shown: str, typed: str) -> None:
    assert typed_form(shown) == typed


def test_exported_text_has_no_markdown_code_marks(tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli("export", "--csv", "-", "--data", str(tmp_path))
    assert result.code == 0, result.err
    assert "drill simulate p99 --seed N" in result.out  # a card that quotes a command
    assert "`" not in result.out
