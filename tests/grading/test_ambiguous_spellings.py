"""Spellings with two fair readings: the other one is tried when the first cannot fit.

"flops" in lower case is written for both the count (FLOPs) and the rate (FLOPS), and an
attached "B" is both a byte and a billion ("Llama 3 8B"). The catalog reads them one way;
when that reading has the wrong dimension for the ask and the other has the right one,
the grader takes the other and says so. Values here come from the seed's givens.
"""

from __future__ import annotations

import pytest

from drill.grading import Target, Verdict, grade
from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity


def q(text: str) -> Quantity:
    return read(text).value


@pytest.fixture
def ridge_point() -> Target:
    """The H100's ridge, 989 TFLOPS over 3.35 TB/s: about 295 FLOP/byte."""
    return Target("hand/q2-follow-up", "ridge_point", "FLOP/byte",
                  q("989 TFLOPS / 3.35 TB/s"))


@pytest.fixture
def prefill_time() -> Target:
    """500 tokens of an 8-billion-parameter model: 2 × 8e9 × 500 FLOP ÷ 989 TFLOPS ≈ 8.1 ms."""
    return Target("hand/q2", "prefill_time", "ms", q("2 × 8e9 × 500 FLOP / 989 TFLOPS"))


@pytest.mark.parametrize("answer", ["295 flops/byte", "295 flops per byte", "~300 flops/B"])
def test_lower_case_flops_per_byte_is_an_intensity(ridge_point: Target, answer: str) -> None:
    result = grade(answer, ridge_point)
    assert result.verdict is Verdict.CORRECT, result.message
    assert "FLOP" in result.message  # says how "flops" was taken


def test_upper_case_flops_stays_a_rate(ridge_point: Target) -> None:
    # "FLOPS" with a capital S is the rate by the catalog's convention: no second reading.
    result = grade("295 FLOPS/byte", ridge_point)
    assert result.verdict is Verdict.INCORRECT
    assert "wrong-dimension" in result.mistakes


def test_lower_case_flops_as_a_rate_still_works(prefill_time: Target) -> None:
    # 8 TFLOP of prefill over the 989 "tflops" rate: the first reading already fits.
    assert grade("8e12 FLOP / 989 Tflops", prefill_time).verdict is Verdict.CORRECT


def test_flops_over_flops_reads_the_count_where_the_ask_needs_a_time(
        prefill_time: Target) -> None:
    # "8 Tflops / 989 Tflops" is a ratio as typed; a time needs the first to be a count.
    result = grade("8 Tflops / 989 TFLOPS", prefill_time)
    assert result.verdict is Verdict.CORRECT, result.message


def test_an_attached_b_after_a_parameter_count_is_billions(prefill_time: Target) -> None:
    result = grade("2 × 8B × 500 FLOP / 989 TFLOPS", prefill_time)
    assert result.verdict is Verdict.CORRECT, result.message
    assert "billion" in result.message


def test_bytes_stay_bytes_when_they_fit() -> None:
    floor = Target("hand/q1", "decode_floor", "ms", q("16 GB / 3.35 TB/s"))
    # 16e9 B ÷ 3.35 TB/s is a time as typed; B is never swapped when the bytes fit.
    assert grade("16e9 B / 3.35 TB/s", floor).verdict is Verdict.CORRECT
    # Bytes over a compute rate stay the classic mistake, not a billion of something.
    result = grade("16 GB / 989 TFLOPS", floor)
    assert "bytes-over-flops" in result.mistakes
