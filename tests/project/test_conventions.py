"""What the packaging promises: an MIT LICENSE and the SPDX string that names it, bounded
build and lint tools, and the time-zone data Windows lacks."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _requirement(requirements: list[str], name: str) -> str:
    (found,) = [r for r in requirements if re.match(rf"{re.escape(name)}\b(?![-\w])", r)]
    return found


def test_the_license_file_is_mit_and_pyproject_names_it_as_spdx() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    assert PYPROJECT["project"]["license"] == "MIT"  # the string, not the old table
    assert metadata("inference-drill")["License-Expression"] == "MIT"  # as installed


def test_setuptools_has_a_floor_and_a_ceiling() -> None:
    requirement = _requirement(PYPROJECT["build-system"]["requires"], "setuptools")
    assert ">=77" in requirement and "<" in requirement.replace("<=", "")


def test_windows_gets_tzdata_and_nothing_else_does() -> None:
    requirement = _requirement(PYPROJECT["project"]["dependencies"], "tzdata")
    assert requirement.replace(" ", "") == "tzdata;sys_platform=='win32'"


def test_linters_are_pinned_to_a_minor_release_and_the_test_runner_below_10() -> None:
    tests = PYPROJECT["project"]["optional-dependencies"]["test"]
    for tool in ("ruff", "mypy"):
        pinned = re.fullmatch(rf"{tool}>=(\d+)\.(\d+),<(\d+\.\d+)", _requirement(tests, tool))
        assert pinned, _requirement(tests, tool)
        major, minor, ceiling = int(pinned[1]), int(pinned[2]), pinned[3]
        assert ceiling == f"{major}.{minor + 1}"
    assert "<10" in _requirement(tests, "pytest")
