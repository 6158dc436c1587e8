"""Answers read the way people write them, and only the slip that was made is named.

Worked by hand from the built-in cards' givens:
* q1: weights 16 GB, bandwidth 3.35 TB/s: floor 16 ÷ 3.35 = 4.776 ms, 209.4 tokens/s;
  1 ÷ (209 tokens/s) is 4.78 ms, so 209 ms is not that reciprocal.
* q2: 2 × 8e9 FLOP ÷ 989 TFLOPS = 0.0162 ms, the same value as 16 GB ÷ 989 TFLOPS read
  as a time; only the first divides FLOPs.
* q3: 32 users × 1,000 tokens × 128 KiB = 4.194 GB; (16 + 4.194) GB ÷ 3.35 TB/s = 6.03 ms;
  16 GB ÷ 3.35 TB/s = 4.78 ms (no KV), within 5% of the one-user step 4.82 ms.
* q5: 16 GB ÷ 6 ms = 2.67 TB/s; MBU 4.776 ÷ 6 = 79.6%.
* q7: 300 × 4 µs = 1.2 ms, a quarter of 4.8 ms.
* serving-math/amdahl: 1 ÷ 0.85 = 1.176×.
"""

from __future__ import annotations

import pytest

from drill.grading import Grade, Verdict, grade
from drill.grading.adapter import TargetBook
from drill.packs.library import load_library
from drill.solving.solve import solve

C, W, X = Verdict.CORRECT, Verdict.INCORRECT, Verdict.INVALID


@pytest.fixture(scope="module")
def book() -> TargetBook:
    return TargetBook.of(load_library().cards, solve)


def graded(book: TargetBook, card: str, ask: str, answer: str) -> Grade:
    return grade(answer, book.target(card, ask))


@pytest.mark.parametrize(("card", "ask", "answer", "verdict", "note"), [
    # A unit after plain arithmetic applies to all of it, when nothing else fits.
    ("speed-physics/q1", "decode_floor", "16/3.35 ms", C, "read as (16 ÷ 3.35) ms"),
    ("speed-physics/q2", "prefill_time", "8e12/989e12 s", C, "read as (8e12 ÷ 989e12) s"),
    ("speed-physics/q5", "achieved_bandwidth", "16/6 TB/s", C, "read as (16 ÷ 6) TB/s"),
    ("speed-physics/q1", "decode_floor", "16/33.5 ms", W, "read as (16 ÷ 33.5) ms"),
    # per binds to what follows it.
    ("speed-physics/q6", "cost_single", "$3 per hour / (200 tokens/s)", C, ""),
    ("speed-physics/q6", "cost_single", "$3 per hour / 720k tokens per hour", C, ""),
    # Counts above the line only say what was counted.
    ("speed-physics/q3", "kv_bytes", "32 users × 1,000 tokens × 128 KiB/token", C,
     "read as a label"),
    ("speed-physics/q3", "total_tokens_per_s", "32 users × 166 tokens/s", C,
     "read as a label"),
    # A count that replaces the asked one stays a slip.
    ("speed-physics/q1", "max_tokens_per_s", "209 requests/s", W, ""),
    # Fractions on % asks, literal or worked, agree.
    ("speed-physics/q7", "launch_fraction", "0.25", C, "fraction"),
    ("speed-physics/q7", "launch_fraction", "1.2/4.8", C, ""),
    ("speed-physics/q7", "launch_fraction", "1.2/4.8*100", C, ""),
    ("speed-physics/q5", "mbu", "0.796", C, "fraction"),
    # Speed-ups in words; a unit on its own; invisible characters from a paste.
    ("serving-math/amdahl", "overall_speedup", "18% faster", C, "1.18×"),
    ("speed-physics/q1", "decode_floor", "ms", X, "unit on its own"),
    ("speed-physics/q1", "decode_floor", "\ufeff4.8 ms", C, ""),
    ("speed-physics/q1", "decode_floor", "4.8\u200b ms", C, ""),
    ("speed-physics/q1", "decode_floor", "4.8 \u202ems", X, "bidirectional"),
])
def test_read_as_meant(book: TargetBook, card: str, ask: str, answer: str,
                       verdict: Verdict, note: str) -> None:
    result = graded(book, card, ask, answer)
    assert result.verdict is verdict, (answer, result.message)
    assert note.lower() in result.message.lower()


@pytest.mark.parametrize(("card", "ask", "answer", "named", "not_named"), [
    # Shares a value with bytes-over-flops, but divides FLOPs: only the prefill slip.
    ("speed-physics/q2", "prefill_time", "2 * 8e9 FLOP / 989 TFLOPS", "prefill-not-scaled",
     "bytes-over-flops"),
    # No KV at all is not "one user's KV", though the values are within 5%.
    ("speed-physics/q3", "step_time", "16 GB / 3.35 TB/s", "", "one-user-kv"),
    ("speed-physics/q3", "step_time", "(16 GB + 1,000 tokens × 128 KiB/token) / 3.35 TB/s",
     "one-user-kv", ""),
    # 209 ms is not 1 ÷ (209 tokens/s).
    ("speed-physics/q1", "max_tokens_per_s", "209 ms", "wrong-dimension", "reciprocal"),
    ("speed-physics/q1", "max_tokens_per_s", "4.78 ms", "reciprocal", ""),
    # Bits for bytes on a time made of bytes; a power of ten only with the same digits.
    ("speed-physics/q1", "decode_floor", "38 ms", "bits-for-bytes", "power-of-ten"),
    ("speed-physics/q1", "decode_floor", "47.8 ms", "power-of-ten", ""),
    ("speed-physics/q1", "decode_floor", "49.5 ms", "", "power-of-ten"),
    # Binary against decimal prefixes.
    ("speed-physics/q3", "kv_bytes", "4.19 GiB", "binary-for-decimal", "power-of-ten"),
    # A mistake stated as a plain number, typed as a working of another dimension.
    ("serving-math/ridge-batch", "batch_at_ridge", "989 TFLOPS / 3.35 TB/s",
     "intensity-equals-batch", ""),
])
def test_only_the_slip_shown_is_named(book: TargetBook, card: str, ask: str, answer: str,
                                      named: str, not_named: str) -> None:
    result = graded(book, card, ask, answer)
    assert result.verdict is Verdict.INCORRECT, result.message
    if named:
        assert named in result.mistakes, (answer, result.mistakes, result.message)
    if not_named:
        assert not_named not in result.mistakes, (answer, result.mistakes)


def test_near_miss_advice_only_near_the_tolerance(book: TargetBook) -> None:
    near = graded(book, "speed-physics/q1", "decode_floor", "5.1 ms")  # 6.8% over
    far = graded(book, "speed-physics/q1", "decode_floor", "5.7 ms")  # 19% over
    assert "significant figure" in near.message
    assert "significant figure" not in far.message


def test_a_bare_number_on_a_mistake_says_it_matches(book: TargetBook) -> None:
    result = graded(book, "speed-physics/q3", "step_time", "4.82")
    assert "one-user-kv" in result.mistakes
    assert "if that is how you got it" in result.message


def test_messages_have_no_empty_units(book: TargetBook) -> None:
    result = graded(book, "model-sizing/kv-headroom", "max_sequences", "113 GB")
    assert "(1)" not in result.message and "()" not in result.message
    assert "cancel down to ." not in result.message
    invalid = graded(book, "speed-physics/q5", "achieved_bandwidth", "fast")
    assert "3.2 TB/s" in invalid.message and "4.8 ms" not in invalid.message
