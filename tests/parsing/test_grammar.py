"""Each grammar form reads as a person means it, and the echo shows how it was read."""

from __future__ import annotations

import pytest

from drill.quantities.parsing import ParseError, read

# (typed, echo, value in base units)
FORMS = [
    # a count typed in the singular is echoed in the singular
    ("1 token / 4.8 ms", "1 token ÷ 4.8 ms", 1 / 4.8e-3),
    ("4.8 ms per token", "4.8 ms per token", 4.8e-3),
    ("3 users", "3 users", 3),
    # numbers
    ("4.8", "4.8", 4.8),
    ("4.8e-3", "4.8e-3", 4.8e-3),
    ("1e6", "1e6", 1e6),
    ("1,000", "1,000", 1000),
    ("12,345,678", "12,345,678", 12345678),
    ("16 × 10⁹", "16 × 10⁹", 16e9),
    ("3.35 × 10¹²", "3.35 × 10¹²", 3.35e12),
    ("2 × 10^-3", "2 × 10⁻³", 2e-3),
    ("−5", "-5", -5),
    ("200k", "200k", 200e3),
    ("15.5 M", "15.5 M", 15.5e6),
    ("3 thousand", "3 thousand", 3000),
    ("2 million", "2 million", 2e6),
    ("8 billion", "8 billion", 8e9),
    # operators and precedence
    ("1 + 2 × 3", "1 + 2 × 3", 7),
    ("(1 + 2) * 3", "(1 + 2) × 3", 9),
    ("8 ÷ 4 ÷ 2", "8 ÷ 4 ÷ 2", 1),
    ("8 / (4 / 2)", "8 ÷ (4 ÷ 2)", 4),
    ("2 · 3", "2 × 3", 6),
    ("2^10", "2^10", 1024),
    ("2**3**2", "2^3^2", 512),
    ("-2^2", "-2^2", -4),
    ("10 - 3 - 2", "10 - 3 - 2", 5),
    ("10 - (3 - 2)", "10 - (3 - 2)", 9),
    # implicit multiplication and quantities
    ("2 GB", "2 GB", 2e9),
    ("2 × 8e9 FLOP", "2 × 8e9 FLOP", 16e9),
    ("(16 + 4.1) GB", "(16 + 4.1) GB", 20.1e9),
    ("16 GB / 3.35 TB/s", "16 GB ÷ (3.35 TB/s)", 16e9 / 3.35e12),
    ("16 × 10⁹ ÷ 3.35 × 10¹²", "16 × 10⁹ ÷ (3.35 × 10¹²)", 16e9 / 3.35e12),
    ("1 / 4.8 ms", "1 ÷ (4.8 ms)", 1 / 4.8e-3),
    ("$0.19 per million tokens", "$0.19 per million tokens", 0.19e-6),
    ("200 tokens per second", "200 tokens per s", 200),
    ("$3/h", "$3/h", 3 / 3600),
    ("3 s⁻¹", "3 s^-1", 3),
    ("4 s^2", "4 s^2", 4),
    # leading approximations are ignored, trailing percent and ratio marks are units
    ("≈ 4.8 ms", "4.8 ms", 4.8e-3),
    ("~200 tokens/s", "200 tokens/s", 200),
    ("about 25×", "25×", 25),
    ("74.6%", "74.6%", 0.746),
    ("1.25x", "1.25×", 1.25),
    ("5 x 3", "5 × 3", 15),
    ("1 ÷ 0.8 × 100%", "1 ÷ 0.8 × 100%", 1.25),
    ("99%^10", "99%^10", 0.99**10),
    ("1 - 99%¹⁰", "1 - 99%^10", 1 - 0.99**10),
]


@pytest.mark.parametrize(("text", "echo", "value"), FORMS)
def test_form_reads_and_echoes(text: str, echo: str, value: float) -> None:
    reading = read(text)
    assert reading.echo == echo
    assert reading.value.value == pytest.approx(value, rel=1e-9)


def test_echo_reads_back_to_the_same_value() -> None:
    for text, _, _ in FORMS:
        first = read(text)
        again = read(first.echo)
        assert again.value.dim == first.value.dim
        assert again.value.value == pytest.approx(first.value.value, rel=1e-9), text


def test_a_number_with_a_compound_unit_is_one_quantity() -> None:
    # 16 GB ÷ (3.35 TB/s), not (16 GB ÷ 3.35 TB) / s
    reading = read("16 GB / 3.35 TB/s")
    assert reading.value.dim == read("1 s").value.dim


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "nothing to read"),
        ("   ", "nothing to read"),
        ("2 * (3", "never closed"),
        ("3)", "no matching"),
        ("1, 5", "comma"),
        ("4 +", "ends too soon"),
        ("3 ms + 2 GB", "cannot add"),
        ("1 / 0", "division by zero"),
        ("GB^0.5", "fractional power"),
        ("k", "must follow a number"),
        ("4 ≈ 5", "may only start"),
        ("1e999", "too large"),
        ("4 300", "two numbers side by side"),
        ("20.9 ms 3", "two numbers side by side"),
        ("1 000", "two numbers side by side"),
        # A time in two units reads as their sum only from the larger unit to the smaller.
        ("40 s 6 min", "two numbers side by side"),
        ("6 min 40", "two numbers side by side"),
        ("6 min 40 GB", "two numbers side by side"),
    ],
)
def test_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read(text)


def test_error_position_points_at_the_problem() -> None:
    with pytest.raises(ParseError) as caught:
        read("16 GB / 3.35 zorks")
    assert caught.value.position == len("16 GB / 3.35 ")
    assert caught.value.pointer("16 GB / 3.35 zorks").endswith(" " * 13 + "^")


@pytest.mark.parametrize(("text", "seconds"), [
    ("6 min 40 s", 400.0),
    ("1 h 30 min", 5400.0),
    ("2 h 5 min 30 s", 7530.0),
])
def test_a_time_in_two_units_is_their_sum(text: str, seconds: float) -> None:
    assert read(text).value.value == pytest.approx(seconds)
