"""``drill new PACK``: scaffold a pack file of formulas (``--python``: and a solver module)."""

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
        help="start a pack of your own: a pack file whose numbers come from formulas",
        description="Write PACK.yaml into a folder; it passes 'drill check' as it is: one "
        "example card with givens, formulas, a template, an ask, a classic mistake, a "
        "variant and a follow-up, ready to be edited. Its numbers come from formulas in "
        "the YAML, so the pack runs no code. --python writes the same card computed by a "
        "Python solver module instead, written beside it.",
        epilog="example: drill new my-pack --dir ~/drill-packs",
    )
    parser.add_argument("pack", metavar="PACK", help="the pack id: lowercase, digits, dashes")
    parser.add_argument("--dir", metavar="DIR", type=Path, default=Path("."),
                        help="the folder to write into (default: the current folder)")
    parser.add_argument("--force", action="store_true", help="replace existing files")
    parser.add_argument("--python", action="store_true",
                        help="compute the card with a Python solver module (drill runs it "
                             "only from folders named with --solvers)")
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
                              else None, force=args.force, python=args.python)
    except ScaffoldError as error:
        print(f"drill new: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    # Quoted, so the lines can be pasted whatever the folder is called.
    folder, pack_file = shlex.quote(str(made.folder)), shlex.quote(str(made.pack_file))
    card = f"{made.pack_id}/checkpoint-load"
    print(f"created {made.pack_file}  (the pack: a card and its follow-up)")
    code = ""
    if made.solver_file is not None:
        print(f"created {made.solver_file}  (its solver)")
        code = f" --solvers {folder}"
    print()
    print("next:")
    print(f"  drill check {pack_file}{code}")
    print(f"  drill solve {card} --packs {folder}{code}")
    print(f"  drill grade {card} load_time \"140 GB / (2 GB/s)\" --packs {folder}{code}")
    print("To load it everywhere, add to settings.toml in the data folder:")
    # A JSON string is a TOML basic string too: quotes and backslashes come escaped.
    setting = json.dumps(str(made.folder.resolve()), ensure_ascii=False)
    print(f"  packs = [{setting}]")
    if code:
        print(f"  solvers = [{setting}]")
    return EXIT_OK
