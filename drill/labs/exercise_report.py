"""A checked exercise in words: one line per case that passes, the details of each that
fails (input, expected, got, and the hint of a known mistake), then the total.

The CLI prints these lines (``drill exercise check``); the app's Exercises screen shows
the same lines, coloured, so both say the same thing.
"""

from __future__ import annotations

import json

from drill.labs.exercise_runner import RAISED, RETURNED, CaseReport, CheckReport, printable
from drill.labs.exercises import Raises


def report_lines(report: CheckReport) -> list[str]:
    """The whole report: heading, each case, the total, and what the code printed."""
    exercise = report.exercise
    out = [f"{exercise.name}: {exercise.title}",
           f"checking {printable(str(report.path))}, {len(report.cases)} cases", ""]
    if report.load_error:
        out += [f"Your file could not be used: {report.load_error}", ""]
    for case in report.cases:
        out += case_lines(report, case)
    out.append(summary_line(report))
    if report.output.strip():
        heading = "Your code printed (the end of it):" if report.output_cut else \
            "Your code printed:"
        out += ["", heading, *(f"  {line}" for line in report.output.rstrip().splitlines())]
    return out


def summary_line(report: CheckReport) -> str:
    total = len(report.cases)
    return (f"{report.passed_count} of {total} cases pass." if report.passed_count < total
            else f"All {total} cases pass.")


def case_lines(report: CheckReport, case: CaseReport) -> list[str]:
    """``pass  3  about`` for a case that passes; a failing one adds what went in, what
    was expected, what came back and the hint."""
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
