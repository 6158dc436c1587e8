"""Fixtures for the app's tests: a fixed clock, a frozen timer, a fresh data folder, and
the app tests' own pack (``packs/app-demo.yaml``) with its solvers."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from drill.app.drill_app import DrillApp
from drill.app.options import AppOptions
from drill.scheduling.clock import FixedClock

HERE = Path(__file__).resolve().parent
PACKS = HERE / "packs"
#: Monday 30 November 2026, 09:00 UTC: every test's "now".
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def _load_app_solvers() -> None:
    if "app_test_solvers" in sys.modules:
        return
    spec = importlib.util.spec_from_file_location("app_test_solvers", HERE / "app_solvers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["app_test_solvers"] = module
    spec.loader.exec_module(module)


_load_app_solvers()

MakeApp = Callable[..., DrillApp]


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(NOW)


@pytest.fixture
def pack_dir() -> Path:
    """The folder of the app tests' pack."""
    return PACKS


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def make_app(data_dir: Path, clock: FixedClock) -> MakeApp:
    """A DrillApp on the test pack alone, with a frozen timer and cards solved on demand."""

    def make(**changes: object) -> DrillApp:
        options = AppOptions(
            data_dir=data_dir,
            pack_dirs=(PACKS,),
            timer_clock=lambda: 0.0,
            clock=clock,
            prepare_in_background=False,
            builtin_packs=False,
        )
        return DrillApp(dataclasses.replace(options, **changes))  # type: ignore[arg-type]

    return make
