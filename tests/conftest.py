"""Fixtures every area of the suite shares: drill's CLI run in this process, a data folder
of the test's own, the app on the app tests' pack, built-in solvers evaluated, and drill
installed as a user installs it.

Every test gets a fresh ``$DRILL_HOME``, so no test reads or writes the user's own data
folder and tests running side by side (pytest-xdist) never share one; the cache of solved
cards (``$XDG_CACHE_HOME``) is one per worker.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from drill.scheduling.clock import FixedClock
from testkit import (
    APP_PACKS,
    CLI_COLUMNS,
    CliRun,
    Evaluate,
    MakeApp,
    RunCli,
    evaluate_solver,
    install_plainly,
    load_app_solvers,
)

if TYPE_CHECKING:
    from drill.app.drill_app import DrillApp

#: Monday 30 November 2026, 09:00 UTC: the app tests' "now".
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

_homes = itertools.count()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """How many workers ``-n auto`` starts: two per core, because most of an app test's
    time is spent waiting, not computing (Textual's pilot waits at least 40 ms for the
    app to go idle after every key), so one worker per core leaves the cores half idle.
    An explicit ``-n N`` still wins."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 2 * (cores or 1)


#: Fixtures that start a Textual app: a test using one is slow whether or not it says so.
_APP_FIXTURES = frozenset({"make_app", "snap_compare"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that starts a Textual app is slow whether or not it says so, so
    ``-m 'not slow'`` leaves it out too."""
    for item in items:
        if _APP_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _own_drill_home(tmp_path_factory: pytest.TempPathFactory,
                    monkeypatch: pytest.MonkeyPatch) -> None:
    # Not created: drill makes its data folder when it first writes, and a test that
    # never writes costs no file system work. The base folder is per xdist worker.
    base = tmp_path_factory.getbasetemp()
    monkeypatch.setenv("DRILL_HOME", str(base / "drill-homes" / str(next(_homes))))
    # The solved-card cache too, but one per worker: warm after the first solve, and
    # never the user's own or another run's (tests of the cache name their own folder).
    monkeypatch.setenv("XDG_CACHE_HOME", str(base / "cache"))
    # The user's editor is never started by a test (e on a card): tests name their own.
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder of this test's own (``tmp_path / "data"``), also
    ``$DRILL_HOME``, so ``run_cli`` and a subprocess use it without ``--data``."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("DRILL_HOME", str(folder))
    return folder


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> RunCli:
    """``run_cli(*argv)`` runs ``drill ARGV`` in this process and returns (exit code,
    stdout, stderr); argparse's own exits (usage errors, ``--help``) are returned too."""
    from drill.cli import main

    monkeypatch.setenv("COLUMNS", str(CLI_COLUMNS))

    def run(*argv: str) -> CliRun:
        try:
            code = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
        out, err = capsys.readouterr()
        return CliRun(code, out, err)

    return run


@pytest.fixture
def forget_user_solvers() -> Iterator[None]:
    """Solvers registered by a test's user modules (``--solvers`` run in this process)
    leave the registry afterwards, so the next test sees only the built-in ones."""
    from drill.solving.registry import REGISTRY, load_builtin_solvers

    load_builtin_solvers()
    before = set(REGISTRY)
    yield
    for name in set(REGISTRY) - before:
        del REGISTRY[name]


@pytest.fixture(scope="session")
def plain_install(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """drill installed once per session as a user installs it (not editable): the
    ``site`` folder to put on ``PYTHONPATH``. Tests using it share an xdist group, so
    ``--dist loadgroup`` (the suite's default, in pyproject.toml) installs it once."""
    return install_plainly(tmp_path_factory.mktemp("plain-install"))


@pytest.fixture(scope="session")
def evaluate() -> Evaluate:
    """``evaluate(solver, givens, formulas=None)``: every result of a built-in solver, or
    of a card's formulas when ``solver`` is None, as quantities."""
    return evaluate_solver


@pytest.fixture
def clock() -> FixedClock:
    """The app tests' clock, stopped at ``NOW`` (the scheduling tests have their own)."""
    return FixedClock(NOW)


@pytest.fixture
def pack_dir() -> Path:
    """The folder of the app tests' pack, with its solvers registered."""
    load_app_solvers()
    return APP_PACKS


@pytest.fixture
def make_app(data_dir: Path, clock: FixedClock, pack_dir: Path) -> MakeApp:
    """A DrillApp on the app tests' pack alone, with a frozen timer and cards solved on
    demand; keyword arguments replace fields of its ``AppOptions``."""
    from drill.app.drill_app import DrillApp
    from drill.app.options import AppOptions

    def make(**changes: Any) -> DrillApp:
        options = AppOptions(
            data_dir=data_dir,
            pack_dirs=(pack_dir,),
            timer_clock=lambda: 0.0,
            clock=clock,
            prepare_in_background=False,
            builtin_packs=False,
        )
        return DrillApp(dataclasses.replace(options, **changes))

    return make
