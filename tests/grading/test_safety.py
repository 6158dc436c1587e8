"""Answers are untrusted: hostile text is graded invalid with a reason, and nothing runs."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drill.grading import Target, Verdict, grade
from drill.quantities.parsing import read


def _target() -> Target:
    return Target("hand/q1", "decode_floor", "ms", read("16 GB / 3.35 TB/s").value)


HOSTILE = [
    "__import__('os').system(\"touch {marker}\")",
    "9**9**9**9",
    "1" * 100_000,
    "x" * 100_000,
    "4.8 ms\x00",
    "4.8\x1b[31m ms",
    "4.8\u202e ms",
    "(" * 5000,
    "(" * 50 + "4.8 ms",
    "lambda: open('{marker}', 'w')",
    "().__class__.__base__.__subclasses__()",
    "__builtins__",
    "exec('open(\"{marker}\", \"w\")')",
    "open('{marker}', 'w').write('x')",
    "10^10^10",
    "1e999999 ms",
    "",
    "   ",
    "😀",
    "zorks",
]


@pytest.mark.parametrize("template", HOSTILE)
def test_hostile_answers_are_invalid_and_run_nothing(template: str, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    answer = template.replace("{marker}", str(marker))
    # CPU time, not the wall clock: a worker sharing a busy core can be paused for
    # seconds without doing any work, and the point is "never a hang".
    started = time.process_time()
    result = grade(answer, _target())
    assert time.process_time() - started < 1.0  # never a hang (speed is in bench/)
    assert result.verdict is Verdict.INVALID
    assert result.mistakes == ()
    assert result.parsed is None
    assert result.message.startswith("Could not read that: ")
    assert len(result.message) < 400
    assert len(result.answer) <= 201  # a huge answer is not echoed back whole
    assert not marker.exists()


def test_unknown_unit_suggests_known_ones() -> None:
    result = grade("4.8 msec", _target())
    assert result.verdict is Verdict.CORRECT  # a spelling drill knows
    result = grade("4.8 mss", _target())
    assert result.verdict is Verdict.INVALID
    assert "mss" in result.message and "did you mean" in result.message


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gets_a_grade_never_an_exception(text: str) -> None:
    result = grade(text, _target())
    assert result.verdict in (Verdict.CORRECT, Verdict.INCORRECT, Verdict.INVALID)
    assert result.message
    assert (result.parsed is None) == (result.verdict is Verdict.INVALID)


MATHY = st.sampled_from(list("0123456789.+-*/^()×÷ e$%kMGTBbs")) | st.sampled_from(
    ["GB", "TB/s", "ms", "FLOP", "TFLOPS", "per", "million", "tokens", "x", "h", "µs", "0"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(MATHY, max_size=40).map(" ".join))
def test_math_like_text_gets_a_grade_never_an_exception(text: str) -> None:
    for target in (_target(), Target("hand/q6", "cost", "$ per million tokens",
                                     read("$3/h / (209 tokens/s)").value),
                   Target("hand/q7", "speedup", "×", read("1.25").value)):
        result = grade(text, target)
        assert result.message
        assert result.to_dict()["verdict"] in ("correct", "incorrect", "invalid")
