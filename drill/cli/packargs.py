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

EXIT_USAGE = 2


def add_pack_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--packs",
        metavar="DIR",
        action="append",
        default=[],
        type=Path,
        help="also load the packs in this folder (repeatable)",
    )


def missing_folders(folders: list[Path]) -> list[Path]:
    return [folder for folder in folders if not folder.is_dir()]


def load_library_or_complain(args: argparse.Namespace, command: str) -> Library | None:
    """The library with the built-in packs and ``--packs`` folders; None on a usage error.

    Problems in the packs go to stderr as one line each; the good cards stay usable.
    """
    from drill.packs.library import load_library

    missing = missing_folders(args.packs)
    if missing:
        for folder in missing:
            print(f"drill {command}: error: --packs {folder}: no such folder", file=sys.stderr)
        return None
    library = load_library(args.packs)
    errors = [d for d in library.diagnostics if d.is_error]
    if errors:
        print(f"drill {command}: {len(errors)} problem{'s' if len(errors) != 1 else ''} in "
              f"the packs; broken cards are left out (run 'drill check' for details):",
              file=sys.stderr)
        for diagnostic in errors[:5]:
            print(f"  {diagnostic}", file=sys.stderr)
    return library


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
