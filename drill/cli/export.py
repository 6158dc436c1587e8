"""``drill export``: the cards as an Anki package or a CSV file, to practise elsewhere."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from drill.cli.helptext import wrapped
from drill.cli.packargs import add_pack_option, load_library_or_complain, plural

#: ``--csv -`` writes the CSV to standard output, as ``grade --batch -`` reads stdin.
STDOUT = Path("-")


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "export",
        parents=[common],
        help="write the cards as an Anki package (.apkg) or a CSV file",
        description=wrapped("Export every card (or the cards of --pack): the title and scenario on "
        "the front; the answer, key numbers, reference values and tip on the back. "
        "Exporting again updates the notes already imported into Anki."),
        epilog="examples: drill export --anki drill.apkg\n"
        "          drill export --csv cards.csv --pack speed-physics\n"
        "          drill export --csv for-anki.csv --anki-headers",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--anki", metavar="FILE", type=Path, help="write an Anki package")
    parser.add_argument("--csv", metavar="FILE", type=Path,
                        help="write a CSV file (- for standard output), its first row "
                        "naming the columns, as a spreadsheet reads it")
    parser.add_argument("--anki-headers", action="store_true",
                        help="start the CSV with Anki's header lines instead of a header "
                        "row: Anki then imports it with no mapping, into the cards' decks")
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
    if args.anki == STDOUT:
        print("drill export: error: an Anki package cannot go to standard output: "
              "name a file (.apkg)", file=sys.stderr)
        return EXIT_USAGE
    if args.anki is not None and args.csv is not None and _same_file(args.anki, args.csv):
        print(f"drill export: error: --anki and --csv name the same file ({args.csv})",
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

    from drill.authoring.export import (
        ExportError,
        prepare,
        write_anki,
        write_csv,
        write_csv_rows,
    )

    cards = prepare(packs)
    written = plural(len(cards), "card")
    # With the CSV on standard output, what was written is said on stderr, out of its way.
    report = sys.stderr if args.csv == STDOUT else sys.stdout
    try:
        if args.anki is not None:
            write_anki(cards, args.anki, replace=args.force)
            print(f"wrote {written} to {args.anki}", file=report)
        if args.csv == STDOUT:
            write_csv_rows(cards, sys.stdout, anki_headers=args.anki_headers)
            sys.stdout.flush()
            print(f"wrote {written} to standard output", file=report)
        elif args.csv is not None:
            write_csv(cards, args.csv, replace=args.force,
                      anki_headers=args.anki_headers)
            print(f"wrote {written} to {args.csv}", file=report)
    except ExportError as error:
        print(f"drill export: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except (OSError, RuntimeError):
        return one == other
