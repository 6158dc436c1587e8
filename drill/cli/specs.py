"""``drill specs``: the catalog's GPUs, models and interconnects, with their sources."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "specs",
        parents=[common],
        help="the figures cards assume: GPUs, models and interconnects, with sources",
        description="Print the catalog the cards and their variants draw on: each GPU's "
        "peak FLOP/s per precision, bandwidth, memory (as the device reports it, as the "
        "datasheet prints it, and the share an engine takes), ridge point and link; each "
        "model's parameters, layers, heads and KV cache per token; each interconnect's "
        "bandwidth per direction and in total. Every entry names its sources.",
        epilog="example: drill specs gpus --json",
    )
    parser.add_argument("kind", nargs="?", choices=("gpus", "models", "interconnects"),
                        help="only this part of the catalog (default: all three)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.packs.catalog import CatalogError, load_catalog
    from drill.packs.specs import KINDS, spec_sheet

    try:
        sheet = spec_sheet(load_catalog())
    except CatalogError as error:
        print(f"drill specs: the catalog cannot be read: {error}", file=sys.stderr)
        return EXIT_FAILED
    kinds = (args.kind,) if args.kind else KINDS
    if args.json:
        whole = sheet.as_json()
        print(json.dumps({k: whole[k] for k in (*kinds, "gpu_memory_utilization")
                          if k in whole}, indent=2, ensure_ascii=False))
        return EXIT_OK
    print("\n".join(sheet.text_lines(kinds)))
    return EXIT_OK
