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
#: The two-writer test: this many batches of this many ratings from each writer.
BATCHES, BATCH = 15, 10


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
    children = [start_child(tmp_path, 0, seed=n, wait=True) for n in (1, 2)]
    for child in children:  # both have the database open before either writes
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
    lines: dict[int, list[str]] = {0: [], 1: []}
    # Batch by batch, both at once: every batch holds ratings of both, so the ids
    # change hands at least once per batch, however the two are scheduled.
    for _ in range(BATCHES):
        for child in children:
            assert child.stdin is not None
            child.stdin.write(f"{BATCH}\n")
            child.stdin.flush()
        for number, child in enumerate(children):
            assert child.stdout is not None
            for _ in range(BATCH):
                line = child.stdout.readline()
                assert line, f"child ended early: {child.stderr.read() if child.stderr else ''}"
                lines[number].append(line)
    outputs = [child.communicate() for child in children]  # stdin closed: they end
    assert [(child.returncode, err) for child, (_, err) in zip(children, outputs, strict=True)
            ] == [(0, ""), (0, "")]
    reported = parse(lines[0]) + parse(lines[1])
    assert len(reported) == 2 * BATCHES * BATCH
    assert len({review for review, _ in reported}) == len(reported)  # no id handed out twice
    assert check_consistent(tmp_path, reported) == len(reported)
    first_ids = {review for review, _ in parse(lines[0])}
    turns = sum((i in first_ids) != (i - 1 in first_ids) for i in range(2, len(reported) + 1))
    assert turns >= BATCHES
    # Both wrote to the same cards; each card's reps counts both processes' ratings.
    by_key = Counter(key for _, key in reported)
    with open_database(database_path(tmp_path)) as db:
        reps = db.read(lambda c: dict(c.execute("SELECT id, reps FROM cards")))
    assert {key: reps[card_id(key)] for key in by_key} == dict(by_key)
