"""``drill optimize`` keeps its parameters in one step: stopped at any point, settings.toml
and the cards' memory states agree once drill starts again; a folder that cannot take the
settings file stops it before any change; a running session rates with new parameters
from its next rating."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from drill.config.settings import SettingsError, load_settings
from drill.packs.model import Card
from drill.review.optimizing import apply_parameters, recompute_memory_states
from drill.review.session import ReviewSession
from drill.scheduling.ratings import Rating
from drill.storage import card_table
from drill.storage.database import open_database
from testkit import LEARNER, study_generated_history

ROUNDED = tuple(round(p, 4) for p in LEARNER)
CARDS = [Card(pack="gen", id=f"c{i}", title="t", priority="solid", scenario="s", order=i)
         for i in range(8)]

CHILD = """
import os, signal, sys
from pathlib import Path
from drill.review.optimizing import apply_parameters

def step(name):
    if name == sys.argv[2]:
        os.kill(os.getpid(), signal.SIGKILL)

apply_parameters(Path(sys.argv[1]), [float(p) for p in sys.argv[3:]], "a test", step)
"""


@pytest.fixture(scope="module")
def studied(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("studied")
    study_generated_history(folder, cards=len(CARDS), days=20)
    return folder


@pytest.fixture
def folder(studied: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "data"
    copy.mkdir()
    (copy / "drill.sqlite3").write_bytes((studied / "drill.sqlite3").read_bytes())
    return copy


def states(folder: Path) -> list[tuple[float | None, float | None]]:
    with open_database(folder / "drill.sqlite3") as database:
        return [(s.stability, s.difficulty) for s in database.read(card_table.load_all)]


def agree(folder: Path) -> bool:
    """The states are those settings.toml's parameters work out: doing it again changes
    none."""
    before = states(folder)
    recompute_memory_states(folder, load_settings(folder, write_default=False).fsrs_parameters)
    return states(folder) == before


@pytest.mark.parametrize("stop", ["settings", "states", "applied"])
def test_killed_at_any_step_settings_and_states_agree_at_the_next_start(
        folder: Path, stop: str) -> None:
    load_settings(folder)  # the defaults written, as on a first start
    original = states(folder)
    killed = subprocess.run([sys.executable, "-c", CHILD, str(folder), stop,
                             *map(str, LEARNER)], capture_output=True, text=True, check=False)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    kept = load_settings(folder, write_default=False).fsrs_parameters
    assert kept == (ROUNDED if stop == "applied" else ())
    ReviewSession.open(CARDS, folder).close()  # the next start
    if stop == "settings":  # nothing had changed yet
        assert states(folder) == original
    else:
        assert agree(folder)
    assert sorted(p.name for p in folder.iterdir()) == ["drill.sqlite3", "settings.toml"]


def test_a_folder_that_cannot_take_the_settings_file_changes_nothing(folder: Path) -> None:
    load_settings(folder)
    database = folder / "drill.sqlite3"
    before = hashlib.sha256(database.read_bytes()).hexdigest()
    # Where the new settings file would be written first: a folder in the way.
    (folder / f".settings.toml.{os.getpid()}.tmp").mkdir()
    with pytest.raises(SettingsError, match="cannot write"):
        apply_parameters(folder, LEARNER, "a test")
    assert hashlib.sha256(database.read_bytes()).hexdigest() == before
    assert load_settings(folder, write_default=False).fsrs_parameters == ()


def test_a_running_session_rates_with_parameters_kept_meanwhile(folder: Path) -> None:
    with ReviewSession.open(CARDS, folder) as session:
        assert session.settings.fsrs_parameters == ()
        apply_parameters(folder, LEARNER, "kept by another drill")
        key = CARDS[0].key
        rated = session.rate(key, 3, 10_000)
        assert session.settings.fsrs_parameters == ROUNDED
        assert tuple(session.model.parameters) == ROUNDED
        # The new state is what the kept parameters work out from the card's state before.
        expected = session.model.review(rated.before, Rating.GOOD, session.now(), 10_000).after
        assert (rated.after.stability, rated.after.difficulty) == (
            expected.stability, expected.difficulty)
