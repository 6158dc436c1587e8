"""``drill export``: the .apkg is a zip with an Anki collection holding every card; the
CSV has a row per card; both carry the scenario on the front and the answer on the back."""

from __future__ import annotations

import sqlite3
import zipfile
from pathlib import Path

from tests_authoring_helpers import run_drill

from drill.authoring.export import ANKI_HEADER, read_csv_rows
from drill.packs.library import load_library


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


def test_the_anki_package_holds_every_card(tmp_path: Path) -> None:
    target = tmp_path / "drill.apkg"
    result = run_drill(["export", "--anki", str(target), "--data", str(tmp_path / "data")])
    assert result.returncode == 0, result.stderr
    cards = load_library().cards
    notes = _notes(target, tmp_path)
    assert len(notes) == len(cards)
    # Anki separates a note's fields with 0x1f: front, back, key, question, typed answer.
    keys = {fields.split("\x1f")[2] for _, fields, _ in notes}
    assert keys == {card.key for card in cards}
    q1 = next(fields for _, fields, _ in notes if "\x1fspeed-physics/q1\x1f" in fields)
    front, back, _, question, answer = q1.split("\x1f")
    assert "shortest a decode step" in question and answer == "4.78 ms"
    assert "Llama 3 8B with BF16 weights, one H100" in front
    assert "16 GB ÷ 3.35 TB/s ≈ 4.78 ms" in back  # the answer
    assert "Key numbers" in back and "Tip" in back
    assert "4.78 ms" in back.split("Reference values")[1]  # the solver's reference
    assert all("drill" in tags for _, _, tags in notes)


def test_exporting_again_keeps_the_notes_ids(tmp_path: Path) -> None:
    first, second = tmp_path / "a.apkg", tmp_path / "b.apkg"
    for target in (first, second):
        assert run_drill(["export", "--anki", str(target), "--pack", "serving-math",
                          "--data", str(tmp_path / "data")]).returncode == 0
    guids = [sorted(g for g, _, _ in _notes(path, tmp_path / path.stem))
             for path in (first, second)]
    pack = load_library().pack("serving-math")
    assert pack is not None
    assert guids[0] == guids[1] and len(guids[0]) == len(pack.cards)


def test_the_csv_has_a_row_per_card(tmp_path: Path) -> None:
    target = tmp_path / "cards.csv"
    result = run_drill(["export", "--csv", str(target), "--data", str(tmp_path / "data")])
    assert result.returncode == 0, result.stderr
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
    assert f"wrote {len(rows)} cards to {target}" in result.stdout


def test_a_users_pack_can_be_exported_alone(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    assert run_drill(["new", "my-pack", "--dir", str(folder)]).returncode == 0
    target = tmp_path / "mine.csv"
    result = run_drill(["export", "--csv", str(target), "--pack", "my-pack", "--packs",
                        str(folder), "--solvers", str(folder), "--data", str(tmp_path / "d")])
    assert result.returncode == 0, result.stderr
    with target.open(encoding="utf-8", newline="") as stream:
        rows = read_csv_rows(stream)
    assert [row["key"] for row in rows] == ["my-pack/checkpoint-load",
                                            "my-pack/checkpoint-load-faster"]
    assert "How long does it take to read the checkpoint once? → 70 s" in rows[0]["Back"]


def test_usage_errors(tmp_path: Path) -> None:
    nothing = run_drill(["export", "--data", str(tmp_path)])
    assert nothing.returncode == 2 and "--anki FILE or --csv FILE" in nothing.stderr
    unknown = run_drill(["export", "--csv", str(tmp_path / "x.csv"), "--pack", "nope",
                         "--data", str(tmp_path)])
    assert unknown.returncode == 2 and "no pack nope" in unknown.stderr
    unwritable = run_drill(["export", "--csv", str(tmp_path / "missing" / "x.csv"),
                            "--data", str(tmp_path)])
    assert unwritable.returncode == 1 and "cannot write" in unwritable.stderr


def test_anki_and_csv_into_one_file_is_a_usage_error(tmp_path: Path) -> None:
    same = tmp_path / "cards.out"
    result = run_drill(["export", "--anki", str(same), "--csv", str(tmp_path / "." / "cards.out"),
                        "--data", str(tmp_path)])
    assert result.returncode == 2 and "same file" in result.stderr
    assert not same.exists()  # nothing half done


def test_force_replaces_files_only(tmp_path: Path) -> None:
    import os
    import stat

    folder = tmp_path / "a-folder"
    folder.mkdir()
    pipe = tmp_path / "a-pipe"
    os.mkfifo(pipe)
    for target, what in ((folder, "is a folder"), (pipe, "is not a regular file")):
        for force in ([], ["--force"]):
            result = run_drill(["export", "--csv", str(target), *force, "--data", str(tmp_path)])
            assert result.returncode == 1 and what in result.stderr, result.stderr
    assert folder.is_dir() and stat.S_ISFIFO(pipe.stat().st_mode)


def test_csv_to_standard_output_with_a_dash(tmp_path: Path) -> None:
    result = run_drill(["export", "--csv", "-", "--pack", "speed-physics",
                        "--data", str(tmp_path)], cwd=tmp_path)
    assert result.returncode == 0
    rows = read_csv_rows(result.stdout.splitlines(keepends=True))
    assert rows and all(row["key"].startswith("speed-physics/") for row in rows)
    assert f"wrote {len(rows)} cards to standard output" in result.stderr
    assert not (tmp_path / "-").exists()
    anki = run_drill(["export", "--anki", "-", "--data", str(tmp_path)], cwd=tmp_path)
    assert anki.returncode == 2 and "standard output" in anki.stderr


def test_the_csv_starts_with_ankis_header_lines(tmp_path: Path) -> None:
    target = tmp_path / "cards.csv"
    result = run_drill(["export", "--csv", str(target), "--pack", "speed-physics",
                        "--data", str(tmp_path / "data")])
    assert result.returncode == 0, result.stderr
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[:6] == [
        "#separator:Comma", "#html:false", "#columns:key,deck,Front,Back,tags",
        "#guid column:1", "#deck column:2", "#tags column:5",
    ]
    assert tuple(lines[:6]) == ANKI_HEADER
    assert lines[6].startswith("speed-physics/")  # the first card, no header row
