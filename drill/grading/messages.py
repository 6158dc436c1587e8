"""What the grader says: short, in our own words, and always pointing at the fix.

The voice is an interviewer's coach: name what went wrong in one clause, then say what to
do instead, with the units that make it visible.
"""

from __future__ import annotations

from drill.quantities import dimensions as dims
from drill.quantities.units import attach_unit, format_number

#: Off by this factor or more, an answer is "N× too large", not "N% above": a formula
#: slip (a lost 2, a missing term) rather than rounding.
_FACTOR = 1.5


def correct(read_as: str, expected: str, tolerance: float, assumed: str) -> str:
    note = f" ({assumed})" if assumed else ""
    return f"Right: {read_as}{note} is within {_percent(tolerance)} of {expected}."


def off_by(read_as: str, expected: str, ratio: float | None,
           tolerance: float = 0.05) -> str:
    """No classic mistake fits: say how far off, and how to find the slip.

    ``ratio`` is the answer over the reference; None when the reference is zero, where
    no ratio exists.
    """
    if ratio is None:
        return (f"Not quite: {read_as} is not {expected}. Redo it from the givens, writing "
                "the unit next to every number so they cancel.")
    if ratio == 0:
        return (f"Not quite: the answer is {expected}, not {read_as}. A zero usually means a "
                "given was left out or two terms cancelled: redo the working from the givens.")
    if ratio > 0:
        change = ratio - 1
        direction = "above" if change > 0 else "below"
        how = f"{_percent(abs(change))} {direction}"
        if ratio >= _FACTOR or ratio <= 1 / _FACTOR:
            how = f"{format_number(ratio if ratio >= 1 else 1 / ratio)}× "
            how += "too large" if ratio >= 1 else "too small"
            return (f"Not quite: {read_as} is {how} against {expected}. Redo it from the "
                    "givens, writing the unit next to every number so they cancel.")
        # Rounding explains a miss only just outside the tolerance.
        if abs(change) > max(2 * tolerance, 0.02):
            return (f"Not quite: {read_as} is {how} {expected}, more than rounding "
                    "explains. Check each given and each term of the formula you used.")
        return (f"Not quite: {read_as} is {how} {expected}. Check each given you used "
                "and carry one more significant figure.")
    return (f"Not quite: {read_as} has the wrong sign; the answer is {expected}. "
            "Check which quantity goes first in the subtraction or division.")


def matches_slip(message: str) -> str:
    """A card's words for a slip, said of a bare number: it matches, not "you did"."""
    return f"That number is what a classic slip gives, if that is how you got it: {message}"


def invalid(reason: str, unit: str = "ms") -> str:
    """``unit`` is the ask's, so the example shows what this answer looks like."""
    example = attach_unit("3.2", unit) if unit.strip() not in ("", "1") else "3.2"
    return (f"Could not read that: {reason}. Type a number with its unit, such as {example}, "
            "or the working that gets there.")


def at_column(reason: str, column: int) -> str:
    """A reason that says where it is: ``unknown unit 'G' at column 4`` (1-based)."""
    return f"{reason} at column {column + 1}"


def wrong_dimension(given_text: str, given_words: str | None, expected_words: str,
                    unit: str, advise: bool = True) -> str:
    """``given_words`` is None for a dimension without a name (its units say it all)."""
    plain = unit.strip() in ("", "1")
    asked = expected_words if plain or unit in expected_words else f"{expected_words} ({unit})"
    if given_words is None:
        text = f"{given_text} is not {asked}."
    else:
        text = f"{given_text} is {given_words}, but the question asks for {asked}."
    if advise:
        down_to = "a plain number" if plain else unit
        text += (" Write the units beside the numbers in your working and check they cancel "
                 f"down to {down_to}.")
    return text


BYTES_OVER_FLOPS = (
    "Bytes divided by FLOP/s is not a time: it mixes memory with math. Bytes go over "
    "bandwidth (TB/s) to give the memory time; FLOPs go over FLOPS to give the compute time."
)

FLOPS_OVER_BANDWIDTH = (
    "FLOPs divided by a bandwidth is not a time. Put the FLOPs over the compute "
    "rate (TFLOPS), and keep the bandwidth for dividing bytes."
)


def power_of_ten(k: int, percent_bare: str = "") -> str:
    """``percent_bare`` is the plain number typed for a percent ask, if that was the slip."""
    size = f"10{dims.superscript(k)}"
    direction = "too large" if k > 0 else "too small"
    factor = format_number(10.0 ** abs(k))
    if percent_bare:
        return (f"The digits are right but the size is off by {size}: a plain number counts "
                f"in percent here, so {percent_bare} means {percent_bare}%. Write a fraction "
                f"as a percentage, or mark it as a ratio: {percent_bare}×.")
    return (f"The digits are right but the size is off by {size} ({factor}× {direction}). "
            "Re-check the prefixes (k, M, G, T; ms against µs) and carry the powers of ten "
            "explicitly, one step at a time.")


def bits_for_bytes(ratio: float) -> str:
    direction = "8× too large" if ratio > 1 else "8× too small"
    return (f"The answer is {direction}: that is bits against bytes. A capital B is a byte "
            "and a small b a bit; memory sizes and HBM bandwidth are quoted in bytes.")


def binary_for_decimal(binary: str, decimal: str) -> str:
    return (f"The answer is off by the gap between {binary} and {decimal}: a {binary} is "
            f"a power of 2 (1,024 steps), a {decimal} a power of 10 (1,000 steps). Keep "
            "each figure in the prefix it was given in, and convert once at the end.")


def reciprocal(dimensioned: bool, given_words: str, expected_words: str, unit: str) -> str:
    if dimensioned:
        return (f"That is upside down: {given_words} where {expected_words} is asked. "
                f"Flip the division so the units come out as {unit} (a rate, for example, "
                "is 1 ÷ the time per item).")
    return ("That is the inverse of the answer. A speedup is old time ÷ new time, and a "
            "share is part ÷ whole: check which one belongs on top.")


def seconds_hours_slip(power: int) -> str:
    factor = "3,600" if abs(power) == 1 else "3,600² (twice over)"
    direction = "too large" if power > 0 else "too small"
    return (f"Off by {factor}, {direction}: a seconds-hours slip. Per second × 3,600 = per "
            "hour, and a price per hour ÷ 3,600 = per second. Keep the units on the numbers "
            "so hours and seconds cancel.")


def _percent(fraction: float) -> str:
    return f"{format_number(fraction * 100, 2)}%"

