"""``drill optimize`` and the Stats screen's Optimize: fit FSRS to the review history of a
data folder, keep the fit in ``settings.toml``, or go back to FSRS's defaults.

The fitting itself is :mod:`drill.scheduling.fitting`; this module reads the folder's
review log and settings, and writes the one settings key (``fsrs_parameters``, with a
comment saying when and from how many reviews), so the CLI and the app do the same.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from drill.config.location import database_path
from drill.config.settings import Settings, load_settings, save_fsrs_parameters
from drill.scheduling.clock import local_zone
from drill.scheduling.days import StudyDays
from drill.scheduling.fitting import Fit, TooFewReviews, card_histories, fit
from drill.scheduling.memory import MemoryModel
from drill.storage import review_log
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


def save_fit(folder: Path, result: Fit, today: date) -> None:
    """Keep the fitted parameters in settings.toml; raises ``SettingsError``."""
    note = f"fitted by drill optimize on {today.isoformat()} to {result.reviews} reviews"
    save_fsrs_parameters(folder, result.parameters, note)


def reset_parameters(folder: Path) -> None:
    """Back to FSRS's default parameters (``fsrs_parameters = []``)."""
    save_fsrs_parameters(folder, (), "FSRS's defaults (drill optimize --reset)")


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
