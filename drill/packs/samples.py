"""Showing a number the way a sample shows one: ``format_like(q, "4.8 ms")``.

A template writes ``{decode_floor:4.78 ms}``: the sample gives the unit and how precise to
be. A variant's value is shown in that unit with the sample's significant figures, but
never fewer than three, so worked equations still hold after rounding (``=`` allows 1%).
``{low:150 [tokens/s]}`` counts in tokens/s but shows the number alone; ``{b:~300}`` keeps
the sample's own figures (300, not 295); ``{batch:32nd}`` writes an ordinal.
Plain Python, no sympy: the grader and the app can use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from drill.packs.templates import sample_shown
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.quantities.units import attach_unit, format_number, unit_quantity

MIN_DIGITS = 3

_SAMPLE = re.compile(
    r"(?P<rounded>~)?(?P<dollar>\$)?"
    r"(?P<number>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)\s*(?P<unit>.*)"
)
_ORDINAL = ("st", "nd", "rd", "th")
_RELATION = re.compile(r"^\s*(?P<relation>[=≈~]|about|roughly)?\s*")


class SampleError(ValueError):
    """A sample that is not "NUMBER UNIT", or a value that cannot be shown in its unit."""


@dataclass(frozen=True, slots=True)
class Sample:
    text: str  # as written: "4.78 ms", "$4.17 per million tokens", "74.6%"
    number: float  # 4.78
    digits: int  # significant figures written: 3
    unit: str  # a unit drill reads: "ms", "$ per million tokens", "%", ""
    hidden: bool = False  # "150 [tokens/s]": counted in the unit, shown without it
    exact: bool = False  # "~300": as many figures as written, not at least three
    ordinal: bool = False  # "32nd": a whole number with its ordinal suffix
    dollar: bool = False  # "$3 [/h]": the dollar stays in front when the unit is hidden

    @property
    def shown(self) -> str:
        """What the base text shows: the sample, less a bracketed unit and a '~'."""
        return sample_shown(self.text)

    @property
    def value(self) -> Quantity:
        """What the sample says, as a quantity (4.78 ms in seconds)."""
        size = unit_quantity(self.unit)
        return Quantity(self.number * size.value, size.dim)


@lru_cache(maxsize=4096)
def parse_sample(text: str) -> Sample:
    """Read a sample; raises SampleError naming what is wrong. Kept per text: a pack's
    templates are read again for every variant."""
    written = " ".join(text.split())
    match = _SAMPLE.fullmatch(written)
    if match is None:
        raise SampleError(f"the sample '{text}' must be a number and a unit, like 4.78 ms, "
                          f"$4.17 per million tokens, 74.6% or 150 [tokens/s] (a unit in "
                          f"brackets is not shown)")
    number_text = match["number"]
    rest = match["unit"].strip()
    ordinal = rest in _ORDINAL
    if ordinal:
        rest = ""
    hidden = rest.startswith("[") and rest.endswith("]")
    if hidden:
        rest = rest[1:-1].strip()
    unit = rest
    if match["dollar"]:
        unit = "$" + (rest if not rest or rest.startswith("/") else f" {rest}")
    try:
        unit_quantity(unit)
    except ParseError as error:
        raise SampleError(f"the sample '{text}': {error.message}") from None
    return Sample(written, float(number_text.replace(",", "")), significant_digits(number_text),
                  unit, hidden, bool(match["rounded"]), ordinal, bool(match["dollar"]))


def significant_digits(number_text: str) -> int:
    """Figures a person wrote: 4.80 has three, 0.19 two, 4,300 two, 209 three."""
    digits = number_text.replace(",", "")
    if "." in digits:
        return max(1, len(digits.replace(".", "").lstrip("0")))
    return max(1, len(digits.lstrip("0").rstrip("0")))


def format_like(value: Quantity, sample: Sample) -> str:
    """``value`` in the sample's unit and style: 3.33 ms for a 4.8 ms sample."""
    if value.value == 0:  # 0.0 and -0.0 are equal keys, and may not show alike
        return _format_like(value, sample)
    return _cached_format_like(value, sample)


def _format_like(value: Quantity, sample: Sample) -> str:
    size = unit_quantity(sample.unit)
    if not dims.compatible(value.dim, size.dim):
        raise SampleError(f"the value is {dims.describe(value.dim)}, but the sample "
                          f"'{sample.text}' is {dims.describe(size.dim)}")
    amount = value.value / size.value
    if sample.exact and amount == int(amount):
        # format_number writes a whole number out in full (175, not 180); a "~" sample
        # asks for its own figures and no more, whole numbers included.
        amount = _whole_to_figures(amount, sample.digits)
    if sample.ordinal:
        return ordinal(round(amount))
    number = format_number(amount, sample.digits if sample.exact
                           else max(sample.digits, MIN_DIGITS))
    if sample.dollar and re.fullmatch(r"[\d,]+\.\d", number):
        number += "0"  # money in cents: $2.50
    if sample.hidden:
        return f"${number}" if sample.dollar else number
    return attach_unit(number, sample.unit)


def figures_text(number: float, digits: int) -> str:
    """``number`` written with ``digits`` significant figures, whole numbers included
    (175 → "180" for two), as a '~' sample shows it."""
    if number == int(number):
        number = _whole_to_figures(number, digits)
    return format_number(number, digits)


def _whole_to_figures(whole: float, digits: int) -> float:
    """A whole number rounded half up to ``digits`` significant figures: 175 → 180."""
    written = Decimal(int(whole))
    drop = written.adjusted() + 1 - digits
    if drop <= 0:
        return whole
    kept = written.scaleb(-drop).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return float(kept.scaleb(drop))


#: Pure, so kept: ``drill check`` shows each value in each variant's samples more than once.
_cached_format_like = lru_cache(maxsize=8192)(_format_like)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 32nd."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def split_stated(stated: str) -> tuple[str, str]:
    """``"≈ 4.8 ms"`` → ``("≈ ", "4.8 ms")``: an ask's stated figure and its relation."""
    match = _RELATION.match(stated)
    prefix = match.group(0) if match else ""
    return prefix, stated[len(prefix):]


def restate(stated: str, value: Quantity) -> str:
    """An ask's ``stated`` figure for another value, in the same style: "≈ 3.33 ms"."""
    prefix, rest = split_stated(stated)
    return prefix + format_like(value, parse_sample(rest))


def read_quantity(text: str) -> Quantity:
    """A given's text as a quantity (for showing it like a sample)."""
    try:
        return read(text).value
    except ParseError as error:
        raise SampleError(f"'{text}' cannot be read: {error.message}") from None
