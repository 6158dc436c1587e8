"""``drill optimize`` and the Stats screen's Optimize: fit FSRS to the review history of a
data folder, keep the fit in ``settings.toml``, or go back to FSRS's defaults.

The fitting itself is :mod:`drill.scheduling.fitting`; this module reads the folder's
review log and settings, and writes the one settings key (``fsrs_parameters``, with a
comment saying when and from how many reviews), then works out every studied card's
memory state again with the parameters now in use, as Anki does, so the CLI and the app
do the same.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from drill.config.location import database_path
from drill.config.settings import Settings, load_settings, save_fsrs_parameters
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
from drill.storage.database import open_database


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


def save_fit(folder: Path, result: Fit, today: date) -> int:
    """Recompute every studied card's memory state with the fitted parameters
    (:func:`recompute_memory_states`), then keep them in settings.toml; the cards
    recomputed. Raises ``SettingsError`` or ``StorageError``.

    The database first: a lock held by another program then leaves everything as it
    was, and the one-line settings write after it rarely fails."""
    load_settings(folder, write_default=False)  # a broken file stops it before any change
    recomputed = recompute_memory_states(folder, result.parameters)
    note = f"fitted by drill optimize on {today.isoformat()} to {result.reviews} reviews"
    save_fsrs_parameters(folder, result.parameters, note)
    return recomputed


def reset_parameters(folder: Path) -> int:
    """Back to FSRS's default parameters (``fsrs_parameters = []``), the cards' memory
    states recomputed with them (the database first, as :func:`save_fit`); the cards
    recomputed."""
    load_settings(folder, write_default=False)
    recomputed = recompute_memory_states(folder, current_parameters(Settings()))
    save_fsrs_parameters(folder, (), "FSRS's defaults (drill optimize --reset)")
    return recomputed


def recompute_memory_states(folder: Path, parameters: Sequence[float]) -> int:
    """Each studied card's stability and difficulty worked out again from its history
    with ``parameters``, as Anki does when its parameters change (its due date stays);
    one write transaction. Cards without a whole history keep theirs. Returns how many
    cards changed; raises ``StorageError``."""
    path = database_path(folder)
    if not path.exists():
        return 0
    settings = load_settings(folder, write_default=False)
    days = StudyDays(settings.zone() or local_zone(), settings.day_start_hour)

    def work(conn: sqlite3.Connection) -> int:
        histories = histories_by_card(review_log.scheduled_ratings(conn), days)
        changed = 0
        for card_id, (stability, difficulty) in memory_states(histories, parameters).items():
            state = card_table.load(conn, card_id)
            if state is None or state.phase is Phase.NEW:
                continue
            card_table.save(conn, state.with_changes(stability=stability,
                                                     difficulty=difficulty))
            changed += 1
        return changed

    with open_database(path) as database:
        return database.write(work)


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
