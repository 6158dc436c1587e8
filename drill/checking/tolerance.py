"""How far a card's figures may stray, shared by the base checks and the variant checks."""

from __future__ import annotations

from drill.packs.model import DEFAULT_TOLERANCE, Card, Mistake
from drill.quantities.expression_slips import power_of_ten


def card_tolerance(card: Card) -> float:
    """The loosest of 5% and the asks' tolerances: how far '≈' and samples may stray."""
    return max([DEFAULT_TOLERANCE, *(ask.tolerance for ask in card.asks)])


def relative_off(value: float, reference: float) -> float:
    """How far ``value`` is from ``reference``, as a fraction of it (absolute at zero)."""
    if reference == 0:
        return abs(value)
    return abs(value - reference) / abs(reference)


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


def mistake_too_close(mistake: Mistake, shown: str) -> str:
    """The warning for a mistake whose value the grader would take for the reference."""
    return (f"mistake '{mistake.id}' comes out at {shown}, within the tolerance of the "
            f"reference: the grader cannot tell them apart")
