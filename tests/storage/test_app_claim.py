"""The app's lock on its data folder: one app per folder; the lock file is never opened
through a link (whose target would be overwritten), and a lock path that cannot serve (a
link, a folder, a pipe) is reported by name instead of turning the guard off."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from drill.storage.app_claim import LOCK_FILE, AppAlreadyOpen, claim_folder
from drill.storage.errors import StorageError


def test_a_second_claim_on_a_folder_is_refused_naming_the_holder(tmp_path: Path) -> None:
    first = claim_folder(tmp_path)
    try:
        with pytest.raises(AppAlreadyOpen, match=f"process {os.getpid()}"):
            claim_folder(tmp_path)
    finally:
        first.release()
    claim_folder(tmp_path).release()  # free again once released


def test_a_link_as_the_lock_file_is_refused_and_its_target_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("my notes\n")
    data = tmp_path / "data"
    data.mkdir()
    (data / LOCK_FILE).symlink_to(target)
    with pytest.raises(StorageError, match="symbolic link") as caught:
        claim_folder(data)
    assert str(data / LOCK_FILE) in str(caught.value) and "\n" not in str(caught.value)
    assert target.read_text() == "my notes\n"


def test_a_dangling_link_is_refused_and_creates_nothing(tmp_path: Path) -> None:
    (tmp_path / LOCK_FILE).symlink_to(tmp_path / "elsewhere")
    with pytest.raises(StorageError, match="symbolic link"):
        claim_folder(tmp_path)
    assert not (tmp_path / "elsewhere").exists()


def test_a_folder_or_a_pipe_as_the_lock_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a" / LOCK_FILE).mkdir(parents=True)
    with pytest.raises(StorageError, match="is a folder"):
        claim_folder(tmp_path / "a")
    (tmp_path / "b").mkdir()
    os.mkfifo(tmp_path / "b" / LOCK_FILE)
    with pytest.raises(StorageError, match="not a regular file"):
        claim_folder(tmp_path / "b")
