"""``drill exercise``: list the exercises, write a starter file, check a solution."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not 0.1 <= value <= 600:
        raise argparse.ArgumentTypeError(f"{text} s is out of range (0.1 to 600)")
    return value


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "exercise",
        parents=[common],
        help="write small programs (Amdahl, roofline) and check them against the solvers",
        description="Exercises are functions to write yourself. 'start' writes a file with "
        "the statement and the signature; 'check' runs your file in a separate Python "
        "process, with a time limit, and reports every case: input, expected, got.",
        epilog="example: drill exercise start amdahl && drill exercise check amdahl amdahl.py",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions.add_parser("list", help="list the exercises").set_defaults(func=run_list)
    start = actions.add_parser("start", help="write a starter file for an exercise",
                               description="Write NAME.py into DIR (default: here). An "
                               "existing file is left alone unless --force is given.")
    start.add_argument("name", metavar="NAME")
    start.add_argument("folder", metavar="DIR", nargs="?", type=Path, default=Path("."))
    start.add_argument("--force", action="store_true", help="overwrite an existing file")
    start.set_defaults(func=run_start)
    check = actions.add_parser("check", help="run a solution file on every case",
                               description="Run FILE's function on every case of NAME in a "
                               "separate Python process and report each case. Exit code 0 "
                               "when all pass, 1 when any fails.")
    check.add_argument("name", metavar="NAME")
    check.add_argument("file", metavar="FILE", type=Path)
    check.add_argument("--timeout", metavar="S", type=seconds, default=3.0,
                       help="seconds each run may take (default: 3)")
    check.set_defaults(func=run_check)


def run_list(args: argparse.Namespace) -> int:
    from drill.labs.exercises import EXERCISES

    width = max(len(name) for name in EXERCISES)
    for exercise in EXERCISES.values():
        print(f"{exercise.name:<{width}}  {exercise.title}")
    print("\nStart one with: drill exercise start NAME [DIR]")
    return EXIT_OK


def run_start(args: argparse.Namespace) -> int:
    from drill.labs.exercises import (
        UnknownExercise,
        find_exercise,
        starter_path,
        write_starter,
    )

    try:
        exercise = find_exercise(args.name)
    except UnknownExercise as error:
        return _usage(str(error))
    folder: Path = args.folder
    if folder.exists() and not folder.is_dir():
        return _usage(f"{folder} is not a folder")
    try:
        target = write_starter(exercise, folder, overwrite=args.force)
    except FileExistsError:
        print(f"drill exercise: error: {starter_path(exercise, folder)} already exists; it "
              f"was left as it is (--force overwrites it)", file=sys.stderr)
        return EXIT_FAILED
    except OSError as error:
        print(f"drill exercise: error: cannot write {starter_path(exercise, folder)}: "
              f"{error.strerror}", file=sys.stderr)
        return EXIT_FAILED
    print(f"Wrote {target}: {exercise.title}.")
    print(f"Write {exercise.function}() in it, then run:")
    print(f"  drill exercise check {exercise.name} {target}")
    return EXIT_OK


def run_check(args: argparse.Namespace) -> int:
    from drill.labs.exercise_runner import CheckError, check_file
    from drill.labs.exercises import UnknownExercise, find_exercise
    from drill.solving.solve import SolveError

    try:
        exercise = find_exercise(args.name)
    except UnknownExercise as error:
        return _usage(str(error))
    try:
        report = check_file(exercise, args.file, timeout=args.timeout)
    except CheckError as error:
        return _usage(str(error))
    except SolveError as error:  # the expected values could not be worked out
        print(f"drill exercise: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    from drill.labs.exercise_report import report_lines

    print("\n".join(report_lines(report)))
    return EXIT_OK if report.passed else EXIT_FAILED


def _usage(message: str) -> int:
    print(f"drill exercise: error: {message}", file=sys.stderr)
    return EXIT_USAGE
