"""Fixtures for the safety tests: running ``drill`` in this process on hostile input."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from drill.cli import main

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """An empty data folder, so no test reads or writes the user's own."""
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str], data: Path) -> Run:
    """Run ``drill ARGS --data DATA`` in this process; return (exit code, stdout, stderr)."""

    def run(*argv: str) -> tuple[int, str, str]:
        code = main([*argv, "--data", str(data)])
        out, err = capsys.readouterr()
        return code, out, err

    return run
