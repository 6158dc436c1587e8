"""Hostile typed input on the command line: bytes that are not UTF-8, lone surrogates,
deeply nested or endless batch lines. Each is one result or one line, never a crash."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

Run = Callable[..., tuple[int, str, str]]
ROOT = Path(__file__).resolve().parents[2]
GOOD = '{"card": "speed-physics/q1", "ask": "decode_floor", "answer": "4.8 ms"}\n'


def strict_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Standard input as a strict UTF-8 locale (en_US.UTF-8) decodes it."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_invalid_utf8_on_stdin_is_one_invalid_line_of_a_batch(
        run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = b'{"card": "speed-physics/q1", "ask": "decode_floor", "answer": "4.8 ms\xff"}\n'
    strict_stdin(monkeypatch, bad + GOOD.encode())
    code, out, err = run_cli("grade", "--batch", "-", "--json")
    assert err == ""
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["verdict"] for r in results] == ["invalid", "correct"]
    assert "unexpected character" in results[0]["message"]


def test_a_lone_surrogate_in_a_json_answer_is_graded_and_printed(run_cli: Run,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # "\ud800" is valid JSON but no UTF-8 can encode it: printing it back used to crash.
    line = '{"card": "speed-physics/q1", "ask": "decode_floor", "answer": "4.8 ms\\ud800"}\n'
    strict_stdin(monkeypatch, (line + GOOD).encode())
    code, out, err = run_cli("grade", "--batch", "-", "--json")
    assert err == ""
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["verdict"] for r in results] == ["invalid", "correct"]
    assert results[0]["answer"] == "4.8 ms\ud800"  # escaped on output, so JSON keeps it


def test_json_nested_too_deeply_is_one_invalid_line(run_cli: Run,
        monkeypatch: pytest.MonkeyPatch) -> None:
    deep = "[" * 40_000 + "]" * 40_000 + "\n"
    strict_stdin(monkeypatch, (deep + GOOD).encode())
    code, out, err = run_cli("grade", "--batch", "-")
    assert err == ""
    first, second = out.splitlines()
    assert "nests too deeply" in first
    assert "✓ correct" in second


class EndlessLine(io.TextIOBase):
    """A stream of one line of ``size`` characters, then a good line; it records the
    longest piece it was asked to hand out at once."""

    def __init__(self, size: int) -> None:
        self.left = size
        self.tail = GOOD
        self.longest = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        if self.left:
            take = self.left if size is None or size < 0 else min(size, self.left)
            self.left -= take
            piece = "x" * take + ("\n" if not self.left else "")
        else:
            piece, self.tail = self.tail, ""
        self.longest = max(self.longest, len(piece))
        return piece


def test_an_endless_line_is_never_held_whole(run_cli: Run,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    stream = EndlessLine(5_000_000)
    monkeypatch.setattr(sys, "stdin", stream)
    code, out, err = run_cli("grade", "--batch", "-")
    first, second = out.splitlines()
    assert "too long" in first
    assert "✓ correct" in second
    assert stream.longest <= 100_001


def test_a_strict_locale_reads_bad_bytes_in_the_calculator(tmp_path: Path) -> None:
    """The real streams, as a strict UTF-8 locale sets them up (PYTHONIOENCODING=utf-8)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "DRILL_HOME": str(tmp_path)}
    env.pop("DRILL_DEBUG", None)
    done = subprocess.run([sys.executable, "-m", "drill", "calc"], input=b"4.8 ms\xff\n5 ms\n",
                          capture_output=True, cwd=ROOT, env=env, timeout=60, check=False)
    out = done.stdout.decode("utf-8")
    assert done.stderr == b""
    assert "error: unexpected character" in out
    assert "5 ms    (5 ms)" in out
