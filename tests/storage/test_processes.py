"""Real processes on one data folder: SIGKILL in the middle of a stream of ratings, and two
writers at once. Nothing the child reported as committed may be missing afterwards."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from drill.config.location import database_path
from drill.scheduling.ids import card_id
from drill.storage.database import open_database

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("rating_child.py")


def start_child(folder: Path, count: int, seed: int, *, wait: bool = False
                ) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, str(CHILD), str(folder), str(count), str(seed),
         *(["--wait"] if wait else [])],
        stdin=subprocess.PIPE if wait else None, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
    )


def parse(lines: list[str]) -> list[tuple[int, str]]:
    return [(int(line.split()[0]), line.split()[1]) for line in lines if line.endswith("\n")]


def check_consistent(folder: Path, reported: list[tuple[int, str]]) -> int:
    """Every reported review is in the log; each card's review count matches its state."""
    with open_database(database_path(folder)) as db:
        ids = db.read(lambda c: {row[0] for row in c.execute("SELECT id FROM revlog")})
        missing = [review for review, _key in reported if review not in ids]
        assert missing == [], f"committed ratings lost: {missing}"
        per_card = db.read(
            lambda c: dict(c.execute("SELECT card_id, COUNT(*) FROM revlog GROUP BY card_id"))
        )
        reps = db.read(lambda c: dict(c.execute("SELECT id, reps FROM cards")))
        answers = db.read(lambda c: c.execute("SELECT COUNT(*) FROM answers").fetchone()[0])
    # A rating's state change, log row and answer are one transaction: all or nothing.
    assert per_card == {cid: n for cid, n in reps.items() if n}
    assert answers == len(ids)
    return len(ids)


@pytest.mark.parametrize("kill_after", [1, 17, 60])
def test_sigkill_mid_stream_loses_no_committed_rating(tmp_path: Path, kill_after: int) -> None:
    reported: list[tuple[int, str]] = []
    for round_number in range(3):  # kill, restart on the same folder, kill again
        child = start_child(tmp_path, 0, seed=kill_after * 10 + round_number)
        assert child.stdout is not None
        lines: list[str] = []
        while len(lines) < kill_after:
            line = child.stdout.readline()
            assert line, f"child ended early: {child.stderr.read() if child.stderr else ''}"
            lines.append(line)
        time.sleep(0.001 * round_number)  # vary where in a transaction the kill lands
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        lines += child.stdout.read().splitlines(keepends=True)  # printed before the kill
        assert child.returncode == -signal.SIGKILL
        reported += parse(lines)
        stored = check_consistent(tmp_path, reported)
        assert stored >= len(reported)  # at most one more: committed, not yet printed
        assert stored <= len(reported) + 1 + round_number


def test_two_writers_on_one_folder_lose_nothing(tmp_path: Path) -> None:
    children = [start_child(tmp_path, 150, seed=n, wait=True) for n in (1, 2)]
    for child in children:  # both have the database open before either writes
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    first, second = children
    out1, err1 = first.communicate(timeout=120)
    out2, err2 = second.communicate(timeout=120)
    assert (first.returncode, err1) == (0, "")
    assert (second.returncode, err2) == (0, "")
    reported = parse(out1.splitlines(keepends=True)) + parse(out2.splitlines(keepends=True))
    assert len(reported) == 300
    assert len({review for review, _ in reported}) == 300  # no id handed out twice
    assert check_consistent(tmp_path, reported) == 300
    # The two really wrote in turns (ids from one, then the other, then the first again),
    # so the test exercised the lock rather than two runs one after the other.
    first_ids = {review for review, _ in parse(out1.splitlines(keepends=True))}
    turns = sum((i in first_ids) != (i - 1 in first_ids) for i in range(2, 301))
    assert turns >= 2
    # Both wrote to the same cards; each card's reps counts both processes' ratings.
    by_key = Counter(key for _, key in reported)
    with open_database(database_path(tmp_path)) as db:
        reps = db.read(lambda c: dict(c.execute("SELECT id, reps FROM cards")))
    assert {key: reps[card_id(key)] for key in by_key} == dict(by_key)
