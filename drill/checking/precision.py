"""Precision beyond the inputs: an estimate shown with more figures than its factor has.

A card that says "kernels get perhaps {low:~150 [tokens/s]} to {high:~180 tokens/s}",
with ``low: 0.7 × ceiling`` in its formulas, hedges on a one-figure factor; showing the
result as "146.3" (or a variant as "89.2 to 108") claims a precision the 0.7 never had.

The rule, as docs/pack-format.md states it: a rule-of-thumb factor is a decimal or a
percentage written in a formula (``0.7``, ``0.85``, ``70%``; whole numbers such as the 2
of ``2 B`` or the 1 of ``1 token`` are exact counts). A result worked out from such
factors, directly or through other results, with k the fewest significant figures among
them, may show at most k + 1 significant figures in a sentence that marks it as an
estimate (a hedge word: perhaps, roughly, about, around, approximately, maybe, typically,
somewhere, estimated, or a ``~`` in the text) or as one end of a range (``{a} to {b}``,
``{a}–{b}``: both ends are held to the fewer figures of the two). Checked on what the base
shows (the sample) and on what each variant shows, and on a figure written out in plain
text that stands for such a result ("perhaps 146.6 to 178 tokens/s"). Pure text work: no
formula is evaluated.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from drill.checking.claims import Scenario, sentence_spans
from drill.checking.figures import Figure, find_figures
from drill.packs.model import Card, Location
from drill.packs.samples import (
    SampleError,
    figures_text,
    format_like,
    parse_sample,
    significant_digits,
)
from drill.packs.templates import SCENARIO_NAMES, Slot, parse_template, slots
from drill.packs.yaml_positions import SourceText
from drill.quantities import dimensions as dims
from drill.quantities.quantity import Quantity

__all__ = ["CODE", "PrecisionFinding", "factors_of", "precision_findings"]

#: The ``--json`` code of every finding of this check.
CODE = "precision-beyond-inputs"

_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
#: A decimal or a percentage not glued to a name ("0.7", "85%"; not the 8 of "fp8").
_FACTOR = re.compile(r"(?<![\w.])(\d[\d,]*\.\d+|\.\d+|\d[\d,]*(?:\.\d+)?(?=\s*%))")
_HEDGE = re.compile(r"\b(?:perhaps|roughly|about|around|approximately|maybe|typically|"
                    r"somewhere|estimated?)\b|~", re.IGNORECASE)
_RANGE_GAP = re.compile(r"\s*(?:to|–|—)\s*")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True, slots=True)
class Factor:
    """A rule-of-thumb factor: as written, its significant figures, the formula it is in."""

    text: str
    digits: int
    formula: str


@dataclass(frozen=True, slots=True)
class PrecisionFinding:
    where: Location
    message: str
    variant: str | None
    code: str = CODE


def factors_of(name: str, formulas: Mapping[str, str]) -> tuple[Factor, ...]:
    """The factors ``name`` is worked out from: in its formula and, through the results
    that formula names, in theirs (each formula once)."""
    found: list[Factor] = []
    seen: set[str] = set()
    waiting = [name]
    while waiting:
        current = waiting.pop()
        if current in seen or current not in formulas:
            continue
        seen.add(current)
        formula = formulas[current]
        found += [Factor(m.group(1), significant_digits(m.group(1)), current)
                  for m in _FACTOR.finditer(formula)]
        waiting += [word for word in _NAME.findall(formula) if word in formulas]
    return tuple(found)


def _estimate_sentence(sentence: str) -> bool:
    """Whether the words of a sentence (placeholders left out) hedge its figures."""
    return bool(_HEDGE.search(_PLACEHOLDER.sub(" ", sentence)))


def _ranges(template: str, here: list[Slot]) -> dict[int, int]:
    """Each slot that is an end of a range, by its index in ``here``, to the other end's."""
    pairs: dict[int, int] = {}
    for n in range(len(here) - 1):
        if _RANGE_GAP.fullmatch(template[here[n].end:here[n + 1].start]):
            pairs[n] = n + 1
            pairs[n + 1] = n
    return pairs


def _shown_digits(value: Quantity | None, sample_text: str) -> tuple[str, int] | None:
    """What a scenario shows for a slot and its significant figures (None if unshowable)."""
    try:
        sample = parse_sample(sample_text)
        shown = sample.shown if value is None else format_like(value, sample)
    except SampleError:
        return None  # reported by the sample checks
    number = re.search(r"\d[\d,]*(?:\.\d+)?|\.\d+", shown)
    if number is None or sample.ordinal:
        return None
    return shown, significant_digits(number.group())


def precision_findings(card: Card, scenarios: Sequence[Scenario], source: SourceText
                       ) -> list[PrecisionFinding]:
    """Each estimate shown with more figures than its factors allow, once per placeholder:
    at the placeholder, naming the base or the variants that show too many."""
    formulas = {**card.shared_formulas, **card.formulas}
    if not formulas or not card.templates:
        return []
    found: list[PrecisionFinding] = []
    for path, template in card.templates.items():
        try:
            placed = [s for s in slots(parse_template(template))
                      if s.name not in SCENARIO_NAMES]
        except Exception:  # a template the loader refused is reported there
            continue
        starts = [s.start for s in placed]
        for begin, end in sentence_spans(template):
            here = placed[bisect.bisect_left(starts, begin):bisect.bisect_left(starts, end)]
            if not here:
                continue
            hedged = _estimate_sentence(template[begin:end])
            ranges = _ranges(template, here)
            for n, slot in enumerate(here):
                if slot.sample is None or not (hedged or n in ranges):
                    continue
                factors = list(_kept_factors(slot.name, tuple(formulas.items())))
                if n in ranges:
                    factors += _kept_factors(here[ranges[n]].name, tuple(formulas.items()))
                if not factors:
                    continue
                fewest = min(factors, key=lambda f: f.digits)
                finding = _judge(card, path, template, slot, fewest, scenarios, source)
                if finding is not None:
                    found.append(finding)
    base = next((s for s in scenarios if s.variant is None), None)
    if base is not None:
        found += _plain_findings(card, formulas, base.values, source)
    return found


@lru_cache(maxsize=1024)
def _kept_factors(name: str, formulas: tuple[tuple[str, str], ...]) -> tuple[Factor, ...]:
    return factors_of(name, dict(formulas))


def _judge(card: Card, path: str, template: str, slot: Slot, fewest: Factor,
           scenarios: Sequence[Scenario], source: SourceText) -> PrecisionFinding | None:
    allowed = fewest.digits + 1
    assert slot.sample is not None
    over: list[tuple[str | None, str, int]] = []
    for scenario in scenarios:
        value = None if scenario.variant is None else scenario.values.get(slot.name)
        if scenario.variant is not None and value is None:
            continue
        shown = _shown_digits(value, slot.sample)
        if shown is not None and shown[1] > allowed:
            over.append((scenario.variant.id if scenario.variant else None, *shown))
    if not over:
        return None
    who = ", ".join(f"'{shown}'" if variant is None else f"variant '{variant}' shows '{shown}'"
                    for variant, shown, _ in over[:3])
    more = f" and {len(over) - 3} more" if len(over) > 3 else ""
    digits = max(d for _, _, d in over)
    fix = _rounded_sample(slot.sample, allowed)
    start = card.text_locations.get(path, card.where)
    return PrecisionFinding(
        source.position_in_source(start, template, slot.start),
        f"{path}: {slot.source} is an estimate shown with {digits} significant figures "
        f"({who}{more}), but it is worked out from {fewest.text} in formulas.{fewest.formula} "
        f"({fewest.digits} significant figure{'s' if fewest.digits > 1 else ''}): show at "
        f"most {allowed}: write {{{slot.name}:{fix}}} ('~' keeps those figures in every "
        f"variant)",
        over[0][0])


def _plain_findings(card: Card, formulas: Mapping[str, str], values: Mapping[str, Quantity],
                    source: SourceText) -> list[PrecisionFinding]:
    """Figures written out in plain text, in an estimate sentence, that stand for a result
    worked out from factors, with more figures than the factors allow."""
    table = tuple(formulas.items())
    factored = {name: kept for name in formulas
                if name in values and (kept := _kept_factors(name, table))}
    if not factored:
        return []
    found: list[PrecisionFinding] = []
    for path, text in card.texts():
        template = card.templates.get(path, text)
        # Placeholders are judged above: masked, so their samples are not read as figures.
        masked = _PLACEHOLDER.sub(lambda m: "X" * len(m.group()), template)
        for begin, end in sentence_spans(template):
            sentence = masked[begin:end]
            figures = find_figures(sentence)
            hedged = _estimate_sentence(sentence)
            partners = {n: m for n in range(len(figures) - 1)
                        for m in (n + 1,)
                        if _RANGE_GAP.fullmatch(sentence[figures[n].end:figures[m].start])}
            partners |= {m: n for n, m in list(partners.items())}
            stands = [_stands_for(figure, figures[partners[n]] if n in partners else None,
                                  factored, values) for n, figure in enumerate(figures)]
            for n, figure in enumerate(figures):
                name = stands[n]
                if name is None or not (hedged or n in partners):
                    continue
                factors = list(factored[name])
                other = stands[partners[n]] if n in partners else None
                if other is not None:
                    factors += factored[other]
                fewest = min(factors, key=lambda f: f.digits)
                number = _number_of(figure.text)
                if number is None or significant_digits(number) <= fewest.digits + 1:
                    continue
                start = card.text_locations.get(path, card.where)
                found.append(PrecisionFinding(
                    source.position_in_source(start, template, begin + figure.start),
                    f"{path}: '{figure.text}' is an estimate written with "
                    f"{significant_digits(number)} significant figures, but it stands for "
                    f"{name}, worked out from {fewest.text} in formulas.{fewest.formula} "
                    f"({fewest.digits} significant figure{'s' if fewest.digits > 1 else ''}): "
                    f"write at most {fewest.digits + 1}", None))
    return found


def _rounded_sample(sample: str, digits: int) -> str:
    """The sample with its number cut to ``digits`` figures and a '~': 146.6 → ~150."""
    match = re.match(r"~?(\$?)(\d[\d,]*(?:\.\d+)?|\.\d+)(.*)", sample)
    if match is None:
        return sample
    number = float(match.group(2).replace(",", ""))
    return f"~{match.group(1)}{figures_text(number, digits)}{match.group(3)}"


def _number_of(text: str) -> str | None:
    number = re.search(r"\d[\d,]*(?:\.\d+)?|\.\d+", text)
    return number.group() if number else None


def _stands_for(figure: Figure, partner: Figure | None, factored: Mapping[str, object],
                values: Mapping[str, Quantity]) -> str | None:
    """The factored result ``figure`` equals to its written precision, if any; a bare
    number in a range takes its partner's unit ("146.6 to 178 tokens/s")."""
    reading = figure.value
    if figure.bare and partner is not None and not partner.bare:
        own, theirs = _number_of(figure.text), _number_of(partner.text)
        if own is None or theirs is None or float(theirs.replace(",", "")) == 0:
            return None
        unit = partner.value.value / float(theirs.replace(",", ""))
        reading = Quantity(float(own.replace(",", "")) * unit, partner.value.dim)
    for name in factored:
        value = values[name]
        if (value.value and dims.compatible(reading.dim, value.dim)
                and abs(reading.value - value.value)
                <= figure.precision * abs(value.value) * 1.000001):
            return name
    return None
