"""Solving a card: its givens through its registered solver, every result with its working.

``solve(card)`` reads each given with drill's safe parser, checks it has the dimension the
solver declares, evaluates every formula of the solver with fast quantities, and writes
the working a person would show::

    weights ÷ bandwidth = 16 GB ÷ 3.35 TB/s = 4.78 ms

Every failure (unknown solver, a missing, extra, unreadable or wrongly dimensioned given,
a solver that raises) is a :class:`SolveError` naming the card and the given or result.
sympy and the solvers load on the first call, never at import.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from drill.packs.ids import NAME
from drill.packs.model import Card
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.units import attach_unit, format_number, format_quantity, unit_quantity

if TYPE_CHECKING:
    from drill.solving.registry import Solver


class SolveError(Exception):
    """A card that cannot be solved; ``given``/``result`` name the culprit when known."""

    def __init__(
        self, card_key: str, message: str, *, given: str | None = None,
        result: str | None = None, field: str | None = None, column: int = 0,
    ) -> None:
        super().__init__(f"{card_key}: {message}")
        self.card_key = card_key
        self.message = message
        self.given = given
        self.result = result
        #: The field of the card the problem is written in (``formulas.mbu``), when known,
        #: and the column inside its text.
        self.field = field
        self.column = column


@dataclass(frozen=True, slots=True)
class Result:
    name: str
    value: Quantity
    unit: str | None  # the display unit of the ask that uses it, if any
    shown: str  # the value in that unit, or in a readable one: "4.78 ms"
    formula: str  # in the givens' names: "weights ÷ bandwidth"
    expression: Any  # the sympy expression over the givens' symbols
    #: Each given's symbol and its text as the working shows it ("16 GB").
    substitutions: Mapping[Any, str] = field(default_factory=dict, compare=False, repr=False)
    #: Each given the formula uses, by name: above the line (1), below (-1), or both or
    #: inside a function (0). The grader's check that a working fits a mistake reads it.
    sides: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)
    #: The working, written already: a result read back from the solved-card cache has
    #: no sympy expression to write it from.
    written: str = field(default="", compare=False, repr=False)

    @property
    def working(self) -> str:
        """``weights ÷ bandwidth = 16 GB ÷ 3.35 TB/s = 4.78 ms``.

        Written on demand: only a reveal or ``drill show`` reads it, while ``drill check``
        solves every card and variant and would pay for it thousands of times.
        """
        if self.written or self.expression is None:
            return self.written
        from drill.symbolic.working import formula_text

        substituted = formula_text(self.expression, self.substitutions)
        return _join_working(self.formula, substituted, self.shown)


@dataclass(frozen=True, slots=True)
class Solution:
    card_key: str
    solver: str
    givens: dict[str, str]  # the texts solved with, overrides applied
    given_values: dict[str, Quantity]
    results: dict[str, Result]
    #: Givens written as formulas of other givens, each with its value as shown.
    formed: dict[str, str] = field(default_factory=dict)

    def result(self, name: str) -> Result:
        return self.results[name]


def solve(card: Card, overrides: Mapping[str, str] | None = None) -> Solution:
    """Every result of ``card``'s solver or formulas for its givens (``overrides``
    replace some)."""
    if not card.computes:
        raise SolveError(card.key, "the card names no solver and has no formulas")
    return _solve_afresh(card, overrides or {})


def _solve_afresh(card: Card, overrides: Mapping[str, str]) -> Solution:
    from drill.solving import formula_cards

    try:
        if card.solver:
            return _solve(card, _solver_plan(card), overrides)
        return _solve(card, _formula_plan(card), overrides)
    except formula_cards.FormulaProblem as problem:
        raise SolveError(card.key, problem.message, given=problem.given,
                         result=problem.result, field=problem.field,
                         column=problem.column) from None


@dataclass(frozen=True, slots=True)
class _Plan:
    """How a card's numbers are worked out: by a registered solver or by its formulas."""

    name: str  # the solver's name, or "formulas"
    declared: Mapping[str, str | None]  # each given → the unit a solver declares for it
    formulas: Mapping[str, Any]  # result name → sympy expression over the givens' symbols
    fields: Mapping[str, str]  # result name → the field its formula is written in


def _solver_plan(card: Card) -> _Plan:
    from drill.solving.formula_cards import compile_values

    solver = _solver_for(card)
    formulas = dict(_formulas(card, solver))
    inline = compile_values(card, {**solver.symbols, **formulas})
    return _Plan(solver.name, solver.givens, {**formulas, **inline.expressions},
                 inline.fields)


def _formula_plan(card: Card) -> _Plan:
    from drill.solving.formula_cards import FORMULAS, compile_card

    compiled = compile_card(card)
    return _Plan(FORMULAS, dict.fromkeys(card.givens), compiled.expressions, compiled.fields)


def _solve(card: Card, plan: _Plan, overrides: Mapping[str, str]) -> Solution:
    from drill.solving.formula_cards import derived_givens
    from drill.symbolic.formulas import given_symbol

    texts = _given_texts(card, plan, overrides)
    derived = derived_givens(texts)
    formed = {name for name, _ in derived}
    values = {name: _given_value(card, plan, name, text, texts)
              for name, text in texts.items() if name not in formed}
    symbols = {name: given_symbol(name) for name in texts}
    by_symbol = {symbols[name]: value for name, value in values.items()}
    for name, expression in derived:
        value = _evaluate(card, name, expression, by_symbol, f"givens.{name}", given=name)
        values[name] = _checked_given(card, plan, name, texts[name], value)
        by_symbol[symbols[name]] = values[name]
    values = {name: values[name] for name in texts}
    shown_givens = {name: _readable(values[name]) if name in formed else
                    _given_in_working(text, values[name], plan.declared[name])
                    for name, text in texts.items()}
    substitutions = {symbols[name]: text for name, text in shown_givens.items()}
    names = tuple((symbol, name) for name, symbol in symbols.items())
    units = display_units(card)
    results: dict[str, Result] = {}
    for name, expression in plan.formulas.items():
        value = _evaluate(card, name, expression, by_symbol, plan.fields.get(name), result=name)
        unit = units.get(name)
        shown = format_for_unit(value, unit)
        if unit is not None and shown is None:
            unit = None
        shown = shown or _readable(value)
        results[name] = Result(
            name=name,
            value=value,
            unit=unit,
            shown=shown,
            formula=_formula_text(expression),
            expression=expression,
            substitutions=substitutions,
            sides=_sides(expression, names),
        )
    return Solution(card.key, plan.name, texts, values, results,
                    {name: shown_givens[name] for name in formed})


def display_units(card: Card) -> dict[str, str]:
    """The unit each result is shown in: its ask's unit (mistakes use their ask's)."""
    units: dict[str, str] = {}
    for ask in card.asks:
        units.setdefault(ask.value, ask.unit)
    for ask in card.asks:
        for mistake in ask.mistakes:
            if mistake.value is not None:
                units.setdefault(mistake.value, ask.unit)
    return units


def format_for_unit(value: Quantity, unit: str | None) -> str | None:
    """``value`` in ``unit`` ("4.78 ms"), counts aside; None when the dimensions differ."""
    if unit is None:
        return None
    try:
        size = unit_quantity(unit)
    except ParseError:
        return None
    if not dims.compatible(value.dim, size.dim):
        return None
    return attach_unit(format_number(value.value / size.value), unit)


def _readable(value: Quantity) -> str:
    try:
        return format_quantity(value)
    except (QuantityError, ParseError):
        return f"{format_number(value.value)} {dims.symbol(value.dim)}"


# -- steps ---------------------------------------------------------------------------
def _solver_for(card: Card) -> Solver:
    if not card.solver:
        raise SolveError(card.key, "the card names no solver")
    try:
        from drill.solving.registry import REGISTRY, load_builtin_solvers

        load_builtin_solvers()
    except Exception as error:  # the built-in solvers themselves are broken
        raise SolveError(card.key, f"the solvers failed to load: {error}") from error
    solver = REGISTRY.get(card.solver)
    if solver is None:
        close = difflib.get_close_matches(card.solver, list(REGISTRY), n=3, cutoff=0.6)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise SolveError(card.key, f"unknown solver '{card.solver}'{hint}: a solver of your "
                                   f"own loads from a folder named with --solvers DIR (or "
                                   f"'solvers' in settings.toml)")
    return solver


def _given_texts(card: Card, plan: _Plan, overrides: Mapping[str, str]) -> dict[str, str]:
    needed = list(plan.declared)
    whose = "the card's formulas" if card.solver is None else f"solver '{plan.name}'"
    for name in overrides:
        if name not in needed:
            raise SolveError(
                card.key, f"no given named '{name}' ({whose} take{'s' * bool(card.solver)} "
                          f"{', '.join(needed) or 'none'})", given=name)
    texts = {**card.givens, **overrides}
    missing = [name for name in needed if name not in texts]
    if missing:
        raise SolveError(
            card.key,
            f"missing given{'s' if len(missing) > 1 else ''} {', '.join(missing)}: solver "
            f"'{plan.name}' needs {', '.join(f'{n} ({plan.declared[n]})' for n in needed)}",
            given=missing[0],
        )
    extra = [name for name in texts if name not in needed]
    if extra:
        raise SolveError(
            card.key,
            f"given '{extra[0]}' is not used by solver '{plan.name}' (it takes "
            f"{', '.join(needed)})",
            given=extra[0],
        )
    return {name: texts[name] for name in needed}


@lru_cache(maxsize=1024)
def _read_quantity(text: str) -> Quantity:
    return read(text).value


def _given_value(card: Card, plan: _Plan, name: str, text: str,
                 texts: Mapping[str, str]) -> Quantity:
    from drill.solving.formula_cards import misspelt_given

    try:
        value = _read_quantity(text)
    except ParseError as error:
        # "param × 2 B" is a formula with a typo rather than an unknown unit 'param'.
        better = misspelt_given(text, [other for other in texts if other != name])
        message, column = (better.message, better.position) if better else (error.message,
                                                                             error.position)
        raise SolveError(card.key, f"given '{name}' ('{text}') cannot be read: {message}",
                         given=name, field=f"givens.{name}", column=column) from None
    return _checked_given(card, plan, name, text, value)


def _checked_given(card: Card, plan: _Plan, name: str, text: str, value: Quantity) -> Quantity:
    if value.value < 0:
        # Sizes, times, rates, prices and counts: a minus sign is a slip, and it would
        # turn every figure after it negative without another word.
        raise SolveError(card.key, f"given '{name}' ('{text}') is negative: givens are "
                                   f"amounts, never below zero", given=name)
    declared = plan.declared[name]
    if declared is None:  # a formula card: the formulas say what each given is
        return value
    try:
        expected = unit_quantity(declared).dim
    except ParseError as error:
        raise SolveError(card.key, f"solver '{plan.name}' declares given '{name}' in "
                                   f"'{declared}', which drill cannot read: {error.message}",
                         given=name) from None
    if value.dim == expected:
        return value
    if dims.matches_leaving_out_counts(value.dim, expected):
        # "batch: 32" for a count of users: the count is meant, and counts weigh 1.
        return Quantity(value.value, expected)
    raise SolveError(
        card.key,
        f"given '{name}' is {dims.describe(value.dim)} ('{text}'), but solver "
        f"'{plan.name}' needs {dims.describe(expected)} (like {declared})",
        given=name,
    )


def _given_in_working(text: str, value: Quantity, declared: str | None) -> str:
    """The given as written, or with the count it left out: "32" → "32 users"."""
    if declared is None or _read_quantity(text).dim == value.dim:
        return text
    number = value.value / unit_quantity(declared).value
    return attach_unit(f"{number:,.12g}" if abs(number) < 1e15 else f"{number:.12g}", declared)


def _formulas(card: Card, solver: Solver) -> dict[str, Any]:
    from drill.solving.registry import SolverError

    try:
        return solver.formulas()
    except SolverError as error:
        raise SolveError(card.key, str(error)) from None


def _evaluate(card: Card, name: str, expression: Any, values: Mapping[Any, Quantity],
              field: str | None, *, given: str | None = None,
              result: str | None = None) -> Quantity:
    from drill.symbolic.unit_system import to_quantity

    try:
        return to_quantity(expression, values)
    except (QuantityError, ValueError, TypeError, ArithmeticError) as error:
        reason = str(error)
        if "division by zero" in reason or isinstance(error, ZeroDivisionError):
            reason = "a division by zero, for the card's givens"
        what = (f"given '{name}'" if given else f"result '{name}'" if NAME.fullmatch(name)
                else f"the value '{name}'")
        raise SolveError(card.key, f"{what} cannot be worked out: {reason}", given=given,
                         result=result, field=field) from None


@lru_cache(maxsize=4096)
def _sides(expression: Any, names: tuple[tuple[Any, str], ...]) -> dict[str, int]:
    """Cached: every variant of a card shares its formulas, and ``drill check`` solves
    them all."""
    from drill.symbolic.structure import given_sides

    return given_sides(expression, dict(names))


@lru_cache(maxsize=4096)
def _formula_text(expression: Any) -> str:
    """The formula in the givens' names; pure, so kept per expression.

    Keyed by the expression itself (sympy's hash is structural and cached): an id() key
    could hand a reloaded solver's new formula the text of a freed old one.
    """
    from drill.symbolic.working import formula_text

    return formula_text(expression)


def _join_working(formula: str, substituted: str, shown: str) -> str:
    steps: list[str] = []
    for step in (formula, substituted, shown):
        if not steps or steps[-1] != step:
            steps.append(step)
    return " = ".join(steps)
