"""Units for people: convert a quantity to a unit, and show it in a readable one.

``format_quantity(q)`` picks a unit a person would say (4.78 ms, 2.67 TB/s, 295 FLOP/byte,
$4.17); ``format_in(q, "tokens/s")`` shows it in the unit a card asks for. Conversions
across dimensions are errors that name both dimensions in words, never a silent no-op.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from drill.quantities import dimensions as dims
from drill.quantities.dimensions import Dim, dim
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.unit_table import PREFIX_UNITS, UNITS


class ConversionError(QuantityError):
    """A quantity asked for in a unit of another dimension."""

    def __init__(self, quantity: Quantity, unit_text: str, unit_dim: Dim) -> None:
        self.quantity = quantity
        self.unit_text = unit_text
        self.unit_dim = unit_dim
        super().__init__(
            f"the result is {dims.describe(quantity.dim)}, "
            f"not {dims.describe(unit_dim)} ({unit_text})"
        )


@lru_cache(maxsize=512)
def unit_quantity(unit_text: str) -> Quantity:
    """The size of a display unit such as ``ms``, ``tokens/s``, ``$ per million tokens``."""
    text = unit_text.strip()
    if text in ("", "1", "×", "x"):
        return Quantity(1.0)
    if text in UNITS:
        # A lone unit, read directly: the parser takes "×" and "x" alone for operators.
        unit = UNITS[text]
        return Quantity(unit.scale, unit.dim)
    try:
        size = read(text).value
    except ParseError as error:
        raise ParseError(f"unit '{unit_text}': {error.message}", error.position) from None
    if not size.value > 0:  # "0 GB": every amount would be divided by zero
        raise ParseError(f"unit '{unit_text}': a unit must be a size above zero", 0)
    return size


def convert(quantity: Quantity, unit_text: str) -> float:
    """The number of ``unit_text`` in ``quantity``; raises :class:`ConversionError`."""
    unit = unit_quantity(unit_text)
    if unit.dim != quantity.dim:
        raise ConversionError(quantity, unit_text, unit.dim)
    return quantity.value / unit.value


def format_number(value: float, digits: int = 3) -> str:
    """Three significant figures, thousands commas, powers of ten for the very large/small.

    Rounding is done on the number as Python writes it (``repr``), half away from zero,
    as on paper: 12.25 → 12.3 like 12.35 → 12.4, whatever their binary neighbours are.
    """
    if value == 0:
        return "0"
    if math.isnan(value) or math.isinf(value):
        return str(value)
    magnitude = abs(value)
    if value == int(value) and magnitude < 1e6:
        return f"{int(value):,}"
    written = Decimal(repr(value))
    exponent = written.adjusted()  # the power of ten of the leading digit
    if magnitude >= 1e6 or magnitude < 1e-3:
        mantissa = _round_half_up(written.scaleb(-exponent), digits - 1)
        if abs(mantissa) >= 10:
            mantissa = _round_half_up(mantissa.scaleb(-1), digits - 1)
            exponent += 1
        text = _trim(f"{mantissa:f}")
        return f"{text} × 10{dims.superscript(exponent)}"
    decimals = max(0, digits - 1 - exponent)
    if decimals == 0:
        # Round to significant figures, not units: 61,811 → 61,800.
        drop = exponent + 1 - digits
        return f"{int(_round_half_up(written, -max(drop, 0))):,}"
    return _trim(f"{_round_half_up(written, decimals):,.{decimals}f}")


def _round_half_up(number: Decimal, decimals: int) -> Decimal:
    """``number`` to ``decimals`` places (negative: to tens, hundreds ...), half away from 0."""
    return number.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)


def format_in(quantity: Quantity, unit_text: str, digits: int = 3) -> str:
    """``quantity`` written in ``unit_text``: ``4.78 ms``, ``$4.17 per million tokens``."""
    number = format_number(convert(quantity, unit_text), digits)
    return attach_unit(number, unit_text)


def attach_unit(number: str, unit_text: str) -> str:
    unit_text = unit_text.strip()
    if unit_text in ("", "1"):
        return number
    if unit_text.startswith("1/"):
        return f"{number}{unit_text[1:]}"
    if unit_text[:1] in PREFIX_UNITS:
        if number.startswith("-"):
            return f"-{unit_text[0]}{number[1:]}{_spaced(unit_text[1:])}"
        return f"{unit_text[0]}{number}{_spaced(unit_text[1:])}"
    if unit_text in ("%", "×", "x"):
        return f"{number}{'×' if unit_text == 'x' else unit_text}"
    return f"{number} {unit_text}"


def _spaced(rest: str) -> str:
    if not rest or rest[0] in "/·":
        return rest
    return rest if rest.startswith(" ") else f" {rest}"


# Families of units a person would choose between, smallest first.
_FAMILIES: dict[Dim, tuple[str, ...]] = {
    dim(time=1): ("ns", "µs", "ms", "s"),
    dim(information=1): ("B", "kB", "MB", "GB", "TB", "PB"),
    dim(information=1, time=-1): ("B/s", "kB/s", "MB/s", "GB/s", "TB/s", "PB/s"),
    dim(computation=1): ("FLOP", "kFLOP", "MFLOP", "GFLOP", "TFLOP", "PFLOP", "EFLOP"),
    dim(computation=1, time=-1): ("FLOPS", "kFLOPS", "MFLOPS", "GFLOPS", "TFLOPS", "PFLOPS"),
    dim(computation=1, information=-1): ("FLOP/byte",),
    dim(currency=1): ("$",),
    dim(currency=1, time=-1): ("$/h",),
    dim(currency=1, token=-1): ("$ per million tokens",),
    dim(information=1, token=-1): ("B/token", "KiB/token", "MiB/token"),
    dim(token=1, time=-1): ("tokens/s",),
    dim(request=1, time=-1): ("requests/s",),
    dim(time=-1): ("1/s",),
    dim(mass=1, length=2, time=-3): ("W", "kW"),
    # Energy, for tokens per joule (a throughput per watt) and what is left of it when
    # the tokens are left out.
    dim(mass=1, length=2, time=-2): ("J",),
    dim(mass=-1, length=-2, time=2): ("1/J",),
    dim(token=1, mass=-1, length=-2, time=2): ("tokens/J",),
}


def readable_unit(quantity: Quantity) -> str:
    """The unit a person would pick for this quantity, or its base compound unit."""
    family = _FAMILIES.get(quantity.dim)
    if family is None:
        return "" if quantity.dimensionless else dims.symbol(quantity.dim)
    if quantity.dim == dim(time=1):
        seconds = abs(quantity.value)
        if seconds >= 2 * 86400:
            return "day"
        if seconds >= 2 * 3600:
            return "h"
        if seconds >= 120:
            return "min"
    chosen = family[0]
    for unit in family:
        if abs(quantity.value) >= unit_quantity(unit).value * 0.9995:
            chosen = unit
    return chosen


def format_quantity(quantity: Quantity, unit_text: str | None = None, digits: int = 3) -> str:
    """Show ``quantity`` in ``unit_text``, or in a readable unit when none is given."""
    if unit_text is None:
        unit_text = readable_unit(quantity)
        if unit_text == dims.symbol(quantity.dim) and quantity.dim not in _FAMILIES:
            # A compound without a family: its size in base units.
            return attach_unit(format_number(quantity.value, digits), unit_text)
    return format_in(quantity, unit_text, digits)


def _trim(text: str) -> str:
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text

