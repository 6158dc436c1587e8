"""Exercises: solvable, judged case by case, and survived whatever the user's file does."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest

from drill.labs.exercise_runner import (
    DIED,
    NOT_RUN,
    RAISED,
    TIMED_OUT,
    CheckError,
    CheckReport,
    check_file,
)
from drill.labs.exercises import EXERCISES, Raises, find_exercise

pytestmark = pytest.mark.slow

AMDAHL = find_exercise("amdahl")
ROOFLINE = find_exercise("roofline")


def write(folder: Path, code: str, name: str = "solution.py") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(code), encoding="utf-8")
    return path


def failing(report: CheckReport) -> list[int]:
    return [case.index for case in report.cases if not case.passed]


def parts_of(index: int) -> int:
    """How many optimizations amdahl case ``index`` applies."""
    return len(AMDAHL.cases()[index].args[0])


# -- solvable, and wrong answers fail where they should ------------------------------------
@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_every_exercise_is_solvable(name: str, solutions: Path) -> None:
    report = check_file(EXERCISES[name], solutions / f"{name}_reference.py")
    assert report.load_error is None
    assert failing(report) == []
    assert report.passed
    assert len(report.cases) >= 6


def test_adding_gains_fails_exactly_where_two_or_more_parts_combine(solutions: Path) -> None:
    report = check_file(AMDAHL, solutions / "amdahl_added_gains.py")
    combined = [i for i, case in enumerate(AMDAHL.cases())
                if parts_of(i) >= 2 and not isinstance(case.expected, Raises)]
    assert combined  # the exercise does combine optimizations
    assert failing(report) == combined
    first = report.cases[combined[0]]
    assert first.case.args == ([[0.3, 3], [0.5, 2]],)  # the speed-physics card's numbers


def test_adding_speedups_is_named_as_the_mistake(solutions: Path) -> None:
    report = check_file(AMDAHL, solutions / "amdahl_added_speedups.py")
    two_parts = next(c for c in report.cases if c.case.args == ([[0.3, 3], [0.5, 2]],))
    assert not two_parts.passed
    assert two_parts.outcome.value == 5.0
    assert two_parts.hint is not None and "do not add" in two_parts.hint
    one_part = next(c for c in report.cases if c.case.args == ([[0.3, 2]],))
    assert not one_part.passed
    assert one_part.hint is not None and "own speedup" in one_part.hint


def test_accepting_fractions_past_one_fails_only_the_refusals(solutions: Path) -> None:
    report = check_file(AMDAHL, solutions / "amdahl_no_check.py")
    refusals = [i for i, c in enumerate(AMDAHL.cases()) if isinstance(c.expected, Raises)]
    assert len(refusals) >= 2
    assert failing(report) == refusals
    assert all("should raise ValueError" in report.cases[i].problem for i in refusals)


@pytest.mark.parametrize(("limit", "fails"), [
    ("1", "fractions adding up to 1 on paper"),  # no rounding slack: a float sum of 1 fails
    ("1.02", "fractions adding up to 1.01"),  # too much slack: lets 1.01 through
])
def test_a_sloppy_limit_on_the_fractions_fails_its_case(tmp_path: Path, limit: str,
                                                         fails: str) -> None:
    path = write(tmp_path, f"""
        def overall_speedup(parts):
            touched = sum(f for f, _ in parts)
            if touched > {limit}:
                raise ValueError(touched)
            return {REFERENCE_BODY}
    """)
    report = check_file(AMDAHL, path)
    assert [c.case.about for c in report.cases if not c.passed] == [
        c.about for c in AMDAHL.cases() if c.about.startswith(fails)]


def test_a_subclass_of_valueerror_is_a_refusal_too(tmp_path: Path) -> None:
    path = write(tmp_path, """
        class TooMuch(ValueError):
            pass

        def overall_speedup(parts):
            touched = sum(f for f, _ in parts)
            if touched > 1 + 1e-9:
                raise TooMuch(touched)
            return 1 / ((1 - touched) + sum(f / s for f, s in parts))
    """)
    assert check_file(AMDAHL, path).passed


def test_summing_compute_and_memory_time_is_named(solutions: Path) -> None:
    report = check_file(ROOFLINE, solutions / "roofline_summed.py")
    assert failing(report) == list(range(len(report.cases)))
    assert all(case.hint is not None and "adds the two times" in case.hint
               for case in report.cases)


def test_the_roofline_cases_include_an_h20_flip() -> None:
    # On an H20 the m = 64 GEMM is compute-bound; on an H100 it is memory-bound.
    by_about = {case.about: case.expected[0] for case in ROOFLINE.cases()}
    assert by_about["H20: BF16 GEMM [64, 4096] × [4096, 4096]"] == "compute"
    assert by_about["H100: BF16 GEMM [64, 4096] × [4096, 4096]"] == "memory"


# -- surviving the user's file -------------------------------------------------------------
REFERENCE_BODY = "1 / ((1 - sum(f for f, _ in parts)) + sum(f / s for f, s in parts))"


def test_an_endless_loop_in_one_case_times_out_that_case_only(tmp_path: Path) -> None:
    path = write(tmp_path, f"""
        def overall_speedup(parts):
            if parts == [[0.8, 2]]:
                while True:
                    pass
            if sum(f for f, _ in parts) > 1 + 1e-9:
                raise ValueError
            return {REFERENCE_BODY}
    """)
    report = check_file(AMDAHL, path, timeout=0.5)
    stuck = next(i for i, c in enumerate(AMDAHL.cases()) if c.args == ([[0.8, 2]],))
    assert failing(report) == [stuck]
    assert report.cases[stuck].outcome.kind == TIMED_OUT
    assert "0.5 s" in report.cases[stuck].problem


def test_after_three_hangs_the_rest_are_skipped_not_waited_for(tmp_path: Path) -> None:
    path = write(tmp_path, """
        import time

        def overall_speedup(parts):
            time.sleep(60)
    """)
    report = check_file(AMDAHL, path, timeout=0.3)
    kinds = [case.outcome.kind for case in report.cases]
    assert kinds[:3] == [TIMED_OUT] * 3
    assert set(kinds[3:]) == {NOT_RUN}


def test_a_file_that_never_finishes_loading(tmp_path: Path) -> None:
    path = write(tmp_path, "while True:\n    pass\n")
    report = check_file(AMDAHL, path, timeout=0.5)
    assert report.load_error is not None and "did not finish loading" in report.load_error
    assert {case.outcome.kind for case in report.cases} == {NOT_RUN}
    assert not report.passed


@pytest.mark.parametrize(("code", "words"), [
    ("raise RuntimeError('boom at import')\n", "RuntimeError: boom at import"),
    ("import sys\nsys.exit(3)\n", "SystemExit"),
    ("def overall_speedup(:\n", "SyntaxError"),
    ("def speedup(parts):\n    return 1.0\n", "defines no function 'overall_speedup'"),
    ("overall_speedup = 3\n", "is a int, not a function"),
])
def test_a_file_that_cannot_be_used_says_why(tmp_path: Path, code: str, words: str) -> None:
    report = check_file(AMDAHL, write(tmp_path, code), timeout=2)
    assert report.load_error is not None and words in report.load_error
    assert report.passed_count == 0


def test_a_process_that_dies_in_a_case_is_reported_and_the_rest_still_run(
        tmp_path: Path) -> None:
    path = write(tmp_path, f"""
        import os
        import signal

        def overall_speedup(parts):
            if parts == [[0.3, 100]]:
                os.kill(os.getpid(), signal.SIGKILL)
            if parts == [[0.8, 2]]:
                os._exit(7)
            if sum(f for f, _ in parts) > 1 + 1e-9:
                raise ValueError
            return {REFERENCE_BODY}
    """)
    report = check_file(AMDAHL, path)
    killed = next(c for c in report.cases if c.case.args == ([[0.3, 100]],))
    exited = next(c for c in report.cases if c.case.args == ([[0.8, 2]],))
    assert killed.outcome.kind == DIED and "SIGKILL" in killed.problem
    assert exited.outcome.kind == DIED and "code 7" in exited.problem
    assert failing(report) == [killed.index, exited.index]


def test_exceptions_and_exits_inside_a_case_are_that_cases_failure(tmp_path: Path) -> None:
    path = write(tmp_path, """
        import sys

        def overall_speedup(parts):
            if not parts:
                sys.exit("bye")
            if len(parts) == 1:
                raise KeyboardInterrupt
            return [1, 2]
    """)
    report = check_file(AMDAHL, path)
    assert report.cases[0].outcome.kind == RAISED
    assert report.cases[0].outcome.exception == "SystemExit"
    assert report.cases[1].outcome.exception == "KeyboardInterrupt"
    assert report.passed_count == 0


def test_printed_lookalike_reports_cannot_forge_a_pass(tmp_path: Path) -> None:
    # The user's output goes elsewhere, reports need a per-run nonce, and the verdict is
    # drawn here from values the child never sees.
    path = write(tmp_path, """
        import os
        import sys

        FAKE = '{"event": "result", "index": %d, "kind": "returned", "value": %r}'

        def overall_speedup(parts):
            for i, value in enumerate([1.0, 1.1764705882352942, 1.4224751066856332]):
                print(FAKE % (i, value))
                os.write(1, (FAKE % (i, value) + "\\n").encode())
                sys.__stdout__.write("x" * 32 + " " + FAKE % (i, value) + "\\n")
            return 0.0
    """)
    report = check_file(AMDAHL, path)
    assert report.passed_count == 0
    assert '"event": "result"' in report.output  # shown as the user's own output


def test_the_child_never_holds_the_expected_values(tmp_path: Path) -> None:
    # Code that digs into the harness finds the inputs only.
    path = write(tmp_path, """
        import json
        import sys

        def overall_speedup(parts):
            payload = sys._getframe(1).f_locals.get("payload")
            print(json.dumps(payload))
            return 0.0
    """)
    report = check_file(AMDAHL, path)
    assert "[[0.3, 3], [0.5, 2]]" in report.output  # the inputs are there ...
    for case in AMDAHL.cases():
        if not isinstance(case.expected, Raises) and case.expected != 1.0:
            assert repr(case.expected)[:8] not in report.output  # ... the answers are not


def test_terminal_escapes_in_output_and_values_are_shown_not_obeyed(tmp_path: Path) -> None:
    path = write(tmp_path, """
        class Odd:
            def __repr__(self):
                return "\\x1b[2J\\x1b[31mred"

        def overall_speedup(parts):
            print("\\x1b]0;title\\x07\\x1b[2Jcleared", flush=True)
            return Odd()
    """)
    report = check_file(AMDAHL, path)
    assert "\x1b" not in report.output and "\\x1b" in report.output
    got = report.cases[0].outcome
    assert got.value == {"unsupported": "Odd"}
    assert "\x1b" not in got.text and "\\x1b[31mred" in got.text


def test_endless_printing_is_cut_and_the_check_ends(tmp_path: Path) -> None:
    path = write(tmp_path, f"""
        def overall_speedup(parts):
            if not parts:
                try:
                    while True:
                        print("spam " * 200)
                except OSError:
                    pass  # the file-size limit stops the writes
            if sum(f for f, _ in parts) > 1 + 1e-9:
                raise ValueError
            return {REFERENCE_BODY}
    """)
    report = check_file(AMDAHL, path, timeout=5)
    assert report.output_cut
    assert len(report.output) <= 2000
    assert report.passed or report.cases[0].outcome.kind == TIMED_OUT


def test_a_memory_hog_meets_the_memory_limit(tmp_path: Path) -> None:
    path = write(tmp_path, """
        def overall_speedup(parts):
            hog = bytearray(8 << 30)
            return float(len(hog))
    """)
    report = check_file(AMDAHL, path)
    assert report.cases[0].outcome.exception == "MemoryError"


def test_processes_the_solution_starts_do_not_hold_up_the_check(tmp_path: Path) -> None:
    path = write(tmp_path, f"""
        import subprocess

        def overall_speedup(parts):
            subprocess.Popen(["sleep", "30"])
            if sum(f for f, _ in parts) > 1 + 1e-9:
                raise ValueError
            return {REFERENCE_BODY}
    """)
    assert check_file(AMDAHL, path, timeout=5).passed


def test_drill_never_imports_the_solution(tmp_path: Path) -> None:
    marker = tmp_path / "imported"
    path = write(tmp_path, f"""
        from pathlib import Path
        Path({str(marker)!r}).write_text("yes")

        def overall_speedup(parts):
            return 1.0
    """)
    check_file(AMDAHL, path)
    assert marker.exists()  # the child did load it, when asked ...
    assert not any(getattr(m, "__file__", None) == str(path) for m in list(sys.modules.values()))


def test_a_missing_file_or_a_folder_cannot_be_checked(tmp_path: Path) -> None:
    with pytest.raises(CheckError, match="no such file"):
        check_file(AMDAHL, tmp_path / "nope.py")
    with pytest.raises(CheckError, match="not a file"):
        check_file(AMDAHL, tmp_path)


def test_starter_files_are_python_that_fails_every_case(tmp_path: Path) -> None:
    for exercise in EXERCISES.values():
        path = write(tmp_path, exercise.starter(), f"{exercise.name}.py")
        report = check_file(exercise, path)
        assert report.load_error is None
        assert {c.outcome.exception for c in report.cases} == {"NotImplementedError"}


def test_a_huge_return_value_is_shown_short(tmp_path: Path) -> None:
    path = write(tmp_path, """
        def overall_speedup(parts):
            return list(range(10**6))
    """)
    got = check_file(AMDAHL, path).cases[0].outcome
    assert isinstance(got.value, list) and len(got.value) == 100
    assert got.text.startswith("[0, 1, 2") and len(got.text) < 200


def test_an_int_too_long_to_write_out_is_described_by_its_size(tmp_path: Path) -> None:
    path = write(tmp_path, """
        def overall_speedup(parts):
            return 10 ** 5000
    """)
    got = check_file(AMDAHL, path).cases[0].outcome
    assert got.text == "<an int of about 5,001 digits>"


def test_printing_past_the_output_limit_says_so(tmp_path: Path) -> None:
    path = write(tmp_path, """
        import sys

        def overall_speedup(parts):
            while True:
                sys.stdout.write("spam " * 1000)
    """)
    report = check_file(AMDAHL, path, timeout=5)
    got = report.cases[0].outcome
    assert got.kind == RAISED and got.exception == "OSError"
    assert "printed more than the output limit" in got.text


def _processes_with(marker: str) -> list[int]:
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if marker in cmdline.read_bytes().decode(errors="replace"):
                found.append(int(cmdline.parent.name))
        except OSError:
            continue
    return found


@pytest.mark.parametrize("hang", [False, True])
def test_a_process_started_in_a_session_of_its_own_does_not_outlive_the_check(
    tmp_path: Path, hang: bool,
) -> None:
    marker = f"{31 + hang}.{os.getpid()}"  # a sleep no other test starts
    # A hang that asleep costs no CPU: the check's time limit ends it all the same.
    path = write(tmp_path, f"""
        import subprocess
        import time

        def overall_speedup(parts):
            subprocess.Popen(["sleep", "{marker}"], start_new_session=True)
            if {hang}:
                time.sleep(60)
            if sum(f for f, _ in parts) > 1 + 1e-9:
                raise ValueError
            return {REFERENCE_BODY}
    """)
    check_file(AMDAHL, path, timeout=2)
    assert _processes_with(marker) == []


def test_raising_the_soft_memory_limit_does_not_lift_the_cap(tmp_path: Path) -> None:
    path = write(tmp_path, """
        import resource

        def overall_speedup(parts):
            _, hard = resource.getrlimit(resource.RLIMIT_AS)
            resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
            hog = bytearray(3 << 30)
            return float(len(hog))
    """)
    report = check_file(AMDAHL, path)
    assert report.cases[0].outcome.exception == "MemoryError"


def test_writing_a_large_file_is_named_as_that_not_as_printing(tmp_path: Path) -> None:
    path = write(tmp_path, """
        def overall_speedup(parts):
            with open("big.bin", "wb") as out:
                out.write(b"x" * (4 << 20))
            return 1.0
    """)
    got = check_file(AMDAHL, path, timeout=5).cases[0].outcome
    assert got.kind == RAISED and got.exception == "OSError"
    assert "wrote a file" in got.text and "printed" not in got.text
