"""Checking the worked equations in prose: each side read as math, compared in value and kind.

``16 GB ÷ 3.35 TB/s ≈ 4.8 ms`` passes; ``16 GB ÷ 989 TFLOPS ≈ 16 ms`` fails on dimension
(bytes·s/FLOP is not a time); ``16 GB ÷ 3.35 TB/s ≈ 5.8 ms`` fails on value. ``=`` allows
1%, ``≈`` the card's tolerance. Counts (tokens, users ...) may be left out of either side.

A side written without units next to one with units (``16 + 4.1 ≈ 20.1 GB``,
``100 − 30 − 50 = 20%``) is a bare number: it may match the other side in base units or as
the number written before the other side's unit.
"""

from __future__ import annotations

import contextlib
import math
import re
from dataclasses import dataclass
from functools import lru_cache

from drill.checking.equations import Side, find_equations
from drill.checking.tolerance import power_of_ten_slip
from drill.packs.diagnostics import ERROR, WARNING
from drill.quantities import dimensions as dims
from drill.quantities.expression_slips import structural_mistakes
from drill.quantities.parsing import ParseError, Reading, read
from drill.quantities.parsing.nodes import Negate, Node, Number, UnitOp, UnitRef
from drill.quantities.quantity import Quantity
from drill.quantities.units import format_number, format_quantity

EXACT_TOLERANCE = 0.01  # '=' in prose still rounds: 1/0.55 = 1.82 is written 1.8 with ≈
# "70B", "8B": a model's size in billions of parameters, in this domain at least as often as
# bytes; a side holding one is read both ways and may hold either way.
_GLUED_B = re.compile(r"(?<=\d)B\b")
# "8K context = 8192 tokens": a context length's K is 1,024.
_GLUED_K = re.compile(r"(?<=\d)[kK]\b")
# "5-6 ms", "4.8–5 ms", "Llama-3-8B", "8-bit": a dash between two words or numbers with no
# space around it joins them (a range, a name); it is not a minus sign.
_GLUED_DASH = re.compile(r"[\w%][-–]\w")


@dataclass(frozen=True, slots=True)
class ProseProblem:
    offset: int  # where in the text the equation (its left side) starts
    severity: str
    message: str


def check_prose(text: str, tolerance: float) -> list[ProseProblem]:
    """Every problem with the worked equations in ``text``.

    Cached: a card's texts are read again for every variant and every check, and the
    answer depends on the text alone."""
    return list(_check_prose_kept(text, tolerance))


@lru_cache(maxsize=8192)
def _check_prose_kept(text: str, tolerance: float) -> tuple[ProseProblem, ...]:
    return tuple(_check_prose_afresh(text, tolerance))


#: :func:`check_prose` as the kept tuple itself, for the checker's loops, which read each
#: text again for every variant (no list is made, and no Python frame between).
prose_problems = _check_prose_kept


def _check_prose_afresh(text: str, tolerance: float) -> list[ProseProblem]:
    """Every problem with the worked equations in ``text``."""
    problems: list[ProseProblem] = []
    for equation in find_equations(text):
        readings: list[tuple[Side, list[Reading]] | None] = []
        for side in equation.sides:
            options: list[Reading] = []
            if side.numeric:
                try:
                    options = _read_side(side.text)
                except ParseError as error:
                    if not _GLUED_DASH.search(side.text):
                        problems.append(ProseProblem(
                            side.start, WARNING,
                            f"cannot read '{side.text}' in an equation as math: "
                            f"{error.message}",
                        ))
            readings.append((side, options) if options else None)
        previous: tuple[Side, list[Reading]] | None = None
        relation = "="
        for index, current in enumerate(readings):
            if index and equation.relations[index - 1] == "≈":
                relation = "≈"  # a chain is as loose as its loosest link
            if current is None:
                continue
            if previous is not None:
                problem = _compare_options(previous, current, relation, tolerance)
                if problem is not None:
                    problems.append(problem)
            previous, relation = current, "="
    return problems


def _read_side(text: str) -> list[Reading]:
    """The ways to read a side: as written, with a glued 'B' as billions, a glued 'K' as
    1,024."""
    options = [read(text)]
    for glued, meaning in ((_GLUED_B, " billion"), (_GLUED_K, " × 1024")):
        if glued.search(text):
            with contextlib.suppress(ParseError):  # then it is read as written only
                options.append(read(glued.sub(meaning, text)))
    return options


def _compare_options(
    left: tuple[Side, list[Reading]], right: tuple[Side, list[Reading]], relation: str,
    tolerance: float,
) -> ProseProblem | None:
    """None if some reading of the sides holds; else the problem of the readings that fit
    best (alike in units, then alike in dimension), so "2 × 8B = 20 GFLOP" is off in value,
    not bytes against FLOPs."""
    (left_side, a_options), (right_side, b_options) = left, right
    found: list[tuple[int, ProseProblem]] = []
    for a in a_options:
        for b in b_options:
            problem = _compare((left_side, a), (right_side, b), relation, tolerance)
            if problem is None:
                return None
            found.append((_misfit(a, b), problem))
    return min(found, key=lambda pair: pair[0])[1]


def _misfit(a: Reading, b: Reading) -> int:
    """0: both sides carry units or neither; 1: one side is a bare number; 2: the sides'
    dimensions differ."""
    a_units, b_units = _carries_units(a), _carries_units(b)
    if a_units and b_units:
        same = dims.without_counts(a.value.dim) == dims.without_counts(b.value.dim)
        return 0 if same else 2
    return 0 if a_units == b_units else 1


def _compare(
    left: tuple[Side, Reading], right: tuple[Side, Reading], relation: str, tolerance: float
) -> ProseProblem | None:
    (left_side, a), (right_side, b) = left, right
    allowed = EXACT_TOLERANCE if relation == "=" else tolerance
    where = left_side.start
    shown = f"'{left_side.text} {relation} {right_side.text}'"
    a_units, b_units = _carries_units(a), _carries_units(b)
    if a_units and b_units and dims.without_counts(a.value.dim) != dims.without_counts(
        b.value.dim
    ):
        message = (
            f"{shown}: the left side is {_kind(a.value)}, the right side {_kind(b.value)}"
        )
        hints = structural_mistakes(a.tree) + structural_mistakes(b.tree)
        if hints:
            message += f"; {hints[0].message}"
        return ProseProblem(where, ERROR, message)
    candidates = [(a.value.value, b.value.value)]
    if a_units != b_units:
        # A bare number beside a quantity may be that quantity's written number.
        bare, measured = (a, b) if b_units else (b, a)
        written = _written_number(measured)
        if written is not None:
            pair = (bare.value.value, written)
            candidates.append(pair if bare is a else pair[::-1])
    elif not a_units:
        # Both plain: "10.4 ÷ 14 ≈ 74%" compares 0.743 with 0.74; "20 = 20%" reads the 20.
        for reading in (a, b):
            written = _written_number(reading)
            if written is not None:
                other = b if reading is a else a
                pair = (written, other.value.value)
                candidates.append(pair if reading is a else pair[::-1])
    if any(_close(x, y, allowed) for x, y in candidates):
        return _rounding(shown, where, a, b, right_side.text, left_side.text)
    x, y = candidates[0]
    off = abs(x - y) / abs(y) if y else float("inf")
    right_shown = right_side.text if _written_number(b) is not None else _show(b.value)
    return ProseProblem(
        where,
        ERROR,
        f"{shown}: the left side is {_show(a.value)}, {_percent(off)} off the right side "
        f"({right_shown}); '{relation}' allows {_percent(allowed)}"
        f"{power_of_ten_slip(y, x, allowed, 'the right side')}",
    )


def _carries_units(reading: Reading) -> bool:
    """True when the side names a unit with a dimension (``%`` and ``×`` do not count)."""
    return any(
        isinstance(node, UnitRef) and node.unit.dim != dims.DIMENSIONLESS
        for node in reading.tree.walk()
    )


def _written_number(reading: Reading) -> float | None:
    """The number written before the units of a single quantity.

    20 in ``20%``, 20.1 in ``20.1 GB``, 720,000 in ``720,000 tokens per hour``; None when
    the side holds more than one number.
    """
    numbers = [node for node in _outside_units(reading.tree) if isinstance(node, Number)]
    if len(numbers) != 1:
        return None
    sign = -1.0 if isinstance(reading.tree, Negate) else 1.0
    return sign * numbers[0].value


def _outside_units(node: Node) -> list[Node]:
    """The nodes of a tree, leaving out the insides of units (the 2 of ``m^2``)."""
    if isinstance(node, UnitOp):
        return []
    found = [node]
    for child in node.children():
        found += _outside_units(child)
    return found


def _kind(quantity: Quantity) -> str:
    words, symbol = dims.describe(quantity.dim), dims.symbol(quantity.dim)
    return words if symbol in words else f"{words} ({symbol})"


def _rounding(shown: str, where: int, a: Reading, b: Reading, right: str, left: str
              ) -> ProseProblem | None:
    """A right side written with three figures or more is held to them, as a figure in
    plain text is: 10.45 ms is written 10.4 or 10.5 ms, never 10.6 ms. The left side's
    own figures are rounded too, and their rounding is allowed for."""
    written = _written_number(b)
    digits = _significant(right)
    mixed = _carries_units(a) != _carries_units(b)
    if written is None or not written or digits < 3 or mixed or not b.value.value or re.search(
            r"[\^√+−]|\*\*|exp|ln|log|\s-\s", left):
        # A power, a root, a sum or a difference magnifies its inputs' rounding beyond
        # what their figures say: '≈' alone holds those. Products and quotients add it.
        return None
    # One unit of the right side's last figure (an author's rounding of a half is theirs),
    # and half a unit of each figure on the left.
    # A one-figure whole number on the left ("2 TB/s", "× 4") is taken as exact.
    allowed = 2 * _half_unit(f"{written}", digits) + sum(
        _half_unit(number, _significant(number))
        for number in re.findall(r"\d[\d,]*(?:\.\d+)?", left)
        if "." in number or len(number.replace(",", "").strip("0")) > 1)
    off = abs(a.value.value - b.value.value) / abs(b.value.value)
    if off <= allowed * 1.02 + 1e-12:
        return None
    return ProseProblem(
        where, ERROR,
        f"{shown}: the left side is {_show(a.value)}, which written to the {digits} figures "
        f"of the right side is not {right.strip()}: round it, or write fewer figures")


def _half_unit(number: str, digits: int) -> float:
    """Half a unit of the last figure of ``number``, as a share of it."""
    value = abs(float(number.replace(",", "")))
    if not value or not digits:
        return 0.0
    exponent = math.floor(math.log10(value))
    return 0.5 * 10.0 ** (exponent - digits + 1) / value


def _significant(text: str) -> int:
    """The significant figures of the number a side is written with ("10.6 ms": 3)."""
    match = re.search(r"\d[\d,]*(?:\.\d+)?", text)
    if match is None or re.search(r"\d[\s,]*[×x]\s*10|e[-+]?\d", text):
        return 0
    digits = match.group(0).replace(",", "")
    if "." in digits:
        return len(digits.replace(".", "").lstrip("0"))
    return len(digits.lstrip("0").rstrip("0")) or 1


def _close(x: float, y: float, allowed: float) -> bool:
    if y == 0:
        return abs(x) <= allowed
    return abs(x - y) <= allowed * abs(y)


def _show(quantity: Quantity) -> str:
    try:
        return format_quantity(quantity)
    except ValueError:
        return format_number(quantity.value)


def _percent(fraction: float) -> str:
    if fraction == float("inf"):
        return "infinitely far"
    if fraction >= 10:
        return f"{fraction * 100:,.0f}%"  # not 1e+06%
    return f"{fraction * 100:.3g}%"
