"""drill's exports imported by Anki's own library (the ``anki`` package from PyPI): the
CSV with no guessing and no mapping, the .apkg into decks that keep their identity."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from drill.packs.library import load_library
from testkit import RunCli

#: Anki's library takes most of a second to import. It is imported when the first of
#: these tests runs, not as the suite is collected (which every pytest-xdist worker does),
#: and the tests share one worker, which alone pays for it.
pytestmark = pytest.mark.xdist_group("anki")


def anki_collection() -> Any:  # as pytest.importorskip gives it
    return pytest.importorskip(
        "anki.collection", reason="Anki's library has no build for this platform")


def new_collection(folder: Path) -> Any:
    folder.mkdir(parents=True)
    return anki_collection().Collection(str(folder / "collection.anki2"))


def speed_physics_keys() -> list[str]:
    return [card.key for card in load_library().cards if card.pack == "speed-physics"]


def exported(run_cli: RunCli, tmp_path: Path, option: str, name: str, *more: str) -> Path:
    target = tmp_path / name
    result = run_cli("export", option, str(target), "--pack", "speed-physics",
                     "--data", str(tmp_path / "data"), *more)
    assert result.code == 0, result.err
    return target


def import_csv(collection: object, path: Path) -> object:
    ImportCsvRequest = anki_collection().ImportCsvRequest
    metadata = collection.get_csv_metadata(path=str(path), delimiter=None)  # type: ignore[attr-defined]
    return collection.import_csv(ImportCsvRequest(path=str(path), metadata=metadata))  # type: ignore[attr-defined]


def test_anki_imports_the_csv_as_one_note_per_card_with_no_mapping(
        tmp_path: Path, run_cli: RunCli) -> None:
    path = exported(run_cli, tmp_path, "--csv", "cards.csv", "--anki-headers")
    collection = new_collection(tmp_path / "anki")
    try:
        import_csv(collection, path)
        keys = speed_physics_keys()
        assert collection.note_count() == len(keys)
        notes = [collection.get_note(nid) for nid in collection.find_notes("")]
        assert sorted(note.guid for note in notes) == sorted(keys)
        first = next(note for note in notes if note.guid == "speed-physics/q1")
        assert first["Front"].startswith("Promising 300 tokens/s on one H100<br>")
        assert first["Back"].startswith("• No.")
        assert set(first.tags) == {"drill", "speed-physics", "priority"}
        decks = {deck.name for deck in collection.decks.all_names_and_ids()}
        assert "drill::speed-physics" in decks
        import_csv(collection, path)  # again: the notes are updated, not doubled
        assert collection.note_count() == len(keys)
    finally:
        collection.close()


def test_anki_imports_the_apkg_and_a_renamed_pack_keeps_its_deck(
        tmp_path: Path, run_cli: RunCli) -> None:
    ImportAnkiPackageRequest = anki_collection().ImportAnkiPackageRequest

    packs = tmp_path / "packs"
    packs.mkdir()
    pack = "pack: mine\ntitle: {title}\ncards:\n" + "".join(
        f"  - id: c{i}\n    title: Card {i}\n    priority: solid\n    scenario: Scenario {i}.\n"
        for i in range(3))
    collection = new_collection(tmp_path / "anki")
    try:
        deck_ids: list[int] = []
        for title in ("My pack", "My pack, renamed"):
            (packs / "mine.yaml").write_text(pack.format(title=title), encoding="utf-8")
            target = tmp_path / f"{len(deck_ids)}.apkg"
            result = run_cli("export", "--anki", str(target), "--pack", "mine", "--packs",
                             str(packs), "--data", str(tmp_path / "data"))
            assert result.code == 0, result.err
            collection.import_anki_package(ImportAnkiPackageRequest(package_path=str(target)))
            assert collection.note_count() == 3
            note = collection.get_note(collection.find_notes("")[0])
            deck_ids.append(collection.get_card(note.card_ids()[0]).did)
        assert deck_ids[0] == deck_ids[1]
        decks = {deck.name for deck in collection.decks.all_names_and_ids()} - {"Default"}
        assert len(decks) == 2, decks  # "drill" and the pack's: no new, empty deck
    finally:
        collection.close()


def test_the_apkg_asks_for_a_typed_answer_anki_compares(tmp_path: Path, run_cli: RunCli) -> None:
    ImportAnkiPackageRequest = anki_collection().ImportAnkiPackageRequest

    path = exported(run_cli, tmp_path, "--anki", "cards.apkg")
    collection = new_collection(tmp_path / "anki")
    try:
        collection.import_anki_package(ImportAnkiPackageRequest(package_path=str(path)))
        assert collection.note_count() == len(speed_physics_keys())
        note = next(collection.get_note(nid) for nid in collection.find_notes("")
                    if collection.get_note(nid)["Key"] == "speed-physics/q1")
        assert note["Answer"] == "4.78 ms"  # the solver's reference, to type
        assert "shortest a decode step" in note["Question"]
        card = collection.get_card(note.card_ids()[0])
        assert "[[type:Answer]]" in card.question()  # where the reviewer draws its box
        assert "4.78 ms" in card.answer()
    finally:
        collection.close()


@pytest.mark.parametrize("first", ["csv", "apkg"])
def test_a_card_imported_from_the_csv_and_the_apkg_is_one_note(
        run_cli: RunCli, tmp_path: Path, first: str) -> None:
    """Both exports give a card the same note id (its key), so a user who imported one and
    then the other has each card once, whichever came first."""
    ImportAnkiPackageRequest = anki_collection().ImportAnkiPackageRequest

    csv_path = exported(run_cli, tmp_path, "--csv", "cards.csv", "--anki-headers")
    apkg_path = exported(run_cli, tmp_path, "--anki", "cards.apkg")
    collection = new_collection(tmp_path / "anki")
    try:
        steps = [lambda: import_csv(collection, csv_path),
                 lambda: collection.import_anki_package(
                     ImportAnkiPackageRequest(package_path=str(apkg_path)))]
        for step in steps if first == "csv" else reversed(steps):
            step()
        keys = speed_physics_keys()
        assert collection.note_count() == len(keys)
        guids = sorted(collection.get_note(nid).guid for nid in collection.find_notes(""))
        assert guids == sorted(keys)
    finally:
        collection.close()


def test_ankis_typed_answer_compares_a_plain_form_and_shows_the_cards(
        tmp_path: Path, run_cli: RunCli) -> None:
    """A speedup shown as 1.82× is typed 1.82x: Anki compares what was typed with the typed
    form, and the answer side shows the card's own form beside it."""
    ImportAnkiPackageRequest = anki_collection().ImportAnkiPackageRequest

    path = exported(run_cli, tmp_path, "--anki", "cards.apkg")
    collection = new_collection(tmp_path / "anki")
    try:
        collection.import_anki_package(ImportAnkiPackageRequest(package_path=str(path)))
        note = next(collection.get_note(nid) for nid in collection.find_notes("")
                    if collection.get_note(nid)["Key"] == "speed-physics/q7-follow-up")
        assert (note["Answer"], note["Shown"]) == ("1.82x", "1.82×")
        card = collection.get_card(note.card_ids()[0])
        question = card.question()
        assert question.count("overall speedup of the step") == 1  # not on the front again
        assert "1.82×" in card.answer()
    finally:
        collection.close()
