"""Typed math is untrusted: it never runs code, never hangs, never raises anything odd."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drill.quantities.parsing import ParseError, read

MATHY = st.sampled_from(list("0123456789.,+-*/^()×÷·⁰¹²³⁹⁻ eE$%kKMGTBbs~≈")) | st.sampled_from(
    ["GB", "TB/s", "ms", "FLOP", "TFLOPS", "per", "million", "tokens", "x", "**", "KiB", "µs"]
)


def _reads_or_refuses(text: str) -> None:
    # CPU time, not the wall clock: the point is "never a hang", and a busy machine can
    # pause this process for seconds without it doing any work.
    started = time.process_time()
    try:
        reading = read(text)
    except ParseError as error:
        assert error.message
        assert 0 <= error.position <= len(text) + 1
    else:
        assert reading.echo
    # A generous bound: the point is "never a hang", not speed (bench/ measures speed).
    assert time.process_time() - started < 1.0


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=200))
def test_any_text_reads_or_gives_a_clear_error(text: str) -> None:
    _reads_or_refuses(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(MATHY, max_size=60).map(" ".join))
def test_math_like_text_reads_or_gives_a_clear_error(text: str) -> None:
    _reads_or_refuses(text)


HOSTILE = [
    "__import__('os').system('touch {marker}')",
    "().__class__.__bases__[0].__subclasses__()",
    "lambda: open('{marker}', 'w')",
    "exec('open(\"{marker}\", \"w\")')",
    "eval('1+1')",
    "os.system",
    "1; import os",
    "Symbol('x')",
    "${{7*7}}",
]


@pytest.mark.parametrize("template", HOSTILE)
def test_hostile_text_is_refused_without_running(template: str, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    with pytest.raises(ParseError):
        read(template.format(marker=marker))
    assert not marker.exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9**9**9**9", "too large"),
        ("9^9^9^9", "too large"),
        ("1" * 100_000, "too long"),
        ("(" * 5000 + "1" + ")" * 5000, "too long"),
        ("(" * 300 + "1" + ")" * 300, "too many parts|nests too deeply"),
        ("-" * 900 + "1", "too many parts|nests too deeply"),
        ("10^10^10", "too large"),
        ("1e308 * 1e308", "too large"),
        ("4.8\x00 ms", "control character"),
        ("4.8 ms\x1b[31m", "control character"),
    ],
)
def test_huge_and_deep_inputs_get_a_clear_message_quickly(text: str, message: str) -> None:
    started = time.process_time()  # CPU time, as above
    with pytest.raises(ParseError, match=message):
        read(text)
    assert time.process_time() - started < 1.0
