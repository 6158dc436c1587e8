"""The cache of loaded pack files: a hit is exactly what loading the file gives, anything
that changes the result is a miss, and a damaged or foreign entry is never trusted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from drill.packs import load_cache
from drill.packs.library import load_library
from drill.packs.loader import load_pack
from drill.packs.locate import builtin_packs_dir
from testkit import ROOT, TESTS

#: Every pack file the suite has: the built-ins and every fixture, broken ones included
#: (their diagnostics, left-out cards and all must come back as they were).
PACK_FILES = sorted([*builtin_packs_dir().glob("*.yaml"), *TESTS.rglob("*.yaml")])

SMALL = """\
pack: small
title: Small
cards:
  - id: floor
    title: Decode floor
    priority: solid
    scenario: A 16 GB model on a 3.35 TB/s GPU.
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
    formulas:
      floor: weights / bandwidth
    asks:
      - id: floor
        question: The decode floor per token?
        unit: ms
"""


def _entry(folder: Path) -> Path:
    entries = list(folder.glob("*.json"))
    assert len(entries) == 1, entries
    return entries[0]


@pytest.mark.parametrize("path", PACK_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_kept_file_comes_back_exactly_as_loading_gives_it(path: Path, tmp_path: Path
                                                           ) -> None:
    display = str(path.relative_to(ROOT))
    loaded = load_pack(path, display)
    first = load_cache.load_pack_kept(path, display, tmp_path)
    entry = _entry(tmp_path)
    key = entry.stem
    kept = load_cache._read(entry, key)
    assert kept is not None, "the entry just written reads back"
    assert first == loaded
    assert kept == loaded
    assert repr(kept) == repr(loaded)  # what the solved-card cache keys a card by


def test_an_edited_file_is_loaded_again(tmp_path: Path) -> None:
    pack = tmp_path / "small.yaml"
    pack.write_text(SMALL)
    cache = tmp_path / "cache"
    before = load_cache.load_pack_kept(pack, "small.yaml", cache)
    pack.write_text(SMALL.replace("title: Decode floor", "title: The decode floor"))
    after = load_cache.load_pack_kept(pack, "small.yaml", cache)
    assert before.ok and after.ok
    assert before.pack is not None and after.pack is not None
    assert before.pack.cards[0].title == "Decode floor"
    assert after.pack.cards[0].title == "The decode floor"
    assert len(list(cache.glob("*.json"))) == 2  # a new key; the old entry is left unread


def test_the_same_text_under_another_name_is_its_own_entry(tmp_path: Path) -> None:
    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    one.write_text(SMALL)
    two.write_text(SMALL)
    cache = tmp_path / "cache"
    load_cache.load_pack_kept(one, "one.yaml", cache)
    second = load_cache.load_pack_kept(two, "two.yaml", cache)
    assert second.path == two and second.display == "two.yaml"
    assert second.pack is not None and second.pack.path == two


@pytest.mark.parametrize("damage", [
    "",  # emptied
    "{not json",
    "[]",
    '{"format": 1, "key": "another", "loaded": []}',
    '{"format": 999, "key": "KEY", "loaded": []}',
    '{"format": 1, "key": "KEY", "loaded": [1, 2, 3]}',
    '{"format": 1, "key": "KEY", "loaded": "a text"}',
    "[" * 100_000 + "]" * 100_000,  # nested past any recursion limit
])
def test_a_damaged_or_foreign_entry_is_ignored_and_the_file_loaded(
        damage: str, tmp_path: Path) -> None:
    pack = tmp_path / "small.yaml"
    pack.write_text(SMALL)
    cache = tmp_path / "cache"
    loaded = load_cache.load_pack_kept(pack, "small.yaml", cache)
    entry = _entry(cache)
    entry.write_text(damage.replace("KEY", entry.stem))
    assert load_cache._read(entry, entry.stem) is None
    assert load_cache.load_pack_kept(pack, "small.yaml", cache) == loaded


def test_an_entry_with_a_value_of_the_wrong_type_is_refused(tmp_path: Path) -> None:
    pack = tmp_path / "small.yaml"
    pack.write_text(SMALL)
    cache = tmp_path / "cache"
    loaded = load_cache.load_pack_kept(pack, "small.yaml", cache)
    entry = _entry(cache)
    data = json.loads(entry.read_text())
    data["loaded"][5] = True  # cards_found: a bool is not a count
    entry.write_text(json.dumps(data))
    assert load_cache._read(entry, entry.stem) is None
    data["loaded"][5] = "1"  # nor is a text
    entry.write_text(json.dumps(data))
    assert load_cache._read(entry, entry.stem) is None
    assert load_cache.load_pack_kept(pack, "small.yaml", cache) == loaded


def test_a_cache_folder_that_cannot_be_made_only_costs_speed(tmp_path: Path) -> None:
    pack = tmp_path / "small.yaml"
    pack.write_text(SMALL)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert load_cache.load_pack_kept(pack, "small.yaml", blocked / "cache") == \
        load_pack(pack, "small.yaml")


def test_a_file_that_cannot_be_read_gets_the_loaders_own_message(tmp_path: Path) -> None:
    missing = tmp_path / "gone.yaml"
    kept = load_cache.load_pack_kept(missing, "gone.yaml", tmp_path / "cache")
    assert kept == load_pack(missing, "gone.yaml")
    assert kept.pack is None and kept.diagnostics[0].is_error
    assert not (tmp_path / "cache").exists()  # nothing kept for a file not read


def test_clear_removes_every_entry(tmp_path: Path) -> None:
    pack = tmp_path / "small.yaml"
    pack.write_text(SMALL)
    cache = tmp_path / "cache"
    load_cache.load_pack_kept(pack, "small.yaml", cache)
    assert load_cache.clear(cache) == 1
    assert load_cache.clear(cache) == 0
    assert load_cache.clear(tmp_path / "never-made") == 0


def test_the_library_read_from_the_cache_is_the_library(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    first = load_library()
    assert list((tmp_path / "cache").rglob("*.json")), "the packs were kept"
    assert load_library() == first


@pytest.mark.slow
def test_a_second_load_of_unchanged_packs_parses_no_yaml(tmp_path: Path) -> None:
    script = ("import sys\n"
              "from drill.packs.library import load_library\n"
              "library = load_library()\n"
              "print(len(library.cards), 'yaml' in sys.modules)\n")
    environment = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           env=environment, check=True).stdout.split() for _ in range(2)]
    cards = str(len(load_library().cards))
    assert runs[0] == [cards, "True"]  # the first load parses the files
    assert runs[1] == [cards, "False"]  # the second reads them back
