"""Cards whose numbers come from formulas in the pack, and givens made of other givens.

A card's ``formulas:`` (and its pack's, which every card may use) map result names to
formulas over its givens and other results; an ask's or a mistake's ``value`` may be a
formula of its own; a given may be a formula of other givens (``weights: params × 2 B``).
Each is read by drill's formula reader (:mod:`drill.quantities.parsing.formula`) and
turned into a sympy expression (:mod:`drill.symbolic.formulas`), exactly the kind a
Python solver returns, so :func:`drill.solving.solve.solve` treats both alike. Nothing
in a pack is ever run.

Every problem is a :class:`FormulaProblem` naming the field it is in (``formulas.mbu``,
``givens.weights``, ``asks[0].mistakes[1].value``) and the column inside its text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

import sympy

from drill.packs.ids import NAME
from drill.packs.model import Card
from drill.quantities.parsing import ParseError
from drill.quantities.parsing.formula import Formula, is_reserved, read_formula
from drill.symbolic.formulas import given_symbol, to_expression

#: What a solution of a formula card names as its solver.
FORMULAS = "formulas"
_WORD = re.compile(r"(?<![\w.])[A-Za-z_][A-Za-z0-9_]*")


class FormulaProblem(Exception):
    """A formula that cannot be used: where it is and what is wrong."""

    def __init__(self, message: str, field: str, column: int = 0, *,
                 given: str | None = None, result: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field  # the key of the field in Card.text_locations
        self.column = column
        self.given = given
        self.result = result


@dataclass(frozen=True, slots=True)
class CompiledFormulas:
    """Every result of a formula card, as sympy expressions over its givens' symbols."""

    expressions: dict[str, sympy.Expr]
    fields: dict[str, str]  # result name → the field its formula is written in


# -- givens ----------------------------------------------------------------------------
def mentions(text: str, names: Collection[str]) -> bool:
    """Whether ``text`` uses any of ``names`` as a word (so it is a formula, not a figure)."""
    return any(word in names for word in _WORD.findall(text))


def derived_givens(texts: Mapping[str, str]) -> list[tuple[str, sympy.Expr]]:
    """The givens written as formulas of other givens, in an order that works them out
    after everything they use: (name, expression over the givens' symbols)."""
    names = {name for name in texts if not is_reserved(name)}
    # A given's own name in its text is its unit ("kernels: 300 kernels"), never itself.
    formulas = {name: text for name, text in texts.items()
                if mentions(text, names - {name})}
    if not formulas:
        return []
    return list(_derived(tuple(formulas.items()), tuple(sorted(names))))


@lru_cache(maxsize=1024)
def _derived(formulas: tuple[tuple[str, str], ...],
             names: tuple[str, ...]) -> tuple[tuple[str, sympy.Expr], ...]:
    read = {name: _read(text, [other for other in names if other != name],
                        f"givens.{name}", given=name) for name, text in formulas}
    order = _ordered(read, lambda name: f"givens.{name}", "givens")
    symbols = {name: given_symbol(name) for name in names}
    return tuple((name, _compiled(read[name], symbols, f"givens.{name}", given=name))
                 for name in order)


def misspelt_given(text: str, names: Collection[str]) -> ParseError | None:
    """The formula reader's error for a given that names another given almost right
    (``param × 2 B``): None when no name is close (then it is a figure with a typo)."""
    try:
        read_formula(text, names)
    except ParseError as error:
        return error if "did you mean" in error.message and any(
            f"mean {name}" in error.message or f"or {name}" in error.message
            for name in names) else None
    return None


# -- results ---------------------------------------------------------------------------
def compile_card(card: Card) -> CompiledFormulas:
    """Every formula the card uses (its own, the pack's it reaches, its inline values)."""
    values = tuple((field, text) for field, text in value_fields(card) if not NAME.fullmatch(text))
    roots = tuple(sorted({*card.formulas, *(t for _, t in value_fields(card)),
                          *template_words(card)}))
    return _compile_card(tuple(card.formulas.items()), tuple(card.shared_formulas.items()),
                         tuple(card.givens), values, roots)


def compile_values(card: Card, names: Mapping[str, sympy.Expr]) -> CompiledFormulas:
    """A solver card's inline values (``value: weights / peak_flops``), over the solver's
    givens and results (``names``)."""
    values = [(field, text) for field, text in value_fields(card) if not NAME.fullmatch(text)]
    expressions: dict[str, sympy.Expr] = {}
    fields: dict[str, str] = {}
    for field, text in values:
        formula = _read(text, tuple(names), field, result=text)
        expressions[text] = _compiled(formula, names, field, result=text)
        fields[text] = field
    return CompiledFormulas(expressions, fields)


def value_fields(card: Card) -> Iterable[tuple[str, str]]:
    """Each ask's and mistake's value with the field it is written in."""
    return card.value_texts()


def template_words(card: Card) -> set[str]:
    """The pack formulas the card's templates name: worked out as results of the card."""
    return {word for template in card.templates.values() for word in _WORD.findall(template)
            if word in card.shared_formulas}


@lru_cache(maxsize=1024)
def _compile_card(own: tuple[tuple[str, str], ...], shared: tuple[tuple[str, str], ...],
                  givens: tuple[str, ...], values: tuple[tuple[str, str], ...],
                  roots: tuple[str, ...]) -> CompiledFormulas:
    texts = {**dict(shared), **dict(own)}
    for name in texts:
        field = f"formulas.{name}"
        if name in givens:
            raise FormulaProblem(f"'{name}' is both a given and a formula: rename one",
                                 field, result=name)
        if is_reserved(name):
            raise FormulaProblem(f"'{name}' is part of a formula's syntax (per, x, times or "
                                 f"a function): name the result otherwise", field,
                                 result=name)
    for name in givens:
        if is_reserved(name):
            raise FormulaProblem(f"given '{name}' is part of a formula's syntax (per, x, "
                                 f"times or a function), so no formula could use it: "
                                 f"rename it", f"givens.{name}", given=name)
    known = (*givens, *texts)
    read: dict[str, Formula] = {}
    pending = [name for name in roots if name in texts]
    while pending:  # the card's own formulas and every pack formula they reach
        name = pending.pop()
        if name in read:
            continue
        read[name] = _read(texts[name], known, f"formulas.{name}", result=name)
        pending += [used for used in read[name].names if used in texts and used not in read]
    order = _ordered(read, lambda name: f"formulas.{name}", "formulas")
    expressions: dict[str, sympy.Expr] = {name: given_symbol(name) for name in givens}
    fields: dict[str, str] = {}
    ordered = [name for name in (*dict(own), *dict(shared)) if name in read]
    for name in order:
        field = f"formulas.{name}"
        expressions[name] = _compiled(read[name], expressions, field, result=name)
        fields[name] = field
    results = {name: expressions[name] for name in ordered}
    for field, text in values:
        formula = _read(text, known, field, result=text)
        results[text] = _compiled(formula, expressions, field, result=text)
        fields[text] = field
    return CompiledFormulas(results, fields)


# -- shared steps ----------------------------------------------------------------------
def _read(text: str, names: Collection[str], field: str, *, given: str | None = None,
          result: str | None = None) -> Formula:
    try:
        return read_formula(text, names)
    except ParseError as error:
        raise FormulaProblem(error.message, field, error.position, given=given,
                             result=result) from None


def _compiled(formula: Formula, names: Mapping[str, sympy.Expr], field: str, *,
              given: str | None = None, result: str | None = None) -> sympy.Expr:
    try:
        return to_expression(formula.tree, names)
    except (TypeError, ValueError, ArithmeticError, RecursionError) as error:
        # sympy refusing an operation (a comparison in max() of things it cannot order)
        raise FormulaProblem(f"the formula cannot be worked with: {error}", field,
                             given=given, result=result) from None


def _ordered(read: Mapping[str, Formula], field: Callable[[str], str], what: str) -> list[str]:
    """Names in an order where each comes after everything it uses; a circle is an error."""
    order: list[str] = []
    state: dict[str, str] = {}  # "open" while its inputs are visited, then "done"

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == "done":
            return
        if state.get(name) == "open":
            circle = [*path[path.index(name):], name]
            raise FormulaProblem(
                f"the {what} go round in a circle ({' → '.join(circle)}): none of them "
                f"can be worked out first", field(circle[0]),
                read[circle[0]].name_positions.get(circle[1], 0),
                **({"given": circle[0]} if what == "givens" else {"result": circle[0]}))
        state[name] = "open"
        for used in read[name].names:
            if used in read:
                visit(used, [*path, name])
        state[name] = "done"
        order.append(name)

    for name in read:
        visit(name, [])
    return order
