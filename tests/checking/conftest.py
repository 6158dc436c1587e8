"""Fixtures for the checker tests: the test solvers, the demo pack, running the CLI."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from drill.cli import main

SAMPLES = Path(__file__).resolve().parents[1] / "packs" / "samples"
MALFORMED = Path(__file__).resolve().parent / "malformed"


def load_sample_solvers() -> None:
    """Register the test solvers once per session (registering twice is an error)."""
    name = "drill_sample_solvers"
    if name in sys.modules:
        return
    spec = importlib.util.spec_from_file_location(name, SAMPLES / "sample_solvers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


load_sample_solvers()

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Run:
    """Run ``drill ARGS`` in this process; return (exit code, stdout, stderr)."""

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run


@pytest.fixture
def demo_text() -> str:
    return (SAMPLES / "demo.yaml").read_text(encoding="utf-8")
