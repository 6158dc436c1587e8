"""From cards to targets: what each ask of a card expects, from the card's solution.

The solution (every named result of the card's solver, as a :class:`Quantity`) is worked
out elsewhere (``drill.solving``), with sympy; this module only picks the results an ask
names, so grading itself never needs sympy. :class:`TargetBook` finds and caches the
targets of a set of cards by card key and ask id, solving each card at most once.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from drill.grading.target import Target, TargetError, TargetMistake
from drill.packs.model import Ask, Card
from drill.quantity import Quantity

Solution = Mapping[str, Quantity]
Solve = Callable[[Card], Solution]


class UnknownTarget(LookupError):
    """A card key or ask id that names nothing; the message suggests what exists."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def target_for(card: Card, ask: Ask, solution: Solution) -> Target:
    """The target of one ask; raises :class:`TargetError` when the solution lacks a value."""
    where = f"{card.key} {ask.id}"
    reference = _result(solution, ask.value, f"{where}: reference")
    mistakes = tuple(
        TargetMistake(
            mistake.id,
            " ".join(mistake.message.split()),  # YAML folding leaves newlines and runs
            _result(solution, mistake.value, f"{where}: mistake {mistake.id}")
            if mistake.value
            else None,
        )
        for mistake in ask.mistakes
    )
    return Target(card.key, ask.id, ask.unit, reference, ask.tolerance, mistakes)


def _result(solution: Solution, name: str, what: str) -> Quantity:
    try:
        return solution[name]
    except KeyError:
        known = ", ".join(sorted(solution)) or "none"
        raise TargetError(f"{what}: the solver gives no result '{name}' "
                          f"(it gives: {known})") from None


@dataclass
class TargetBook:
    """Targets by card key and ask id, built on first use from ``solve``."""

    cards: Mapping[str, Card]
    solve: Solve
    _targets: dict[tuple[str, str], Target] = field(default_factory=dict)
    _solutions: dict[str, Solution] = field(default_factory=dict)

    @classmethod
    def of(cls, cards: Iterable[Card], solve: Solve) -> TargetBook:
        return cls({card.key: card for card in cards}, solve)

    def card(self, key: str) -> Card:
        card = self.cards.get(key)
        if card is None:
            raise UnknownTarget(f"unknown card '{key}'{_suggest(key, self.cards)}")
        return card

    def target(self, card_key: str, ask_id: str) -> Target:
        cached = self._targets.get((card_key, ask_id))
        if cached is not None:
            return cached
        card = self.card(card_key)
        ask = card.ask(ask_id)
        if ask is None:
            asks = [a.id for a in card.asks]
            if not asks:
                raise UnknownTarget(f"card '{card_key}' has no asks to grade")
            raise UnknownTarget(f"card '{card_key}' has no ask '{ask_id}'"
                                f"{_suggest(ask_id, asks)}")
        solution = self._solutions.get(card_key)
        if solution is None:
            solution = self._solutions[card_key] = self.solve(card)
        target = target_for(card, ask, solution)
        self._targets[(card_key, ask_id)] = target
        return target


def _suggest(word: str, known: Iterable[str]) -> str:
    names = sorted(known)
    close = difflib.get_close_matches(word, names, n=3, cutoff=0.5)
    if close:
        return f" (did you mean {', '.join(close)}?)"
    if not names:
        return " (there are none)"
    listed = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "")
    return f" (known: {listed})"
