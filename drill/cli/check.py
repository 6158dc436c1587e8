"""``drill check``: check packs like a compiler checks code."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from drill.cli.helptext import wrapped
from drill.cli.packargs import add_pack_option, plural, sources_or_complain

if TYPE_CHECKING:
    from drill.checking.notes import NotesReport


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "check",
        parents=[common],
        help="check packs: schema, solver numbers, the math and every figure in the prose",
        description=wrapped("Check pack files: the schema, every number against its solver, "
        "every worked equation in the text, and every figure the text writes out (each "
        "must be a given, a result, a catalog fact or marked free, like "
        "{25 GB/s|constant: why}), in every variant. With no PATH, check the "
        "built-in packs (and any --packs folders); a copy of a built-in pack is checked "
        "in its place. A Markdown or text file (.md, .txt) is read as notes: every "
        "worked equation with units in it is checked, no pack needed. Your own "
        "solvers load from --solvers folders and from 'solvers' in settings.toml. "
        "Prints FILE:LINE:COL: error: ... "
        "lines and a summary; exits 0 when clean, 1 on errors, 2 on usage errors."),
        epilog="examples: drill check packs/01-speed-physics.yaml\n"
        "          drill check NOTES.md\n"
        "          drill check my-pack.yaml --solvers .",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", type=Path,
                        help="a pack file or a folder of them (- reads a pack from "
                        "standard input)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON document: every finding (file, line, column, "
                        "severity, code, message) and a summary")
    add_pack_option(parser)
    parser.set_defaults(func=run)


#: ``drill check -`` reads a pack from standard input, as ``export --csv -`` writes to it.
STDIN = Path("-")

#: How findings in a pack read from standard input name their file.
STDIN_NAME = "<stdin>"


def run(args: argparse.Namespace) -> int:
    if STDIN not in args.paths:
        return _run(args, None)
    import tempfile

    # The checker reads files by name: standard input is copied into one, a pack file in
    # a folder of its own, and findings name it <stdin>.
    with tempfile.TemporaryDirectory(prefix="drill-check-") as folder:
        copy = Path(folder) / "stdin.yaml"
        copy.write_text(sys.stdin.read(), encoding="utf-8", errors="surrogateescape")
        return _run(args, copy)


def _run(args: argparse.Namespace, stdin_copy: Path | None) -> int:
    from drill.packs.locate import builtin_packs_dir, is_folder, pack_files

    files: list[tuple[Path, str]] = []
    if stdin_copy is not None:
        files.append((stdin_copy, STDIN_NAME))
    if args.paths:
        targets = [(path, True) for path in args.paths if path != STDIN]
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
    from drill.checking.notes import check_notes_file, is_notes_file

    read_notes = [check_notes_file(path, shown) for path, shown in files
                  if is_notes_file(path)]
    files = [(path, shown) for path, shown in files if not is_notes_file(path)]
    if read_notes and not files:
        return _report_notes(args, read_notes)
    sources = sources_or_complain(args, "check")
    if sources is None:
        return EXIT_USAGE
    solver_problems = []
    if sources.solver_folders:
        from drill.solving.solver_modules import load_solver_folders

        solver_problems = load_solver_folders(sources.solver_folders)

    from drill.checking import check_files

    reports = check_files(files, remember=True)
    builtin = _builtin_ids_not_checked(files) if args.paths else {}
    notes = [f"{report.display}: note: pack id '{report.pack_id}' is the built-in pack's "
             f"({builtin[report.pack_id]}): this file is checked in its place (when drill "
             f"loads packs the built-in one comes first; give your copy its own pack id to "
             f"study both)" for report in reports if report.pack_id in builtin]
    errors = sum(r.errors for r in reports) + len(solver_problems) + sum(
        n.errors for n in read_notes)
    summary = {"packs": len(reports), "cards": sum(r.cards for r in reports),
               "asks": sum(r.asks for r in reports), "errors": errors,
               "warnings": sum(r.warnings for r in reports)
               + sum(n.warnings for n in read_notes)}
    if read_notes:
        summary["notes"] = len(read_notes)
    findings = [*solver_problems, *(d for r in reports for d in r.diagnostics),
                *(d for n in read_notes for d in n.diagnostics)]
    if args.json:
        import json

        print(json.dumps({"findings": [d.to_dict() for d in findings], "notes": notes,
                          "summary": summary}, ensure_ascii=False, indent=1))
        return EXIT_FAILED if errors else EXIT_OK
    for note in notes:
        print(note)
    for diagnostic in findings:
        print(diagnostic)
    print(f"{plural(summary['packs'], 'pack')}, {plural(summary['cards'], 'card')}, "
          f"{plural(summary['asks'], 'ask')}: {plural(errors, 'error')}, "
          f"{plural(summary['warnings'], 'warning')}")
    return EXIT_FAILED if errors else EXIT_OK


def _report_notes(args: argparse.Namespace, notes: list[NotesReport]) -> int:
    """Findings in notes files (Markdown or text), as for packs: FILE:LINE:COL lines or
    one JSON document, and a summary."""
    errors = sum(n.errors for n in notes)
    warnings = sum(n.warnings for n in notes)
    findings = [d for n in notes for d in n.diagnostics]
    if args.json:
        import json

        summary = {"notes": len(notes), "lines": sum(n.lines for n in notes),
                   "errors": errors, "warnings": warnings}
        print(json.dumps({"findings": [d.to_dict() for d in findings], "notes": [],
                          "summary": summary}, ensure_ascii=False, indent=1))
        return EXIT_FAILED if errors else EXIT_OK
    for diagnostic in findings:
        print(diagnostic)
    print(f"{plural(len(notes), 'notes file')}: {plural(errors, 'error')}, "
          f"{plural(warnings, 'warning')}")
    return EXIT_FAILED if errors else EXIT_OK


def _builtin_ids_not_checked(files: list[tuple[Path, str]]) -> dict[str, str]:
    """The ids of the built-in packs left out of this check, by the file that holds each:
    a pack checked here with one of them is checked in its place, with a note."""
    from drill.packs.library import builtin_pack_ids

    checked = {_resolved(path) for path, _ in files}
    builtin = builtin_pack_ids(headers=True)  # the header alone: no built-in pack is loaded
    return {pack_id: _display(path, False) for pack_id, path in builtin.items()
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
