"""``drill optimize``: FSRS's parameters fitted to your own reviews, as Anki's Optimize.

Prints the log loss and RMSE of the parameters in use and of the fitted ones, on the same
history, and the fitted parameters; saves them in settings.toml when they predict the
history better, and works every studied card's memory state out again with them, as
Anki does. ``--reset`` goes back to FSRS's defaults (and their memory states). Exit 1
when there are too few reviews to fit (the message says how many there are and how many
it takes).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "optimize",
        parents=[common],
        help="fit FSRS's parameters to your own review history (and keep them)",
        description="Fit FSRS's 21 parameters to your review history with Anki's own FSRS "
        "engine, show how well the current and the fitted parameters predict it (log "
        "loss and RMSE, lower is better), and keep the fitted ones in settings.toml "
        "(fsrs_parameters) when they do better. It needs enough reviews: ratings a study "
        "day or more after the card's previous one, 64 of them. Exit 1 with too few.",
    )
    parser.add_argument("--reset", action="store_true",
                        help="go back to FSRS's default parameters")
    parser.add_argument("--dry-run", action="store_true",
                        help="fit and show, but keep the parameters in use")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.config.location import data_dir
    from drill.config.settings import SettingsError, load_settings
    from drill.review.optimizing import fit_history, fit_lines, reset_parameters, save_fit
    from drill.scheduling.fitting import TooFewReviews
    from drill.storage.errors import StorageError

    folder = data_dir(args.data)
    try:
        if args.reset:
            recomputed = reset_parameters(folder)
            print("drill optimize: back to FSRS's default parameters "
                  f"({folder / 'settings.toml'}: fsrs_parameters = []); "
                  f"{_cards(recomputed)} recomputed with them")
            return EXIT_OK
        settings = load_settings(folder, write_default=False)
        result = fit_history(folder)
    except TooFewReviews as error:
        print(f"drill optimize: {error}", file=sys.stderr)
        return EXIT_FAILED
    except (SettingsError, StorageError) as error:
        print(f"drill optimize: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    keep = result.better and not args.dry_run
    recomputed = 0
    if keep:
        from datetime import date

        try:
            recomputed = save_fit(folder, result, date.today())
        except (SettingsError, StorageError) as error:
            print(f"drill optimize: error: {error}", file=sys.stderr)
            return EXIT_FAILED
    if args.json:
        print(json.dumps({
            "reviews": result.reviews, "cards": result.cards,
            "parameters": list(result.parameters), "current": list(result.current),
            "before": {"log_loss": result.before.log_loss,
                       "rmse_bins": result.before.rmse_bins},
            "after": {"log_loss": result.after.log_loss, "rmse_bins": result.after.rmse_bins},
            "saved": keep, "cards_recomputed": recomputed,
        }, indent=2))
        return EXIT_OK
    for line in fit_lines(result, defaults_in_use=not settings.fsrs_parameters):
        print(line)
    if keep:
        print(f"Saved in {folder / 'settings.toml'} (fsrs_parameters); scheduling uses them "
              f"from now on, and the memory states of {_cards(recomputed)} were worked out "
              "again with them. `drill optimize --reset` goes back to the defaults.")
    elif args.dry_run:
        print("Not saved (--dry-run).")
    else:
        print("Kept the parameters in use: the fitted ones do not predict your history "
              "better.")
    return EXIT_OK


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"
