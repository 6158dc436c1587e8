"""``drill check`` for templates and variants.

For the base scenario: every ``{name:sample}`` names a given or a result of the solver, and
the sample agrees with that value (it is what the base card shows). For each variant: it
solves, its worked equations hold with its numbers, its mistakes stay apart from its
references, and no number of the base is left in plain text where the variant changed it
("3.35 TB/s" in an H200 variant). Every message names the variant.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from drill.checking.closed_world import CHANGING, card_world
from drill.checking.prose import prose_problems
from drill.checking.tolerance import (
    card_tolerance,
    mistake_too_close,
    power_of_ten_slip,
    relative_off,
)
from drill.packs.diagnostics import ERROR, WARNING, Diagnostic
from drill.packs.model import Card, Location, Variant
from drill.packs.samples import SampleError, format_like, parse_sample, read_quantity
from drill.packs.scenario import base_rendering
from drill.packs.templates import (
    SCENARIO_NAMES,
    Rendered,
    Slot,
    parse_template,
    scenario_values,
    slots,
)
from drill.packs.yaml_positions import SourceText
from drill.quantities import dimensions as dims
from drill.quantities.quantity import Quantity
from drill.solving.solve import Solution, SolveError
from drill.solving.variants import VariantError, work_out

_CHANGING = ("; the base accounts for it, so it is a figure the variant changes, written "
             "out: write it as a placeholder, or mark it free if it does not change")
_WRITTEN_OUT = ("; it holds for the base, so a figure the variant changes is written out: "
                "write it as {name} or {name:sample}")


def base_renderings(card: Card) -> dict[str, Rendered]:
    """The base text of each templated field, with its map back to the template."""
    names = scenario_values(card.gpu, card.model)
    return {path: base_rendering(template, card, names)
            for path, template in card.templates.items()}


def broken_templates(card: Card) -> frozenset[str]:
    """The fields whose template the loader refused (a placeholder it reported)."""
    return frozenset(path for path, text in card.texts()
                     if ("{" in text or "}" in text) and path not in card.templates)


@dataclass
class VariantChecks:
    card: Card
    source: SourceText
    #: Figures the base leaves unaccounted, by field and template offset: reported once,
    #: for the base, not again in every variant.
    base_open: set[tuple[str, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.found: list[Diagnostic] = []
        self.tolerance = card_tolerance(self.card)
        self.broken = broken_templates(self.card)
        #: Each variant worked out: its index, the variant and its solution.
        self.worked: list[tuple[int, Variant, Solution]] = []

    def report(self, where: Location, message: str, *, variant: str | None = None,
               ask: str | None = None, severity: str = ERROR, code: str = "") -> None:
        self.found.append(Diagnostic(where, severity, message, self.card.key, ask, variant,
                                     code=code))

    def where_in(self, path: str, rendered: Rendered | None, offset: int) -> Location:
        start = self.card.text_locations.get(path, self.card.where)
        if rendered is None:
            return self.source.position_in_source(start, self._text(path), offset)
        template = self.card.templates[path]
        return self.source.position_in_source(start, template, rendered.template_offset(offset))

    def _text(self, path: str) -> str:
        return dict(self.card.texts()).get(path, "")

    # -- the base's samples -----------------------------------------------------------
    def check_samples(self, solution: Solution | None) -> bool:
        """Check the base's samples; False when a placeholder is broken (the variants,
        which would repeat the problem, are then not worked out)."""
        values = _values(self.card, solution)
        ok = True
        for path, template in self.card.templates.items():
            template_ok, problems = _template_samples(path, template, values, solution,
                                                      self.tolerance)
            ok = ok and template_ok
            for offset, message in problems:
                start = self.card.text_locations.get(path, self.card.where)
                self.report(self.source.position_in_source(start, template, offset), message)
        return ok

    # -- each variant -----------------------------------------------------------------
    def check_names(self) -> bool:
        """The card's ``gpu`` and ``model`` are in the catalog (False when one is not)."""
        from drill.packs.catalog import CatalogError, UnknownEntry, load_catalog

        links = {given: ref for given, ref in self.card.facts.items()
                 if ref.partition(".")[0] not in ("gpu", "model")}
        if (self.card.gpu is None and self.card.model is None and not self.card.variants
                and not links):
            return True
        try:
            catalog = load_catalog()
        except CatalogError as error:
            self.report(self.card.where, f"the catalog cannot be read: {error}",
                        code="catalog-unreadable")
            return False
        ok = True
        for given, reference in links.items():
            try:
                catalog.fact(reference)
            except UnknownEntry as error:
                self.report(self.card.text_locations.get(f"facts.{given}", self.card.where),
                            f"facts.{given}: {error.message}", code="unknown-interconnect")
                ok = False
        for key, lookup in (("gpu", catalog.gpu), ("model", catalog.model)):
            name = getattr(self.card, key)
            if name is None:
                continue
            try:
                lookup(name)
            except UnknownEntry as error:
                self.report(self.card.text_locations.get(key, self.card.where), error.message,
                            code="unknown-catalog-name")
                ok = False
        return ok

    def check_variant_names(self) -> None:
        """Each variant's gpu and model are in the catalog (when the variants themselves
        cannot be worked out, so that their names are not checked there)."""
        from drill.packs.catalog import CatalogError, UnknownEntry, load_catalog

        try:
            catalog = load_catalog()
        except CatalogError:
            return
        for index, variant in enumerate(self.card.variants):
            for key, lookup in (("gpu", catalog.gpu), ("model", catalog.model)):
                name = getattr(variant, key)
                if name is None:
                    continue
                try:
                    lookup(name)
                except UnknownEntry as error:
                    where = self.card.text_locations.get(f"variants[{index}].{key}",
                                                         variant.where)
                    self.report(where, error.message, variant=variant.id,
                                code="unknown-catalog-name")

    def check_variants(self, base: Solution | None) -> None:
        # Texts whose equations hold for the base: where one fails in a variant, a number
        # the variant changes is written out in it.
        base_holds = {path for path, text in self.card.texts()
                      if not prose_problems(text, self.tolerance)}
        for index, variant in enumerate(self.card.variants):
            try:
                worked = work_out(self.card, variant.id)
            except (VariantError, SolveError) as error:
                message = error.message
                given = getattr(error, "given", None)
                path = f"variants[{index}].givens.{given}" if given else f"variants[{index}]"
                where = self.card.text_locations.get(path, variant.where)
                self.report(where, message, variant=variant.id)
                continue
            concrete = worked.card
            if concrete.givens == self.card.givens and all(
                    getattr(variant, key) in (None, getattr(self.card, key))
                    for key in ("gpu", "model")):
                self.report(variant.where, f"variant '{variant.id}' has the base's givens: it "
                                           f"shows the same numbers", variant=variant.id,
                            severity=WARNING)
            # read by each pass below: made once; a broken template is left out (its
            # placeholder is reported, and its raw braces would read as plain figures)
            texts = [(p, x) for p, x in concrete.texts() if p not in self.broken]
            for path, text in texts:
                rendered = worked.texts.get(path)
                for problem in prose_problems(text, self.tolerance):
                    hint = (_WRITTEN_OUT if path in base_holds and problem.severity == ERROR
                            else "")
                    self.report(self.where_in(path, rendered, problem.offset),
                                f"{path}: {problem.message}{hint}", variant=variant.id,
                                severity=problem.severity)
            if worked.solution is not None:
                self.worked.append((index, variant, worked.solution))
                self._mistakes_apart(concrete, worked.solution, variant.id, base)
                stale = self._stale_numbers(concrete, texts, worked.texts, base,
                                            worked.solution, variant.id)
                self._closed_world(concrete, texts, worked.texts, worked.solution, variant.id,
                                   stale)

    def _closed_world(self, card: Card, texts: list[tuple[str, str]],
                      rendered: dict[str, Rendered], solution: Solution,
                      variant: str, stale: set[Location]) -> None:
        """A figure the base accounts for and this variant does not: a figure the variant
        changes, written out (once per place: the stale check may have named it)."""
        for item in card_world(card, solution, rendered, self.tolerance, texts):
            if (item.path, item.template_offset) in self.base_open:
                continue
            where = self.where_in(item.path, rendered.get(item.path), item.offset)
            if where in stale:
                continue
            self.report(where, f"{item.path}: {item.found.message()}{_CHANGING}",
                        variant=variant, code=CHANGING)

    def _mistakes_apart(self, card: Card, solution: Solution, variant: str,
                        base: Solution | None) -> None:
        """A mistake the grader cannot tell from the reference in this variant; not when
        the base shows it already (one cause, reported once, for the base)."""
        for index, ask in enumerate(card.asks):
            reference = solution.results.get(ask.value)
            for j, mistake in enumerate(ask.mistakes):
                wrong = solution.results.get(mistake.value or "")
                if reference is None or wrong is None:
                    continue
                if base is not None and _close_in(base, ask.value, mistake.value or "",
                                                  ask.tolerance):
                    continue
                if wrong.value.close_to(reference.value, ask.tolerance):
                    where = self.card.text_locations.get(
                        f"asks[{index}].mistakes[{j}].value", mistake.where)
                    self.report(where, mistake_too_close(mistake, wrong.shown),
                                variant=variant, ask=ask.id, severity=WARNING,
                                code="mistake-too-close")

    def _stale_numbers(self, card: Card, texts: list[tuple[str, str]],
                       rendered: dict[str, Rendered], base: Solution | None,
                       solution: Solution, variant: str) -> set[Location]:
        """Base figures still written out where this variant changed them; returns where
        each was reported."""
        stale = dict(_changed_givens(self.card, card))
        stale.update(_changed_samples(self.card, base, solution))
        reported: set[Location] = set()
        if not stale:
            return reported
        figures = tuple(stale.items())
        everything = "\0".join(text for _, text in texts)
        if not any(old in everything for old, _ in figures):
            return reported  # no text holds one (the common case): none is stale
        spots = [(path, offset, old, name) for path, text in texts
                 for offset, old, name in _stale_spots(text, rendered.get(path), figures)]
        for path, offset, old, name in spots:
            placeholder = f"{{{name}}}" if name in card.givens else f"{{{name}:{old}}}"
            where = self.where_in(path, rendered.get(path), offset)
            reported.add(where)
            self.report(
                where,
                f"{path}: the text says '{old}' in plain words, but {name} changes "
                f"in this variant: write {placeholder} instead", variant=variant,
                code=CHANGING)
        return reported


@lru_cache(maxsize=16384)
def _stale_spots(text: str, piece: Rendered | None,
                 stale: tuple[tuple[str, str], ...]) -> tuple[tuple[int, str, str], ...]:
    """Where in ``text`` (rendered as ``piece``) each old figure (``stale``: its text and
    the name that changed) is still written out: (offset, figure, name). Pure, so kept
    per text: a big pack repeats it, in cards that differ in another text."""
    runs = piece.literal_runs() if piece is not None else [(0, len(text))]
    spots: list[tuple[int, str, str]] = []
    for old, name in stale:
        for start, end in runs:
            spots += [(start + match, old, name)
                      for match in _occurrences(old, text[start:end])]
    return tuple(spots)


#: Each template's samples checked: whether none is broken, and each problem as (offset
#: in the template, message).
_Samples = tuple[bool, tuple[tuple[int, str], ...]]


def _template_samples(path: str, template: str, values: dict[str, Quantity],
                      solution: Solution | None, tolerance: float) -> _Samples:
    """Every sample of ``template`` against ``values``: each problem at its placeholder;
    False when one cannot show its value (a broken placeholder)."""
    problems: list[tuple[int, str]] = []
    ok = True
    for slot in slots(parse_template(template)):
        if slot.sample is None or slot.name in SCENARIO_NAMES:
            continue
        value = values.get(slot.name)
        if value is None:
            try:
                parse_sample(slot.sample)  # malformed, even with no value to show
            except SampleError as error:
                problems.append((slot.start, f"{path}: {slot.source}: {error}"))
                ok = False
            if solution is not None:
                close = difflib.get_close_matches(slot.name, sorted(values), n=2, cutoff=0.6)
                hint = f" (did you mean {' or '.join(close)}?)" if close else ""
                problems.append((slot.start, f"{path}: {slot.source} names neither a given "
                                             f"nor a result of {_computed_by(solution.solver)}"
                                             f"{hint}"))
                ok = False
            continue
        problem, shows = _sample_problem(path, slot, value, tolerance)
        if problem is not None:
            problems.append((slot.start, problem))
        ok = shows and ok
    return ok, tuple(problems)


def _sample_problem(path: str, slot: Slot, value: Quantity,
                    tolerance: float) -> tuple[str | None, bool]:
    """What is wrong with a sample, if anything, and whether it can show its value (False:
    it cannot, or its unit does not fit) or only strays from it."""
    assert slot.sample is not None
    try:
        sample = parse_sample(slot.sample)
        shown = format_like(value, sample)
    except SampleError as error:
        return f"{path}: {slot.source}: {error}", False
    said = sample.value
    if not dims.compatible(said.dim, value.dim):
        return f"{path}: {slot.source}: the sample's unit does not fit the value", False
    off = relative_off(said.value, value.value)
    if off > tolerance:
        slip = power_of_ten_slip(said.value, value.value, tolerance, "the sample")
        return (f"{path}: {slot.source} shows {sample.shown}, but {slot.name} is {shown} for "
                f"the card's givens ({off:.1%} off; {tolerance:.0%} allowed){slip}"), True
    # Three figures or more are held to them, as in plain text: 10.45 ms is 10.4 or
    # 10.5 ms, not 10.6 ms (the base shows the sample as written).
    if sample.digits >= 3 and sample.number:
        exponent = math.floor(math.log10(abs(sample.number)))
        # One unit of the last figure either way: an author's rounding of a half is not
        # drill's to judge, a figure two halves away is a wrong rounding.
        unit = 10.0 ** (exponent - sample.digits + 1) / abs(sample.number)
        if off > unit * 1.02 + 1e-12:
            return (f"{path}: {slot.source} shows {sample.shown}, but {slot.name} is {shown} "
                    f"for the card's givens: to the {sample.digits} figures written it is "
                    f"{shown}"), True  # a wrong rounding
    return None, True


def _values(card: Card, solution: Solution | None) -> dict[str, Quantity]:
    values: dict[str, Quantity] = {}
    if solution is None:
        for name, text in card.givens.items():
            try:
                values[name] = read_quantity(text)
            except SampleError:
                continue
        return values
    values.update(solution.given_values)
    values.update({name: result.value for name, result in solution.results.items()})
    return values


def _changed_givens(base: Card, variant: Card) -> Iterator[tuple[str, str]]:
    for name, text in base.givens.items():
        if variant.givens.get(name, text) != text and _distinctive(text):
            yield text, name


def _changed_samples(card: Card, base: Solution | None,
                     solution: Solution) -> tuple[tuple[str, str], ...]:
    """Each sample the variant shows otherwise than the base, as (the base's figure, the
    name)."""
    if base is None:
        return ()
    return tuple(_samples_changed(card, base, solution, card.templates.values()))


def _samples_changed(card: Card, base: Solution, solution: Solution,
                     templates: Iterable[str]) -> Iterator[tuple[str, str]]:
    before = _values(card, base)
    after = _values(card, solution)
    for template in templates:
        for slot in slots(parse_template(template)):
            if slot.sample is None or slot.name not in before or slot.name not in after:
                continue
            try:
                sample = parse_sample(slot.sample)
                changed = format_like(before[slot.name], sample) != format_like(
                    after[slot.name], sample)
            except SampleError:
                continue
            if changed and _distinctive(sample.shown):
                yield sample.shown, slot.name


def _distinctive(text: str) -> bool:
    """Worth looking for: a figure with a unit, or with two digits or more ("32")."""
    digits = sum(ch.isdigit() for ch in text)
    return digits >= 2 or any(ch.isalpha() or ch in "$%×" for ch in text)


def _occurrences(needle: str, haystack: str) -> list[int]:
    if needle not in haystack:  # the common case, and far cheaper than the pattern
        return []
    return [m.start() for m in _figure_pattern(needle).finditer(haystack)]


@lru_cache(maxsize=1024)
def _figure_pattern(needle: str) -> re.Pattern[str]:
    """``needle`` as a whole figure: "4.8" must not match inside "14.8" or "4.85"."""
    return re.compile(r"(?<![\d.,])" + re.escape(needle) + r"(?![\d]|\.\d|,\d)")


def _close_in(solution: Solution, value: str, mistake: str, tolerance: float) -> bool:
    reference, wrong = solution.results.get(value), solution.results.get(mistake)
    return (reference is not None and wrong is not None
            and wrong.value.close_to(reference.value, tolerance))


def _computed_by(solver: str) -> str:
    return "the card's formulas" if solver == "formulas" else f"solver '{solver}'"
