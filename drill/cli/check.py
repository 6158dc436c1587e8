"""``drill check``: check packs like a compiler checks code."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from drill.cli.packargs import add_pack_option, plural, sources_or_complain


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "check",
        parents=[common],
        help="check packs: schema, solver numbers and the math in the prose",
        description="Check pack files: the schema, every number against its solver, and "
        "every worked equation in the text, in every variant. With no PATH, check the "
        "built-in packs (and any --packs folders). Your own solvers load from --solvers "
        "folders and from 'solvers' in settings.toml. Prints FILE:LINE:COL: error: ... "
        "lines and a summary; exits 0 when clean, 1 on errors, 2 on usage errors.",
        epilog="examples: drill check packs/01-speed-physics.yaml\n"
        "          drill check my-pack.yaml --solvers .",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", type=Path,
                        help="a pack file or a folder of them")
    add_pack_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.packs.locate import builtin_packs_dir, is_folder, pack_files

    files: list[tuple[Path, str]] = []
    if args.paths:
        targets = [(path, True) for path in args.paths]
    else:
        targets = [(builtin_packs_dir(), False)]
    targets += [(folder, True) for folder in args.packs]
    for path, named in targets:
        if is_folder(path):
            found = pack_files(path)
            if named and not found:
                print(f"drill check: error: {path}: no pack files (*.yaml) in this folder",
                      file=sys.stderr)
                return EXIT_USAGE
            files += [(f, _display(f, named)) for f in found]
        elif _is_file(path):
            files.append((path, _display(path, named)))
        else:
            print(f"drill check: error: {path}: no such file or folder", file=sys.stderr)
            return EXIT_USAGE

    files = _once_each(files)
    sources = sources_or_complain(args, "check")
    if sources is None:
        return EXIT_USAGE
    solver_problems = []
    if sources.solver_folders:
        from drill.solving.solver_modules import load_solver_folders

        solver_problems = load_solver_folders(sources.solver_folders)
    for problem in solver_problems:
        print(problem)

    from drill.checking import check_files

    reports = check_files(files, _builtin_ids_not_checked(files) if args.paths else None)
    for report in reports:
        for diagnostic in report.diagnostics:
            print(diagnostic)
    errors = sum(r.errors for r in reports) + len(solver_problems)
    warnings = sum(r.warnings for r in reports)
    cards = sum(r.cards for r in reports)
    asks = sum(r.asks for r in reports)
    print(f"{plural(len(reports), 'pack')}, {plural(cards, 'card')}, {plural(asks, 'ask')}: "
          f"{plural(errors, 'error')}, {plural(warnings, 'warning')}")
    return EXIT_FAILED if errors else EXIT_OK


def _builtin_ids_not_checked(files: list[tuple[Path, str]]) -> dict[str, str]:
    """The ids of the built-in packs left out of this check: a pack checked here with one
    of them is skipped when drill loads packs, so it is reported as a clash."""
    from drill.packs.library import builtin_pack_ids

    checked = {_resolved(path) for path, _ in files}
    return {pack_id: _display(path, False) for pack_id, path in builtin_pack_ids().items()
            if _resolved(path) not in checked}


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop: leave it to the reader's error
        return path


def _once_each(files: list[tuple[Path, str]]) -> list[tuple[Path, str]]:
    """Each file once, as first named: a pack named on its own and again through its
    folder (``drill check my.yaml --packs .``) is one pack, not a clash with itself."""
    seen: set[Path] = set()
    unique = []
    for path, shown in files:
        same = _resolved(path)
        if same not in seen:
            seen.add(same)
            unique.append((path, shown))
    return unique


def _is_file(path: Path) -> bool:
    """Anything but a folder that is there (a pipe too: ``drill check <(...)``)."""
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long to look up
        return False


def _display(path: Path, named: bool) -> str:
    """As typed for paths on the command line; relative to here for the built-in packs."""
    if named:
        return str(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)
