"""Showing quantities the way a person would say them, and refusing bad conversions."""

from __future__ import annotations

import pytest

from drill.quantities.parsing import read
from drill.quantities.units import ConversionError, convert, format_number, format_quantity


@pytest.mark.parametrize(
    ("expression", "shown"),
    [
        ("16 GB / 3.35 TB/s", "4.78 ms"),
        ("16 GB / 6 ms", "2.67 TB/s"),
        ("989 TFLOPS / 3.35 TB/s", "295 FLOP/byte"),
        ("$3 / (200 × 3600) × 1e6", "$4.17"),
        ("70 GB", "70 GB"),
        ("2 × 8e9 FLOP × 500", "8 TFLOP"),
        ("1 / 4.8 ms", "208/s"),
        ("32 × 1000 × 128 KiB", "4.19 GB"),
        ("90 s", "90 s"),
        ("3 h", "3 h"),
    ],
)
def test_readable_unit(expression: str, shown: str) -> None:
    assert format_quantity(read(expression).value) == shown


@pytest.mark.parametrize(
    ("expression", "unit", "shown"),
    [
        ("10.4 ms / 14 ms", "%", "74.3%"),
        ("1 / 0.8", "×", "1.25×"),
        ("$3/h / (200 tokens/s)", "$ per million tokens", "$4.17 per million tokens"),
        ("1 token / 4.78 ms", "tokens/s", "209 tokens/s"),
        ("16 GB / 3.35 TB/s", "µs", "4,780 µs"),
    ],
)
def test_format_in_a_given_unit(expression: str, unit: str, shown: str) -> None:
    assert format_quantity(read(expression).value, unit) == shown


def test_conversion_across_dimensions_names_both_in_words() -> None:
    value = read("16 GB / 989 TFLOPS").value
    with pytest.raises(ConversionError) as caught:
        convert(value, "ms")
    message = str(caught.value)
    assert "bytes·s/FLOP" in message
    assert "a time" in message


def test_conversion_within_a_dimension() -> None:
    assert convert(read("1 h").value, "s") == pytest.approx(3600)
    assert convert(read("1 GiB").value, "MB") == pytest.approx(1073.741824)


@pytest.mark.parametrize(
    ("value", "text"),
    [(61812.6, "61,800"), (5308.0, "5,308"), (0.00478, "0.00478"), (1.3e14, "1.3 × 10¹⁴"),
     (720000.0, "720,000"), (0.0, "0"), (-4.2, "-4.2"), (1.25, "1.25"), (9.996e5, "999,600")],
)
def test_format_number(value: float, text: str) -> None:
    assert format_number(value) == text


@pytest.mark.parametrize(
    ("value", "digits", "text"),
    [(12.25, 3, "12.3"), (12.35, 3, "12.4"), (2.675, 3, "2.68"), (4.785, 3, "4.79"),
     (0.125, 2, "0.13"), (2.5, 1, "3"), (1234.5, 4, "1,235"), (61850.5, 3, "61,900"),
     (1.225e7, 3, "1.23 × 10⁷"), (0.00125, 2, "0.0013"), (-12.25, 3, "-12.3")],
)
def test_a_written_half_rounds_up_as_on_paper(value: float, digits: int, text: str) -> None:
    # The number as written (12.25) decides, not its binary neighbour (12.2499... or
    # 12.3500...), and a half goes away from zero: 12.25 and 12.35 round alike.
    assert format_number(value, digits) == text
