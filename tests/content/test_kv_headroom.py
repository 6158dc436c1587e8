"""A count of conversations that fit rounds down, in every variant of kv-headroom.

Expected counts worked by hand: (HBM − weights) ÷ (context × KV per token), rounded down,
with KiB = 1,024 bytes and the catalog's figures (Llama 3 70B: 70.6 billion × 2 bytes =
141.2 GB; Qwen2.5-7B: 15.2 GB and 56 KiB/token).
"""

from __future__ import annotations

import pytest

from drill.cli import main

# variant: (the count that fits, what the division gives before rounding)
FITS = {
    "base": (119, 63.9e9 / (4096 * 128 * 1024)),  # 119.02
    "long-context": (14, 63.9e9 / (32768 * 128 * 1024)),  # 14.88
    "h200": (232, (141e9 - 16.1e9) / (4096 * 128 * 1024)),  # 232.6
    "qwen": (275, (80e9 - 15.2e9) / (4096 * 56 * 1024)),  # 275.9
    "llama-70b-mi300x": (37, (192e9 - 141.2e9) / (4096 * 320 * 1024)),  # 37.8
}


@pytest.mark.parametrize("variant", sorted(FITS))
def test_the_count_that_fits_is_correct_and_one_more_is_not(
        variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    fits, exact = FITS[variant]
    assert int(exact) == fits  # the hand-worked figure rounds down to the count
    card = ["grade", "model-sizing/kv-headroom", "max_sequences"]
    assert main([*card, str(fits), "--variant", variant]) == 0, capsys.readouterr().out
    capsys.readouterr()
    assert main([*card, str(fits + 1), "--variant", variant]) == 1
