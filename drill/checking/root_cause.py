"""The given behind a card's unit errors: one written per second too many or too few.

A given of the wrong dimension is the commonest root cause of a card that does not work
out: a bandwidth written ``3.35 TB``, a FLOP rate written ``989 TFLOP``, a memory written
``80 GB/s``. Its own line looks fine; the errors show up where it is used (a formula that
adds unlike things, an ask whose unit the result does not have, prose figures no result
matches). So when a card has such errors, each given is tried once per second more and
once per second less; if exactly one of those changes makes every formula work out and
every ask's unit agree, that given is the root cause, reported at its own line before the
errors it causes. Ambiguity (two givens that would each fix it) reports nothing: a guess
named as the cause would send the author to the wrong line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from drill.packs.model import Card
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.solving.solve import Solution, SolveError, solve

#: The two repairs tried on each given, as text appended to it: a second less, a second more.
_PER_SECOND = " / (1 s)"
_REPAIRS = (_PER_SECOND, " × (1 s)")


@dataclass(frozen=True, slots=True)
class MisdimensionedGiven:
    """A given whose dimension, changed by a second, makes the whole card work out."""

    name: str
    written: str  # "3.35 TB"
    was: str  # "an amount of data (bytes)"
    should_be: str  # "a bandwidth (bytes/s)"
    suggestion: str  # "3.35 TB/s"

    def message(self) -> str:
        was = f", {self.was}," if self.was else ""
        return (f"given '{self.name}' is {self.written}{was} and the card's results and asks "
                f"do not work out with it; as {self.should_be} ('{self.suggestion}') they all "
                "do: a unit missing or extra here is the likely root cause of the errors "
                "below")


def asks_agree(card: Card, solution: Solution, units: Mapping[str, Quantity]) -> bool:
    """Every ask's result exists and has its unit's dimension (unreadable units aside)."""
    for ask in card.asks:
        reference = solution.results.get(ask.value)
        unit = units.get(ask.id)
        if reference is None or (unit is not None
                                 and not dims.compatible(reference.value.dim, unit.dim)):
            return False
    return True


def misdimensioned_given(card: Card, units: Mapping[str, Quantity]) -> MisdimensionedGiven | None:
    """The one given that a second more or less repairs, or None (see the module). Where
    several would, only those that become a dimension figures are written in (a bandwidth,
    not bytes·s) count: ``16 GB × 1 s`` would also turn ``16 GB ÷ 3.35 TB`` into a time."""
    physical: list[MisdimensionedGiven] = []  # written with a unit, becoming a named one
    plain: list[MisdimensionedGiven] = []  # a plain number that would become one
    for name, text in card.givens.items():
        for appended in _REPAIRS:
            try:
                repaired = solve(card, {name: f"({text}){appended}"})
            except SolveError:
                continue
            now = repaired.given_values.get(name)
            # A slip of a unit leaves a unit: "14 ms" is never meant as a plain ratio.
            if (now is None or now.dim == dims.DIMENSIONLESS or not dims.has_name(now.dim)
                    or not asks_agree(card, repaired, units)):
                continue
            written = _written_dim(card, name)
            was = "" if written is None else dims.describe(written)
            cause = MisdimensionedGiven(name, text, was, dims.describe(now.dim),
                                        _suggest(text, appended))
            (plain if written is None or written == dims.DIMENSIONLESS else physical).append(cause)
            break
    # A unit slip is made on a figure written with a unit: a plain count or share (an MFU
    # of 50%, 8 billion parameters) that would also repair the card by becoming a time or
    # a rate is only a coincidence of the algebra.
    for tier in (physical, plain):
        if tier:
            return tier[0] if len(tier) == 1 else None
    return None


def _written_dim(card: Card, name: str) -> dims.Dim | None:
    """The given's dimension as written; None for a formula of other givens (``params ×
    2 B``), whose dimension is theirs."""
    try:
        return read(card.givens[name]).value.dim
    except ParseError:
        return None


def _suggest(text: str, appended: str) -> str:
    """The given as it was probably meant: ``3.35 TB`` → ``3.35 TB/s``, ``80 GB/s`` →
    ``80 GB``."""
    plain = text.strip()
    if appended == _PER_SECOND:
        return f"{plain}/s"
    if plain.endswith("/s"):
        return plain[:-2].rstrip()
    return f"{plain} × 1 s"
