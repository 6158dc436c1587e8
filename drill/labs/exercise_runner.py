"""``drill exercise check``: run the user's file in another process and judge each case.

The user's code never runs in drill's process: :mod:`drill.labs.exercise_harness` runs it
in a child started with ``python -I -B`` (no user site, no environment, no bytecode
files), under a wall-clock limit per run, CPU, memory, file-size and process limits, below
a supervisor (:mod:`drill.labs.exercise_supervisor`) that ends every process the user's
code started, and nothing else of drill's. The child only reports what the function
returned or raised; the expected values stay here, so nothing the user's code prints or
writes can make a case pass.

When the child dies or hangs in a case, that case is reported and the rest run in a fresh
child (after three hangs, the rest are skipped rather than waited for).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import secrets
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from drill.labs.exercises import Case, Exercise, Raises

HARNESS = Path(__file__).with_name("exercise_harness.py")
SUPERVISOR = Path(__file__).with_name("exercise_supervisor.py")
#: How long the supervisor may take to stop what a check started, once its time is up.
SUPERVISOR_GRACE_S = 10.0
DEFAULT_TIMEOUT_S = 3.0
MEMORY_BYTES = 1 << 30  # address space; Python reports MemoryError beyond it
OUTPUT_BYTES = 1 << 20  # the most any file the child writes may grow
SHOWN_OUTPUT = 2000  # characters of the user's output kept for the report (the end)
REPORT_BYTES = 4 << 20  # the most of the report channel read back
MAX_TIMEOUTS = 3

RETURNED, RAISED, TIMED_OUT, DIED, NOT_RUN = "returned", "raised", "timed-out", "died", "not-run"


class CheckError(Exception):
    """The file cannot be checked at all (missing, a folder, Python not found)."""


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    """What happened to one case in the child."""

    kind: str  # RETURNED, RAISED, TIMED_OUT, DIED or NOT_RUN
    value: Any = None  # what came back, as JSON-ready data
    text: str = ""  # its repr, the exception and message, or why there is no answer
    exception: str = ""
    bases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CaseReport:
    index: int
    case: Case
    outcome: CaseOutcome
    passed: bool
    problem: str  # why it failed, in a few words ("" when it passed)
    hint: str | None = None  # the known mistake this answer looks like


@dataclass(frozen=True, slots=True)
class CheckReport:
    exercise: Exercise
    path: Path
    cases: tuple[CaseReport, ...]
    load_error: str | None  # the file did not load, or lacks the function
    output: str  # the end of what the user's code printed
    output_cut: bool  # True when more was printed than is shown

    @property
    def passed_count(self) -> int:
        return sum(report.passed for report in self.cases)

    @property
    def passed(self) -> bool:
        return self.load_error is None and self.passed_count == len(self.cases)


def check_file(exercise: Exercise, path: Path | str, *, timeout: float = DEFAULT_TIMEOUT_S,
               python: str = sys.executable) -> CheckReport:
    """Run ``path``'s function on every case of ``exercise`` in a child and judge it."""
    path = Path(path)
    if not path.is_file():
        raise CheckError(f"{path}: no such file" if not path.exists() else
                         f"{path}: not a file")
    if not math.isfinite(timeout) or timeout <= 0:
        raise CheckError(f"the time limit must be a positive number of seconds, not {timeout}")
    cases = exercise.cases()
    outcomes: dict[int, CaseOutcome] = {}
    pending = list(range(len(cases)))
    output, cut, load_error, timeouts = "", False, None, 0
    while pending:
        run = _run_child(python, path.resolve(), exercise.function,
                         [(i, cases[i].args) for i in pending], timeout)
        output, cut = _join_output(output, run.output, cut or run.output_cut)
        outcomes.update(run.results)
        if run.load_error is not None:
            load_error = run.load_error
            break
        stuck = run.running if run.running is not None and run.running not in outcomes \
            else next((i for i in pending if i not in outcomes), None)
        if not run.done and stuck is not None:
            outcomes[stuck] = CaseOutcome(TIMED_OUT if run.timed_out else DIED, text=run.ending)
            timeouts += run.timed_out
        pending = [i for i in pending if i not in outcomes]
        if run.done or timeouts >= MAX_TIMEOUTS:
            break
    reason = ("not run: the file did not load" if load_error is not None else
              f"not run: {MAX_TIMEOUTS} cases already ran out of time"
              if timeouts >= MAX_TIMEOUTS else "not run: the checker got no answer")
    reports = tuple(
        judge(exercise, i, case, outcomes.get(i, CaseOutcome(NOT_RUN, text=reason)))
        for i, case in enumerate(cases)
    )
    return CheckReport(exercise, path, reports, load_error, output, cut)


def judge(exercise: Exercise, index: int, case: Case, outcome: CaseOutcome) -> CaseReport:
    """Compare one outcome with the case's expected value (only ever done here)."""
    expected = case.expected

    def report(passed: bool, problem: str = "", hint: str | None = None) -> CaseReport:
        return CaseReport(index, case, outcome, passed, problem, hint)

    if outcome.kind in (TIMED_OUT, DIED, NOT_RUN):
        return report(False, outcome.text)
    if isinstance(expected, Raises):
        if outcome.kind == RAISED and expected.exception in outcome.bases:
            return report(True)
        if outcome.kind == RAISED:
            return report(False, f"raised {outcome.exception}, not {expected.exception}")
        return report(False, f"returned a value; it should raise {expected.exception}")
    if outcome.kind == RAISED:
        return report(False, f"raised {outcome.exception}")
    if exercise.matches(expected, outcome.value):
        return report(True)
    hint = next((slip.message for slip in case.slips
                 if exercise.matches(slip.value, outcome.value)), None)
    return report(False, "a different answer", hint)


# -- the child ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _ChildRun:
    results: dict[int, CaseOutcome]
    done: bool  # every case it was given got a report
    running: int | None  # the case it was in when it stopped
    load_error: str | None
    timed_out: bool
    ending: str  # how it stopped, when it did not finish
    output: str
    output_cut: bool


def _run_child(python: str, path: Path, function: str, cases: Sequence[tuple[int, Any]],
               timeout: float) -> _ChildRun:
    nonce = secrets.token_hex(16)
    payload = json.dumps({
        "nonce": nonce, "file": str(path), "function": function,
        "cases": [{"index": i, "args": list(args)} for i, args in cases],
        "limits": {"cpu_seconds": math.ceil(timeout) + 1, "memory_bytes": MEMORY_BYTES,
                   "output_bytes": OUTPUT_BYTES},
    }).encode()
    with tempfile.TemporaryFile() as reports, tempfile.TemporaryFile() as printed:
        timed_out, code = _spawn(python, path.parent, payload, reports, printed, timeout)
        lines = _read_head(reports, REPORT_BYTES)
        output, cut = _read_tail(printed, SHOWN_OUTPUT)
    events = _events(lines, nonce)
    results: dict[int, CaseOutcome] = {}
    loaded = done = False
    running: int | None = None
    load_error: str | None = None
    for event in events:
        kind = event.get("event")
        if kind == "loaded":
            loaded = True
        elif kind == "done":
            done = True
        elif kind == "running" and isinstance(event.get("index"), int):
            running = event["index"]
        elif kind == "result" and isinstance(event.get("index"), int):
            results[event["index"]] = _outcome(event)
        elif kind == "load-failed":
            load_error = f"loading the file raised {_exception_text(event)}"
        elif kind == "missing":
            load_error = (f"the file defines no function '{function}'"
                          if event.get("found") == "NoneType" else
                          f"'{function}' in the file is a {event.get('found')}, not a function")
    ending = _ending(timed_out, code, timeout)
    if not loaded and load_error is None:
        load_error = f"the file did not finish loading: {ending}"
    return _ChildRun(results, done, running, load_error, timed_out, ending, output, cut)


def _spawn(python: str, folder: Path, payload: bytes, reports: IO[bytes], printed: IO[bytes],
           timeout: float) -> tuple[bool, int | None]:
    """Run the harness under its supervisor (:mod:`drill.labs.exercise_supervisor`, which
    ends every process the user's code started, and only those); True and the exit code
    (None if killed) when it had to be stopped."""
    posix = os.name == "posix"
    try:
        child = subprocess.Popen(
            [python, "-I", "-B", str(SUPERVISOR), str(HARNESS)], stdin=subprocess.PIPE,
            stdout=reports, stderr=printed, cwd=folder, start_new_session=posix)
    except OSError as error:
        raise CheckError(f"cannot start Python ({python}): {error.strerror}") from None
    timed_out = False
    try:
        child.communicate(payload, timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        child.terminate()  # the supervisor stops everything below it, then exits
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(timeout=SUPERVISOR_GRACE_S)
    finally:
        if child.poll() is None:  # a supervisor that does not end is ended
            _kill_group(child, posix)
        child.wait()
    return timed_out, child.returncode


def _kill_group(child: subprocess.Popen[bytes], posix: bool) -> None:
    if posix:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(child.pid, signal.SIGKILL)
    elif child.poll() is None:
        child.kill()


def _read_head(stream: IO[bytes], limit: int) -> list[str]:
    stream.seek(0)
    return stream.read(limit).decode("utf-8", "replace").splitlines()


def _read_tail(stream: IO[bytes], limit: int) -> tuple[str, bool]:
    size = stream.seek(0, os.SEEK_END)
    # Four bytes per character at most, so the last `limit` characters are in here.
    stream.seek(max(0, size - 4 * limit))
    text = stream.read().decode("utf-8", "replace")
    cut = len(text) > limit or size > 4 * limit or size >= OUTPUT_BYTES
    return printable(text[-limit:]), cut


def _join_output(before: str, more: str, cut: bool) -> tuple[str, bool]:
    joined = before + more
    return joined[-SHOWN_OUTPUT:], cut or len(joined) > SHOWN_OUTPUT


def _events(lines: list[str], nonce: str) -> list[dict[str, Any]]:
    """The reports carrying this run's nonce; any other line is ignored."""
    prefix = f"{nonce} "
    events: list[dict[str, Any]] = []
    for line in lines:
        if not line.startswith(prefix):
            continue
        try:
            event = json.loads(line[len(prefix):])
        except ValueError:
            continue
        if isinstance(event, dict):
            events.append(event)
    return events


def _outcome(event: dict[str, Any]) -> CaseOutcome:
    if event.get("kind") == "raised":
        return CaseOutcome(RAISED, text=_exception_text(event),
                           exception=printable(str(event.get("exception", ""))),
                           bases=tuple(str(b) for b in event.get("bases", ())
                                       if isinstance(b, str)))
    return CaseOutcome(RETURNED, value=event.get("value"),
                       text=printable(str(event.get("text", ""))))


def _exception_text(event: dict[str, Any]) -> str:
    name = printable(str(event.get("exception", "an exception")))
    message = printable(str(event.get("message", "")))
    return f"{name}: {message}" if message else name


def _ending(timed_out: bool, code: int | None, timeout: float) -> str:
    if timed_out:
        return f"no answer within {timeout:g} s (an endless loop?), so it was stopped"
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        why = {"SIGXCPU": " (CPU time limit)", "SIGKILL": " (perhaps out of memory)",
               "SIGSEGV": " (a crash)"}.get(name, "")
        return f"the process was killed by {name}{why}"
    return f"the process exited (code {code}) before answering"


def printable(text: str) -> str:
    """``text`` safe for a terminal: control characters shown as escapes, not obeyed."""
    return "".join(ch if ch.isprintable() or ch in "\n\t" else repr(ch)[1:-1] for ch in text)
