"""Fixtures for the labs tests: solution files, the CLI run in-process, and the app's own
fixtures (``make_app``: the app tests' pack, a fixed clock, a fresh data folder) for the
lab screens' snapshots."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from drill.cli import main


def _app_fixtures() -> object:
    """tests/app/conftest.py, loaded once under its own name (importlib mode has no
    packages to import it by)."""
    name = "drill_app_test_fixtures"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "app" / "conftest.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


_app = _app_fixtures()
clock = _app.clock  # type: ignore[attr-defined]
data_dir = _app.data_dir  # type: ignore[attr-defined]
make_app = _app.make_app  # type: ignore[attr-defined]

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
