"""From cards to targets: what each ask of a card expects, from the card's solution.

The solution (every named result of the card's solver, as a :class:`Quantity`) is worked
out elsewhere (``drill.solving.solve``), with sympy; this module only picks the results an ask
names, so grading itself never needs sympy. :class:`TargetBook` finds and caches the
targets of a set of cards by card key and ask id, solving each card at most once.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from drill.grading.target import Known, Target, TargetError, TargetMistake
from drill.packs.model import Ask, Card
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError
from drill.quantities.quantity import Quantity
from drill.quantities.units import unit_quantity
from drill.solving.solve import Solution, SolveError

#: A card's results: what ``drill.solving.solve.solve`` returns, or quantities by name.
CardResults = Solution | Mapping[str, Quantity]
Solve = Callable[[Card], CardResults]


class UnknownTarget(LookupError):
    """A card key or ask id that names nothing; the message suggests what exists."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def target_for(card: Card, ask: Ask, solution: CardResults) -> Target:
    """The target of one ask; raises :class:`TargetError` when the solution lacks a value."""
    where = f"{card.key} {ask.id}"
    values = _values(solution)
    try:
        unit_dim = unit_quantity(ask.unit).dim
    except ParseError as error:
        raise TargetError(f"{where}: {error.message}") from None
    reference = _in_unit_dim(_result(values, ask.value, f"{where}: reference"), unit_dim)
    mistakes = tuple(
        TargetMistake(
            mistake.id,
            " ".join(mistake.message.split()),  # YAML folding leaves newlines and runs
            _in_unit_dim(_result(values, mistake.value, f"{where}: mistake {mistake.id}"),
                         unit_dim)
            if mistake.value
            else None,
            _uses(solution, mistake.value),
        )
        for mistake in ask.mistakes
    )
    return Target(card.key, ask.id, ask.unit, reference, ask.tolerance, mistakes,
                  _knowns(solution), ask.question)


def _knowns(solution: CardResults) -> tuple[Known, ...]:
    if not isinstance(solution, Solution):
        return ()
    givens = [Known(name, value, (name,)) for name, value in sorted(
        solution.given_values.items())]
    results = [Known(name, result.value, tuple(sorted(result.sides)))
               for name, result in sorted(solution.results.items())]
    return (*givens, *results)


def _uses(solution: CardResults, name: str | None) -> tuple[tuple[str, int], ...]:
    """Which givens a result's formula uses, and where (see ``Result.sides``)."""
    if name is None or not isinstance(solution, Solution) or name not in solution.results:
        return ()
    return tuple(sorted(solution.results[name].sides.items()))


def _values(solution: CardResults) -> Mapping[str, Quantity]:
    if isinstance(solution, Solution):
        return {name: result.value for name, result in solution.results.items()}
    return solution


def _in_unit_dim(value: Quantity, unit_dim: dims.Dim) -> Quantity:
    """A result whose counts differ from its ask's unit (27 for "steps"), in that unit.

    Counts weigh one, so only the dimension changes: 27 becomes 27 steps.
    """
    if value.dim != unit_dim and (
        dims.without_counts(value.dim) == dims.without_counts(unit_dim)
    ):
        return Quantity(value.value, unit_dim)
    return value


def _result(values: Mapping[str, Quantity], name: str, what: str) -> Quantity:
    try:
        return values[name]
    except KeyError:
        known = ", ".join(sorted(values)) or "none"
        raise TargetError(f"{what}: the solver gives no result '{name}' "
                          f"(it gives: {known})") from None


@dataclass
class TargetBook:
    """Targets by card key and ask id, built on first use from ``solve``."""

    cards: Mapping[str, Card]
    solve: Solve
    _targets: dict[tuple[str, str], Target] = field(default_factory=dict)
    _solutions: dict[str, CardResults] = field(default_factory=dict)
    _failures: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, cards: Iterable[Card], solve: Solve) -> TargetBook:
        return cls({card.key: card for card in cards}, solve)

    def card(self, key: str) -> Card:
        """A card by key ("speed-physics/q1"), or by an id only one pack uses ("q1")."""
        card = self.cards.get(key)
        if card is None and "/" not in key:
            matches = [c for c in self.cards.values() if c.id == key]
            if len(matches) == 1:
                card = matches[0]
            elif matches:
                keys = ", ".join(c.key for c in matches)
                raise UnknownTarget(f"card id '{key}' is in several packs: {keys}")
        if card is None:
            raise UnknownTarget(f"unknown card '{key}'{self._suggest_card(key)}")
        return card

    def _suggest_card(self, name: str) -> str:
        """Close card keys, matching on the key or on the card id alone ("q9" → q1 ...)."""
        by_id = {c.id: c.key for c in self.cards.values()}
        close = difflib.get_close_matches(name, list(self.cards), n=3, cutoff=0.5)
        close += [by_id[i] for i in difflib.get_close_matches(name, list(by_id), n=3,
                                                              cutoff=0.5)]
        unique = list(dict.fromkeys(close))[:3]
        if unique:
            return f" (did you mean {', '.join(unique)}?)"
        return _suggest(name, self.cards)

    def target(self, name: str, ask_id: str) -> Target:
        """The target of ``ask_id`` on the card ``name``; raises :class:`UnknownTarget`
        for names that match nothing and :class:`TargetError` for a card that cannot be
        solved."""
        cached = self._targets.get((name, ask_id))
        if cached is not None:
            return cached
        card = self.card(name)
        card_key = card.key
        ask = card.ask(ask_id)
        if ask is None:
            asks = [a.id for a in card.asks]
            if not asks:
                raise UnknownTarget(f"card '{card_key}' has no asks to grade")
            raise UnknownTarget(f"card '{card_key}' has no ask '{ask_id}'"
                                f"{_suggest(ask_id, asks)}")
        if card_key in self._failures:
            raise TargetError(self._failures[card_key])
        solution = self._solutions.get(card_key)
        if solution is None:
            try:
                solution = self._solutions[card_key] = self.solve(card)
            except SolveError as error:
                # Remembered: a batch of answers to a broken card fails fast after the first.
                self._failures[card_key] = str(error)
                raise TargetError(str(error)) from None
        target = target_for(card, ask, solution)
        self._targets[(name, ask_id)] = target
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
