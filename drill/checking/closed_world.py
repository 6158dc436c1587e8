"""The closed world: every figure a card writes out is accounted for, or it is reported.

A figure in a card's text (title, scenario, answer, key numbers, tip, ask questions,
mistake messages) is accounted for when, to the precision it is written with, it is

* a given, a solver result (mistake values included), or a catalog fact of the card's GPU
  or model, in any unit (``4.8 ms`` for 4.78 ms, ``4.19 GB`` for 4 GiB; a bare number
  may be the figure in another unit: the ``8`` of ``8 × 10⁹`` for 8 billion);
* one: ``1 token``, ``100%``;
* in a worked equation that holds, when another side of it is accounted for (what the
  checked arithmetic derives from accounted figures is accounted for too), or a small
  whole factor in one (the ``2`` of ``2 × 8 × 10⁹ × 500``);
* a placeholder, or a figure the author marked free: ``{25 GB/s|constant: why}``.

Anything else is an error naming the nearest candidate, so a figure off by 40% or 10× in
plain prose is caught like one in a worked equation.
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from drill.checking.equations import Equation, find_equations
from drill.checking.figures import Figure, find_figures, precision
from drill.checking.prose import ProseProblem, prose_problems
from drill.checking.tolerance import log_apart, power_of_ten_slip
from drill.packs.catalog import CatalogError, Gpu, Model, UnknownEntry, load_catalog
from drill.packs.facts import GPU_FACTS, MODEL_FACTS
from drill.packs.model import Card
from drill.packs.templates import FREE_REASONS, Rendered
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.quantities.units import format_quantity
from drill.solving.solve import Solution

#: The diagnostic codes of the closed world (``drill check --json``).
UNACCOUNTED = "unaccounted-figure"
CHANGING = "changing-figure"
_LEADING_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
#: A whole number up to this, written bare inside a worked equation, is a factor of it.
SMALL_FACTOR = 12
#: Outside a worked equation only a 2 may start a product unaccounted for: the FLOPs of
#: a multiply-add, a key and a value (a 3 there is a slip the closed world must see).
FORMULA_FACTOR = 2


@dataclass(frozen=True, slots=True)
class Candidate:
    """A value a figure may stand for: a given, a result, a catalog fact."""

    name: str  # "decode_floor", "the H100's bandwidth"
    value: Quantity
    shown: str  # "4.78 ms"
    kind: str  # "given", "result", "fact"

    @property
    def placeholder(self) -> str:
        return f"{{{self.name}}}" if self.kind == "given" else f"{{{self.name}:{self.shown}}}"


@dataclass(frozen=True, slots=True)
class Unaccounted:
    """A figure no candidate accounts for, and the one closest to it."""

    figure: Figure
    nearest: Candidate | None

    def message(self) -> str:
        written = self.figure.text
        near = self.nearest
        if near is not None:
            slip = power_of_ten_slip(self.figure.value.value, near.value.value,
                                     self.figure.precision, "the figure")
            if near.kind in ("given", "result") and _whole_and_small(self.figure):
                return (f"{written} here, and no given or result is {written}: if it is a "
                        f"constant of the formula, mark it {{{written}|constant: why}}; if "
                        f"it stands for {near.name} ({near.shown}), write {near.placeholder}")
            if near.kind in ("given", "result"):
                return (f"{written} here, and {near.name} is {near.shown}: write "
                        f"{near.placeholder} or fix the figure{slip}")
            return (f"{written} here, and {near.name} is {near.shown}: fix the figure or "
                    f"mark it{slip}")
        return (f"no given or result is {written}: make it a given, or mark it free with "
                f"its reason: {{{written}|constant: why}} (reasons: {', '.join(FREE_REASONS)})")


def candidates_of(given_values: Mapping[str, Quantity], given_texts: Mapping[str, str],
                  results: Iterable[tuple[str, Quantity, str]],
                  facts: Iterable[Candidate]) -> list[Candidate]:
    """The candidates of a card: its givens (shown as written), results and facts."""
    found = [Candidate(name, value, given_texts.get(name, _show(value)), "given")
             for name, value in given_values.items()]
    found += [Candidate(name, value, shown, "result") for name, value, shown in results]
    found += list(facts)
    found += _shares(found)
    return found


def _shares(candidates: list[Candidate]) -> list[Candidate]:
    """What a plain ratio implies in words: the rest of a share (30% → the other 70%) and
    the gain of a speedup (1.18× → an 18% gain)."""
    found: list[Candidate] = []
    for c in candidates:
        if c.value.dim != dims.DIMENSIONLESS:
            continue
        v = c.value.value
        if 0 < v < 1:
            found.append(Candidate(f"1 − {c.name}", Quantity(1 - v, c.value.dim),
                                   f"{1 - v:.3g}", "conversion"))
        elif 1 < v < 100:
            found.append(Candidate(f"{c.name} − 1", Quantity(v - 1, c.value.dim),
                                   f"{v - 1:.3g}", "conversion"))
    for c in candidates:
        time = dims.exponents(c.value.dim).get("time", 0)
        if c.kind == "given" and time == -1:  # $3/h: an hour of it is $3
            hour = Quantity(c.value.value * 3600, dims.multiply(c.value.dim, dims.dim(time=1)))
            found.append(Candidate(f"an hour of {c.name}", hour, c.shown, "conversion"))
    return found


#: Plain conversions a text may write out: an hour in seconds, a million, a KiB in bytes.
CONVERSIONS: tuple[Candidate, ...] = tuple(
    Candidate(name, Quantity(value, dim), shown, "conversion")
    for name, value, dim, shown in (
        ("a minute", 60.0, dims.dim(time=1), "60 s"),
        ("an hour", 3600.0, dims.dim(time=1), "3,600 s"),
        ("a day", 86400.0, dims.dim(time=1), "86,400 s"),
        ("a thousand", 1e3, dims.DIMENSIONLESS, "1,000"),
        ("a million", 1e6, dims.DIMENSIONLESS, "1,000,000"),
        ("a billion", 1e9, dims.DIMENSIONLESS, "1,000,000,000"),
        ("a kibi", 1024.0, dims.DIMENSIONLESS, "1,024"),
    ))


def unaccounted(text: str, literal: list[tuple[int, int]], candidates: list[Candidate],
                names: tuple[str, ...], problems: Sequence[ProseProblem], *,
                leave_failing: bool = False) -> list[Unaccounted]:
    """Every figure of ``text`` that starts in a ``literal`` run and is not accounted for.

    ``problems`` are the prose checker's findings for this text: an equation with one is
    not taken to derive anything.
    """
    figures = find_figures(text, names)
    if not figures:
        return []
    candidates = [*candidates, *CONVERSIONS]
    # A placeholder's or free figure's number is accounted for: it may anchor an equation.
    accounted = [not _in_runs(f.start, literal) or _accounted(f, candidates)
                 for f in figures]
    _factors_of_products(text, figures, accounted)
    equations = find_equations(text)
    failing = {p.offset for p in problems}
    _derive(figures, accounted, equations, failing)
    # ``leave_failing`` (drill check): a figure of a worked equation that does not hold is
    # reported with the equation, not again as a figure nothing accounts for (one cause,
    # once). Explain judges each figure of a learner's answer on its own instead.
    reported = [(eq.start, eq.sides[-1].end) for eq in equations
                if any(eq.start <= offset <= eq.sides[-1].end for offset in failing)
                ] if leave_failing else []
    found: list[Unaccounted] = []
    for figure, ok in zip(figures, accounted, strict=True):
        if ok or not _in_runs(figure.start, literal) or _in_runs(figure.start, reported):
            continue
        found.append(Unaccounted(figure, _nearest(figure, candidates)))
    return found


def _accounted(figure: Figure, candidates: list[Candidate]) -> bool:
    for reading in figure.readings:
        plain = dims.without_counts(reading.dim) == dims.DIMENSIONLESS
        if plain and math.isclose(reading.value, 1.0):
            return True
        if any(_matches(reading, figure, c) for c in candidates):
            return True
    return False


def _matches(reading: Quantity, figure: Figure, candidate: Candidate) -> bool:
    allowed = abs(reading.value) * figure.precision * (1 + 1e-9) + 1e-300
    value = candidate.value
    same_kind = dims.without_counts(reading.dim) == dims.without_counts(value.dim)
    if same_kind and abs(reading.value - value.value) <= allowed:
        return True
    if same_kind and reading.dim != value.dim:
        # "$4.17" for "$4.17 per million tokens": the count is left out, so the figure is
        # the number the candidate is written with, not its value per single token.
        return _is_written_number(reading.value, candidate.shown)
    if not figure.bare:
        return False
    # A bare number may be the candidate as it is written (8 for "8 billion", 3.35 for
    # "3.35 TB/s"), which for a percentage is the percent (74.6 for 74.6%).
    return _is_written_number(reading.value, candidate.shown)


def _is_written_number(number: float, shown: str) -> bool:
    """Whether ``number`` is the number a candidate is written with (4.78 of "4.78 ms",
    8 of "8 billion"), to the candidate's own precision: 3 is not the 3.35 of 3.35 TB/s."""
    match = _LEADING_NUMBER.search(shown)
    if match is None or "×" in shown[match.end():match.end() + 3]:
        return False  # "1.62 × 10⁻⁵ ...": the mantissa alone is no figure
    written = float(match.group().replace(",", ""))
    return abs(number - written) <= abs(written) * precision(match.group()) * (1 + 1e-9)


def _derive(figures: Sequence[Figure], accounted: list[bool], equations: Sequence[Equation],
            failing: set[int]) -> None:
    """Mark what holding equations derive from accounted figures (in place)."""
    holding = [eq for eq in equations if not any(
        eq.start <= offset <= eq.sides[-1].end for offset in failing)]
    numeric = [eq for eq in holding if sum(side.numeric for side in eq.sides) >= 2]
    for eq in numeric:
        for side in eq.sides:
            for n, figure in enumerate(figures):
                if side.numeric and side.start <= figure.start < side.end and _small_factor(
                        figure):
                    accounted[n] = True
    # Forward only: a side that is one figure (a result) is derived from another side
    # whose figures are all accounted for. The figures of an expression are never derived
    # from its result: '≈' rounds, and would let a wrong operand through.
    # A figure so derived is known for the rest of the text: "= 0.8 of the old time, so
    # 1 ÷ 0.8 = 1.25×" uses it again.
    changed = True
    derived: list[Candidate] = []
    while changed:
        changed = False
        for eq in numeric:
            sides = [[n for n, f in enumerate(figures) if side.start <= f.start < side.end]
                     for side in eq.sides if side.numeric]
            if any(s and all(accounted[n] for n in s) for s in sides):
                for s in sides:
                    if len(s) == 1 and not accounted[s[0]]:
                        accounted[s[0]] = changed = True
                        figure = figures[s[0]]
                        derived.append(Candidate(figure.text, figure.value, figure.text,
                                                 "derived"))
        for n, figure in enumerate(figures):
            if not accounted[n] and derived and _accounted(figure, derived):
                accounted[n] = changed = True


def _factors_of_products(text: str, figures: Sequence[Figure], accounted: list[bool]) -> None:
    """A small whole number that multiplies is a factor of a formula ("2 × parameters ×
    tokens", "2 × 8 × 10⁹ × 8,000 FLOP"): accounted for (in place)."""
    for n, figure in enumerate(figures):
        after = text[figure.end:figure.end + 3].lstrip()
        multiplies = _small_factor(figure, FORMULA_FACTOR) and after[:1] in ("×", "*", "·")
        if multiplies or (_small_factor(figure) and _symbolic(text, figure)) or \
                _in_word_formula(text, figure):
            accounted[n] = True


#: A small whole number beside a symbol: "2(n − 1)", "n − 1", "2n", "α^(k+1)", "k/2".
_SYMBOL_AFTER = re.compile(
    r"\s*(?:\(\s*[^\W\d]|[^\W\d]\b|[×*·/÷+−\-^]\s*\(?\s*[^\W\d](?:\b|[\s)^]))")
_SYMBOL_BEFORE = re.compile(r"(?:[^\W\d]\)?|\))\s*[×*·/÷+−\-^]\s*\(?\s*$")


#: An operator with a word on its far side: "4 + metadata bits", "parameters × 2 B".
_WORD_AFTER = re.compile(r"\s*[×*·/÷+−^]\s*\(?\s*([^\W\d][^\W\d_]{2,})")
_WORD_BEFORE = re.compile(r"([^\W\d][^\W\d_]{2,})\)?\s*[×*·/÷+−^]\s*\(?\s*$")


def _in_word_formula(text: str, figure: Figure) -> bool:
    """A small whole number (a unit after it or not) that an operator joins to a word
    that is no unit: a constant of a formula written in words ("4 + metadata bits ÷ group
    size", "parameters × 2 B"), not a figure of the scenario."""
    number = _LEADING_NUMBER.match(figure.text)
    if number is None or "." in number.group() or not 0 < float(
            number.group().replace(",", "")) <= SMALL_FACTOR:
        return False
    words = [m.group(1) for m in (_WORD_AFTER.match(text, figure.end),
                                  _WORD_BEFORE.search(text[max(0, figure.start - 30):
                                                           figure.start])) if m]
    return any(not _is_unit(word) for word in words)


def _is_unit(word: str) -> bool:
    try:
        return not read(f"1 {word}").value.dimensionless
    except ParseError:
        return False


def _symbolic(text: str, figure: Figure) -> bool:
    """Whether the number is a constant of a symbolic expression, next to a variable or
    a bracket of one ("2(n − 1)/n", "(1 − k/E)^B", "n − 1"), not a figure of the text."""
    if _SYMBOL_AFTER.match(text, figure.end):
        return True
    return bool(_SYMBOL_BEFORE.search(text[max(0, figure.start - 12):figure.start]))


def _whole_and_small(figure: Figure) -> bool:
    return _small_factor(figure)


def _small_factor(figure: Figure, largest: int = SMALL_FACTOR) -> bool:
    reading = figure.value
    return (figure.bare and "." not in figure.text
            and reading.value == int(reading.value) and 0 < reading.value <= largest)


def _in_runs(offset: int, runs: list[tuple[int, int]]) -> bool:
    return any(start <= offset < end for start, end in runs)


def _nearest(figure: Figure, candidates: list[Candidate]) -> Candidate | None:
    """The candidate of the figure's kind closest to it, within a factor of 20."""
    best: tuple[float, Candidate] | None = None
    reading = figure.value
    for candidate in candidates:
        if dims.without_counts(candidate.value.dim) != dims.without_counts(reading.dim):
            continue
        distance = log_apart(reading.value, candidate.value.value)
        if distance == math.inf:
            continue  # "1e-308" against a billion: no ratio a float holds
        if candidate.kind == "conversion":
            continue  # "a kibi is 1,024" is no help
        if distance <= math.log(20) and (best is None or distance < best[0]):
            best = (distance, candidate)
    return best[1] if best else None


def _show(value: Quantity) -> str:
    try:
        return format_quantity(value)
    except ValueError:
        return f"{value.value:g}"


@dataclass(frozen=True, slots=True)
class WorldFinding:
    """An unaccounted figure of one text field of a card (base or variant)."""

    path: str  # "answer[1]"
    offset: int  # in the rendered text
    template_offset: int  # in the field's template (the text itself when it has none)
    found: Unaccounted


def card_world(card: Card, solution: Solution | None, rendered: Mapping[str, Rendered],
               tolerance: float,
               texts: Sequence[tuple[str, str]] | None = None) -> list[WorldFinding]:
    """Every unaccounted figure of ``card`` as it is shown (a variant's texts and numbers,
    or the base's), with ``rendered`` the renderings of its templated fields (``texts``:
    ``card.texts()``, when the caller has them already)."""
    candidates: list[Candidate] | None = None
    found: list[WorldFinding] = []
    for path, text in card.texts() if texts is None else texts:
        if candidates is None:
            candidates = _card_candidates(card, solution)
        known = _text_world(text, rendered.get(path), candidates, tolerance)
        found += [WorldFinding(path, offset, where, item) for offset, where, item in known]
    return found


def _text_world(text: str, piece: Rendered | None, candidates: list[Candidate],
                tolerance: float) -> tuple[tuple[int, int, Unaccounted], ...]:
    runs = piece.literal_runs() if piece is not None else [(0, len(text))]
    problems = prose_problems(text, tolerance)
    found: list[tuple[int, int, Unaccounted]] = []
    for item in unaccounted(text, runs, candidates, catalog_names(), problems,
                            leave_failing=True):
        offset = item.figure.start
        where = piece.template_offset(offset) if piece is not None else offset
        found.append((offset, where, item))
    return tuple(found)


def _card_candidates(card: Card, solution: Solution | None) -> list[Candidate]:
    if solution is not None:
        values = dict(solution.given_values)
        results = [(n, r.value, r.shown) for n, r in solution.results.items()]
        texts = solution.givens
    else:
        values = {}
        for name, text in card.givens.items():
            with contextlib.suppress(ParseError):
                values[name] = read(text).value
        results, texts = [], card.givens
    return candidates_of(values, texts, results, catalog_candidates(card.gpu, card.model))


@lru_cache(maxsize=1)
def catalog_names() -> tuple[str, ...]:
    """Every GPU and model name and alias of the catalog: names, not figures."""
    try:
        catalog = load_catalog()
    except CatalogError:
        return ()
    entries: list[Gpu | Model] = [*catalog.gpus, *catalog.models]
    return tuple(n for entry in entries for n in (entry.name, *entry.aliases))


@lru_cache(maxsize=64)
def catalog_candidates(gpu: str | None, model: str | None) -> tuple[Candidate, ...]:
    """The catalog facts of the scenario's GPU and model, as candidates."""
    try:
        catalog = load_catalog()
    except CatalogError:
        return ()
    found: list[Candidate] = []
    entries: list[tuple[str, Any, tuple[str, ...]]] = []
    with contextlib.suppress(UnknownEntry):
        if gpu:
            entries.append(("gpu", catalog.gpu(gpu), GPU_FACTS))
    with contextlib.suppress(UnknownEntry):
        if model:
            entries.append(("model", catalog.model(model), MODEL_FACTS))
    for source, entry, facts in entries:
        for fact in facts:
            try:
                text = entry.fact_text(fact)
                if text is None:
                    continue
                value = read(text).value
            except (UnknownEntry, ParseError):
                continue
            found.append(Candidate(f"{source}.{fact} ({entry.name})", value, text, "fact"))
    return tuple(found)
