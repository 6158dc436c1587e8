"""``drill cache``: where the solved-card cache is, and emptying the caches (solved cards,
and the findings of checked packs)."""

from __future__ import annotations

import argparse
from typing import Any

from drill.cli.exit_codes import EXIT_OK
from drill.cli.helptext import wrapped


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "cache",
        parents=[common],
        help="show or clear the cache of solved cards",
        description=wrapped("drill keeps each solved card in the user cache folder, keyed by "
        "everything its numbers depend on, so grading and showing need no sympy when "
        "nothing changed. A stale or damaged entry is never used; clearing only costs "
        "the next run its speed."),
        epilog="examples: drill cache path\n          drill cache clear",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("action", choices=("path", "clear"),
                        help="path: print the folder; clear: remove every entry (and the "
                        "findings of checked packs)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.checking.report_cache import checked_dir
    from drill.config.cache_files import clear as clear_folder
    from drill.solving.cache import cache_dir, clear

    if args.action == "path":
        print(cache_dir())
        return EXIT_OK
    removed = clear()
    checked = clear_folder(checked_dir())
    print(f"removed {removed:,} solved card{'s' if removed != 1 else ''} from {cache_dir()}"
          + (f", and the findings of {checked} checked file{'s' if checked != 1 else ''}"
             if checked else ""))
    return EXIT_OK
