"""What one ask expects: the reference, its display unit, its tolerance, its classic mistakes.

A :class:`Target` is plain data, built once per ask (from a card and its solution, see
:mod:`drill.grading.adapter`, or by hand in tests). Everything about the expected side that
does not depend on the typed answer (the display unit's size and count part, the reference
written out) is worked out once per target and cached by :func:`expected_side`, so grading
an answer costs only reading it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from drill.packs.model import DEFAULT_TOLERANCE
from drill.quantities import dimensions as dims
from drill.quantities.dimensions import Dim
from drill.quantities.parsing import ParseError, parse
from drill.quantities.parsing.nodes import BinOp, Measure, Node, UnitOp
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.units import format_in, unit_quantity


class TargetError(ValueError):
    """A target that cannot be graded against: its unit and reference disagree, ..."""


@dataclass(frozen=True, slots=True)
class TargetMistake:
    """A card's own classic wrong answer. ``value`` is None for a mistake that names a
    generic diagnosis (``seconds-hours-slip``) and only brings its own message."""

    id: str
    message: str
    value: Quantity | None = None
    #: The givens its formula uses, each with its side: 1 above the line, -1 below, 0
    #: both or inside a function. Empty when not known (then only the value decides).
    uses: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Known:
    """A figure of the card a working may use: a given or a result, and its givens."""

    name: str
    value: Quantity
    uses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Target:
    card: str  # the card key: "speed-physics/q1"
    ask: str  # the ask id: "decode_floor"
    unit: str  # the display unit: "ms", "tokens/s", "$ per million tokens", "%", "×"
    reference: Quantity
    tolerance: float = DEFAULT_TOLERANCE  # relative
    mistakes: tuple[TargetMistake, ...] = ()
    #: The card's givens and results, each with the givens it is made of, for telling
    #: which givens a typed working used (``16 GB`` is the weights, ``4.78 ms`` the
    #: weights over the bandwidth).
    knowns: tuple[Known, ...] = ()
    #: The ask's question, for the things a plain count counts ("How many whole
    #: conversations fit ...?").
    question: str = ""

    def __post_init__(self) -> None:
        if not 0 <= self.tolerance < 1:
            raise TargetError(f"{self.card} {self.ask}: tolerance {self.tolerance} is not "
                              "a fraction between 0 and 1")
        try:
            size = unit_quantity(self.unit)
        except ParseError as error:
            raise TargetError(f"{self.card} {self.ask}: {error.message}") from None
        if size.dim != self.reference.dim:
            raise TargetError(
                f"{self.card} {self.ask}: the reference is {dims.describe(self.reference.dim)}"
                f" but the unit '{self.unit}' is {dims.describe(size.dim)}"
            )


@dataclass(frozen=True, slots=True)
class Expected:
    """The answer-independent side of a target, worked out once."""

    dim: Dim
    unit_size: Quantity  # one display unit, in base units
    value: float  # the reference in the display unit
    text: str  # the reference written out: "4.78 ms"
    #: The display unit's count factors with their scale, to multiply into an answer that
    #: leaves them out: "per million tokens" → 10⁻⁶ token⁻¹; "tokens/s" → token.
    count_factors: tuple[Quantity, ...]
    words: str  # the dimension in words: "a time"


@lru_cache(maxsize=4096)
def expected_side(target: Target) -> Expected:
    size = unit_quantity(target.unit)
    value = target.reference.value / size.value
    return Expected(
        dim=target.reference.dim,
        unit_size=size,
        value=value,
        text=format_in(target.reference, target.unit),
        count_factors=tuple(_count_factors(target.unit)),
        words=dims.describe(target.reference.dim),
    )


def _count_factors(unit_text: str) -> Iterator[Quantity]:
    """Each factor of the display unit that is made of counts only, with its scale."""
    text = unit_text.strip()
    if text in ("", "1"):
        return
    try:
        tree = parse(text)
    except ParseError:
        # A lone unit the parser reads as an operator ("×"): it has no counts.
        return
    for node, sign in _factors(tree, 1):
        try:
            size = node.evaluate()
        except QuantityError:
            continue
        if size.dim != dims.DIMENSIONLESS and dims.counts_only(size.dim) == size.dim:
            yield size if sign > 0 else Quantity(1.0) / size


def _factors(node: Node, sign: int) -> Iterator[tuple[Node, int]]:
    """The factors of a product or quotient, each with +1 (above the bar) or -1."""
    if isinstance(node, BinOp | UnitOp) and node.op in ("*", "/", "·"):
        yield from _factors(node.left, sign)
        yield from _factors(node.right, -sign if node.op == "/" else sign)
    elif isinstance(node, Measure):
        # "million tokens" is one count factor; in "3 ms" only the unit is a factor.
        try:
            size = node.evaluate()
        except QuantityError:
            return
        if size.dim != dims.DIMENSIONLESS and dims.counts_only(size.dim) == size.dim:
            yield node, sign
        else:
            yield from _factors(node.unit, sign)
    else:
        yield node, sign
