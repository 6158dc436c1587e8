"""Fixtures for the labs tests: solution files, and the CLI run in-process."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from drill.cli import main

SOLUTIONS = Path(__file__).resolve().parent / "solutions"

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def solutions() -> Path:
    """The folder of reference (and deliberately wrong) solutions."""
    return SOLUTIONS


@pytest.fixture
def drill(capsys: pytest.CaptureFixture[str]) -> Run:
    """``drill(*argv)`` → (exit code, stdout, stderr), argparse's own exits included."""

    def run(*argv: str) -> tuple[int, str, str]:
        try:
            code = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
        out, err = capsys.readouterr()
        return code, out, err

    return run
