"""The generic diagnoses: classic slips any ask can suffer, found from the answer alone.

Each rule looks at the answer's dimension, the ratio of its value to the reference, or the
shape of the expression typed (``16 GB / 989 TFLOPS`` inside a larger expression is still a
bytes-over-FLOPS mistake). Rules run only on answers that are already wrong; an answer
within tolerance is correct whatever route it took.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from drill.grading import messages
from drill.grading.interpret import Interpretation, is_bare_number
from drill.grading.target import Expected, Target
from drill.quantities import dimensions as dims
from drill.quantities.dimensions import dim
from drill.quantities.expression_slips import power_of_ten, structural_mistakes
from drill.quantities.parsing import Reading
from drill.quantities.parsing.nodes import UnitRef
from drill.quantities.units import format_number, format_quantity

WRONG_DIMENSION = "wrong-dimension"
BYTES_OVER_FLOPS = "bytes-over-flops"
FLOPS_OVER_BANDWIDTH = "flops-over-bandwidth"
POWER_OF_TEN = "power-of-ten"
BITS_FOR_BYTES = "bits-for-bytes"
RECIPROCAL = "reciprocal"
SECONDS_HOURS_SLIP = "seconds-hours-slip"

#: Every generic diagnosis, most specific first: the order they are reported in.
GENERIC_IDS: tuple[str, ...] = (
    BYTES_OVER_FLOPS,
    FLOPS_OVER_BANDWIDTH,
    RECIPROCAL,
    SECONDS_HOURS_SLIP,
    BITS_FOR_BYTES,
    POWER_OF_TEN,
    WRONG_DIMENSION,
)

_BYTES_OVER_FLOP_RATE = dim(information=1, computation=-1, time=1)
_FLOPS_OVER_BANDWIDTH = dim(computation=1, information=-1, time=1)
_INFORMATION_INDEX = dims.BASES.index("information")
_SECONDS_PER_HOUR = 3600.0
_MAX_POWER_OF_TEN = 24


@dataclass(frozen=True, slots=True)
class Finding:
    id: str
    message: str


def generic_findings(reading: Reading, answer: Interpretation, target: Target,
                     expected: Expected) -> list[Finding]:
    """Every generic diagnosis that fits a wrong answer, in :data:`GENERIC_IDS` order."""
    found: dict[str, str] = {}
    for structural in structural_mistakes(reading.tree):
        found.setdefault(structural.id, _STRUCTURAL[structural.id])
    value = answer.value
    if value.dim != expected.dim:
        if value.dim == _BYTES_OVER_FLOP_RATE:
            found.setdefault(BYTES_OVER_FLOPS, messages.BYTES_OVER_FLOPS)
        elif value.dim == _FLOPS_OVER_BANDWIDTH:
            found.setdefault(FLOPS_OVER_BANDWIDTH, messages.FLOPS_OVER_BANDWIDTH)
        given_words = _words(value.dim)
        inverse = dims.power(expected.dim, -1)
        # Counts aside: "209 tokens/s" for a time is 1 ÷ 4.78 ms with the token written.
        if dims.without_counts(expected.dim) != dims.DIMENSIONLESS and (
            dims.without_counts(value.dim) == dims.without_counts(inverse)
        ):
            found[RECIPROCAL] = messages.reciprocal(True, given_words, expected.words, target.unit)
        named = dims.describe(value.dim) != dims.symbol(value.dim)
        found[WRONG_DIMENSION] = messages.wrong_dimension(
            format_quantity(value), given_words if named else None, expected.words,
            target.unit, advise=not found,
        )
    else:
        found.update(_ratio_findings(reading, answer, target, expected))
    return [Finding(i, found[i]) for i in GENERIC_IDS if i in found]


def _ratio_findings(reading: Reading, answer: Interpretation, target: Target,
                    expected: Expected) -> dict[str, str]:
    """Slips that keep the dimension and change the size by a telltale factor."""
    reference = target.reference.value
    value = answer.value.value
    if reference == 0 or value == 0 or (value > 0) != (reference > 0):
        return {}
    ratio = value / reference
    if not 0 < ratio < math.inf:  # 1e300 over a tiny reference, or the reverse: no slip
        return {}
    tolerance = target.tolerance
    found: dict[str, str] = {}

    # The inverse of a ratio near 1 is the ratio itself: then "reciprocal" tells nothing.
    if (
        expected.dim == dims.DIMENSIONLESS
        and not _near(reference * reference, 1, 2 * tolerance)
        and _near(value * reference, 1, tolerance)
    ):
        found[RECIPROCAL] = messages.reciprocal(False, "", expected.words, target.unit)

    for power in (1, -1, 2, -2):
        if _near(ratio, _SECONDS_PER_HOUR**power, tolerance):
            found[SECONDS_HOURS_SLIP] = messages.seconds_hours_slip(power)

    if (_near(ratio, 8, tolerance) or _near(ratio, 1 / 8, tolerance)) and _about_bytes(
        reading, expected
    ):
        found[BITS_FOR_BYTES] = messages.bits_for_bytes(ratio)

    k = power_of_ten(ratio, tolerance, _MAX_POWER_OF_TEN)
    if k:
        percent_bare = (target.unit.strip() == "%" and k == -2
                        and is_bare_number(reading.tree))
        typed = format_number(answer.raw.value) if percent_bare else ""
        found[POWER_OF_TEN] = messages.power_of_ten(k, typed)
    return found


def _words(dimension: dims.Dim) -> str:
    """The dimension in words; a compound without a name reads "a quantity in B·s/FLOP"."""
    words = dims.describe(dimension)
    return f"a quantity in {words}" if words == dims.symbol(dimension) else words


def _near(value: float, target: float, tolerance: float) -> bool:
    return abs(value - target) <= tolerance * abs(target)


def _about_bytes(reading: Reading, expected: Expected) -> bool:
    """Bits and bytes can only be mixed up where information is in play."""
    if expected.dim[_INFORMATION_INDEX] != 0:
        return True
    return any(
        isinstance(node, UnitRef) and node.unit.dim[_INFORMATION_INDEX] != 0
        for node in reading.tree.walk()
    )


_STRUCTURAL = {
    BYTES_OVER_FLOPS: messages.BYTES_OVER_FLOPS,
    FLOPS_OVER_BANDWIDTH: messages.FLOPS_OVER_BANDWIDTH,
}
