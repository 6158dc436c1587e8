"""Fixtures for the checker tests: the sample pack and its solvers."""

from __future__ import annotations

import pytest

from testkit import SAMPLES, load_sample_solvers

load_sample_solvers()


@pytest.fixture
def demo_text() -> str:
    return (SAMPLES / "demo.yaml").read_text(encoding="utf-8")
