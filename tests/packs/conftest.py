"""Fixtures for the pack tests: the demo pack and the test solvers it names."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SAMPLES = Path(__file__).resolve().parent / "samples"


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


@pytest.fixture
def demo_path() -> Path:
    return SAMPLES / "demo.yaml"


@pytest.fixture
def demo_text(demo_path: Path) -> str:
    return demo_path.read_text(encoding="utf-8")
