"""``drill exercise``: list the exercises, write a starter file, check a solution."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE

if TYPE_CHECKING:
    from drill.labs.exercise_runner import CaseReport, CheckReport


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
    from drill.labs.exercises import UnknownExercise, find_exercise

    try:
        exercise = find_exercise(args.name)
    except UnknownExercise as error:
        return _usage(str(error))
    folder: Path = args.folder
    if folder.exists() and not folder.is_dir():
        return _usage(f"{folder} is not a folder")
    target = folder / f"{exercise.name}.py"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with target.open("w" if args.force else "x", encoding="utf-8") as out:
            out.write(exercise.starter())
    except FileExistsError:
        print(f"drill exercise: error: {target} already exists; it was left as it is "
              f"(--force overwrites it)", file=sys.stderr)
        return EXIT_FAILED
    except OSError as error:
        print(f"drill exercise: error: cannot write {target}: {error.strerror}",
              file=sys.stderr)
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
    print("\n".join(report_lines(report)))
    return EXIT_OK if report.passed else EXIT_FAILED


def report_lines(report: CheckReport) -> list[str]:
    from drill.labs.exercise_runner import printable

    exercise = report.exercise
    out = [f"{exercise.name}: {exercise.title}",
           f"checking {printable(str(report.path))}, {len(report.cases)} cases", ""]
    if report.load_error:
        out += [f"Your file could not be used: {report.load_error}", ""]
    for case in report.cases:
        out += _case_lines(report, case)
    total = len(report.cases)
    out.append(f"{report.passed_count} of {total} cases pass." if report.passed_count < total
               else f"All {total} cases pass.")
    if report.output.strip():
        heading = "Your code printed (the end of it):" if report.output_cut else \
            "Your code printed:"
        out += ["", heading, *(f"  {line}" for line in report.output.rstrip().splitlines())]
    return out


def _case_lines(report: CheckReport, case: CaseReport) -> list[str]:
    import json

    from drill.labs.exercise_runner import RAISED, RETURNED
    from drill.labs.exercises import Raises

    exercise = report.exercise
    number = case.index + 1
    expected = case.case.expected
    expected_text = (f"raises {expected.exception}" if isinstance(expected, Raises)
                     else json.dumps(expected, ensure_ascii=False))
    outcome = case.outcome
    got = (outcome.text if outcome.kind == RETURNED else
           f"raised {outcome.text}" if outcome.kind == RAISED else f"({outcome.text})")
    if case.passed:
        return [f"  pass {number:>2}  {case.case.about}"]
    lines = [f"  FAIL {number:>2}  {case.case.about}",
             f"           input     {exercise.call_text(case.case)}",
             f"           expected  {expected_text}",
             f"           got       {got}"]
    if case.hint:
        lines.append(f"           hint      {case.hint}")
    return lines


def _usage(message: str) -> int:
    print(f"drill exercise: error: {message}", file=sys.stderr)
    return EXIT_USAGE
