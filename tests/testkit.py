"""What the tests share besides fixtures: the types of the shared fixtures, loading the
tests' own solver files, evaluating a solver, installing drill, and running drill in a
fresh process.

The fixtures themselves are in ``tests/conftest.py``. Test modules import this one by name
(``from testkit import RunCli``): pytest's ``pythonpath`` setting puts ``tests/`` on the
path, because in importlib mode a conftest cannot be imported.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol
from zoneinfo import ZoneInfo

import fsrs

from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity

if TYPE_CHECKING:
    from datetime import datetime

    from textual.app import App
    from textual.pilot import Pilot
    from textual.screen import Screen

    from drill.app.drill_app import DrillApp
    from drill.explaining.explain import Explanation
    from drill.packs.library import Library
    from drill.scheduling.days import StudyDays
    from drill.scheduling.state import CardState

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
#: The pack and checker tests' own pack and solvers (names no built-in pack uses).
SAMPLES = TESTS / "packs" / "samples"
#: The app tests' own pack folder; its solvers are in ``tests/app/app_solvers.py``.
APP_PACKS = TESTS / "app" / "packs"
#: The width every CLI run sees, so wrapped output is the same in a terminal, a pipe and
#: a pytest-xdist worker (100 is the widest ``drill show`` wraps to).
CLI_COLUMNS = 100


class CliRun(NamedTuple):
    """What one in-process ``drill`` run gave: unpacks as ``code, out, err``."""

    code: int
    out: str
    err: str


class RunCli(Protocol):
    """The ``run_cli`` fixture: ``run_cli("check", "pack.yaml")`` runs ``drill check``."""

    def __call__(self, *argv: str) -> CliRun: ...


#: The ``make_app`` fixture: a DrillApp on the app tests' pack, options changed by keyword.
MakeApp = Callable[..., "DrillApp"]

#: The ``evaluate`` fixture: every result of a solver (or of a card's formulas) for givens
#: typed as text.
Evaluate = Callable[..., dict[str, Quantity]]


def load_module(path: Path, name: str) -> ModuleType:
    """Run a Python file once, as module ``name``; a second call returns the module
    already loaded. (A solver file's ``@solver``s register themselves when it runs, and
    registering a name twice is an error.)"""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_sample_solvers() -> ModuleType:
    """The solvers the sample packs (``tests/packs/samples``) name."""
    return load_module(SAMPLES / "sample_solvers.py", "drill_sample_solvers")


def load_app_solvers() -> ModuleType:
    """The solvers the app tests' pack (``tests/app/packs``) names."""
    return load_module(TESTS / "app" / "app_solvers.py", "app_test_solvers")


def evaluate_solver(name: str | None, givens: Mapping[str, str],
                    formulas: Mapping[str, str] | None = None) -> dict[str, Quantity]:
    """Every result of built-in solver ``name`` (or, when ``name`` is None, of
    ``formulas``, for a card written with them) for givens typed as text (``"16 GB"``)."""
    if name is None:
        return _evaluate_formulas(givens, formulas or {})
    # sympy loads here, not when a test module is collected.
    from drill.solving.registry import REGISTRY, load_builtin_solvers
    from drill.symbolic.unit_system import to_quantity

    load_builtin_solvers()
    solver = REGISTRY[name]
    symbols = solver.symbols
    values = {symbols[given]: read(text).value for given, text in givens.items()}
    return {result: to_quantity(expr, values) for result, expr in solver.formulas().items()}


def builtin_results(key: str) -> dict[str, Quantity]:
    """Every value the built-in card ``key`` works out as drill solves it, a mistake's
    value written as a formula included (under its text)."""
    from drill.packs.library import load_library
    from drill.solving.solve import solve

    (card,) = [card for card in load_library().cards if card.key == key]
    return {name: result.value for name, result in solve(card).results.items()}


def _evaluate_formulas(givens: Mapping[str, str],
                       formulas: Mapping[str, str]) -> dict[str, Quantity]:
    """A card's formulas solved as drill solves them, for its givens (which may themselves
    be formulas of other givens)."""
    from drill.packs.model import Card
    from drill.solving.solve import solve

    card = Card(pack="content", id="card", title="", priority="solid", scenario="",
                givens={name: str(text) for name, text in givens.items()},
                formulas=dict(formulas))
    return {name: result.value for name, result in solve(card).results.items()}


def install_plainly(folder: Path) -> Path:
    """Install this checkout the way a user's ``pip install`` would (not editable), from a
    copy holding only what a release holds, into ``folder / "site"``; return that folder."""
    source = folder / "src"
    source.mkdir()
    for name in ("drill", "solvers", "packs"):
        shutil.copytree(ROOT / name, source / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    site = folder / "site"
    said = ""
    for command in _plain_install_commands(site, source):
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode == 0:
            return site
        said += f"$ {' '.join(command)}\n{run.stdout}{run.stderr}"
        shutil.rmtree(site, ignore_errors=True)  # what a failed try left, before the next
    raise RuntimeError(f"drill could not be installed from {source}:\n{said}")


def _plain_install_commands(site: Path, source: Path) -> list[list[str]]:
    """The ways to install ``source`` into ``site``, in the order they are tried: uv's,
    when uv is on the PATH (it takes a fraction of pip's time), then pip's. Both build
    the wheel with setuptools, as a user's install does, and byte-compile it."""
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--no-deps", "--target", str(site), str(source)]
    uv = shutil.which("uv")
    if uv is None:
        return [pip]
    return [[uv, "pip", "install", "--quiet", "--no-deps", "--compile-bytecode",
             "--python", sys.executable, "--target", str(site), str(source)], pip]


def run_drill(args: Sequence[str], cwd: Path | None = None,
              env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m drill ARGS`` in a fresh interpreter, from the checkout, for what only a
    real process shows (start-up, exit codes on signals, nothing left in memory)."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": str(CLI_COLUMNS),
               **(env or {})}
    return subprocess.run([sys.executable, "-m", "drill", *args], cwd=cwd or ROOT,
                          capture_output=True, text=True, env=environ, timeout=120)


#: FSRS's default parameters (those of the fsrs package drill schedules with).
FSRS_DEFAULTS: tuple[float, ...] = tuple(fsrs.Scheduler().parameters)
#: The generated learner forgets sooner: initial stabilities about a third of the
#: defaults', and each successful review makes memories less stable than FSRS expects.
LEARNER = (0.1, 0.4, 0.9, 3.0, *FSRS_DEFAULTS[4:8], 1.0, *FSRS_DEFAULTS[9:])


def _learner_recall(state: CardState, now: datetime, days: StudyDays) -> float:
    """The learner's chance of recalling a card in review (FSRS-6's forgetting curve)."""
    decay = -LEARNER[20]
    assert state.last_review is not None and state.stability is not None
    elapsed = (days.day_of(now) - days.day_of(state.last_review)).days
    factor = 0.9 ** (1 / decay) - 1
    return float((1 + factor * elapsed / state.stability) ** decay)


def study_generated_history(folder: Path, cards: int, days: int, seed: int = 1) -> None:
    """A review database in ``folder`` from ``days`` of study through the review service:
    each day, at a different hour, every card the queue offers, rated as
    :data:`LEARNER` would recall it (in learning, right 85% of the time)."""
    import random
    from datetime import UTC, datetime, timedelta

    from drill.config.settings import Settings
    from drill.packs.model import Card
    from drill.review.session import ReviewSession
    from drill.scheduling.clock import FixedClock
    from drill.scheduling.memory import MemoryModel
    from drill.scheduling.ratings import Rating
    from drill.scheduling.state import CardState, Phase
    from drill.storage.database import open_database

    chooser = random.Random(seed)
    deck = [Card(pack="gen", id=f"c{i}", title="t", priority="solid", scenario="s", order=i)
            for i in range(cards)]
    zone = ZoneInfo("America/New_York")
    clock = FixedClock(datetime(2025, 1, 6, 8, tzinfo=zone), zone)
    first = clock.instant
    folder.mkdir(parents=True, exist_ok=True)
    session = ReviewSession(deck, open_database(folder / "drill.sqlite3"),
                            Settings(new_cards_per_day=6), clock, fuzz=False)
    learner = MemoryModel(fuzz=False, days=session.days, parameters=LEARNER)
    memory: dict[str, CardState] = {}
    with session:
        for day in range(days):
            clock.set(first + timedelta(days=day, hours=chooser.uniform(0, 13)))
            while (entry := session.next_card()) is not None:
                key = entry.card.key
                state = memory.get(key, CardState.new(1, key))
                chance = (_learner_recall(state, clock.instant, session.days)
                          if state.phase is Phase.REVIEW else 0.85)
                rating = (chooser.choices([Rating.HARD, Rating.GOOD, Rating.EASY], [1, 8, 1])[0]
                          if chooser.random() < chance else Rating.AGAIN)
                session.rate(key, rating, 20_000)
                memory[key] = learner.review(state, rating, clock.instant.astimezone(UTC), 0).after
                clock.advance(timedelta(seconds=chooser.randint(20, 120)))


def hold_cursors_still(app: App[Any]) -> None:
    """Stop every text field on the app's screen blinking, its cursor left shown.

    A snapshot taken half a second after the last key would catch a focused field's
    cursor mid-blink, and a loaded machine makes that half second; a cursor that does not
    blink draws the same every time."""
    from textual.widgets import Input, TextArea

    for field in app.screen.query(Input):
        field.cursor_blink = False
    for area in app.screen.query(TextArea):
        area.cursor_blink = False


def notices(app: App[Any]) -> list[str]:
    """The notifications on screen, each as its text: Textual shows each in a ``Toast``,
    found here by its type name (a CSS selector, Textual's public query API)."""
    return [str(toast.render()) for toast in app.screen.query("Toast")]


async def until_screen(app: App[Any], pilot: Pilot[Any], kind: type[Screen[Any]]) -> None:
    """Let the app handle what is queued until a ``kind`` screen is on top: a key that
    pushes a screen is answered once the app has worked through its messages, later on a
    loaded machine."""
    for _ in range(50):
        if isinstance(app.screen, kind):
            return
        await pilot.pause()
    raise AssertionError(f"no {kind.__name__} came up; {type(app.screen).__name__} is on top")


async def until_open(app: DrillApp, pilot: Pilot[int]) -> None:
    """Wait for the app's worker that opens the review data (it starts after the first
    frame) and for the message it posts."""
    for _ in range(20):
        if app.ready:
            return
        await pilot.pause()
        for worker in [w for w in app.workers if w.group == "open"]:
            await worker.wait()
    raise AssertionError("the review data was never opened")


async def workers_done(app: App[Any]) -> None:
    """Wait until no worker of the app is left working: one cancelled meanwhile (a newer
    request of its group replaced it) counts as done."""
    import asyncio

    while pending := [w for w in app.workers if not w.is_finished]:
        await asyncio.gather(*(w.wait() for w in pending), return_exceptions=True)


def wal_left_by_a_crash(path: Path, statements: str) -> Path:
    """Run ``statements`` on the SQLite file ``path`` in WAL mode in a child that is then
    killed, so its -wal file stays behind un-checkpointed; returns that -wal file."""
    script = (
        "import sqlite3, os, signal, sys\n"
        "conn = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "conn.execute('PRAGMA journal_mode = WAL')\n"
        "conn.execute('PRAGMA wal_autocheckpoint = 0')\n"
        "conn.executescript(sys.argv[2])\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    subprocess.run([sys.executable, "-c", script, str(path), statements], check=False)
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 0
    return wal


def said(library: Library, key: str, text: str) -> Explanation:
    """``text`` checked as a spoken answer to the card ``key`` of ``library``."""
    from drill.explaining.explain import explain, worked_card

    card, solution = worked_card(library.find(key))
    return explain(card, solution, text)


def verdicts(result: Explanation) -> dict[str, tuple[str, str | None]]:
    """Each figure of an explanation, as said, with its verdict and the quantity named."""
    return {f.text: (f.verdict, f.name) for f in result.figures}


def wrong_figures(result: Explanation) -> list[str]:
    """The figures of an explanation judged wrong, as said."""
    from drill.explaining.explain import WRONG

    return [f.text for f in result.figures if f.verdict == WRONG]
