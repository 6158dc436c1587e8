"""Claim words read against the numbers of every scenario: the base and each variant.

A card's sentences say more than their figures: "{speedup:2.4×}, more than double",
"{cached_prefill:16.2 ms}, well under the budget", "that fits on one {gpu}". A variant
changes the numbers and not the words, so a claim true for the base may be false for a
variant. Each claim found is read as a comparison between the placeholder before it (its
subject) and what follows it (a placeholder, a given named by a word, a figure, or the
claim's own threshold), in the base and in each variant:

* false in the base: an error at the claim's place;
* true in the base, false in a variant: an error at the line of the variant that changes
  it (what to fix is the variant, or the words), naming the sentence.

Weights are also held to the GPU's memory wherever a card puts them "on one {gpu}".
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from drill.packs.catalog import CatalogError, UnknownEntry, load_catalog
from drill.packs.diagnostics import ERROR
from drill.packs.model import Card, Location, Variant
from drill.packs.templates import SCENARIO_NAMES, Slot, parse_template, slots
from drill.packs.yaml_positions import SourceText
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.quantities.units import format_number

__all__ = ["ClaimFinding", "Scenario", "claim_findings", "sentence_spans"]

BYTES = dims.dim(information=1)


@dataclass(frozen=True, slots=True)
class Scenario:
    """The numbers of one scenario: the base (variant None) or a variant."""

    variant: Variant | None
    index: int  # the variant's position in the card (-1 for the base)
    values: Mapping[str, Quantity]
    gpu: str | None


@dataclass(frozen=True, slots=True)
class ClaimFinding:
    where: Location
    message: str
    variant: str | None
    code: str
    severity: str = ERROR


@dataclass(frozen=True, slots=True)
class _Claim:
    """A claim in a template: its words, where they are, and how to test them."""

    path: str
    words: str
    offset: int
    test: Callable[[Mapping[str, Quantity], Scenario], tuple[bool, str] | None]


# -- finding claims -------------------------------------------------------------------

_DOUBLE = re.compile(
    r"\b(more than|over|nearly|almost|at least|less than|under)\s+"
    r"(doubles?|doubled|twice|triples?|tripled|three times|halves|halved|half)\b", re.I)
_COMPARE = re.compile(
    r"\b(well |far |just |still )?(under|below|less than|over|above|more than|exceeds?|"
    r"within)\s+(?:the\s+)?", re.I)
_FASTER = re.compile(r"\b(faster|slower|quicker)\s+than\b", re.I)
_FIT_NOT = re.compile(r"\b(does not|doesn't|do not|don't|cannot|can't|won't|will not)"
                      r"\s+(?:even\s+)?fit\b", re.I)
_FIT = re.compile(r"\bfits?\b", re.I)
_NEGATED = re.compile(r"\b(not|cannot|never|too (big|large)|more than|beyond|outgrows?)\b"
                      r"[^.;]*$|n't\b[^.;]*$", re.I)
_NEARLY_ALL = re.compile(r"\b(nearly|almost)\s+(?:all|the whole|the entire|every)\b", re.I)
_MOST_OF = re.compile(r"\bmost of\b", re.I)
_ON_ONE = re.compile(r"\b(?:on|fits on|fit on)\s+(?:one|a single)\s+$", re.I)
_FIGURE = re.compile(r"(\d[\d,]*(?:\.\d+)?\s*(?:[A-Za-zµ%×/$][\w/%×µ]*)?)")

_THRESHOLDS = {"double": 2.0, "doubles": 2.0, "doubled": 2.0, "twice": 2.0,
               "triple": 3.0, "triples": 3.0, "tripled": 3.0, "three times": 3.0,
               "half": 0.5, "halves": 0.5, "halved": 0.5}


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """The sentences of ``text`` as (start, end): one pass, so a long text costs its
    length, not its length times its dots."""
    spans, start, depth = [], 0, 0
    for index, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        elif char in ".!?" and depth == 0 and (index + 1 == len(text)
                                                or text[index + 1].isspace()):
            # A dot inside a placeholder ({x:2.4×}) is no sentence end.
            spans.append((start, index + 1))
            start = index + 1
    spans.append((start, len(text)))
    return spans


def _claims(card: Card, names: Sequence[str]) -> list[_Claim]:
    found: list[_Claim] = []
    for path, template in card.templates.items():
        try:
            placed = [s for s in slots(parse_template(template))
                      if s.name not in SCENARIO_NAMES]
        except Exception:  # a template the loader refused is reported there
            continue
        starts = [s.start for s in placed]  # in order: a sentence's slots are a slice
        for begin, end in sentence_spans(template):
            here = placed[bisect.bisect_left(starts, begin):bisect.bisect_left(starts, end)]
            found += _sentence_claims(card, path, template, begin, end, here, names)
    return found


def _before(here: list[Slot], offset: int) -> Slot | None:
    earlier = [s for s in here if s.end <= offset]
    return earlier[-1] if earlier else None


def _after(here: list[Slot], offset: int, text: str) -> Slot | None:
    later = [s for s in here if s.start >= offset]
    if not later:
        return None
    gap = text[offset:later[0].start]
    return later[0] if len(gap) <= 12 else None


def _named(word_text: str, names: Sequence[str]) -> str | None:
    """The given or result a word names ("budget" → ttft_budget)."""
    match = re.match(r"\s*([A-Za-z][A-Za-z-]*)", word_text)
    if match is None:
        return None
    word = match.group(1).lower().rstrip("s")
    if len(word) < 4:
        return None
    hits = [n for n in names if word in n.lower().split("_") or n.lower() == word]
    return hits[0] if len(hits) == 1 else None


def _literal(word_text: str) -> Quantity | None:
    match = re.match(r"\s*" + _FIGURE.pattern, word_text)
    if match is None:
        return None
    try:
        return read(match.group(1).strip()).value
    except ParseError:
        return None


def _inside(here: list[Slot], offset: int) -> bool:
    return any(s.start <= offset < s.end for s in here)


#: What may stand between a claim's subject and its words: "{x}, well under", "{x} is over".
_GAP = re.compile(r"[\s,;:—–-]*(?:(?:is|are|was|stays?|remains?|sits?|lands?|comes out|"
                  r"which is|that is|still|well|far|just|already|so|and|or|then)\s+)*", re.I)
_PREPOSITION = re.compile(r"\s+(?:even\s+)?(?:on|in|into|beside|next to|alongside)\b", re.I)


def _subject(here: list[Slot], offset: int, text: str) -> Slot | None:
    """The placeholder a claim is about: the one just before its words."""
    found = _before(here, offset)
    if found is None or not _GAP.fullmatch(text[found.end:offset]):
        return None
    return found


def _is_ratio(card: Card, slot: Slot) -> bool:
    written = slot.sample if slot.sample is not None else card.givens.get(slot.name, "")
    return written.rstrip().endswith(("×", "x", "%"))


def _sentence_claims(card: Card, path: str, text: str, begin: int, end: int,
                     here: list[Slot], names: Sequence[str]) -> list[_Claim]:
    found: list[_Claim] = []
    sentence = text[begin:end]
    covered: list[tuple[int, int]] = []

    for match in _DOUBLE.finditer(sentence):
        at = begin + match.start()
        # A ratio claim needs a ratio for subject ({speedup:2.4×}), so a few words may
        # stand between them ("{speedup:2.4×} the plain rate, more than double").
        subject = _before(here, at)
        if (subject is None or _inside(here, at) or not _is_ratio(card, subject)
                or at - subject.end > 40):
            continue
        covered.append((match.start(), match.end()))
        mode = match.group(1).lower()
        threshold = _THRESHOLDS[match.group(2).lower()]
        found.append(_Claim(path, match.group(0), at,
                            _ratio_test(subject.name, mode, threshold, match.group(0))))

    for match in _COMPARE.finditer(sentence):
        if any(a <= match.start() < b for a, b in covered):
            continue
        at = begin + match.start()
        rest = sentence[match.end():]
        if _inside(here, at) or re.match(r"\s*(half|double|twice|a |an |one |the same)", rest,
                                         re.I):
            continue
        subject = _subject(here, at, text)
        if subject is None:
            continue
        target = _after(here, begin + match.end(), text)
        said_the = bool(re.search(r"\bthe\s+$", match.group(0), re.I))
        if target is not None and not said_the and match.group(2).lower() in (
                "over", "under"):
            continue  # "{rest} over {questions}": a division, not a comparison
        other: str | Quantity | None = target.name if target is not None else None
        if other is None:
            other = _named(rest, [n for n in names if n != subject.name])
        if other is None:
            other = _literal(rest)
        if other is None or other == subject.name:
            continue
        word = match.group(2).lower()
        below = word in ("under", "below", "less than", "within")
        found.append(_Claim(path, match.group(0).strip(), at,
                            _compare_test(subject.name, other, below, match.group(0).strip())))

    for match in _FASTER.finditer(sentence):
        at = begin + match.start()
        subject = _subject(here, at, text)
        target = _after(here, begin + match.end(), text)
        if subject is None or target is None:
            continue
        faster = match.group(1).lower() != "slower"
        found.append(_Claim(path, match.group(0), at,
                            _faster_test(subject.name, target.name, faster, match.group(0))))

    for pattern, whole in ((_NEARLY_ALL, 0.8), (_MOST_OF, 0.5)):
        for match in pattern.finditer(sentence):
            at = begin + match.start()
            subject = _subject(here, at, text)
            target = _after(here, begin + match.end(), text)
            if subject is None or target is None:
                continue
            found.append(_Claim(path, match.group(0), at,
                                _share_test(subject.name, target.name, whole, match.group(0))))

    negative = [m for m in _FIT_NOT.finditer(sentence)
                if _PREPOSITION.match(sentence, m.end()) and not _inside(here, begin + m.start())]
    for match in negative:
        at = begin + match.start()
        found.append(_Claim(path, match.group(0), at,
                            _fit_test(card, _bytes_before(here, at), fits=False,
                                      words=match.group(0))))
    for match in _FIT.finditer(sentence):
        if any(m.start() <= match.start() < m.end() for m in negative):
            continue
        at = begin + match.start()
        if _inside(here, at) or not _PREPOSITION.match(sentence, match.end()):
            continue
        found.append(_Claim(path, match.group(0), at,
                            _fit_test(card, _bytes_before(here, at), fits=True,
                                      words=match.group(0))))
    return found


def _bytes_before(here: list[Slot], offset: int) -> str | None:
    earlier = [s for s in here if s.end <= offset]
    return earlier[-1].name if earlier else None


# -- the tests ------------------------------------------------------------------------

Test = Callable[[Mapping[str, Quantity], Scenario], "tuple[bool, str] | None"]


def _show(value: Quantity) -> str:
    from drill.quantities.units import format_quantity

    try:
        return format_quantity(value)
    except Exception:  # no unit to show the dimension in: the bare number
        return format_number(value.value)


def _ratio_value(value: Quantity) -> float | None:
    return value.value if dims.without_counts(value.dim) == dims.DIMENSIONLESS else None


def _ratio_test(subject: str, mode: str, threshold: float, words: str) -> Test:
    def test(values: Mapping[str, Quantity], _: Scenario) -> tuple[bool, str] | None:
        found = values.get(subject)
        ratio = _ratio_value(found) if found is not None else None
        if ratio is None:
            return None
        if mode in ("more than", "over"):
            holds = ratio > threshold
        elif mode == "at least":
            holds = ratio >= threshold * 0.995
        elif mode in ("nearly", "almost"):
            holds = threshold * 0.85 <= ratio <= threshold * 1.0
        else:  # less than, under
            holds = ratio < threshold
        return holds, f"{subject} is {format_number(ratio)}×"
    return test


def _value_of(other: str | Quantity, values: Mapping[str, Quantity]) -> Quantity | None:
    return values.get(other) if isinstance(other, str) else other


def _compare_test(subject: str, other: str | Quantity, below: bool, words: str) -> Test:
    def test(values: Mapping[str, Quantity], _: Scenario) -> tuple[bool, str] | None:
        a, b = values.get(subject), _value_of(other, values)
        if a is None or b is None or not dims.compatible(a.dim, b.dim):
            return None
        if dims.without_counts(a.dim) != dims.without_counts(b.dim):
            return None
        holds = a.value <= b.value if below else a.value > b.value
        name = other if isinstance(other, str) else _show(other)
        return holds, f"{subject} is {_show(a)} and {name} {_show(b)}"
    return test


def _faster_test(subject: str, other: str, faster: bool, words: str) -> Test:
    def test(values: Mapping[str, Quantity], _: Scenario) -> tuple[bool, str] | None:
        a, b = values.get(subject), values.get(other)
        if a is None or b is None or a.dim != b.dim:
            return None
        is_time = dims.without_counts(a.dim) == dims.dim(time=1)
        quicker = a.value < b.value if is_time else a.value > b.value
        return quicker == faster, f"{subject} is {_show(a)} and {other} {_show(b)}"
    return test


def _share_test(subject: str, whole_name: str, least: float, words: str) -> Test:
    def test(values: Mapping[str, Quantity], _: Scenario) -> tuple[bool, str] | None:
        a, b = values.get(subject), values.get(whole_name)
        if a is None or b is None or a.dim != b.dim or not b.value:
            return None
        share = a.value / b.value
        return least < share <= 1.0, f"{subject} is {format_number(share * 100)}% of {whole_name}"
    return test


def _memory_of(card: Card, values: Mapping[str, Quantity], scenario: Scenario
               ) -> tuple[Quantity, str] | None:
    """The scenario's GPU memory: a given tied to it, else the catalog's."""
    for given, reference in card.facts.items():
        if reference.startswith("gpu.memory") and given in values:
            return values[given], given
    for given in card.givens:
        if given.lower() in ("memory", "hbm", "gpu_memory", "vram") and given in values:
            return values[given], given
    if scenario.gpu is None:
        return None
    try:
        gpu = load_catalog().gpu(scenario.gpu)
    except (CatalogError, UnknownEntry):
        return None
    # The larger of the two figures: a claim is false only if it is false for either.
    larger = max(gpu.memory.value, (gpu.memory_datasheet or gpu.memory).value)
    return Quantity(larger, BYTES), f"the {gpu.name}'s memory"


def _weights_of(card: Card, values: Mapping[str, Quantity]) -> str | None:
    named = [n for n in values if "weight" in n.lower() and values[n].dim == BYTES]
    return named[0] if len(named) == 1 else None


def _fit_test(card: Card, subject: str | None, *, fits: bool, words: str) -> Test:
    def test(values: Mapping[str, Quantity], scenario: Scenario) -> tuple[bool, str] | None:
        memory = _memory_of(card, values, scenario)
        weights = _weights_of(card, values)
        what = subject if subject is not None and subject in values and \
            values[subject].dim == BYTES else weights
        if memory is None or what is None:
            return None
        size = values[what].value
        shown = f"{what} is {_show(values[what])}"
        if weights is not None and what != weights and what in values:
            size += values[weights].value  # beside the weights
            shown += f", with {weights} {_show(values[weights])}"
        holds = size <= memory[0].value
        return holds == fits, f"{shown} and {memory[1]} {_show(memory[0])}"
    return test


# -- reading them -----------------------------------------------------------------------


def claim_findings(card: Card, scenarios: Sequence[Scenario], source: SourceText
                   ) -> list[ClaimFinding]:
    """Each claim false in the base (at the claim) or made false by a variant (at the
    variant's line), once; and weights that outgrow "one {gpu}"."""
    if not card.templates:
        return []
    names = sorted({name for s in scenarios for name in s.values})
    claims = _claims(card, names)
    found: list[ClaimFinding] = []
    base = next((s for s in scenarios if s.variant is None), None)
    if base is None:
        return []
    for claim in claims:
        outcome = claim.test(base.values, base)
        where = _claim_place(card, claim, source)
        if outcome is None:
            continue
        if not outcome[0]:
            found.append(ClaimFinding(where, f"{claim.path}: '{claim.words}' does not hold: "
                                             f"{outcome[1]}", None, "claim-false"))
            continue
        for scenario in scenarios:
            if scenario.variant is None:
                continue
            result = claim.test(scenario.values, scenario)
            if result is None or result[0]:
                continue
            found.append(ClaimFinding(
                _variant_place(card, scenario),
                f"variant '{scenario.variant.id}' makes '{claim.words}' in {claim.path} (line "
                f"{where.line}) false: {result[1]}; choose numbers that keep it true, or "
                f"write the words so they hold in every variant", scenario.variant.id,
                "claim-false-in-variant"))
    found += _one_gpu(card, scenarios, source)
    return found


def _claim_place(card: Card, claim: _Claim, source: SourceText) -> Location:
    start = card.text_locations.get(claim.path, card.where)
    return source.position_in_source(start, card.templates[claim.path], claim.offset)


def _variant_place(card: Card, scenario: Scenario) -> Location:
    variant = scenario.variant
    assert variant is not None
    path = f"variants[{scenario.index}]"
    for given in variant.givens:
        where = card.text_locations.get(f"{path}.givens.{given}")
        if where is not None:
            return where
    for key in ("gpu", "model"):
        if getattr(variant, key) is not None and f"{path}.{key}" in card.text_locations:
            return card.text_locations[f"{path}.{key}"]
    return variant.where


def _one_gpu(card: Card, scenarios: Sequence[Scenario], source: SourceText
             ) -> list[ClaimFinding]:
    """Weights larger than the GPU's memory, where the card puts them on one GPU."""
    place: Location | None = None
    for path, template in card.templates.items():
        for slot in slots(parse_template(template)):
            # The words just before it: "on one {gpu}", "on {a_gpu}", not "does not fit
            # on one {gpu}" (then the card does not put them there).
            before = template[max(0, slot.start - 60):slot.start]
            if slot.name in ("gpu", "a_gpu") and (
                    _ON_ONE.search(before) or (slot.name == "a_gpu"
                                               and re.search(r"\bon\s+$", before))
            ) and not _NEGATED.search(before):
                start = card.text_locations.get(path, card.where)
                place = source.position_in_source(start, template, slot.start)
                break
        if place is not None:
            break
    if place is None:
        return []
    found: list[ClaimFinding] = []
    for scenario in scenarios:
        weights = _weights_of(card, scenario.values)
        memory = _memory_of(card, scenario.values, scenario)
        if weights is None or memory is None:
            continue
        size = scenario.values[weights]
        if size.value <= memory[0].value:
            continue
        detail = (f"{weights} ({_show(size)}) outgrow {memory[1]} ({_show(memory[0])}), but "
                  f"the card puts them on one GPU (line {place.line})")
        if scenario.variant is None:
            found.append(ClaimFinding(place, detail, None, "weights-outgrow-gpu"))
        else:
            found.append(ClaimFinding(_variant_place(card, scenario),
                                      f"variant '{scenario.variant.id}': {detail}",
                                      scenario.variant.id, "weights-outgrow-gpu"))
    return found
