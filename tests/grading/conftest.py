"""Hand-built targets with the seed's figures, so the grading rules are tested on their own.

The references are computed here from the givens the source document states (16 GB of
weights, 3.35 TB/s, 989 TFLOPS, $3 an hour ...), not copied from the grader's output.
"""

from __future__ import annotations

import pytest

from drill.grading import Target, TargetMistake
from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity


def q(text: str) -> Quantity:
    return read(text).value


@pytest.fixture
def decode_floor() -> Target:
    """Llama 3 8B BF16 on one H100: 16 GB ÷ 3.35 TB/s ≈ 4.78 ms."""
    return Target(
        card="hand/q1",
        ask="decode_floor",
        unit="ms",
        reference=q("16 GB / 3.35 TB/s"),
        mistakes=(
            TargetMistake("bytes-over-flops", "Card words: weights go over bandwidth.",
                          q("16 GB / 989 TFLOPS")),
        ),
    )


@pytest.fixture
def tokens_per_s() -> Target:
    """1 token per 4.78 ms step ≈ 209 tokens/s; the compute ceiling is a classic slip."""
    return Target(
        card="hand/q1",
        ask="max_tokens_per_s",
        unit="tokens/s",
        reference=q("1 token / (16 GB / 3.35 TB/s)"),
        mistakes=(
            TargetMistake("compute-ceiling", "Card words: decode is bound by bandwidth.",
                          q("989 TFLOPS / (2 FLOP/token × 8 billion)")),
        ),
    )


@pytest.fixture
def prefill_time() -> Target:
    """500 prompt tokens: 2 × 8 × 10⁹ × 500 FLOP ÷ 989 TFLOPS ≈ 8.1 ms."""
    return Target(card="hand/q2", ask="prefill_time", unit="ms",
                  reference=q("2 × 8 billion × 500 FLOP / 989 TFLOPS"))


@pytest.fixture
def cost_single() -> Target:
    """$3 an hour at 1 ÷ 4.8 ms tokens/s: about $4 per million tokens."""
    return Target(
        card="hand/q6",
        ask="cost_single",
        unit="$ per million tokens",
        reference=q("$3/h / (1 token / 4.8 ms)"),
        mistakes=(TargetMistake("seconds-hours-slip", "Card words: 3,600 seconds an hour."),),
    )


@pytest.fixture
def speedup() -> Target:
    """Amdahl: attention 30% made 3× faster: 1 ÷ (0.7 + 0.3 ÷ 3) = 1.25×."""
    return Target(
        card="hand/q7",
        ask="attention_speedup",
        unit="×",
        reference=q("1 / (0.7 + 0.3 / 3)"),
        mistakes=(TargetMistake("local-speedup", "Card words: only 30% got faster.", q("3")),),
    )


@pytest.fixture
def mbu() -> Target:
    """Tensor-parallel 70 GB over 6.7 TB/s against a measured 14 ms: about 74.6%."""
    return Target(card="hand/q1-follow-up", ask="mbu", unit="%",
                  reference=q("(70 GB / 6.7 TB/s) / 14 ms"))


@pytest.fixture
def ridge() -> Target:
    """989 TFLOPS ÷ 3.35 TB/s ≈ 295 FLOP/byte."""
    return Target(card="hand/q2-follow-up", ask="ridge_point", unit="FLOP/byte",
                  reference=q("989 TFLOPS / 3.35 TB/s"))


@pytest.fixture
def kv_bytes() -> Target:
    """32 users × 1,000 tokens × 128 KiB ≈ 4.19 GB."""
    return Target(card="hand/q3", ask="kv_bytes", unit="GB",
                  reference=q("32 × 1000 × 128 KiB"))
