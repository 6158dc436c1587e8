"""Fixtures for the pack tests: the demo pack and the test solvers it names."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit import SAMPLES, load_sample_solvers

load_sample_solvers()


@pytest.fixture
def demo_path() -> Path:
    return SAMPLES / "demo.yaml"


@pytest.fixture
def demo_text(demo_path: Path) -> str:
    return demo_path.read_text(encoding="utf-8")
