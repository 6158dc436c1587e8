"""kv-headroom: the count that fits rounds down, and only the whole count is right.

Expected counts worked by hand: (reported memory × 95% − weights − 1 GiB of activations)
÷ (context × KV per token), rounded down, with MiB = 2²⁰ bytes, KiB = 1,024 bytes and the
catalog's figures (H100 81,559 MiB and H20 97,871 MiB as the devices report them; MI300X
205,822,885,888 bytes; Llama 3 8B 16 GB as the card gives it; Qwen2.5-7B 7.61 billion × 2 bytes and
56 KiB/token; Llama 3 70B 70.6 billion × 2 bytes and 320 KiB/token).
"""

from __future__ import annotations

import math

import pytest

from drill.cli import main

MIB = 2**20
ENGINE_SHARE = 0.95
ACTIVATIONS = 2**30


def _fit(memory_bytes: float, weights: float, context: int, kv_per_token: int) -> float:
    return (memory_bytes * ENGINE_SHARE - weights - ACTIVATIONS) / (context * kv_per_token * 1024)


# variant: what the division gives before rounding down
EXACT = {
    "base": _fit(81_559 * MIB, 16e9, 4096, 128),  # 119.53
    "long-context": _fit(81_559 * MIB, 16e9, 32_768, 128),  # 14.94
    "h20": _fit(97_871 * MIB, 16e9, 4096, 128),  # 149.79
    "qwen": _fit(81_559 * MIB, 7.61e9 * 2, 4096, 56),  # 276.53
    "llama-70b-mi300x": _fit(205_822_885_888, 70.6e9 * 2, 4096, 320),  # 39.68
}


def _grade(answer: int, variant: str, capsys: pytest.CaptureFixture[str]) -> int:
    code = main(["grade", "model-sizing/kv-headroom", "max_sequences", str(answer),
                 "--variant", variant])
    capsys.readouterr()
    return code


@pytest.mark.parametrize("variant", sorted(EXACT))
def test_the_count_that_fits_is_right_and_a_count_well_above_it_is_not(
        variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    fits = math.floor(EXACT[variant])
    assert _grade(fits, variant, capsys) == 0
    # One more than fits does not fit.
    too_many = fits + 1
    assert _grade(too_many, variant, capsys) == 1


def test_only_the_whole_count_is_right(capsys: pytest.CaptureFixture[str]) -> None:
    # 119.53 conversations' worth on the H100: 119 fit, the 120th cache does not.
    assert math.floor(EXACT["base"]) == 119
    assert [_grade(n, "base", capsys) for n in (118, 119, 120, 121)] == [1, 0, 1, 1]


@pytest.mark.parametrize(("answer", "code"), [
    # 119.53 caches' worth: the count a note ends the answer on is the answer given.
    ("119.5, round to 120 conversations", 1),
    ("119.5 - rounded up to 120", 1),
    ("119.5, rounded down to 119", 0),
    ("119.53 (call it 119)", 0),
    ("119.5, so 119 whole conversations", 0),
    ("64.2 GB / 0.537 GB = 119.5, i.e. 1195", 1),
    # A note's figure of another kind, or said of something else, leaves the figure graded.
    ("119.5, so 64.2 GB of cache", 0),
    ("119.5 (so 239 across two GPUs)", 0),
    ("119, so 2 nodes", 0),
])
def test_a_note_that_ends_on_a_count_gives_that_count(
        answer: str, code: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "model-sizing/kv-headroom", "max_sequences", answer]) == code
    capsys.readouterr()
