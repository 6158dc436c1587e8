"""``drill new PACK``: scaffold a pack file and its solver module."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "new",
        parents=[common],
        help="start a pack of your own: a pack file and its solver module",
        description="Write PACK.yaml and its solver module into a folder. Both pass "
        "'drill check' as they are: one example card with givens, a template, an ask, a "
        "classic mistake, a variant and a follow-up, ready to be edited.",
        epilog="example: drill new my-pack --dir ~/drill-packs",
    )
    parser.add_argument("pack", metavar="PACK", help="the pack id: lowercase, digits, dashes")
    parser.add_argument("--dir", metavar="DIR", type=Path, default=Path("."),
                        help="the folder to write into (default: the current folder)")
    parser.add_argument("--force", action="store_true", help="replace existing files")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.authoring.scaffold import ScaffoldError, check_pack_id, write_scaffold
    from drill.packs.schema import schema_path

    try:
        check_pack_id(args.pack)
    except ScaffoldError as error:
        print(f"drill new: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    from drill.packs.library import builtin_pack_ids

    if args.pack in builtin_pack_ids():
        print(f"drill new: error: '{args.pack}' is the id of a built-in pack, and drill "
              f"would skip a pack of yours with it: choose another", file=sys.stderr)
        return EXIT_USAGE
    schema = schema_path()
    try:
        made = write_scaffold(args.pack, args.dir, schema.resolve() if schema.is_file()
                              else None, force=args.force)
    except ScaffoldError as error:
        print(f"drill new: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    # Quoted, so the lines can be pasted whatever the folder is called.
    folder, pack_file = shlex.quote(str(made.folder)), shlex.quote(str(made.pack_file))
    card = f"{made.pack_id}/checkpoint-load"
    print(f"created {made.pack_file}  (the pack: a card and its follow-up)")
    print(f"created {made.solver_file}  (its solver)")
    print()
    print("next:")
    print(f"  drill check {pack_file} --solvers {folder}")
    print(f"  drill solve {card} --packs {folder} --solvers {folder}")
    print(f"  drill grade {card} load_time \"140 GB / (2 GB/s)\" --packs {folder} "
          f"--solvers {folder}")
    print("To load it everywhere, add to settings.toml in the data folder:")
    # A JSON string is a TOML basic string too: quotes and backslashes come escaped.
    setting = json.dumps(str(made.folder.resolve()), ensure_ascii=False)
    print(f"  packs = [{setting}]")
    print(f"  solvers = [{setting}]")
    return EXIT_OK
