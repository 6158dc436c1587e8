"""``drill export``: the cards as an Anki package or a CSV file, to practise elsewhere."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from drill.cli.packargs import add_pack_option, load_library_or_complain, plural

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "export",
        parents=[common],
        help="write the cards as an Anki package (.apkg) or a CSV file",
        description="Export every card (or the cards of --pack): the title and scenario on "
        "the front; the answer, key numbers, reference values and tip on the back. "
        "Exporting again updates the notes already imported into Anki.",
        epilog="examples: drill export --anki drill.apkg\n"
        "          drill export --csv cards.csv --pack speed-physics",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--anki", metavar="FILE", type=Path, help="write an Anki package")
    parser.add_argument("--csv", metavar="FILE", type=Path, help="write a CSV file")
    parser.add_argument("--pack", metavar="ID", action="append", default=[],
                        help="export only this pack (repeatable)")
    parser.add_argument("--force", action="store_true", help="replace an existing file")
    add_pack_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.anki is None and args.csv is None:
        print("drill export: error: name a file with --anki FILE or --csv FILE",
              file=sys.stderr)
        return EXIT_USAGE
    library = load_library_or_complain(args, "export")
    if library is None:
        return EXIT_USAGE
    packs = list(library.packs)
    if args.pack:
        known = {pack.id for pack in packs}
        unknown = [pack_id for pack_id in args.pack if pack_id not in known]
        if unknown:
            print(f"drill export: error: no pack {', '.join(unknown)}; the packs are "
                  f"{', '.join(sorted(known))}", file=sys.stderr)
            return EXIT_USAGE
        packs = [pack for pack in packs if pack.id in args.pack]

    from drill.authoring.export import ExportError, prepare, write_anki, write_csv

    cards = prepare(packs)
    try:
        for path, write in ((args.anki, write_anki), (args.csv, write_csv)):
            if path is not None:
                write(cards, path, replace=args.force)
                print(f"wrote {plural(len(cards), 'card')} to {path}")
    except ExportError as error:
        print(f"drill export: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK
