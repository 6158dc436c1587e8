"""What the pack commands share: ``--packs DIR`` and loading the library for them.

Not a subcommand itself (it is not in ``COMMANDS``). Imports only argparse at load time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drill.packs.library import Library
    from drill.solving.sources import Sources


def add_pack_option(parser: argparse.ArgumentParser, dest_prefix: str = "") -> None:
    """``--packs`` and ``--solvers``; ``dest_prefix`` keeps the ones given before a
    subcommand apart from the subcommand's own (see :func:`drill.cli.merge_global_options`)."""
    parser.add_argument(
        "--packs",
        metavar="DIR",
        action="append",
        default=[],
        type=Path,
        dest=f"{dest_prefix}packs",
        help="also load the packs in this folder (repeatable)",
    )
    parser.add_argument(
        "--solvers",
        metavar="DIR",
        action="append",
        default=[],
        type=Path,
        dest=f"{dest_prefix}solvers",
        help="run the solver modules (*.py) in this folder, for your own packs (repeatable)",
    )


def load_library_or_complain(args: argparse.Namespace, command: str) -> Library | None:
    """The library of every pack source (see ``drill.solving.sources``); None on a usage
    error. Problems in the packs go to stderr as one line each; the good cards stay usable.
    """
    from drill.solving.sources import load_sources

    sources = sources_or_complain(args, command)
    if sources is None:
        return None
    library = load_sources(sources)
    errors = [d for d in library.diagnostics if d.is_error]
    if errors:
        print(f"drill {command}: {len(errors)} problem{'s' if len(errors) != 1 else ''} in "
              f"the packs; broken cards are left out (run 'drill check' for details):",
              file=sys.stderr)
        for diagnostic in errors[:5]:
            print(f"  {diagnostic}", file=sys.stderr)
    return library


def _not_a_folder(path: Path) -> str:
    try:
        there = path.exists()
    except (OSError, ValueError):  # a name too long to look up
        there = False
    return "a file, not a folder (name the folder that holds it)" if there else "no such folder"


def sources_or_complain(args: argparse.Namespace, command: str) -> Sources | None:
    """The pack and solver folders of the data folder, its settings and the options."""
    from drill.config.location import data_dir
    from drill.config.settings import SettingsError, load_settings
    from drill.packs.locate import missing_folders
    from drill.solving.sources import resolve_sources

    failed = False
    for option, folders in (("--packs", args.packs), ("--solvers", args.solvers)):
        for folder in missing_folders(folders):
            print(f"drill {command}: error: {option} {folder}: {_not_a_folder(folder)}",
                  file=sys.stderr)
            failed = True
    if failed:
        return None
    folder = data_dir(getattr(args, "data", None))
    try:
        settings = load_settings(folder, write_default=False)
    except SettingsError as error:
        print(f"drill {command}: error: {error}", file=sys.stderr)
        return None
    return resolve_sources(folder, settings, args.packs, args.solvers)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
