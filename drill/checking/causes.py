"""Root causes ``drill check`` names at their own line, before the symptoms they cause.

A wrong number rarely shows where it was written: a bandwidth given in bits makes a
sample three lines up disagree, a formula that lost its parentheses makes every sample of
its result and of what follows disagree. Three kinds of cause are looked for here:

* a given tied to the catalog (``facts:``) that disagrees with the catalog's fact, in the
  base or in a variant's hand-set givens: a warning for any difference, an error at 10%
  or more, or at ×8 (bits for bytes) or ×1,000 (a unit prefix);
* a given a variant's GPU or model should drive but ``facts:`` does not tie to it (it is
  the base GPU's figure: the variant would keep it);
* for a result whose every written figure (samples, ``stated``) disagrees with it while
  its inputs agree: the one given that a unit slip (×1,000, ×8...) would repair, at the
  given's line; else its formula, at the formula's line.

Each cause is reported once, whatever number of variants or samples show it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from drill.packs.catalog import Catalog, CatalogError, Gpu, UnknownEntry, load_catalog
from drill.packs.diagnostics import ERROR, WARNING
from drill.packs.model import Card, Location
from drill.packs.samples import SampleError, parse_sample
from drill.packs.templates import SCENARIO_NAMES, parse_template, slots
from drill.packs.yaml_positions import SourceText
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.quantities.units import format_number, unit_quantity
from drill.solving.solve import Solution, SolveError, solve

__all__ = ["Cause", "catalog_givens", "intended_values", "result_causes", "untied_givens"]

#: Unit slips tried on a given: a prefix step either way, bits for bytes either way.
_SLIPS: tuple[tuple[float, str], ...] = (
    (1e-3, "÷ 1,000"), (1e3, "× 1,000"), (1e-6, "÷ 1,000,000"), (1e6, "× 1,000,000"),
    (1e-9, "÷ 10⁹"), (1e9, "× 10⁹"), (8.0, "× 8 (bits for bytes)"),
    (0.125, "÷ 8 (bytes for bits)"),
)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Cause:
    where: Location
    message: str
    severity: str
    code: str
    variant: str | None = None


# -- givens against the catalog -----------------------------------------------------------


def _catalog() -> Catalog | None:
    try:
        return load_catalog()
    except CatalogError:
        return None


def _read(text: str) -> Quantity | None:
    try:
        return read(text).value
    except ParseError:
        return None


def _written_precision(text: str) -> float:
    """Half a unit of the last digit written, as a share of the figure: "16 GB" → 3.1%."""
    match = re.search(r"\d[\d,]*(\.\d+)?", text)
    if match is None:
        return 0.005
    digits = match.group(0).replace(",", "")
    number = float(digits)
    if number == 0:
        return 0.005
    decimals = len(match.group(1) or "") - 1 if match.group(1) else 0
    last = 10.0 ** (-decimals) if match.group(1) else 1.0
    return max(0.005, 0.5 * last / number)


def _slip_words(ratio: float) -> str | None:
    """How a given ``ratio`` times the catalog's looks like a slip, or None."""
    for factor, words in ((8.0, "8× the catalog's: bytes for bits?"),
                          (0.125, "8× below the catalog's: bits for bytes?")):
        if abs(ratio / factor - 1) < 0.02:
            return words
    if ratio > 0:
        power = math.log10(ratio)
        if abs(power - round(power)) < 0.01 and abs(round(power)) >= 3:
            return (f"{10 ** abs(round(power)):,}× {'the' if power > 0 else 'below the'} "
                    f"catalog's: a unit prefix slipped?")
    return None


def _compare(given: str, written: str, fact_text: str, what: str, where: Location,
             variant: str | None, datasheet: str | None = None) -> Cause | None:
    """A finding when ``written`` (the given's text) disagrees with the catalog's
    ``fact_text`` (``what`` names it: "the H100's gpu.bandwidth")."""
    mine, theirs = _read(written), _read(fact_text)
    if mine is None or theirs is None:
        return None
    if not dims.compatible(mine.dim, theirs.dim):
        return Cause(where, f"given '{given}' is {written}, {dims.describe(mine.dim)}, but "
                            f"{what} is {fact_text}, {dims.describe(theirs.dim)}", ERROR,
                     "given-against-catalog", variant)
    if theirs.value == 0:
        return None
    ratio = mine.value / theirs.value
    if abs(ratio - 1) <= _written_precision(written):
        return None
    if datasheet is not None:
        printed = _read(datasheet)
        if printed is not None and printed.value and abs(
                mine.value / printed.value - 1) <= _written_precision(written):
            return None  # the datasheet's figure of the same memory: a convention, not a slip
    slip = _slip_words(ratio)
    off = abs(ratio - 1)
    severity = ERROR if slip or off >= 0.10 else WARNING
    detail = slip or f"{off:.1%} {'above' if ratio > 1 else 'below'} it"
    return Cause(where, f"given '{given}' is {written}, but {what} is {fact_text} "
                        f"({detail}): write {fact_text}, or untie the given from 'facts' "
                        f"if the card means another figure", severity,
                 "given-against-catalog", variant)


def catalog_givens(card: Card) -> list[Cause]:
    """Every given ``facts:`` ties to the catalog, in the base and in each variant that
    sets it by hand, against the fact of its GPU, model or interconnect."""
    if not card.facts:
        return []
    catalog = _catalog()
    if catalog is None:
        return []
    found: list[Cause] = []
    for given, reference in card.facts.items():
        if given not in card.givens:
            continue
        source = reference.partition(".")[0]
        try:
            text, _ = catalog.fact(reference, card.gpu, card.model)
        except UnknownEntry:
            continue
        if text is not None:
            cause = _compare(given, card.givens[given], text,
                             _fact_name(catalog, reference, card.gpu, card.model),
                             card.text_locations.get(f"givens.{given}", card.where), None,
                             _datasheet(catalog, reference, card.gpu))
            if cause is not None:
                found.append(cause)
        for index, variant in enumerate(card.variants):
            if given not in variant.givens:
                continue
            where = card.text_locations.get(f"variants[{index}].givens.{given}",
                                            variant.where)
            gpu, model = variant.gpu or card.gpu, variant.model or card.model
            sets_it = (source == "gpu" and variant.gpu) or (source == "model" and variant.model)
            if sets_it or source not in ("gpu", "model"):
                try:
                    text, _ = catalog.fact(reference, gpu, model)
                except UnknownEntry:
                    continue
                if text is not None:
                    cause = _compare(given, variant.givens[given], text,
                                     _fact_name(catalog, reference, gpu, model), where,
                                     variant.id, _datasheet(catalog, reference, gpu))
                    if cause is not None:
                        found.append(cause)
                continue
            # A what-if of the base's GPU or model: only a slip against some entry's fact.
            slipped = _slipped_against_any(catalog, given, variant.givens[given], reference,
                                           where, variant.id)
            if slipped is not None:
                found.append(slipped)
    return found


def _fact_name(catalog: Catalog, reference: str, gpu: str | None, model: str | None) -> str:
    source, _, fact = reference.partition(".")
    try:
        if source == "gpu" and gpu:
            return f"the {catalog.gpu(gpu).name}'s {fact}"
        if source == "model" and model:
            return f"{catalog.model(model).name}'s {fact}"
        return f"{catalog.interconnect(source).name}'s {fact}"
    except UnknownEntry:
        return reference


def _datasheet(catalog: Catalog, reference: str, gpu: str | None) -> str | None:
    """The datasheet's memory, which a given tied to ``gpu.memory`` may write instead."""
    if reference != "gpu.memory" or gpu is None:
        return None
    try:
        return catalog.gpu(gpu).fact_text("memory_datasheet")
    except UnknownEntry:
        return None


def _slipped_against_any(catalog: Catalog, given: str, written: str, reference: str,
                         where: Location, variant: str) -> Cause | None:
    source, _, fact = reference.partition(".")
    mine = _read(written)
    if mine is None:
        return None
    entries: list[tuple[str, str | None]] = []
    if source == "gpu":
        entries = [(g.name, g.fact_text(fact)) for g in catalog.gpus]
    elif source == "model":
        entries = [(m.name, m.fact_text(fact)) for m in catalog.models]
    for name, text in entries:
        theirs = _read(text) if text else None
        if theirs is None or not theirs.value or not dims.compatible(mine.dim, theirs.dim):
            continue
        words = _slip_words(mine.value / theirs.value)
        if words is not None:
            return Cause(where, f"given '{given}' is {written}, {words.replace('catalog', name)}"
                                f" ({name}'s {fact} is {text}); write {text}", ERROR,
                         "given-against-catalog", variant)
    return None


# -- givens a variant's GPU or model should drive ------------------------------------------


def untied_givens(card: Card) -> list[Cause]:
    """Givens that are the base GPU's (or model's) figure but not tied by ``facts:``, in a
    card whose variants change that GPU (or model): each variant would keep the base's."""
    catalog = _catalog()
    if catalog is None:
        return []
    found: list[Cause] = []
    where = card.text_locations.get("facts", card.text_locations.get("givens", card.where))
    for key in ("gpu", "model"):
        base = getattr(card, key)
        changing = [v for v in card.variants if getattr(v, key) not in (None, base)]
        if base is None or not changing or not any(
                ref.startswith(f"{key}.") for ref in card.facts.values()):
            continue  # none changes it, or the loader reported that none follows it
        try:
            entry: Gpu | object = catalog.gpu(base) if key == "gpu" else catalog.model(base)
        except UnknownEntry:
            continue
        for given, written in card.givens.items():
            if given in card.facts:
                continue
            fact = _matching_fact(entry, given, written)
            if fact is None:
                continue
            # Only the variants whose GPU (model) has another figure for it go wrong.
            keeping = [v.id for v in changing if given not in v.givens
                       and _differs(catalog, key, getattr(v, key), fact, written)]
            if not keeping:
                continue
            name = getattr(entry, "name", base)
            fix = f"{given}: {key}.{fact}"
            found.append(Cause(
                where, f"given '{given}' ({written}) is the {name}'s {fact}, but 'facts' "
                       f"does not tie it to the {key}, so variant"
                       f"{'s' if len(keeping) > 1 else ''} {', '.join(keeping)} keep"
                       f"{'' if len(keeping) > 1 else 's'} it: add {fix} to 'facts'",
                ERROR, "untied-given"))
    return found


def _differs(catalog: Catalog, key: str, name: str, fact: str, written: str) -> bool:
    try:
        entry = catalog.gpu(name) if key == "gpu" else catalog.model(name)
        text = entry.fact_text(fact)
    except UnknownEntry:
        return False
    mine, theirs = _read(written), _read(text) if text else None
    if mine is None or theirs is None or not theirs.value:
        return True
    return abs(mine.value / theirs.value - 1) > _written_precision(written)


def _matching_fact(entry: object, given: str, written: str) -> str | None:
    from drill.packs.facts import GPU_FACTS, MODEL_FACTS

    mine = _read(written)
    if mine is None:
        return None
    facts = GPU_FACTS if isinstance(entry, Gpu) else MODEL_FACTS
    precision = _written_precision(written)
    for fact in facts:
        try:
            text = entry.fact_text(fact)  # type: ignore[attr-defined]
        except UnknownEntry:
            continue
        theirs = _read(text) if text else None
        if theirs is None or mine.dim != theirs.dim or not theirs.value:
            continue
        same_name = given.lower() == fact or given.lower().startswith(fact)
        if dims.without_counts(mine.dim) == dims.DIMENSIONLESS and not same_name:
            continue  # a count equal to a head count by chance is not that head count
        if abs(mine.value / theirs.value - 1) <= precision:
            return fact
    return None


# -- results whose every written figure disagrees --------------------------------------


@dataclass(frozen=True, slots=True)
class _Written:
    where: Location
    value: Quantity
    tolerance: float


def _written_figures(card: Card, source: SourceText, tolerance: float
                     ) -> dict[str, list[_Written]]:
    """Each result's figures as the card writes them: samples and ``stated``."""
    found: dict[str, list[_Written]] = {}
    for path, template in card.templates.items():
        start = card.text_locations.get(path, card.where)
        for slot in slots(parse_template(template)):
            if slot.sample is None or slot.name in SCENARIO_NAMES:
                continue
            try:
                value = parse_sample(slot.sample).value
            except SampleError:
                continue
            where = source.position_in_source(start, template, slot.start)
            found.setdefault(slot.name, []).append(_Written(where, value, tolerance))
    for index, ask in enumerate(card.asks):
        if ask.stated is None:
            continue
        stated = _read(ask.stated.lstrip("=≈~ "))
        if stated is not None and stated.dimensionless:
            try:  # "27" in an ask whose unit is ms is 27 ms, as the checker reads it
                unit = unit_quantity(ask.unit)
                stated = Quantity(stated.value * unit.value, unit.dim)
            except ParseError:
                pass
        if stated is not None:
            value = stated
            where = card.text_locations.get(f"asks[{index}].stated", ask.where)
            found.setdefault(ask.value, []).append(_Written(where, value, ask.tolerance))
    return found


def intended_values(card: Card, solution: Solution, source: SourceText,
                    tolerance: float) -> dict[str, Quantity]:
    """The figure the card writes for each result none of whose figures agrees with it:
    the value its author meant (what the claims of its words are about)."""
    values = {**solution.given_values,
              **{name: result.value for name, result in solution.results.items()}}
    meant: dict[str, Quantity] = {}
    for name, figures in _written_figures(card, source, tolerance).items():
        value = values.get(name)
        if value is None or not figures or any(_agrees(w, value) for w in figures):
            continue
        said = figures[0].value
        if dims.compatible(said.dim, value.dim) and not (said.dimensionless
                                                         and not value.dimensionless):
            meant[name] = Quantity(said.value, value.dim)
    return meant


def _agrees(written: _Written, value: Quantity) -> bool:
    said = written.value
    if said.dimensionless and not value.dimensionless:
        return False
    if not dims.compatible(said.dim, value.dim):
        return False
    if value.value == 0:
        return said.value == 0
    return abs(said.value / value.value - 1) <= written.tolerance


def _inputs(card: Card, name: str) -> set[str]:
    text = card.formulas.get(name, card.shared_formulas.get(name, ""))
    known = set(card.givens) | set(card.formulas) | set(card.shared_formulas)
    return {word for word in _IDENTIFIER.findall(text) if word in known and word != name}


def result_causes(card: Card, solution: Solution, source: SourceText,
                  tolerance: float, reported: set[str]) -> list[Cause]:
    """For each result every written figure of which disagrees, while what it is worked
    out from agrees: the given a unit slip explains, else its formula (see the module).
    ``reported``: givens already named as a cause (they are not named twice)."""
    written = _written_figures(card, source, tolerance)
    values = {name: result.value for name, result in solution.results.items()}
    wrong = {name for name, figures in written.items() if name in values
             and figures and not any(_agrees(w, values[name]) for w in figures)}
    if not wrong:
        return []
    formula_card = not card.solver

    def upstream_wrong(name: str, seen: frozenset[str] = frozenset()) -> bool:
        for item in _inputs(card, name):
            if item in seen or item in card.givens:
                continue
            if item in wrong or (item not in written and upstream_wrong(item, seen | {name})):
                return True
        return False

    found: list[Cause] = []
    for name in sorted(wrong, key=lambda n: min(w.where.line for w in written[n])):
        if formula_card and upstream_wrong(name):
            continue  # a consequence of another result's cause
        figures = written[name]
        slip = _given_slip(card, name, figures, solution)
        if slip is not None:
            given, words, fixed, meant = slip
            if given not in reported:
                reported.add(given)
                lines = ", ".join(sorted({str(w.where.line) for w in figures}, key=int))
                found.append(Cause(
                    card.text_locations.get(f"givens.{given}", card.where),
                    f"given '{given}' is {card.givens[given]}; read as {meant} ({words}), "
                    f"{name} works out to {fixed}, as the card writes it (line {lines}), "
                    f"while as written it is {solution.results[name].shown}: check the "
                    f"given's unit", ERROR, "given-unit-slip"))
            continue
        at = card.text_locations.get(f"formulas.{name}")
        consistent = len(figures) >= 2 and all(
            _agrees(_Written(w.where, w.value, w.tolerance), figures[0].value)
            for w in figures[1:])
        if formula_card and at is not None and consistent:
            lines = ", ".join(sorted({str(w.where.line) for w in figures}, key=int))
            shown = _shown(figures[0].value)
            found.append(Cause(
                at, f"{name} works out to {solution.results[name].shown} from its formula "
                    f"'{card.formulas.get(name, '')}', but the card writes {shown} for it "
                    f"everywhere (line {lines}), and what it is worked out from agrees with "
                    f"the card: the formula is the likely cause (a lost bracket, a wrong "
                    f"operator)", ERROR, "formula-disagrees"))
    return found


def _shown(value: Quantity) -> str:
    from drill.quantities.units import format_quantity

    try:
        return format_quantity(value)
    except Exception:  # a dimension with no unit to show it in: the bare number
        return format_number(value.value)


def _given_slip(card: Card, name: str, figures: list[_Written], solution: Solution
                ) -> tuple[str, str, str, str] | None:
    """The one given (written with a unit) that a unit slip repairs for ``name``: the
    given, the slip, the result repaired and the given as probably meant."""
    repairs: list[tuple[str, str, str, str]] = []
    for given in sorted(_all_inputs(card, name) if not card.solver else card.givens):
        text = card.givens.get(given)
        value = solution.given_values.get(given)
        if text is None or value is None or value.dimensionless:
            continue
        for factor, words in _SLIPS:
            try:
                repaired = solve(card, {given: f"({text}) × {format_number(factor, 12)}"})
            except SolveError:
                continue
            result = repaired.results.get(name)
            if result is not None and all(_agrees(w, result.value) for w in figures):
                meant = repaired.given_values.get(given)
                repairs.append((given, words, result.shown,
                                _shown(meant) if meant is not None else words))
                break
    return repairs[0] if len(repairs) == 1 else None


def _all_inputs(card: Card, name: str) -> Iterator[str]:
    seen: set[str] = set()
    todo = [name]
    while todo:
        item = todo.pop()
        for used in _inputs(card, item):
            if used not in seen:
                seen.add(used)
                todo.append(used)
    yield from (item for item in seen if item in card.givens)
