"""Inputs that are not regular files (a named pipe, /dev/zero, a folder) or far too large
are refused in one line naming them, before they are read, by the app's opening as by the
commands; nothing waits on a pipe or reads a device without end."""

from __future__ import annotations

import io
import os
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from drill.app.backend import Backend, StartupError
from drill.checking.report_cache import cached_check
from drill.checking.reports import check_file
from drill.cli import main
from drill.config.settings import MAX_SETTINGS_BYTES, SettingsError, load_settings
from drill.packs.yamlsafe import MAX_BYTES, PackReadError, read_text

DEVICE = Path("/dev/zero")


def run_cli(*argv: str) -> tuple[int, str]:
    """The exit code, and what was printed (out and err)."""
    printed = io.StringIO()
    with redirect_stdout(printed), redirect_stderr(printed):
        code = main(list(argv))
    return code, printed.getvalue()


def pipe(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_a_pack_that_is_a_pipe_a_device_or_too_large_is_refused_unread(tmp_path: Path) -> None:
    for path in (pipe(tmp_path / "pipe.yaml"), DEVICE, tmp_path):
        with pytest.raises(PackReadError, match="not a regular file"):
            read_text(path)
    big = tmp_path / "big.yaml"
    with big.open("wb") as out:
        out.truncate(MAX_BYTES + 1)  # sparse: its size alone refuses it
    with pytest.raises(PackReadError, match="larger than"):
        read_text(big)


@pytest.mark.parametrize("name", ["pipe", "device"])
def test_drill_check_refuses_a_pipe_or_a_device_in_one_line(tmp_path: Path, name: str) -> None:
    path = pipe(tmp_path / "pipe.yaml") if name == "pipe" else DEVICE
    code, printed = run_cli("check", str(path))
    assert code != 0
    assert f"{path}: error: not a regular file" in printed and "Traceback" not in printed


def test_the_checked_files_cache_never_reads_a_device(tmp_path: Path) -> None:
    report = cached_check(DEVICE, "/dev/zero", check_file, tmp_path / "cache")
    assert "not a regular file" in " ".join(d.message for d in report.diagnostics)
    assert not (tmp_path / "cache").exists()  # nothing kept for it


def test_settings_that_are_a_pipe_or_too_large_are_refused(tmp_path: Path) -> None:
    pipe(tmp_path / "settings.toml")
    with pytest.raises(SettingsError, match="not a regular file"):
        load_settings(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    with (other / "settings.toml").open("wb") as out:
        out.truncate(MAX_SETTINGS_BYTES + 1)
    with pytest.raises(SettingsError, match="larger than"):
        load_settings(other)


@pytest.mark.parametrize("name", ["settings.toml", "drill.sqlite3"])
def test_the_app_refuses_a_pipe_as_its_settings_or_database(tmp_path: Path, name: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    pipe(data / name)
    backend = Backend(data, (), builtin_packs=False)
    with pytest.raises(StartupError) as caught:
        backend.open()
    assert str(data / name) in str(caught.value) and "not a regular file" in str(caught.value)
