"""Fixtures for the labs tests: the reference (and deliberately wrong) solutions. The CLI
runner and the app (``make_app``, for the lab screens' snapshots) are in tests/conftest.py."""

from __future__ import annotations

from pathlib import Path

import pytest

SOLUTIONS = Path(__file__).resolve().parent / "solutions"


@pytest.fixture
def solutions() -> Path:
    """The folder of reference (and deliberately wrong) solutions."""
    return SOLUTIONS
