"""``drill optimize`` and the Stats screen's Optimize: fit FSRS to the review history of a
data folder, keep the fit in ``settings.toml``, or go back to FSRS's defaults.

The fitting itself is :mod:`drill.scheduling.fitting`; this module reads the folder's
review log and settings, works out every studied card's memory state again with the new
parameters, as Anki does, and writes the one settings key (``fsrs_parameters``, with a
comment saying when and from how many reviews), so the CLI and the app do the same. The
database records which parameters its states were worked out with, so settings and
states that disagree (a kill half-way) are put right at the next start
(:func:`follow_settings`), and a running app picks up new parameters at its next rating.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path

from drill.config.location import database_path
from drill.config.settings import Settings, load_settings, prepare_fsrs_parameters
from drill.scheduling.clock import local_zone
from drill.scheduling.days import StudyDays
from drill.scheduling.fitting import (
    Fit,
    TooFewReviews,
    card_histories,
    fit,
    histories_by_card,
    memory_states,
)
from drill.scheduling.memory import MemoryModel
from drill.scheduling.state import Phase
from drill.storage import card_table, review_log
from drill.storage.database import Database, open_database


def current_parameters(settings: Settings) -> tuple[float, ...]:
    """The FSRS parameters scheduling uses with these settings (FSRS's defaults when
    ``fsrs_parameters`` is empty)."""
    return MemoryModel(parameters=settings.fsrs_parameters).parameters


def fit_history(folder: Path) -> Fit:
    """FSRS fitted to the folder's review history, scored beside the parameters in use.

    Nothing is written. Raises :class:`TooFewReviews` (no database counts as no reviews),
    ``SettingsError`` or ``StorageError``; each message is one line.
    """
    settings = load_settings(folder, write_default=False)
    path = database_path(folder)
    if not path.exists():  # reading must not create one, in a folder that may be a typo
        raise TooFewReviews(0)
    with open_database(path) as database:
        ratings = database.read(review_log.scheduled_ratings)
    days = StudyDays(settings.zone() or local_zone(), settings.day_start_hour)
    return fit(card_histories(ratings, days), current_parameters(settings))


def save_fit(folder: Path, result: Fit, today: date,
             step: Callable[[str], None] = lambda name: None) -> int:
    """Keep the fitted parameters (:func:`apply_parameters`); the cards recomputed."""
    note = f"fitted by drill optimize on {today.isoformat()} to {result.reviews} reviews"
    return apply_parameters(folder, result.parameters, note, step)


def reset_parameters(folder: Path, step: Callable[[str], None] = lambda name: None) -> int:
    """Back to FSRS's default parameters (``fsrs_parameters = []``), the cards' memory
    states recomputed with them (as :func:`apply_parameters`); the cards recomputed."""
    return apply_parameters(folder, (), "FSRS's defaults (drill optimize --reset)", step)


def apply_parameters(folder: Path, parameters: Sequence[float], note: str,
                     step: Callable[[str], None] = lambda name: None) -> int:
    """Make ``parameters`` (empty: FSRS's defaults) the ones in use: kept in
    settings.toml, and every studied card's memory state worked out again with them
    (:func:`recompute_memory_states`); the cards recomputed. Raises ``SettingsError`` or
    ``StorageError``; ``step`` is called with each step's name as it ends.

    1. ``settings``: the new settings file is written and synced beside the old one, so a
       folder or disk that cannot take it stops everything before any change;
    2. ``states``: the states, and which parameters they were worked out with
       (:func:`parameters_tag`), in one transaction;
    3. ``applied``: the new settings file put in place in one step.

    Stopped between 2 and 3, the database names other parameters than settings.toml:
    the next :func:`follow_settings` works the states out again with the file's.
    """
    written = tuple(round(float(p), 4) for p in parameters)  # as settings.toml keeps them
    pending = prepare_fsrs_parameters(folder, written, note)
    try:
        step("settings")
        recomputed = recompute_memory_states(folder, written)
        step("states")
        pending.apply()
    finally:
        pending.discard()
    step("applied")
    return recomputed


def parameters_tag(parameters: Sequence[float]) -> int:
    """A number from 1 to 2³¹−1 naming ``parameters`` as settings.toml holds them (empty
    for FSRS's defaults); the database keeps the one its memory states were worked out
    with."""
    text = json.dumps([float(p) for p in parameters])
    return zlib.crc32(text.encode()) & 0x7FFF_FFFF or 1


def recompute_memory_states(folder: Path, parameters: Sequence[float]) -> int:
    """Each studied card's stability and difficulty worked out again from its history
    with ``parameters`` (as settings.toml holds them; empty for FSRS's defaults), as Anki
    does when its parameters change (its due date stays); one write transaction, which
    also records which parameters they are. Cards without a whole history keep theirs.
    Returns how many cards changed; raises ``StorageError``."""
    path = database_path(folder)
    if not path.exists():
        return 0
    settings = load_settings(folder, write_default=False)
    days = StudyDays(settings.zone() or local_zone(), settings.day_start_hour)
    with open_database(path) as database:
        return database.write(lambda conn: _recompute(conn, parameters, days))


def follow_settings(database: Database, settings: Settings) -> int:
    """Work the memory states out again when the database says they were worked out with
    other parameters than ``settings`` names (an optimize stopped half-way, or
    settings.toml edited by hand); the cards recomputed. A database that never recorded
    its parameters, or one this user cannot write, is left as it is. Raises
    ``StorageError``."""
    wanted = parameters_tag(settings.fsrs_parameters)
    if database.read_only or database.read(card_table.parameters_tag) in (0, wanted):
        return 0
    days = StudyDays(settings.zone() or local_zone(), settings.day_start_hour)

    def work(conn: sqlite3.Connection) -> int:
        if card_table.parameters_tag(conn) in (0, wanted):
            return 0  # another drill did it meanwhile
        return _recompute(conn, settings.fsrs_parameters, days)

    return database.write(work)


def _recompute(conn: sqlite3.Connection, parameters: Sequence[float], days: StudyDays) -> int:
    in_use = current_parameters(Settings(fsrs_parameters=tuple(parameters)))
    histories = histories_by_card(review_log.scheduled_ratings(conn), days)
    changed = 0
    for card_id, (stability, difficulty) in memory_states(histories, in_use).items():
        state = card_table.load(conn, card_id)
        if state is None or state.phase is Phase.NEW:
            continue
        card_table.save(conn, state.with_changes(stability=stability, difficulty=difficulty))
        changed += 1
    card_table.set_parameters_tag(conn, parameters_tag(parameters))
    return changed


def fit_lines(result: Fit, *, defaults_in_use: bool) -> list[str]:
    """The fit as Anki shows it: both scores before and after, then the parameters."""
    now = "the defaults" if defaults_in_use else "your saved parameters"
    lines = [
        f"Fitted to {result.reviews} reviews of {result.cards} cards.",
        f"            {'log loss':>9}  {'RMSE (bins)':>11}",
        f"  before    {result.before.log_loss:>9.4f}  {result.before.rmse_bins:>11.2%}"
        f"   ({now})",
        f"  after     {result.after.log_loss:>9.4f}  {result.after.rmse_bins:>11.2%}",
        "Parameters: " + ", ".join(f"{p:.4f}" for p in result.parameters),
    ]
    return lines
