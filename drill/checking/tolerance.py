"""How far a card's figures may stray, shared by the base checks and the variant checks."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

from drill.packs.model import DEFAULT_TOLERANCE, Ask, Card, Mistake
from drill.quantities.expression_slips import power_of_ten
from drill.solving.solve import Result


def card_tolerance(card: Card) -> float:
    """The loosest of 5% and the asks' tolerances: how far '≈' and samples may stray."""
    return max([DEFAULT_TOLERANCE, *(ask.tolerance for ask in card.asks)])


def relative_off(value: float, reference: float) -> float:
    """How far ``value`` is from ``reference``, as a fraction of it (absolute at zero)."""
    if reference == 0:
        return abs(value)
    return abs(value - reference) / abs(reference)


def log_apart(value: float, reference: float) -> float:
    """How many times apart two positive numbers are, as |ln(value ÷ reference)|; infinite
    where either is not positive or their ratio leaves a float's range (1e-320 ÷ 1e9)."""
    if value <= 0 or reference <= 0:
        return math.inf
    ratio = value / reference
    return abs(math.log(ratio)) if 0 < ratio < math.inf else math.inf


def power_of_ten_slip(value: float, reference: float, allowed: float, what: str) -> str:
    """A hint when ``value`` (``what``: "the right side") is ``reference`` times a power of
    ten: a unit written for another (s for ms, GB for MB) or a decimal point moved."""
    if value == 0 or reference == 0:
        return ""
    power = power_of_ten(value / reference, allowed)
    if not power:
        return ""
    return (f"; {what} is {10 ** abs(power):,}× {'too big' if power > 0 else 'too small'}: "
            f"check the unit and the decimal point")


def indistinct_mistakes(ask: Ask, results: Mapping[str, Result]
                        ) -> Iterator[tuple[tuple[int, Mistake], Mistake]]:
    """Pairs of an ask's mistakes the grader cannot tell apart: values within the ask's
    tolerance of each other, and formulas over the same givens (then no working can
    show which was made). The first of each pair comes with its index."""
    valued = [(j, m, results[m.value]) for j, m in enumerate(ask.mistakes)
              if m.value is not None and m.value in results]
    for a, (j, first, first_result) in enumerate(valued):
        for _, second, second_result in valued[a + 1:]:
            if not first_result.value.close_to(second_result.value, ask.tolerance):
                continue
            if set(first_result.sides) == set(second_result.sides):
                yield (j, first), second


def mistakes_alike(first: Mistake, second: Mistake) -> str:
    return (f"mistakes '{first.id}' and '{second.id}' come out within the ask's tolerance "
            "of each other from the same givens: the grader cannot tell which was made; "
            "give one a value of its own")


def mistake_too_close(mistake: Mistake, shown: str) -> str:
    """The warning for a mistake whose value the grader would take for the reference."""
    return (f"mistake '{mistake.id}' comes out at {shown}, within the tolerance of the "
            f"reference: the grader cannot tell them apart")


def mistake_is_reference(mistake: Mistake, shown: str) -> str:
    """The error for a mistake that works out to exactly the reference."""
    return (f"mistake '{mistake.id}' works out to exactly the reference ({shown}): a right "
            f"answer would be graded as this mistake; its value must be the wrong working "
            f"it names")


def identical(value: float, reference: float) -> bool:
    """The same number, but for floating-point noise."""
    return abs(value - reference) <= 1e-9 * max(abs(value), abs(reference), 1e-300)
