"""drill check remembers the findings of files it checked, and only of files unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

from drill.checking.checker import PackReport, check_file
from drill.checking.report_cache import cached_check

SAMPLES = Path(__file__).resolve().parents[1] / "packs" / "samples"


class Counted:
    """The real check, counting how often it actually runs."""

    def __init__(self) -> None:
        self.runs = 0

    def __call__(self, path: Path, display: str) -> PackReport:
        self.runs += 1
        return check_file(path, display)


def test_an_unchanged_file_is_not_checked_again(tmp_path: Path) -> None:
    pack = tmp_path / "demo.yaml"
    shutil.copy(SAMPLES / "demo.yaml", pack)
    check = Counted()
    first = cached_check(pack, "demo.yaml", check, tmp_path / "cache")
    again = cached_check(pack, "demo.yaml", check, tmp_path / "cache")
    assert check.runs == 1
    assert again == first


def test_an_edit_is_checked_afresh_and_its_error_found(tmp_path: Path) -> None:
    pack = tmp_path / "demo.yaml"
    shutil.copy(SAMPLES / "demo.yaml", pack)
    check = Counted()
    clean = cached_check(pack, "demo.yaml", check, tmp_path / "cache")
    pack.write_text(pack.read_text().replace("3.35 TB/s", "3.35 GB", 1))
    edited = cached_check(pack, "demo.yaml", check, tmp_path / "cache")
    assert check.runs == 2
    assert edited.errors > clean.errors


def test_a_damaged_entry_is_checked_again(tmp_path: Path) -> None:
    pack = tmp_path / "demo.yaml"
    shutil.copy(SAMPLES / "demo.yaml", pack)
    check = Counted()
    folder = tmp_path / "cache"
    first = cached_check(pack, "demo.yaml", check, folder)
    for entry in folder.glob("*.json"):
        entry.write_text('{"format": 1, "key": "x", "diagnostics": []}')
    assert cached_check(pack, "demo.yaml", check, folder) == first
    assert check.runs == 2
