"""Every unit and prefix the foundation issue names reads with the right size and kind."""

from __future__ import annotations

import pytest

from drill.quantities.dimensions import dim
from drill.quantities.parsing import ParseError, read

INFORMATION = dim(information=1)
TIME = dim(time=1)
COMPUTE = dim(computation=1)
COMPUTE_RATE = dim(computation=1, time=-1)
MONEY = dim(currency=1)

CASES = [
    # information: decimal and binary prefixes; B is a byte, b a bit
    ("1 bit", 1 / 8, INFORMATION), ("1 b", 1 / 8, INFORMATION), ("1 byte", 1, INFORMATION),
    ("1 B", 1, INFORMATION), ("1 kB", 1e3, INFORMATION), ("1 KB", 1e3, INFORMATION),
    ("1 MB", 1e6, INFORMATION), ("1 GB", 1e9, INFORMATION), ("1 TB", 1e12, INFORMATION),
    ("1 PB", 1e15, INFORMATION), ("1 Gb", 1e9 / 8, INFORMATION), ("1 Tb", 1e12 / 8, INFORMATION),
    ("1 KiB", 1024, INFORMATION), ("1 MiB", 1024**2, INFORMATION),
    ("1 GiB", 1024**3, INFORMATION), ("1 TiB", 1024**4, INFORMATION),
    ("2 gigabytes", 2e9, INFORMATION),
    # time
    ("1 ns", 1e-9, TIME), ("1 us", 1e-6, TIME), ("1 µs", 1e-6, TIME), ("1 μs", 1e-6, TIME),
    ("1 ms", 1e-3, TIME), ("1 s", 1, TIME), ("1 min", 60, TIME), ("1 h", 3600, TIME),
    ("1 hr", 3600, TIME), ("1 hour", 3600, TIME), ("2 hours", 7200, TIME),
    ("1 day", 86400, TIME), ("3 seconds", 3, TIME), ("5 milliseconds", 5e-3, TIME),
    ("2 minutes", 120, TIME), ("1 microsecond", 1e-6, TIME), ("4 nanoseconds", 4e-9, TIME),
    # compute: FLOP and FLOPs are counts, FLOPS is a rate
    ("1 FLOP", 1, COMPUTE), ("8 FLOPs", 8, COMPUTE), ("1 GFLOP", 1e9, COMPUTE),
    ("1 TFLOP", 1e12, COMPUTE), ("1 PFLOP", 1e15, COMPUTE), ("1 FLOPS", 1, COMPUTE_RATE),
    ("1 FLOP/s", 1, COMPUTE_RATE), ("1 GFLOPS", 1e9, COMPUTE_RATE),
    ("989 TFLOPS", 989e12, COMPUTE_RATE), ("1 PFLOPS", 1e15, COMPUTE_RATE),
    # money: $ before or after, USD, cents
    ("$3", 3, MONEY), ("3 $", 3, MONEY), ("3 USD", 3, MONEY), ("50 cents", 0.5, MONEY),
    ("1 cent", 0.01, MONEY),
    # counts
    ("5 tokens", 5, dim(token=1)), ("1 token", 1, dim(token=1)), ("2 tok", 2, dim(token=1)),
    ("3 requests", 3, dim(request=1)), ("1 req", 1, dim(request=1)),
    ("4 users", 4, dim(user=1)), ("1 user", 1, dim(user=1)), ("2 steps", 2, dim(step=1)),
    ("300 kernels", 300, dim(kernel=1)), ("1 kernel", 1, dim(kernel=1)),
    # ratios
    ("25%", 0.25, dim()), ("1.25x", 1.25, dim()), ("1.25×", 1.25, dim()),
    ("3 x", 3, dim()),
    # power
    ("700 W", 700, dim(mass=1, length=2, time=-3)),
    # one-word rates: TPS is tokens/s, QPS requests/s; Bps bytes/s and bps bits/s
    ("5300 TPS", 5300, dim(token=1, time=-1)), ("200 tps", 200, dim(token=1, time=-1)),
    ("50 QPS", 50, dim(request=1, time=-1)), ("50 rps", 50, dim(request=1, time=-1)),
    ("3.35 TBps", 3.35e12, dim(information=1, time=-1)),
    ("400 Gbps", 50e9, dim(information=1, time=-1)),
    ("1 Bps", 1, dim(information=1, time=-1)),
]


@pytest.mark.parametrize(("text", "value", "dimension"), CASES)
def test_unit_reads_with_its_size_and_dimension(
    text: str, value: float, dimension: tuple[int, ...]
) -> None:
    quantity = read(text).value
    assert quantity.dim == dimension
    assert quantity.value == pytest.approx(value, rel=1e-12)


def test_case_of_b_decides_bits_or_bytes() -> None:
    assert read("8 Gb").value.value == pytest.approx(read("1 GB").value.value)


def test_kilobyte_spellings_are_decimal_and_kibibyte_binary() -> None:
    assert read("1 KB").value == read("1 kB").value
    assert read("1 KiB").value.value == 1024


@pytest.mark.parametrize("word", ["zorks", "parsecs", "Ms", "m", "lightyears"])
def test_unknown_unit_is_an_error_with_suggestions(word: str) -> None:
    with pytest.raises(ParseError, match=f"unknown unit '{word}'"):
        read(f"3 {word}")


def test_unknown_unit_suggests_nearest_known() -> None:
    with pytest.raises(ParseError) as caught:
        read("4.8 MS")
    assert "did you mean" in caught.value.message
    assert "ms" in caught.value.message.split("did you mean", 1)[1]


def test_misspelled_unit_suggestion() -> None:
    with pytest.raises(ParseError) as caught:
        read("16 gigabites")
    assert "gigabits" in caught.value.message or "gigabytes" in caught.value.message
