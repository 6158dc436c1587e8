"""Each answer of a mock interview is written when it is checked: the command stopped by
Ctrl+C, a closed terminal, SIGTERM or kill -9 after the first answer keeps that answer."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from drill.explaining.interview import finish, keep_answer
from drill.storage.database import open_database
from drill.storage.interviews import ExplanationRow, interview_explanations, interview_history

FIRST = "The floor is 16 GB over 3.35 TB/s, about 4.8 ms a token, memory-bound."


def row(key: str, text: str) -> ExplanationRow:
    return ExplanationRow(key, None, text, 30_000, 1, 0, 1, 2)


def test_each_answer_is_on_disk_before_the_next_and_the_end_is_set_last(
        tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    with open_database(path) as database:
        interview_id, first = keep_answer(database, None, 1_000, 31_000, 0, row("p/a", "one"))
    with open_database(path) as database:  # another connection sees it: it is committed
        [summary] = database.read(interview_history)
        assert (summary.id, summary.started, summary.finished, summary.cards) == (
            interview_id, 1_000, 31_000, 1)
        same, second = keep_answer(database, interview_id, 1_000, 70_000, 1, row("p/b", "two"))
        finish(database, interview_id, 75_000)
        stored = database.read(lambda conn: interview_explanations(conn, interview_id))
        [summary] = database.read(interview_history)
    assert same == interview_id and [e.id for e in stored] == [first, second]
    assert [e.row.text for e in stored] == ["one", "two"]
    assert (summary.finished, summary.cards) == (75_000, 2)


def _default_signals() -> None:
    """A signal's default action in the child, whatever it inherits: a run under nohup
    ignores SIGHUP, and an ignored signal stays ignored across exec."""
    for number in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGHUP, signal.SIGTERM,
                                  signal.SIGKILL])
def test_the_command_stopped_after_an_answer_keeps_it(tmp_path: Path,
                                                      stop: signal.Signals) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "drill", "--data", str(tmp_path), "interview", "-n", "3",
         "--seed", "4"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        preexec_fn=_default_signals)
    assert child.stdin is not None and child.stdout is not None
    asked = 0
    try:
        for line in child.stdout:
            if "type your answer, then an empty line" in line:
                asked += 1
                if asked == 2:  # the first answer checked, the second question waiting
                    break
                child.stdin.write(FIRST + "\n\n")
                child.stdin.flush()
        assert asked == 2
        child.send_signal(stop)
        child.wait()  # the signal ends it: no handler, and nothing ignored (see above)
    finally:
        child.kill()
        child.wait()
    assert child.returncode != 0
    with sqlite3.connect(tmp_path / "drill.sqlite3") as conn:
        assert conn.execute("SELECT text FROM explanations").fetchall() == [(FIRST,)]
        assert conn.execute("SELECT COUNT(*) FROM interviews").fetchone() == (1,)
