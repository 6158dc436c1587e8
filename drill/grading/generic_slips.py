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
from drill.quantities.parsing.nodes import Measure, Negate, Node, Number, UnitRef
from drill.quantities.units import format_number, format_quantity

WRONG_DIMENSION = "wrong-dimension"
BYTES_OVER_FLOPS = "bytes-over-flops"
FLOPS_OVER_BANDWIDTH = "flops-over-bandwidth"
POWER_OF_TEN = "power-of-ten"
BITS_FOR_BYTES = "bits-for-bytes"
RECIPROCAL = "reciprocal"
SECONDS_HOURS_SLIP = "seconds-hours-slip"
BINARY_FOR_DECIMAL = "binary-for-decimal"

#: Every generic diagnosis, most specific first: the order they are reported in.
GENERIC_IDS: tuple[str, ...] = (
    BYTES_OVER_FLOPS,
    FLOPS_OVER_BANDWIDTH,
    RECIPROCAL,
    SECONDS_HOURS_SLIP,
    BITS_FOR_BYTES,
    BINARY_FOR_DECIMAL,
    POWER_OF_TEN,
    WRONG_DIMENSION,
)

#: Slips seen in the shape of the working or its dimension, not in a factor of the value.
SHAPE_SLIPS = frozenset({BYTES_OVER_FLOPS, FLOPS_OVER_BANDWIDTH, RECIPROCAL, WRONG_DIMENSION})

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
        # And only when it is the reciprocal: 209 ms for 209 tokens/s is not 1 ÷ it.
        if dims.without_counts(expected.dim) != dims.DIMENSIONLESS and (
            dims.without_counts(value.dim) == dims.without_counts(inverse)
        ) and _near(value.value * target.reference.value, 1, target.tolerance):
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
        reading, expected, target
    ):
        found[BITS_FOR_BYTES] = messages.bits_for_bytes(ratio)
    binary = _binary_for_decimal(ratio)
    # Only where bytes are asked or typed: a count 7% off is not a prefix slip.
    if binary and _about_bytes(reading, expected):
        found[BINARY_FOR_DECIMAL] = messages.binary_for_decimal(*binary)
    k = power_of_ten(ratio, tolerance, _MAX_POWER_OF_TEN)
    if k and _digits_agree(reading, ratio / 10.0**k):
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


def _digits_agree(reading: Reading, shifted_ratio: float) -> bool:
    """Whether the digits really are the reference's, so only the size moved: to the
    precision the number was typed with (198 for 2 is not a shifted 2.00), or within 1%
    for a working."""
    typed = _typed_number(reading.tree)
    slack = 0.01
    if typed is not None:
        digits = len(typed.lstrip("0.").replace(".", "").rstrip("0")) or 1
        slack = max(0.5 * 10.0 ** (1 - digits), 0.002)
    return abs(shifted_ratio - 1) <= slack


def _typed_number(tree: Node) -> str | None:
    """The digits of a single typed number (``4.8`` or ``4.8 ms``), else None."""
    if isinstance(tree, Negate):
        tree = tree.operand
    if isinstance(tree, Measure):
        tree = tree.amount
    if isinstance(tree, Number) and all(c.isdigit() or c in ".," for c in tree.text):
        return tree.text.replace(",", "")
    return None


def _binary_for_decimal(ratio: float) -> tuple[str, str] | None:
    """("GiB", "GB") when ``ratio`` is a binary prefix against its decimal one."""
    for binary, decimal, power in (("KiB", "kB", 1), ("MiB", "MB", 2), ("GiB", "GB", 3),
                                   ("TiB", "TB", 4)):
        factor = 1.024**power
        if abs(ratio - factor) <= 0.003 * factor or abs(ratio - 1 / factor) <= 0.003 / factor:
            return binary, decimal
    return None


def _about_bytes(reading: Reading, expected: Expected, target: Target | None = None) -> bool:
    """Bits and bytes can only be mixed up where information is in play: in the ask, the
    working, or (given ``target``) the card's givens (a decode floor is a time of bytes)."""
    if expected.dim[_INFORMATION_INDEX] != 0:
        return True
    if target is not None and any(k.value.dim[_INFORMATION_INDEX] != 0
                                  for k in target.knowns if k.uses == (k.name,)):
        return True
    return any(
        isinstance(node, UnitRef) and node.unit.dim[_INFORMATION_INDEX] != 0
        for node in reading.tree.walk()
    )


_STRUCTURAL = {
    BYTES_OVER_FLOPS: messages.BYTES_OVER_FLOPS,
    FLOPS_OVER_BANDWIDTH: messages.FLOPS_OVER_BANDWIDTH,
}
