"""``drill check``'s engine: everything that can be wrong with a pack, at its line and column.

On top of the loader's schema diagnostics, each card is solved and checked:

* its solver exists and its givens have the dimensions the solver declares;
* every ask's ``value`` and every mistake's ``value`` is one of the solver's results;
* the reference has the dimension of the ask's display unit (counts may be left out);
* a ``stated`` figure agrees with the reference within the ask's tolerance;
* every worked equation in the prose holds, in value and in dimension.

A card the loader left out for a schema error is checked too, so one run shows all of a
file's findings: in full when the error leaves its numbers alone (an unknown key, a
broken ask, which alone is skipped), and for its prose and units only when the error is
in its givens, formulas or scenario (solving would repeat it in other words).

Findings are listed root causes first: the file's own (its header), then card by card in
file order, and inside a card by stage (its schema, then solving it, then its asks, then
its prose, figures and variants), each stage in line order. So a given of the wrong
dimension comes before the equations it breaks.

Nothing escapes as an exception: an unexpected failure becomes an error naming the file.
Nor does a file hold the checker for long: each text shows at most :data:`MAX_PER_TEXT`
findings and reads at most ``MAX_FIGURES`` figures, and a file stops being checked after
:data:`MAX_PER_FILE` findings, each cut said in one line with how much more there is.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

from drill.checking.causes import (
    catalog_givens,
    intended_values,
    result_causes,
    untied_givens,
)
from drill.checking.claims import Scenario, claim_findings
from drill.checking.closed_world import UNACCOUNTED, card_world, catalog_names
from drill.checking.figures import MAX_FIGURES, find_figures
from drill.checking.precision import precision_findings
from drill.checking.prose import EXACT_TOLERANCE, prose_problems
from drill.checking.reports import PackReport as PackReport  # re-exported: made here
from drill.checking.reports import check_files as check_files
from drill.checking.root_cause import asks_agree, misdimensioned_given
from drill.checking.tolerance import (
    card_tolerance,
    identical,
    indistinct_mistakes,
    mistake_is_reference,
    mistake_too_close,
    mistakes_alike,
    power_of_ten_slip,
    relative_off,
)
from drill.checking.variant_checks import VariantChecks, base_renderings, broken_templates
from drill.packs.diagnostics import ERROR, WARNING, Diagnostic
from drill.packs.ids import NAME
from drill.packs.loader import LoadResult, UnloadedCard, load_pack
from drill.packs.model import Ask, Card, Location, Variant
from drill.packs.yaml_positions import SourceText
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.quantities.units import unit_quantity
from drill.solving.solve import Solution, SolveError, format_for_unit, solve


def check_file(path: Path, display: str) -> PackReport:
    try:
        return check_loaded(load_pack(path, display))
    except Exception as error:  # never a traceback, whatever the file holds
        where = Location(display)
        message = f"internal error while checking this file: {type(error).__name__}: {error}"
        return PackReport(display, None, (Diagnostic(where, ERROR, message),), 0, 0)


def check_loaded(loaded: LoadResult) -> PackReport:
    """The findings of a loaded file, root causes first."""
    pack = loaded.pack
    checked = [UnloadedCard(card, False) for card in (pack.cards if pack else ())]
    checked += loaded.unloaded
    checked.sort(key=lambda item: item.card.order)
    by_card: dict[str | None, list[list[Diagnostic]]] = {}
    for diagnostic in loaded.diagnostics:  # the loader's: stage 0 of its card, or the file's
        by_card.setdefault(diagnostic.card_key, [[]])[0].append(diagnostic)
    for key, stages in check_cards(checked, loaded.text,
                                   [d for d in loaded.diagnostics if d.is_error]):
        by_card.setdefault(key, [[]]).extend(stages)
    return PackReport(loaded.display, pack.id if pack else None,
                      _root_causes_first(by_card, [item.card for item in checked]),
                      loaded.cards_found, sum(len(item.card.asks) for item in checked))


def check_cards(items: Sequence[UnloadedCard], text: str,
                loader_errors: Sequence[Diagnostic] = ()
                ) -> list[tuple[str, list[list[Diagnostic]]]]:
    """The findings of each card of ``items`` (of the file whose text is ``text``), stage
    by stage, in order."""
    source = SourceText(text)
    found: list[tuple[str, list[list[Diagnostic]]]] = []
    total = 0
    for number, item in enumerate(items):
        if total >= MAX_PER_FILE:
            rest = len(items) - number
            found.append((item.card.key, [[Diagnostic(
                item.card.where, ERROR,
                f"checking stopped: {total:,} findings in the cards above; this card and "
                f"{rest - 1:,} more after it were not checked (fix those first)",
                item.card.key)]]))
            break
        try:
            check = _CardCheck(item.card, source, loader_errors)
            stages = check.run(numbers=not item.inputs_broken)
        except Exception as error:
            stages = [[Diagnostic(
                item.card.where, ERROR,
                f"internal error while checking this card: {type(error).__name__}: {error}",
                item.card.key,
            )]]
        stages = _cap_per_text(stages, item.card)
        total += sum(len(stage) for stage in stages)
        found.append((item.card.key, stages))
    return found


#: The findings shown for one text of a card (its scenario, an answer line...); past them
#: one line says how many more there are.
MAX_PER_TEXT = 20
#: Once a file has this many findings its remaining cards are not checked: a file so
#: broken (or generated) would otherwise take minutes and gigabytes to report in full.
MAX_PER_FILE = 1000


def _cap_per_text(stages: list[list[Diagnostic]], card: Card) -> list[list[Diagnostic]]:
    """``stages`` with at most :data:`MAX_PER_TEXT` findings of each of the card's texts
    (a finding about a text starts with its name, "scenario: ..."), and one line per text
    that had more, saying how many."""
    texts = {path for path, _ in card.texts()}
    shown: Counter[str] = Counter()
    over: dict[str, list[Diagnostic]] = {}
    capped: list[list[Diagnostic]] = []
    for stage in stages:
        kept = []
        for diagnostic in sorted(stage, key=Diagnostic.sort_key):
            text = diagnostic.message.split(": ", 1)[0]
            if text in texts:
                shown[text] += 1
                if shown[text] > MAX_PER_TEXT:
                    over.setdefault(text, []).append(diagnostic)
                    continue
            kept.append(diagnostic)
        capped.append(kept)
    for text, hidden in over.items():
        severity = ERROR if any(d.is_error for d in hidden) else WARNING
        capped[-1].append(Diagnostic(
            hidden[0].location, severity,
            f"{text}: {len(hidden):,} more findings in this text not shown (the first "
            f"{MAX_PER_TEXT} are above)", card.key))
    return capped


def _root_causes_first(by_card: Mapping[str | None, list[list[Diagnostic]]],
                       cards: list[Card]) -> tuple[Diagnostic, ...]:
    """The file's own findings, then each card's in file order, stage by stage (see the
    module's docstring); a card the checker could not build comes where its line is."""
    first_line = {card.key: card.where.line for card in cards}
    for key, stages in by_card.items():
        if key is not None and key not in first_line:
            first_line[key] = min((d.location.line for d in stages[0]), default=0)

    def card_order(key: str | None) -> tuple[int, int]:
        return (0, 0) if key is None else (1, first_line.get(key, 0))

    ordered: list[Diagnostic] = []
    for key in sorted(by_card, key=card_order):
        for stage in by_card[key]:
            ordered += sorted(stage, key=Diagnostic.sort_key)
    return tuple(ordered)


class _CardCheck:
    def __init__(self, card: Card, source: SourceText,
                 loader_errors: Sequence[Diagnostic] = ()) -> None:
        self.card = card
        self.source = source
        self._loader_errors = loader_errors
        self.solving_errors: list[Diagnostic] = []
        self.found: list[Diagnostic] = []
        # The prose and closed-world checks both read the base's renderings: made once.
        self.base = base_renderings(card)

    def at(self, field: str, fallback: Location | None = None) -> Location:
        return self.card.text_locations.get(field, fallback or self.card.where)

    def in_field(self, field: str, column: int) -> Location:
        """The place of ``column`` inside the text of ``field`` (a formula, a given)."""
        start = self.at(field)
        text = self.field_text(field)
        if text is None:
            return start
        return self.source.position_in_source(start, text, column)

    def formula_of(self, value: str, value_field: str) -> Location | None:
        """Where a formula card's ``value`` is worked out: its formula, or the value itself
        when it is a formula of its own; None for a solver's result."""
        if self.card.solver:
            return None
        if f"formulas.{value}" in self.card.text_locations:
            return self.at(f"formulas.{value}")
        if value_field in self.card.text_locations and not NAME.fullmatch(value):
            return self.at(value_field)
        return None

    def field_text(self, field: str) -> str | None:
        kind, _, name = field.partition(".")
        if kind == "formulas":
            return self.card.formulas.get(name, self.card.shared_formulas.get(name))
        if kind == "givens":
            return self.card.givens.get(name)
        for path, text in self.card.value_texts():
            if path == field:
                return text
        return None

    def report(self, where: Location, message: str, ask: Ask | None = None,
               severity: str = ERROR, code: str = "") -> None:
        self.found.append(Diagnostic(where, severity, message, self.card.key,
                                     ask.id if ask else None, code=code))

    def run(self, numbers: bool = True) -> list[list[Diagnostic]]:
        """The card's findings, stage by stage: solving it, its asks, then its prose,
        figures and variants. ``numbers=False`` (its givens or scenario are broken):
        its worked equations and ask units only."""
        solution = self.solve() if numbers else None
        solving = self.take()
        self.solving_errors = solving
        units = self.check_units()
        if solution is not None:
            for index, ask in enumerate(self.card.asks):
                self.check_ask(index, ask, solution, units.get(ask.id))
        asking = self.take()
        # The given behind it all, if one is, comes before what it broke.
        root = self.root_cause(solution, units) if numbers and (solving or asking) else []
        root += self.causes(solution)
        stages: list[list[Diagnostic]] = [root, solving, asking]
        self.check_prose()
        if not numbers:
            self.check_names_only()
            return [*stages, self.take()]
        if solution is None and self.card.computes:
            self.check_names_only(names=False)
        self.check_points(solution)
        base_open = set()
        if solution is not None or not self.card.solver:
            base_open = self.check_world(solution)
        worked: list[tuple[int, Variant, Solution]] = []
        if self.card.templates or self.card.variants:
            variants = VariantChecks(self.card, self.source, base_open)
            names_ok = variants.check_names()
            samples_ok = variants.check_samples(solution)
            if names_ok and samples_ok and (solution is not None or not self.card.computes):
                variants.check_variants(solution)
            self.found += variants.found
            worked = variants.worked
        if solution is not None:
            self.check_claims(solution, worked)
        return [*stages, _once(self.take())]

    def check_claims(self, solution: Solution,
                     worked: list[tuple[int, Variant, Solution]]) -> None:
        """Claim words against the base's numbers and each variant's."""
        def values(found: Solution) -> dict[str, Quantity]:
            return {**found.given_values,
                    **{name: result.value for name, result in found.results.items()}}

        # Where the base's value disagrees with every figure the card writes for it (an
        # error reported on its own), the claims are read with the written figure, and a
        # variant's value is scaled alike: the words are judged on the numbers the author
        # meant, so one wrong given does not make every claim of every variant false.
        actual = values(solution)
        meant = intended_values(self.card, solution, self.source, card_tolerance(self.card))
        scale = {name: meant[name].value / actual[name].value for name in meant
                 if name in actual and actual[name].value}
        scenarios = [Scenario(None, -1, {**actual, **meant}, self.card.gpu)]
        for index, variant, found in worked:
            numbers = values(found)
            for name, factor in scale.items():
                if name in numbers:
                    numbers[name] = Quantity(numbers[name].value * factor, numbers[name].dim)
            scenarios.append(Scenario(variant, index, numbers, variant.gpu or self.card.gpu))
        for finding in claim_findings(self.card, scenarios, self.source):
            self.found.append(Diagnostic(finding.where, finding.severity, finding.message,
                                         self.card.key, None, finding.variant,
                                         code=finding.code))
        for late in precision_findings(self.card, scenarios, self.source):
            self.found.append(Diagnostic(late.where, ERROR, late.message, self.card.key,
                                         None, late.variant, code=late.code))

    def root_cause(self, solution: Solution | None,
                   units: Mapping[str, Quantity]) -> list[Diagnostic]:
        """A given of the wrong dimension behind the card's errors, at its own line."""
        if not self.card.computes or not self.card.givens:
            return []
        if solution is not None and asks_agree(self.card, solution, units):
            return []  # the errors are of another kind: nothing a given's unit explains
        cause = misdimensioned_given(self.card, units)
        if cause is None:
            return []
        self.report(self.at(f"givens.{cause.name}"), cause.message(), code="given-dimension")
        return self.take()

    def check_names_only(self, names: bool = True) -> None:
        """What can be checked of a card whose numbers cannot be worked out: the names it
        uses (catalog entries, key points' figures, mistakes' values), and a note of what
        waits for the error in its givens, formulas or solver. ``names=False``: the
        catalog's names are checked with the variants, as usual."""
        card = self.card
        if card.templates or card.variants or card.gpu or card.model:
            catalog_names = VariantChecks(card, self.source)
            if names:
                catalog_names.check_names()
            catalog_names.check_variant_names()
            self.found += catalog_names.found
        if not card.solver:
            known = sorted({*card.givens, *card.formulas, *card.shared_formulas})
            for index, point in enumerate(card.points):
                for name in point.figures:
                    if name not in known:
                        close = difflib.get_close_matches(name, known, n=2, cutoff=0.6)
                        hint = f"; did you mean {' or '.join(close)}?" if close else ""
                        self.report(self.at(f"points[{index}].figures", point.where),
                                    f"key point figure '{name}' is neither a given nor a "
                                    f"result of the card{hint}", code="point-figure")
            for i, ask in enumerate(card.asks):
                for j, mistake in enumerate(ask.mistakes):
                    value = mistake.value or ""
                    if NAME.fullmatch(value) and value not in known:
                        close = difflib.get_close_matches(value, known, n=2, cutoff=0.6)
                        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
                        self.report(self.at(f"asks[{i}].mistakes[{j}].value", mistake.where),
                                    f"mistake '{mistake.id}': '{value}' is neither a given nor "
                                    f"a result of the card's formulas{hint}", ask,
                                    code="unknown-result")
        inputs = {where.line for key, where in card.text_locations.items()
                  if key.startswith(("givens", "formulas", "solver"))}
        errors = [*self.solving_errors,
                  *(d for d in self._loader_errors if d.location.line in inputs)]
        first = next((d for d in errors if d.card_key == card.key and d.is_error), None)
        where = f" at line {first.location.line}" if first is not None else ""
        self.report(card.where, f"solving the card, its asks' references and stated figures, "
                                f"its mistakes' values, its samples, claims and variants wait "
                                f"for the error in its givens, formulas or solver{where}: fix "
                                f"it and run drill check again", severity=WARNING,
                    code="checks-skipped")

    def causes(self, solution: Solution | None) -> list[Diagnostic]:
        """Givens against the catalog, givens a variant should drive, and the given or
        formula behind results the card writes otherwise (:mod:`drill.checking.causes`)."""
        found = [*catalog_givens(self.card), *untied_givens(self.card)]
        if solution is not None:
            named = {cause.where.line for cause in found}
            reported = {name for name in self.card.givens
                        if self.at(f"givens.{name}").line in named}
            found += result_causes(self.card, solution, self.source,
                                   card_tolerance(self.card), reported)
        for cause in found:
            self.found.append(Diagnostic(cause.where, cause.severity, cause.message,
                                         self.card.key, None, cause.variant, code=cause.code))
        return self.take()

    def take(self) -> list[Diagnostic]:
        """The findings since the last call: one stage's."""
        found, self.found = self.found, []
        return found

    # -- key points ----------------------------------------------------------------
    def check_points(self, solution: Solution | None) -> None:
        """A key point's figures are the card's givens or results, and its text writes no
        figure (a variant would change it): the figures a point counts are named."""
        known = set(self.card.givens)
        if solution is not None:
            known |= set(solution.given_values) | set(solution.results)
        elif self.card.computes:
            return  # the solver or a formula failed, and that is reported already
        for index, point in enumerate(self.card.points):
            where = self.at(f"points[{index}].text", point.where)
            for name in point.figures:
                if name not in known:
                    close = difflib.get_close_matches(name, sorted(known), n=2, cutoff=0.6)
                    hint = f"; did you mean {' or '.join(close)}?" if close else ""
                    self.report(self.at(f"points[{index}].figures", point.where),
                                f"key point figure '{name}' is neither a given nor a result "
                                f"of the card{hint}", code="point-figure")
            for figure in find_figures(point.text, catalog_names()):
                if figure.bare and figure.text.isdigit() and int(figure.text) <= 12:
                    continue  # a name or a factor: "M/M/1", "two", "one of 2"
                self.report(where, f"key point text writes the figure '{figure.text}': name "
                                   "the given or result under 'figures' instead, so a "
                                   "variant shows its own", code="point-figure")

    # -- prose ---------------------------------------------------------------------
    def check_prose(self) -> None:
        tolerance = card_tolerance(self.card)
        base = self.base
        for path, text in self.card.texts():
            start = self.at(path)
            if len(find_figures(text, catalog_names())) >= MAX_FIGURES:
                self.report(start, f"{path}: holds {MAX_FIGURES} figures or more; those "
                                   f"after the {MAX_FIGURES}th are not checked",
                            severity=WARNING)
            for problem in prose_problems(text, tolerance):
                if path in base:  # a template: point into it, not into its rendering
                    offset = base[path].template_offset(problem.offset)
                    where = self.source.position_in_source(start, self.card.templates[path],
                                                           offset)
                else:
                    where = self.source.position_in_source(start, text, problem.offset)
                self.report(where, f"{path}: {problem.message}", severity=problem.severity)

    # -- the closed world ------------------------------------------------------------
    def check_world(self, solution: Solution | None) -> set[tuple[str, int]]:
        """Report every figure of the base no given, result or fact accounts for; return
        where each is, by field and template offset (the variants skip those)."""
        base = self.base
        found: set[tuple[str, int]] = set()
        broken = broken_templates(self.card)
        for item in card_world(self.card, solution, base, card_tolerance(self.card)):
            found.add((item.path, item.template_offset))
            if item.path in broken:
                continue
            template = self.card.templates.get(item.path)
            text = template if template is not None else dict(self.card.texts())[item.path]
            where = self.source.position_in_source(self.at(item.path), text,
                                                   item.template_offset)
            self.report(where, f"{item.path}: {item.found.message()}", code=UNACCOUNTED)
        return found

    # -- asks ----------------------------------------------------------------------
    def check_units(self) -> dict[str, Quantity]:
        units: dict[str, Quantity] = {}
        for index, ask in enumerate(self.card.asks):
            try:
                units[ask.id] = unit_quantity(ask.unit)
            except ParseError as error:
                self.report(self.at(f"asks[{index}].unit", ask.where),
                            f"unit '{ask.unit}' cannot be read: "
                            f"{error.message.removeprefix(f'unit {ask.unit!r}: ')}", ask)
        return units

    def solve(self) -> Solution | None:
        if not self.card.computes:
            return None
        try:
            return solve(self.card)
        except SolveError as error:
            if error.field is not None and error.field in self.card.text_locations:
                where = self.in_field(error.field, error.column)
            elif error.given and f"givens.{error.given}" in self.card.text_locations:
                where = self.at(f"givens.{error.given}")
            else:
                where = self.at("givens" if error.given else "solver")
            self.report(where, error.message)
            return None

    def check_ask(self, index: int, ask: Ask, solution: Solution,
                  unit: Quantity | None) -> None:
        path = f"asks[{index}]"
        results = solution.results
        reference = results.get(ask.value)
        if reference is None:
            self.report(self.at(f"{path}.value", ask.where),
                        _unknown_result(ask.value, solution), ask)
        elif unit is not None and not dims.compatible(reference.value.dim, unit.dim):
            # A result of no dimension figures have (bytes²/s) points at its formula; one of
            # a sensible dimension (a ratio, a token rate) at the ask's unit, which names
            # the formula's line, as either may be the one to fix.
            formula = self.formula_of(ask.value, f"{path}.value")
            at_unit = formula is None or dims.has_name(reference.value.dim)
            worked = f", worked out at line {formula.line}" if formula and at_unit else ""
            self.report(formula if formula is not None and not at_unit
                        else self.at(f"{path}.unit", ask.where),
                        f"the reference '{ask.value}' is {dims.describe(reference.value.dim)} "
                        f"({reference.shown}{worked}), but the unit '{ask.unit}' is "
                        f"{dims.describe(unit.dim)}", ask)
        elif ask.stated is not None and unit is not None:
            self.check_stated(path, ask, reference.value, unit)
        for j, mistake in enumerate(ask.mistakes):
            if mistake.value is None:
                continue
            wrong = results.get(mistake.value)
            where = self.at(f"{path}.mistakes[{j}].value", mistake.where)
            if wrong is None:
                self.report(where, f"mistake '{mistake.id}': "
                                   f"{_unknown_result(mistake.value, solution)}", ask)
            elif reference is not None and identical(wrong.value.value, reference.value.value):
                self.report(where, mistake_is_reference(mistake, wrong.shown), ask,
                            code="mistake-equals-reference")
            elif reference is not None and wrong.value.close_to(reference.value, ask.tolerance):
                self.report(where, mistake_too_close(mistake, wrong.shown), ask, WARNING,
                            code="mistake-too-close")
        for (j, first), second in indistinct_mistakes(ask, results):
            self.report(self.at(f"{path}.mistakes[{j}].value", first.where),
                        mistakes_alike(first, second), ask, WARNING, code="mistakes-alike")

    def check_stated(self, path: str, ask: Ask, reference: Quantity, unit: Quantity) -> None:
        assert ask.stated is not None
        where = self.at(f"{path}.stated", ask.where)
        try:
            stated = read(ask.stated).value
        except ParseError as error:
            self.report(where, f"stated '{ask.stated}' cannot be read: {error.message}", ask)
            return
        if stated.dimensionless and not unit.dimensionless:
            stated = Quantity(stated.value * unit.value, unit.dim)  # "27" means 27 of the unit
        if not dims.compatible(stated.dim, reference.dim):
            self.report(where, f"stated '{ask.stated}' is {dims.describe(stated.dim)}, but the "
                               f"reference is {dims.describe(reference.dim)}", ask)
            return
        # "= $46,080" claims the figure, as '=' does in a worked equation; "≈ 4.8 ms" (or
        # no sign) rounds it, within the ask's tolerance.
        exact = ask.stated.lstrip().startswith("=")
        allowed = min(EXACT_TOLERANCE, ask.tolerance) if exact else ask.tolerance
        off = relative_off(stated.value, reference.value)
        if off > allowed:
            shown = format_for_unit(reference, ask.unit) or str(reference.value)
            slip = power_of_ten_slip(stated.value, reference.value, allowed,
                                     "the stated figure")
            rule = f"'=' allows {allowed:.1%}" if exact else f"the ask allows {allowed:.1%}"
            self.report(where, f"stated '{ask.stated}' is {off:,.1%} off the reference "
                               f"{shown}; {rule}{slip}", ask)


def _once(found: list[Diagnostic]) -> list[Diagnostic]:
    """A variant's finding at the very place the base has one of the same kind is the
    same root cause (a figure written out, a wrong working): reported once, for the base."""
    base = {(d.location, d.to_dict()["code"]) for d in found if d.variant is None}
    return [d for d in found
            if d.variant is None or (d.location, d.to_dict()["code"]) not in base]


def _unknown_result(name: str, solution: Solution) -> str:
    names = sorted(solution.results)
    close = difflib.get_close_matches(name, names, n=2, cutoff=0.6)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    if solution.solver == "formulas":
        return (f"'{name}' is not a result of the card's formulas (they give "
                f"{', '.join(names) or 'none'}){hint}: add it to formulas")
    return (f"'{name}' is not a result of solver '{solution.solver}' (it gives "
            f"{', '.join(names)}){hint}")
