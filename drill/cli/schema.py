"""``drill schema``: the JSON Schema of the pack format, for editors and other tools."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK
from drill.cli.helptext import wrapped


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "schema",
        parents=[common],
        help="print the JSON Schema of the pack format",
        description=wrapped("Print the JSON Schema of drill's pack YAML, so editors can complete "
        "and validate packs. A pack opts in with a first line such as "
        "'# yaml-language-server: $schema=PATH'. The schema checks structure only; "
        "'drill check' checks the numbers."),
        epilog="examples: drill schema > pack.schema.json\n"
        "          drill schema --path",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--path", action="store_true",
                        help="print where the schema file is instead of its contents")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.packs.schema import SchemaMissing, schema_path, schema_text

    try:
        if args.path:
            print(schema_path())
        else:
            sys.stdout.write(schema_text())
    except SchemaMissing as error:
        print(f"drill schema: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK
