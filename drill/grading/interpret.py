"""How a typed answer is understood against an ask, before it is compared.

Allowances a person expects, all from the ask's display unit:

* a bare number (``4.8``) is read in the display unit (4.8 ms);
* counts may be left out (``1 / 4.8 ms`` for a tokens/s ask, ``$4.17`` for a
  "$ per million tokens" ask): the display unit's count factors, with their scale, are
  put back; or without the scale, when the answer wrote it (``$4.17 per million``).
  A count that *is* written must be the right one (``200 requests/s`` is not a token
  rate);
* a plain-number ask ("at what batch size?") takes a labelled count (``295 users``).

Anything else is graded as typed, so a wrong dimension stays wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

from drill.grading.target import Expected, Target
from drill.quantities import dimensions as dims
from drill.quantities.parsing import Reading
from drill.quantities.parsing.nodes import Negate, Node, Number
from drill.quantities.quantity import Quantity
from drill.quantities.unit_table import MULTIPLIER_LETTERS, MULTIPLIER_WORDS


@dataclass(frozen=True, slots=True)
class Interpretation:
    value: Quantity  # the answer as graded
    raw: Quantity  # the answer as typed
    assumed: str = ""  # what was filled in, for the message: "read in ms"
    #: Another fair reading, tried when the first is not right: counts filled in without
    #: the unit's scale ("$4.17 per million" already carries the million).
    alternative: Quantity | None = None


def is_bare_number(tree: Node) -> bool:
    """``4.8``, ``-3``, ``3.35 × 10¹²``, ``200k``: a number with nothing else."""
    if isinstance(tree, Negate):
        tree = tree.operand
    return isinstance(tree, Number)


def interpret(reading: Reading, target: Target, expected: Expected) -> Interpretation:
    """The answer as a quantity to compare with the reference (may raise QuantityError)."""
    raw = reading.value
    value = raw
    assumed: list[str] = []
    bare = is_bare_number(reading.tree)
    if bare or (raw.dimensionless and expected.dim != dims.DIMENSIONLESS):
        # A plain number, or math on plain numbers, counts in the display unit. (Math on
        # plain numbers for a plain-number ask stays a ratio: 10.4 / 14 is 74%.)
        size = expected.unit_size
        scale = _leading_scale(target.unit)
        if scale and _own_scale(reading.tree):
            # "218 million" for an ask in "million" is 218 million, not 218 million
            # million: the number says its scale, so only the unit's other part is added.
            size = size / Quantity(scale)
        value = raw * size
        if size != Quantity(1.0):
            assumed.append(f"a plain number is read in {target.unit}")
    labels = _per_count_labels(value.dim, expected.dim)
    if labels:
        value = Quantity(value.value, expected.dim)
        assumed.append(f"'{labels}' is read as a label")
    alternative = None
    in_base = Quantity(raw.value, expected.dim)
    if (not bare and raw.dimensionless and expected.dim != dims.DIMENSIONLESS
            and in_base.close_to(target.reference, target.tolerance)):
        # "1 / (10 - 5)" in an ms box: rate arithmetic on plain numbers gives seconds, the
        # base unit, as surely as a bare "4.8" means the box's ms.
        alternative = in_base
        assumed = [f"plain arithmetic is read in {dims.symbol(expected.dim)}"]
    if value.dim != expected.dim and dims.matches_leaving_out_counts(value.dim, expected.dim):
        unscaled = _fill_counts(value, expected, scaled=False)
        value = _fill_counts(value, expected, scaled=True)
        alternative = unscaled if unscaled != value else None
        assumed.append(f"the count left out is taken from {target.unit}")
    elif (value.dim != expected.dim and expected.dim == dims.DIMENSIONLESS
          and dims.counts_only(value.dim) == value.dim and sum(value.dim) == 1):
        # A plain-number ask ("what batch size?") answered with a label: "295 users".
        value = Quantity(value.value)
    return Interpretation(value, raw, "; ".join(assumed), alternative)


def _leading_scale(unit: str) -> float:
    """10⁶ for a display unit that starts with a scale word ("million", "million
    tokens"); 0 otherwise."""
    first = unit.split()[0] if unit.split() else ""
    return MULTIPLIER_WORDS.get(first, 0.0)


def _own_scale(tree: Node) -> bool:
    """Whether a bare number says its own scale: ``218 million``, ``218M``."""
    if isinstance(tree, Negate):
        tree = tree.operand
    if not isinstance(tree, Number):
        return False
    return (any(word in MULTIPLIER_WORDS for word in tree.text.split())
            or tree.text[-1:] in MULTIPLIER_LETTERS)


def _per_count_labels(given: dims.Dim, expected: dims.Dim) -> str:
    """``"per token"`` when ``given`` is ``expected`` per counts the ask never mentions.

    "4.8 ms per token" answers a decode-floor ask in ms and "166 tokens/s per user" a
    per-user rate: the count only says what the number is per. Counts weigh one, so the
    value is unchanged. Nothing else may differ: a label never stands in for a count the
    ask needs, and a count written above the line ("requests/s") is a claim, not a label.
    """
    if given == expected:
        return ""
    extra = dims.divide(given, expected)
    if dims.counts_only(extra) != extra:
        return ""
    names = []
    for i, power in enumerate(extra):
        if power == 0:
            continue
        if power > 0 or expected[i] != 0:
            return ""
        names.append(dims.BASES[i])
    return " ".join(f"per {name}" for name in names)


def _fill_counts(value: Quantity, expected: Expected, scaled: bool) -> Quantity:
    """Multiply in the display unit's count factors the answer left out, then any rest.

    ``scaled``: with the factor's own scale (``$4.17`` for "$ per million tokens" is per
    million), or one of each (``$4.17 per million`` has written the million already).
    """
    for factor in expected.count_factors:
        missing = all(
            value.dim[i] == 0 and expected.dim[i] != 0
            for i, power in enumerate(factor.dim)
            if power
        )
        if missing:
            value = value * (factor if scaled else Quantity(1.0, factor.dim))
    if value.dim != expected.dim:
        # Counts the unit has in a form we could not split out: one of each, unscaled.
        rest = dims.divide(expected.dim, value.dim)
        if dims.counts_only(rest) == rest:
            value = value * Quantity(1.0, rest)
    return value
