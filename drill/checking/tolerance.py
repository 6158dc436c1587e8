"""How far a card's figures may stray, shared by the base checks and the variant checks."""

from __future__ import annotations

from drill.packs.model import DEFAULT_TOLERANCE, Card, Mistake


def card_tolerance(card: Card) -> float:
    """The loosest of 5% and the asks' tolerances: how far '≈' and samples may stray."""
    return max([DEFAULT_TOLERANCE, *(ask.tolerance for ask in card.asks)])


def relative_off(value: float, reference: float) -> float:
    """How far ``value`` is from ``reference``, as a fraction of it (absolute at zero)."""
    if reference == 0:
        return abs(value)
    return abs(value - reference) / abs(reference)


def mistake_too_close(mistake: Mistake, shown: str) -> str:
    """The warning for a mistake whose value the grader would take for the reference."""
    return (f"mistake '{mistake.id}' comes out at {shown}, within the tolerance of the "
            f"reference: the grader cannot tell them apart")
