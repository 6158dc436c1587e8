"""Hostile typed input on the command line: bytes that are not UTF-8, lone surrogates,
deeply nested or endless batch lines. Each is one result or one line, never a crash."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drill.quantities.parsing import ParseError, read
from testkit import RunCli

ROOT = Path(__file__).resolve().parents[2]
GOOD = '{"card": "speed-physics/q1", "ask": "decode_floor", "answer": "4.8 ms"}\n'


def strict_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Standard input as a strict UTF-8 locale (en_US.UTF-8) decodes it."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_invalid_utf8_on_stdin_is_one_invalid_line_of_a_batch(
        run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = b'{"card": "speed-physics/q1", "ask": "decode_floor", "answer": "4.8 ms\xff"}\n'
    strict_stdin(monkeypatch, bad + GOOD.encode())
    _code, out, err = run_cli("grade", "--batch", "-", "--json")
    assert err == ""
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["verdict"] for r in results] == ["invalid", "correct"]
    assert "unexpected character" in results[0]["message"]


def test_a_lone_surrogate_in_a_json_answer_is_graded_and_printed(run_cli: RunCli,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # "\ud800" is valid JSON but no UTF-8 can encode it: printing it back used to crash.
    line = '{"card": "speed-physics/q1", "ask": "decode_floor", "answer": "4.8 ms\\ud800"}\n'
    strict_stdin(monkeypatch, (line + GOOD).encode())
    _code, out, err = run_cli("grade", "--batch", "-", "--json")
    assert err == ""
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["verdict"] for r in results] == ["invalid", "correct"]
    assert results[0]["answer"] == "4.8 ms\ud800"  # escaped on output, so JSON keeps it


def test_json_nested_too_deeply_is_one_invalid_line(run_cli: RunCli,
        monkeypatch: pytest.MonkeyPatch) -> None:
    deep = "[" * 40_000 + "]" * 40_000 + "\n"
    strict_stdin(monkeypatch, (deep + GOOD).encode())
    _code, out, err = run_cli("grade", "--batch", "-")
    assert err == ""
    first, second = out.splitlines()
    assert "nests too deeply" in first
    assert "✓ correct" in second


class EndlessLine(io.TextIOBase):
    """A stream of one line of ``size`` characters, then a good line; it records the
    longest piece it was asked to hand out at once."""

    def __init__(self, size: int, tail: str = GOOD) -> None:
        self.left = size
        self.tail = tail
        self.longest = 0

    def isatty(self) -> bool:
        return False

    def readable(self) -> bool:
        return True

    # typeshed's own TextIOBase.readline needs the same ignore: its base says bytes.
    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        if self.left:
            take = self.left if size is None or size < 0 else min(size, self.left)
            self.left -= take
            piece = "x" * take + ("\n" if not self.left else "")
        else:
            piece, self.tail = self.tail, ""
        self.longest = max(self.longest, len(piece))
        return piece


def test_an_endless_line_is_never_held_whole(run_cli: RunCli,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    stream = EndlessLine(5_000_000)
    monkeypatch.setattr(sys, "stdin", stream)
    _code, out, _err = run_cli("grade", "--batch", "-")
    first, second = out.splitlines()
    assert "too long" in first
    assert "✓ correct" in second
    assert stream.longest <= 100_001


def test_an_endless_line_piped_into_the_calculator_is_never_held_whole(
        run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    stream = EndlessLine(5_000_000, "3 ms\n")
    monkeypatch.setattr(sys, "stdin", stream)
    _code, out, _err = run_cli("calc")
    first, second = out.splitlines()
    assert first.startswith("error: the text is too long")
    assert second == "3 ms    (3 ms)"
    assert stream.longest <= 10_001


@pytest.mark.slow
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


@pytest.mark.parametrize("text", ["1 × 10^400", "2 × 10⁴⁰⁰ GB", "3.35 x 10^999 TB/s",
                                  "1 · 10^9999 ms"])
def test_scientific_notation_beyond_floats_is_too_large_not_a_crash(
        run_cli: RunCli, text: str) -> None:
    code, out, err = run_cli("calc", text)
    assert (code, out) == (1, "")
    assert err == "drill calc: error: the number is too large to work with\n"
    code, out, err = run_cli("grade", "speed-physics/q1", "decode_floor", text)
    assert code == 1 and err == ""
    assert out.startswith("✗ invalid: speed-physics/q1 decode_floor")


@given(st.floats(0, 1e6, allow_nan=False), st.integers(-100_000, 100_000))
def test_the_parser_raises_only_parse_errors_on_scientific_notation(
        mantissa: float, exponent: int) -> None:
    for text in (f"{mantissa} × 10^{exponent}", f"{mantissa:g} x 10^{exponent} ms"):
        with contextlib.suppress(ParseError):
            read(text)


@pytest.mark.parametrize(("unit", "why"), [
    ("0 GB", "convert to a unit such as GB or ms, not an amount ('0 GB')"),  # an amount
    ("0", "convert to a unit such as GB or ms, not an amount ('0')"),
    ("-2 GB", "unit '-2 GB': a unit must be a size above zero"),
])
def test_a_unit_of_zero_or_negative_size_is_refused(run_cli: RunCli, unit: str, why: str) -> None:
    code, _out, err = run_cli("calc", "1 GB", "--to", unit)
    assert code == 1
    assert err == f"drill calc: error: {why}\n"


def test_a_pack_asking_in_a_unit_of_zero_size_is_an_error_at_the_unit(
        run_cli: RunCli, tmp_path: Path) -> None:
    pack = tmp_path / "zero.yaml"
    pack.write_text("""\
pack: zero
title: Zero
description: d
source: s
cards:
  - id: q1
    title: t
    priority: solid
    scenario: s
    solver: decode-floor
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
      peak_flops: 989 TFLOPS
      params: 8 billion
    asks:
      - id: decode_floor
        question: q
        unit: 0 ms
""", encoding="utf-8")
    code, out, _err = run_cli("check", str(pack))
    assert code == 1
    assert "internal error" not in out
    assert ("zero.yaml:19:15: error: zero/q1 (ask decode_floor): unit '0 ms' cannot be "
            "read: a unit must be a size above zero") in out


@pytest.mark.parametrize("answer", ["5e-324", "4.9e-324 FLOP/byte", "1e-310"])
def test_an_answer_below_the_smallest_normal_float_is_graded(run_cli: RunCli, answer: str) -> None:
    code, out, err = run_cli("grade", "serving-math/intensity", "intensity_batch64", answer)
    assert (code, err) == (1, "")
    assert out.startswith("✗ incorrect: serving-math/intensity intensity_batch64")


def test_an_answer_a_factor_beyond_float_range_from_the_reference_is_graded(
        run_cli: RunCli, tmp_path: Path) -> None:
    """A reference of 1 ns and an answer of 1e300 s: their ratio is beyond float range."""
    pack = tmp_path / "tiny.yaml"
    pack.write_text("""\
pack: tiny
title: Tiny
description: d
source: s
cards:
  - id: q1
    title: t
    priority: solid
    scenario: s
    solver: decode-floor
    givens:
      weights: 1 B
      bandwidth: 1 GB/s
      peak_flops: 989 TFLOPS
      params: 8 billion
    asks:
      - id: decode_floor
        question: q
        unit: s
""", encoding="utf-8")
    code, out, err = run_cli("grade", "tiny/q1", "decode_floor", "1e300 s",
                             "--packs", str(tmp_path))
    assert (code, err) == (1, "")
    assert out.startswith("✗ incorrect: tiny/q1 decode_floor")


@given(st.floats(allow_nan=False, allow_infinity=False),
       st.sampled_from(["", " ms", " s", " GB", " FLOP/byte", " tokens/s", "%", " ×"]),
       st.floats(min_value=5e-324, max_value=1e300))
def test_any_number_typed_against_any_reference_size_is_graded(
        number: float, unit: str, reference: float) -> None:
    """Numbers from the subnormal to the largest, against references as small or large."""
    from drill.grading import Target, grade
    from drill.quantities.dimensions import dim
    from drill.quantities.quantity import Quantity

    target = Target("hand/q1", "decode_floor", "ms", Quantity(reference, dim(time=1)))
    grade(f"{number!r}{unit}", target)  # any verdict; only an exception would fail
