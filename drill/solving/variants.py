"""Variants of a card: the same question over other givens, with every number recomputed.

A card's variants (``variants:`` in its YAML) name another GPU or model from the catalog,
or other givens by hand. :func:`render_variant` solves the card for the variant's givens
and fills its text templates, so the scenario, the answer, the asks' stated figures and
every mistake's value change together::

    card = render_variant(card, "h200")       # a Card like any other, card.variant == "h200"
    pick_variant(card, review_count, seed)    # what the app shows on a later review

Rendering solves the card (sympy loads on the first call); choosing a variant does not.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drill.packs.catalog import Catalog, UnknownEntry, load_catalog
from drill.packs.givens import shown_given
from drill.packs.model import BASE_VARIANT, Ask, Card, Variant
from drill.packs.samples import SampleError, format_like, parse_sample, read_quantity, restate
from drill.packs.templates import (
    Rendered,
    Slot,
    TemplateError,
    parse_template,
    render,
    scenario_values,
    with_texts,
)
from drill.quantities.quantity import Quantity
from drill.solving.variant_choice import pick_variant, random_variant, variant_ids

if TYPE_CHECKING:
    from drill.solving.solve import Solution

#: How the base scenario is named where a variant id is expected (``--variant base``).
BASE = BASE_VARIANT


class VariantError(Exception):
    """A variant that cannot be shown; the message names the card and the variant."""

    def __init__(self, card_key: str, variant: str | None, message: str, *,
                 path: str | None = None, given: str | None = None,
                 suggestions: tuple[str, ...] = ()) -> None:
        shown = f"{card_key} [variant {variant}]" if variant else card_key
        super().__init__(f"{shown}: {message}")
        self.card_key = card_key
        self.variant = variant
        self.message = message
        self.path = path  # the text field ("answer[1]") when the problem is in one
        self.given = given
        self.suggestions = suggestions


def find_variant(card: Card, name: str | None) -> Variant | None:
    """The variant called ``name``; None for the base ("base" or None)."""
    if name is None or name == BASE:
        return None
    found = card.variant_named(name)
    if found is not None:
        return found
    ids = variant_ids(card)
    if not ids:
        raise VariantError(card.key, None, f"the card has no variants (asked for '{name}')")
    close = tuple(difflib.get_close_matches(name, ids, n=3, cutoff=0.5))
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise VariantError(card.key, None, f"no variant '{name}'{hint}; the card has "
                                       f"{', '.join((BASE, *ids))}", suggestions=close)


def variant_givens(card: Card, variant: Variant | None,
                   catalog: Catalog | None = None) -> dict[str, str]:
    """The givens a variant is solved with: the base's, then catalog facts, then its own."""
    if variant is None:
        return dict(card.givens)
    givens = dict(card.givens)
    if variant.gpu is not None or variant.model is not None:
        facts = catalog or load_catalog()
        for given, reference in card.facts.items():
            source, _, fact = reference.partition(".")
            if source not in ("gpu", "model"):
                continue  # an interconnect's fact: the same in every variant
            name = variant.gpu if source == "gpu" else variant.model
            if name is None:
                continue
            try:
                entry = facts.gpu(name) if source == "gpu" else facts.model(name)
                text = entry.fact_text(fact)
            except UnknownEntry as error:
                raise VariantError(card.key, variant.id, error.message, given=given) from None
            if text is None:
                raise VariantError(card.key, variant.id,
                                   f"the {entry.name} has no {fact} for given '{given}'",
                                   given=given)
            givens[given] = text
    givens.update(variant.givens)
    return givens


def scenario_names(card: Card, variant: Variant | None,
                   catalog: Catalog | None = None) -> dict[str, str]:
    """What ``{gpu}``, ``{a_gpu}``, ``{model}``... show: the variant's, or the base's."""
    gpu, model = card.gpu, card.model
    if variant is not None and (variant.gpu or variant.model):
        facts = catalog or load_catalog()
        try:
            if variant.gpu:
                gpu = facts.gpu(variant.gpu).name
            if variant.model:
                model = facts.model(variant.model).name
        except UnknownEntry as error:
            raise VariantError(card.key, variant.id, error.message) from None
    return scenario_values(gpu, model)


@dataclass(frozen=True, slots=True)
class RenderedCard:
    """A variant worked out: the concrete card, its solution and each rendered template."""

    card: Card
    solution: Solution | None
    texts: dict[str, Rendered]  # path → the rendering of that field's template


def render_variant(card: Card, name: str | None, *, cached: bool = False) -> Card:
    """The card as variant ``name`` shows it (the card itself for the base). ``cached``:
    read the variant's numbers from the solved-card cache when they are there."""
    return work_out(card, name, cached=cached).card


def work_out(card: Card, name: str | None, *, cached: bool = False) -> RenderedCard:
    """Solve the variant and render every template; raises VariantError or SolveError."""
    from drill.solving.cache import solve_cached
    from drill.solving.solve import solve as solve_afresh

    solve = solve_cached if cached else solve_afresh

    variant = find_variant(card, name)
    if variant is None:
        return RenderedCard(card, None, {})
    givens = variant_givens(card, variant)
    names = scenario_names(card, variant)
    solution = solve(card, givens) if card.computes else None
    values: dict[str, Quantity] = {}
    if solution is not None:
        values.update(solution.given_values)
        values.update({n: r.value for n, r in solution.results.items()})

    rendered = _render_texts(card, variant.id, givens, names, values)
    stated = tuple(_restated_figure(ask, values) for ask in card.asks)
    concrete = with_texts(card, {path: r.text for path, r in rendered.items()},
                          stated={i: figure for i, (changed, figure) in enumerate(stated)
                                  if changed},
                          givens=givens, variant=variant.id)
    return RenderedCard(concrete, solution, dict(rendered))


def _render_texts(card: Card, variant: str, givens: Mapping[str, str],
                  names: Mapping[str, str],
                  values: Mapping[str, Quantity]) -> dict[str, Rendered]:
    """Each template rendered for the variant; raises VariantError."""
    rendered: dict[str, Rendered] = {}
    for path, template in card.templates.items():
        try:
            pieces = parse_template(template)
        except TemplateError as error:  # the loader reports these; keep the base text
            raise VariantError(card.key, variant, f"{path}: {error.message}",
                               path=path) from None
        rendered[path] = render(pieces, _Filler(card, variant, path, givens, names, values))
    return rendered


class _Filler:
    def __init__(self, card: Card, variant: str, path: str, givens: Mapping[str, str],
                 names: Mapping[str, str], values: Mapping[str, Quantity]) -> None:
        self.card, self.variant, self.path = card, variant, path
        self.givens, self.names, self.values = givens, names, values

    def __call__(self, slot: Slot) -> str:
        if slot.name in self.names:
            return self.names[slot.name]
        if slot.sample is None and slot.name in self.givens:
            return shown_given(self.givens, slot.name)
        if slot.sample is None:
            raise self.error(f"{{{slot.name}}} names no given, and a result needs a sample "
                             f"of how to show it")
        value = self.values.get(slot.name)
        if value is None and slot.name in self.givens:
            # Only a card without a solver gets here: solve() reads the givens otherwise.
            try:
                value = read_quantity(self.givens[slot.name])
            except SampleError as error:
                raise VariantError(self.card.key, self.variant, f"given '{slot.name}': {error}",
                                   given=slot.name) from None
        if value is None:
            raise self.error(f"{slot.source} names neither a given nor a result of "
                             f"{_computed_by(self.card)}")
        try:
            return format_like(value, parse_sample(slot.sample))
        except SampleError as error:
            raise self.error(f"{slot.source}: {error}") from None

    def error(self, message: str) -> VariantError:
        return VariantError(self.card.key, self.variant, f"{self.path}: {message}",
                            path=self.path)


def _computed_by(card: Card) -> str:
    return f"solver '{card.solver}'" if card.solver else "the card's formulas"


def _restated_figure(ask: Ask, values: Mapping[str, Quantity]) -> tuple[bool, str | None]:
    """The ask's stated figure redone for the variant's reference: (False, None) when it
    stays as it is."""
    if ask.stated is None or ask.value not in values:
        return False, None
    try:
        return True, restate(ask.stated, values[ask.value])
    except (SampleError, ValueError):
        return True, None  # unreadable: the checker says so


__all__ = [
    "BASE", "RenderedCard", "VariantError", "find_variant", "pick_variant",
    "random_variant", "render_variant", "scenario_names", "variant_givens",
    "variant_ids",
    "with_texts", "work_out",
]
