"""Checking a learner's minute answer to a card: every figure, every worked equation, and
the card's key points.

``explain(card, solution, text)`` reads ``text`` with the same readers as ``drill check``
(:mod:`drill.checking.figures`, :mod:`drill.checking.prose`) and accounts for its figures
the way the closed world does (:mod:`drill.checking.closed_world`), then says of each
figure whether it is right, wrong or unknown:

* **right**: it is a given, a result or a catalog fact of the card, within the card's
  tolerance or the precision it is written with; or a worked equation that holds derives
  it from right figures; or it is a plain conversion (60 s, a million); or, to the digit,
  a figure the card itself quotes as free (the source's rounding); or a mistake's value
  beside the right figure it is mistaken for ("4× larger, 512 KiB, not 128 KiB"): a
  contrast, which an interviewer likes to hear;
* **wrong**: it is the value of one of the card's named mistakes, or it has the kind of a
  given or result (a time, a bandwidth) within a factor of 20 of it and is none of the
  above, so it is taken to be meant as that one: the right figure and its working are
  given, with "off by 10×" when a power of ten explains the gap;
* **unknown**: anything else (a figure the card does not know about).

Plain data out; nothing in the text is ever evaluated.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from drill.checking.closed_world import (
    Candidate,
    candidates_of,
    catalog_candidates,
    catalog_names,
    unaccounted,
)
from drill.checking.equations import find_equations
from drill.checking.figures import Figure
from drill.checking.prose import check_prose
from drill.checking.tolerance import card_tolerance, log_apart, relative_off
from drill.explaining import judging
from drill.explaining.judging import SLIP_STEP, Option, Verdict, judge, options_of
from drill.explaining.meaning import sentence_end, sentence_start, words_of
from drill.explaining.points import PointCheck, check_points
from drill.explaining.readings import number_written, read_figures
from drill.explaining.settled import alike_figures, mixed_scales, settle
from drill.explaining.spoken import ONES, SCALES, TENS, Rewrite, as_written
from drill.explaining.text_guard import cleaned, refusal, too_many_figures
from drill.explaining.what_if import other_cases, what_ifs
from drill.explaining.working import (
    holds_roughly,
    misworked,
    percentile_odds,
    product_before,
    share_of,
    speedup_of,
)
from drill.packs.model import Card, Mistake
from drill.packs.templates import TemplateError, free_figures, parse_template
from drill.quantities import dimensions as dims
from drill.quantities.expression_slips import power_of_ten
from drill.quantities.parsing import ParseError, read
from drill.quantities.parsing.formula import Formula, Name, evaluate_formula, read_formula
from drill.quantities.parsing.nodes import BinOp, Node, Number
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.units import format_quantity
from drill.solving.solve import Solution

#: What a figure comes to (re-exported: the verdicts are judging's words).
RIGHT, WRONG, UNKNOWN = judging.RIGHT, judging.WRONG, judging.UNKNOWN
#: A wrong figure said again as it was said before: the same slip, counted once.
AGAIN = "again"


@dataclass(frozen=True, slots=True)
class FigureCheck:
    """One figure of the explanation and what drill makes of it."""

    start: int
    end: int
    text: str  # as written: "48 ms"
    verdict: str  # RIGHT, WRONG, AGAIN or UNKNOWN
    name: str | None = None  # the given or result it stands for: "decode_floor"
    expected: str | None = None  # the right figure when it is wrong: "4.78 ms"
    mistake: str | None = None  # what went wrong, in words

    def message(self) -> str:
        if self.verdict == RIGHT:
            return f"{self.text}: right" + (f" ({self.name})" if self.name else "")
        if self.verdict in (WRONG, AGAIN):
            return f"{self.text}: {self.mistake}"
        return f"{self.text}: not a figure of this card"


@dataclass(frozen=True, slots=True)
class EquationCheck:
    """A worked equation of the explanation: whether its sides agree."""

    start: int
    end: int
    text: str
    verdict: str  # RIGHT or WRONG
    message: str | None = None


@dataclass(frozen=True, slots=True)
class Explanation:
    """The whole check of one explanation of one card (or variant)."""

    card_key: str  # "speed-physics/q1", "speed-physics/q1#h20" for a variant
    text: str
    figures: tuple[FigureCheck, ...] = ()
    equations: tuple[EquationCheck, ...] = ()
    points: tuple[PointCheck, ...] = ()
    refused: str | None = None  # why the text was not checked (empty, too long)

    @property
    def wrong(self) -> tuple[FigureCheck, ...]:
        return tuple(f for f in self.figures if f.verdict == WRONG)

    @property
    def all_right(self) -> bool:
        """Every figure and equation right: a figure drill cannot place counts against it,
        as an interviewer would ask what it is."""
        return (self.refused is None and all(f.verdict == RIGHT for f in self.figures)
                and all(e.verdict == RIGHT for e in self.equations))

    @property
    def covered(self) -> tuple[PointCheck, ...]:
        return tuple(p for p in self.points if p.covered)

    @property
    def missed(self) -> tuple[PointCheck, ...]:
        return tuple(p for p in self.points if not p.covered)

    def notes(self) -> list[str]:
        """Plain remarks for the learner: no figures at all, no key points on the card."""
        if self.refused:
            return [self.refused]
        found = []
        if not self.figures:
            found.append("no figures in the explanation: an interviewer wants the numbers")
        return found


#: A figure said as another's equal: "71.7 GiB, or about 71.7 GB" claims the two are one,
#: which sets nothing against it.
_RESTATED_AS = re.compile(r"\s*,?\s*(?:or|i\.?e\.?,?|that\s+is|which\s+is)"
                          r"(?:\s+(?:about|around|roughly|some))?\s*", re.IGNORECASE)


def _judged_reading(figure: Figure, value: Quantity) -> list[Quantity]:
    """The reading of ``figure`` nearest ``value``, of its kind (none if none is)."""
    kind = [r for r in figure.readings
            if dims.without_counts(r.dim) == dims.without_counts(value.dim)]
    return sorted(kind, key=lambda r: relative_off(r.value, value.value))[:1]


def _restated_as(text: str, before: Figure, figure: Figure) -> bool:
    """Whether ``figure`` is said as the size or time just before it in another unit."""
    return (before.has_unit and figure.has_unit and figure.value.dim == before.value.dim
            and _RESTATED_AS.fullmatch(text, before.end, figure.start) is not None)


def _same_again(text: str, found: list[Figure], verdicts: list[Verdict]) -> list[Verdict]:
    """A figure that says the right one just before it again in other units ("about 1.78
    million seconds, roughly 20.6 days") is that quantity, right as it is, whatever slip
    its number also equals (20.6 days as the run's GPU-hours)."""
    out = list(verdicts)
    for index in range(1, len(found)):
        before, figure = found[index - 1], found[index]
        option = out[index - 1].option
        if (out[index - 1].verdict != RIGHT or option is None or option.mistake is not None
                or out[index].verdict != WRONG or not (before.has_unit and figure.has_unit)
                or _SAID_AGAIN_AS.fullmatch(text, before.end, figure.start) is None):
            continue
        right = option.candidate.value
        said = judging.reading_in(figure, right.dim)
        if any(r.dim == right.dim for r in figure.readings) and relative_off(
                said, right.value) <= max(option.tolerance, figure.precision):
            out[index] = Verdict(RIGHT, option, True)
    return out


#: What joins a figure to itself said again in other units: "1.78 million seconds,
#: roughly 20.6 days".
_SAID_AGAIN_AS = re.compile(r"\s*,\s*(?:(?:or|i\.?e\.?,?|that\s+is|which\s+is|that's)\s+)?"
                            r"(?:(?:about|around|roughly|some|nearly|just\s+over"
                            r"|just\s+under)\s+)?", re.IGNORECASE)


#: A change said to its end: "it should come down to around 17 ms". The figure is what the
#: speaker says the quantity becomes, not a slip set against the right figure said before.
_CHANGED_TO = re.compile(r"\b(?:comes?|coming|go|goes|going|drops?|dropping|falls?|falling"
                         r"|shrinks?|shrinking|gets?)\s+(?:down\s+|up\s+)?to"
                         r"(?:\s+(?:about|around|roughly|maybe))?\s*$", re.IGNORECASE)


def _misworked(figure: Figure, worked: float, right: list[Candidate],
               tolerance: float) -> FigureCheck:
    """A figure its own working does not give: "one over 0.05 is ten" is 20 (a share said
    in percent is worked out in percent: "0.99 to the 10th is 99%" gives 90.4%). Where
    what the working gives is a result of the card, the figure is that result said wrong,
    so a key point resting on it is not made."""
    shown = f"{worked * 100:.3g}%" if "%" in figure.text or "percent" in figure.text.lower() \
        else f"{worked:.3g}"
    named = next((c.name for c in right if c.kind == "result" and c.value.value > 0
                  and relative_off(worked, c.value.value) <= tolerance), None)
    return FigureCheck(figure.start, figure.end, figure.text, WRONG, named, shown,
                       f"the working said just before it gives {shown}")


def _by_working(verdict: Verdict, sure: bool) -> bool:
    """Whether a figure its own working does not give is judged by that working: when
    nothing names what it is, or only a form worked from a result; a power's result
    (``sure``) even where it equals a figure of the card, unless the card names what it
    is wrong against."""
    if sure:
        return verdict.verdict != WRONG or verdict.option is None
    # A form worked from a result ("speedup − 1") is no figure of the card said: "0.2 plus
    # 0.1 plus 0.25, that's 0.45" is the sum said wrong, though 1.45× less one is 0.45.
    return (verdict.verdict != RIGHT or verdict.option is None
            or verdict.option.candidate.kind == "conversion")


def _named_by_product(text: str, found: list[Figure], index: int, verdict: Verdict,
                      options: list[Option]) -> Verdict:
    """A wrong figure said as what the product just before it gives, a power of ten off
    it, is judged as the quantity that product is: "32 users times a thousand tokens
    times 128 KiB, about 0.4 gigs" is the batch's 4.19 GB of cache, off by 10×."""
    option = verdict.option
    if verdict.verdict != WRONG or option is None or option.mistake is not None:
        return verdict
    worked = product_before(text, found, index)
    if worked is None:
        return verdict
    value, dim = worked
    kind = dims.without_counts(dim)
    for other in options:
        candidate = other.candidate.value
        if (other.mistake is None and other.candidate.kind in ("given", "result")
                and dims.without_counts(candidate.dim) == kind and other is not option
                and relative_off(value, candidate.value) <= other.tolerance
                and power_of_ten(found[index].value.value / candidate.value, 0.1)):
            return Verdict(WRONG, other, True)
    return verdict


def _carried_as_said(found: list[Figure], verdicts: list[Verdict],
                     mistakes: list[judging.Option], said_as: list[str]) -> list[Verdict]:
    """A figure right only in another reading of its words ("71.7 gigs" as GiB), whose
    number as said is a step of a slip the answer goes on to make, is that step: "90% of
    79.65 is about 71.7 gigs, minus 16 of weights ... so about 103 conversations" took the
    GiB for GB from the start (``said_as``: each figure as the learner wrote it)."""
    made = {v.option.mistake.id for v in verdicts
            if v.verdict == WRONG and v.option is not None and v.option.mistake is not None}
    if not made:
        return verdicts
    out = list(verdicts)
    for index, (figure, verdict) in enumerate(zip(found, verdicts, strict=True)):
        option = verdict.option
        if verdict.verdict != RIGHT or option is None or option.mistake is not None:
            continue
        said = number_written(figure.text)
        if said is None or not (figure.bare or _LOOSE_SIZE.search(said_as[index])):
            continue  # "71.7 GiB" says its unit
        for step in mistakes:
            shown = number_written(step.candidate.shown)
            if (step.candidate.kind != SLIP_STEP or step.mistake is None or shown is None
                    or step.mistake.id not in made or not _same_quantity(step, option)
                    or step.candidate.value.dim != option.candidate.value.dim
                    or not step.candidate.value.value
                    or relative_off(said, shown) > max(step.tolerance, figure.precision)):
                continue
            # The right quantity in the unit the step is shown in: the number said must
            # be the step's and not also it ("77 gigs" is the share said right).
            right = option.candidate.value.value / step.candidate.value.value * shown
            if relative_off(said, right) > option.tolerance:
                out[index] = Verdict(WRONG, step, True)
                break
    return out


def _ratio_to(text: str, found: list[Figure], index: int, verdicts: list[Verdict],
              options: list[Option]) -> Verdict:
    """A factor said of the figure before it against another of its kind ("12 ms, which is
    two and a half times the 4.8 ms step") claims their ratio: it is judged as the card's
    result that the right figures' ratio is (the launches' share of the step, 25%), so a
    factor carried from a slip is that result said wrong."""
    verdict = verdicts[index]
    figure = found[index]
    if index < 1 or not figure.text.endswith("×"):
        return verdict
    part, joined = found[index - 1], _RATIO_JOIN.match(text, found[index - 1].end)
    after = _TIMES_THE.match(text, figure.end)
    if not part.has_unit or joined is None or joined.end() != figure.start or after is None:
        return verdict
    numerator = _right_value(verdicts[index - 1])
    whole = found[index + 1] if index + 1 < len(found) else None
    if whole is not None and whole.start == after.end():
        denominator = _right_value(verdicts[index + 1])
    else:
        word = re.match(r"[A-Za-z]+", text[after.end():])
        named = [o.candidate.value for o in options
                 if word is not None and o.candidate.kind == "given" and o.mistake is None
                 and set(words_of(word.group())) & o.vocab]
        denominator = named[0] if len(named) == 1 else None
    if (numerator is None or denominator is None or numerator.dim != denominator.dim
            or not denominator.value):
        return verdict
    ratio = numerator.value / denominator.value
    result = next((o for o in options if o.mistake is None and o.candidate.kind == "result"
                   and o.candidate.value.dim == dims.DIMENSIONLESS
                   and relative_off(o.candidate.value.value, ratio) < 1e-3), None)
    said = judging.reading_in(figure, dims.DIMENSIONLESS)
    if result is None:
        return verdict
    if (relative_off(said, ratio) <= max(result.tolerance, figure.precision)
            or (joined.group("above") and ratio >= said)
            or (joined.group("below") and ratio <= said)):
        return Verdict(RIGHT, result, True)
    return Verdict(WRONG, result, True)


def _share_of(text: str, found: list[Figure], index: int, verdicts: list[Verdict],
              options: list[Option]) -> Verdict:
    """A share said of the figure after it, of the one quantity its clause names before it
    ("the power draw is only a quarter of the 700 W cap") claims their ratio (350 W of
    700 W, 50%). A share worked on to a figure ("half of 989, so roughly 495") is working,
    and stays as judged."""
    verdict, figure = verdicts[index], found[index]
    if index + 1 >= len(found) or _OF_THE.fullmatch(
            text, figure.end, found[index + 1].start) is None:
        return verdict
    share = judging.reading_in(figure, dims.DIMENSIONLESS)
    whole = _right_value(verdicts[index + 1])
    clause_end = sentence_end(text, found[index + 1].end)
    if (not 0 < share < 1 or whole is None or not whole.value
            or any(f.start < clause_end for f in found[index + 2:])):
        return verdict
    named = set(words_of(text[sentence_start(text, figure.start):figure.start]))
    parts = {o.candidate.name: o for o in options
             if o.mistake is None and o.candidate.kind in ("given", "result")
             and o.candidate.value.dim == whole.dim and named & o.vocab
             and 0 < o.candidate.value.value < whole.value}
    if len(parts) != 1:
        return verdict
    part = next(iter(parts.values()))
    ratio = part.candidate.value.value / whole.value
    of = verdicts[index + 1].option
    name = f"{part.candidate.name} ÷ {of.candidate.name if of is not None else 'it'}"
    option = judging.Option(Candidate(name, Quantity(ratio), f"{ratio * 100:.3g}%",
                                      "conversion"), part.vocab, part.tolerance)
    near = relative_off(share, ratio) <= max(part.tolerance, figure.precision)
    return Verdict(RIGHT if near else WRONG, option, True)


#: Between a share and the figure it is a share of: "a quarter of the 700-watt cap".
_OF_THE = re.compile(r"\s+of\s+(?:the|its|our|a|an)\s+", re.IGNORECASE)
#: What joins a figure to a factor said of it: "12 ms, which is", "12 ms of CPU, that's".
_RATIO_JOIN = re.compile(r"(?:[A-Za-z ]{0,30},)?\s*(?:,\s*)?(?:so\s+)?"
                         r"(?:(?:which|that|this|it)(?:'s|\s+is)|that's|is)?\s*"
                         r"(?:(?:like|about|around|roughly|nearly|almost)\s+)?"
                         r"(?:(?P<above>more\s+than|over|above)\s+|(?P<below>less\s+than"
                         r"|under|below)\s+)?", re.IGNORECASE)
#: What a factor is said of: "× the 4.8 ms step", "× the whole step", "× the ideal step".
_TIMES_THE = re.compile(r"\s+(?:the|its|our|a)\s+(?:(?:whole|entire|ideal|full|actual)\s+)?",
                        re.IGNORECASE)


def _right_value(verdict: Verdict) -> Quantity | None:
    """The right value of what a judged figure claims: its own when right, the one it
    should have been when wrong."""
    option = verdict.option
    if option is None or verdict.verdict not in (RIGHT, WRONG):
        return None
    if option.mistake is not None:
        return option.meant_value
    return option.candidate.value


#: Words that round the figure just said: "about 295, call it three hundred".
_CALL_IT = re.compile(r"\s*,?\s*(?:call\s+it|so\s+call\s+it|or\s+roughly|say|round(?:ed)?\s+"
                      r"(?:up\s+|off\s+)?to)\s+(?:about\s+|roughly\s+)?$", re.IGNORECASE)
#: How far a rounding may move the figure it rounds.
_ROUNDED = 0.1


def _rounded_again(text: str, found: list[Figure], verdicts: list[Verdict]) -> list[Verdict]:
    """A figure that only rounds the right one just before it ("around batch 295, call it
    three hundred") is that figure said again, right as it was, where nothing else of the
    card is near it."""
    out = list(verdicts)
    for index in range(1, len(found)):
        before, figure = found[index - 1], found[index]
        first, then = number_written(before.text), number_written(figure.text)
        if (out[index].verdict == UNKNOWN and out[index - 1].verdict == RIGHT
                and _CALL_IT.fullmatch(text, before.end, figure.start) is not None
                and first is not None and then is not None and first > 0
                and relative_off(then, first) <= _ROUNDED):
            out[index] = Verdict(RIGHT, out[index - 1].option)
    return out


def _same_quantity(step: judging.Option, option: judging.Option) -> bool:
    """Whether ``option`` is what the slip's step is mistaken for, by name or under
    another of the same value ("usable_gb", the engine's share in GB)."""
    meant = step.meant_value
    return step.meant == option.candidate.name or (
        meant is not None and meant.dim == option.candidate.value.dim
        and relative_off(meant.value, option.candidate.value.value) < 1e-6)


#: A size word said of decimal and binary units alike.
_LOOSE_SIZE = re.compile(r"\b(?:gigs?|megs?|gig|teras?)\b", re.IGNORECASE)


def _said_again(figures: tuple[FigureCheck, ...]) -> tuple[FigureCheck, ...]:
    """Each wrong figure said again as before ("eight gigs of weights ... eight gigs over
    3.35 TB/s"), marked as the same slip: an interviewer counts it once."""
    seen: list[tuple[str, str | None, Quantity | None]] = []
    marked = []
    for figure in figures:
        said = " ".join(figure.text.casefold().split())
        right = _expected_value(figure.expected)
        # The same slip whatever it was named against, where the right figures agree: the
        # model's 16.1 GB of weights and the card's 16 GB.
        again = any(text == said and (name == figure.name or (
            right is not None and other is not None and right.dim == other.dim
            and relative_off(right.value, other.value) <= _SAME_RIGHT))
            for text, name, other in seen)
        if figure.verdict == WRONG and again:
            figure = dataclasses.replace(figure, verdict=AGAIN,
                                         mistake="said again: the same slip as before")
        elif figure.verdict == WRONG:
            seen.append((said, figure.name, right))
        marked.append(figure)
    return tuple(marked)


#: How near two right figures must be for a slip said against each to be one slip.
_SAME_RIGHT = 0.05


def _expected_value(expected: str | None) -> Quantity | None:
    """The right figure a check shows, read back (drill writes it), or None."""
    if expected is None:
        return None
    try:
        return read(expected.replace("×", "").strip()).value
    except (ParseError, QuantityError, ValueError):
        return None


def _results_of_failing(figures: tuple[FigureCheck, ...], found: list[Any],
                        checked: list[EquationCheck]) -> tuple[FigureCheck, ...]:
    """A figure that is the last side of a worked equation that fails is wrong, whatever
    it is near: '1 ÷ 0.8 = 1.5×' does not make 1.5× right by being close to another
    result of the card."""
    failing = {e.start: e for e in checked if e.verdict == WRONG}
    ends = [(eq.sides[-1].start, eq.sides[-1].end, failing[eq.start]) for eq in found
            if eq.start in failing]
    marked = []
    for figure in figures:
        hit = next((e for start, end, e in ends if start <= figure.start < end), None)
        if hit is not None and figure.verdict == RIGHT:
            figure = FigureCheck(figure.start, figure.end, figure.text, WRONG, None, None,
                                 f"the working does not give it: {hit.message}")
        marked.append(figure)
    return tuple(marked)


def worked_card(card: Card, variant: str | None = None) -> tuple[Card, Solution | None]:
    """The card as ``variant`` shows it (None: the base) and its solved numbers, from the
    solved-card cache when they are there. Raises VariantError or SolveError."""
    from drill.solving.cache import solve_cached
    from drill.solving.variants import work_out

    if variant is not None:
        worked = work_out(card, variant, cached=True)
        if worked.solution is not None or not card.computes:
            return worked.card, worked.solution
        card = worked.card
    return card, solve_cached(card) if card.computes else None


def worked_parent(card: Card, find: Callable[[str], Card | None]
                  ) -> tuple[Card, Solution | None] | None:
    """The card a follow-up with no solver of its own continues, worked out (its scenario
    is the follow-up's too); None when there is none or it cannot be worked out."""
    if card.parent is None or card.computes:
        return None
    parent = find(f"{card.pack}/{card.parent}")
    if parent is None:
        return None
    from drill.solving.solve import SolveError
    from drill.solving.variants import VariantError

    try:
        return worked_card(parent, card.variant if parent.variant_named(card.variant or "")
                           else None)
    except (SolveError, VariantError):
        return None


def explain(card: Card, solution: Solution | None, text: str,
            parent: tuple[Card, Solution | None] | None = None) -> Explanation:
    """Check ``text``, a learner's explanation of ``card`` (with ``solution`` its solved
    numbers, None for a card with no solver; ``parent``: the card a follow-up with no
    solver continues, with its numbers, whose givens and results it talks about)."""
    why_not = refusal(text)
    if why_not is not None:
        return Explanation(card.shown_key, text, points=check_points(card.points, "", set()),
                           refused=why_not)
    plain = cleaned(text)
    # Spoken numbers ("four point eight milliseconds") are read in their written form;
    # every position found in the rewrite is taken back to what the learner wrote.
    rewrite = as_written(plain)
    reading = rewrite.text
    tolerance = card_tolerance(card)
    names = catalog_names()
    found = read_figures(reading, plain, rewrite, names)
    too_many = too_many_figures(len(found))
    if too_many is not None:
        return Explanation(card.shown_key, text, points=check_points(card.points, "", set()),
                           refused=too_many)
    right, mistaken = _candidates(card, solution)
    formulas = {name: r.formula for name, r in solution.results.items()} if solution else {}
    if solution is None and parent is not None:
        above, _ = _candidates(*parent)
        have = {c.name for c in right}
        right += [c for c in above if c.name not in have]
        if parent[1] is not None:
            formulas = {name: r.formula for name, r in parent[1].results.items()}
    written = {**card.shared_formulas, **card.formulas}
    right += _steps(solution, right, written)
    right += _million_tokens_take(right) + _binary_units(reading)
    if solution is not None and mistaken:
        formulas_read = _formulas_read(solution, written)
        mistaken += [step for c, m, _ in list(mistaken)
                     for step in _slip_steps(c.name, m, solution, right, formulas_read)]
    named = _named_facts(reading, names, right)
    right += named + _against_givens(named, right)
    problems = check_prose(reading, tolerance)
    open_starts = {item.figure.start: item for item in
                   unaccounted(reading, [(0, len(reading))], [*right, *_quoted(card)], names,
                               problems)}
    options, mistakes = options_of(card, right, mistaken, tolerance, formulas)
    worked, failing = _worked_sides(reading, problems)
    verdicts = [judge(reading, figure,
                      (figure.start not in open_starts or _inside(figure, worked))
                      and not _inside(figure, failing),
                      options, mistakes, _bounds(found, index, len(reading)))
                for index, figure in enumerate(found)]
    verdicts = settle(reading, found, verdicts, tolerance, options)
    verdicts = mixed_scales(reading, found, verdicts, options)
    verdicts = alike_figures(reading, found, verdicts, options)
    verdicts = [_digits_said(figure, verdict, rewrite, plain, options)
                for figure, verdict in zip(found, verdicts, strict=True)]
    verdicts = what_ifs(reading, found, verdicts, solution, tolerance,
                        frozenset(m.candidate.name for m in mistakes))
    verdicts = other_cases(reading, found, verdicts, options, solution)
    verdicts = [_named_by_product(reading, found, index, verdict, options)
                for index, verdict in enumerate(verdicts)]
    verdicts = _carried_as_said(found, verdicts, mistakes,
                                [plain[slice(*rewrite.span(f.start, f.end))] for f in found])
    verdicts = _rounded_again(reading, found, verdicts)
    verdicts = _same_again(reading, found, verdicts)
    verdicts = [_ratio_to(reading, found, index, verdicts, options)
                for index in range(len(found))]
    verdicts = [_share_of(reading, found, index, verdicts, options)
                for index in range(len(found))]
    # What the right figures say, as said: "1x" judged right loosely is no statement of 1.18×.
    # Each as the reading it was judged by: "36.4 gigs" of 36.4 GB is not also 39 GB.
    stated = [Stated(Quantity(r.value, v.option.candidate.value.dim), figure.precision,
                     v.option.candidate, figure.start)
              for figure, v in zip(found, verdicts, strict=True)
              if v.verdict == RIGHT and v.option is not None
              for r in _judged_reading(figure, v.option.candidate.value)]
    slipped = misworked(reading, found, tolerance)
    for index, figure in enumerate(found):
        odds = None if index in slipped else percentile_odds(reading, figure)
        if odds is not None and holds_roughly(figure.value.value, odds):
            verdicts[index] = Verdict(RIGHT)  # "the P99, the slowest one in a hundred"
        elif odds is not None:
            slipped[index] = odds, True
    wholes = [(o.vocab, o.candidate.value) for o in options if o.candidate.kind == "given"]
    for index in range(1, len(found)):
        share = None if index in slipped else share_of(reading, found, index, wholes)
        if share is not None:
            slipped[index] = share, False
        speedup = None if index in slipped else speedup_of(reading, found, index)
        if speedup is not None:
            # Held to it even where it is loosely another figure of the card, when the
            # share it is worked from is right: "0.85 of the time, about 1.5x faster".
            slipped[index] = speedup, verdicts[index - 1].verdict == RIGHT
    case = Case(reading, frozenset(ask.value for ask in card.asks),
                _givens_said(found, verdicts, options))
    figures = tuple(_misworked(figure, slipped[index][0], right, tolerance)
                    if index in slipped and _by_working(verdict, slipped[index][1])
                    else _check(figure, verdict, solution, tolerance,
                                [] if _CHANGED_TO.search(reading, 0, figure.start)
                                or (index and _restated_as(reading, found[index - 1],
                                                           figure))
                                else stated, case)
                    for index, (figure, verdict) in enumerate(zip(found, verdicts, strict=True))
                    if verdict.verdict is not None or index in slipped)
    equations = []
    for equation in find_equations(reading):
        if sum(side.numeric for side in equation.sides) < 2:
            continue
        end = equation.sides[-1].end
        errors = [p for p in problems if equation.start <= p.offset <= end
                  and p.severity == "error"]
        equations.append(EquationCheck(
            equation.start, end, reading[equation.start:end], WRONG if errors else RIGHT,
            errors[0].message if errors else None))
    figures = _said_again(_results_of_failing(figures, find_equations(reading), equations))
    right_names = {f.name for f in figures if f.verdict == RIGHT and f.name}
    wrong_names = frozenset(f.name for f in figures if f.verdict == WRONG and f.name)
    wrong_at = [rewrite.span(f.start, f.end)[0] for f in figures if f.verdict == WRONG]
    points = check_points(card.points, plain, right_names, wrong_names, wrong_at)
    return Explanation(card.shown_key, text, tuple(_back(f, rewrite, plain) for f in figures),
                       tuple(_back_equation(e, rewrite, plain) for e in equations), points)


#: Number words that say a place, so the words are not digits said in groups.
_SCALED = frozenset({"point", "hundred", "and", *SCALES})


def _digits_said(figure: Figure, verdict: Verdict, rewrite: Rewrite, plain: str,
                 options: list[judging.Option]) -> Verdict:
    """A number said in words with a figure's digits and no point ("seventy-nine sixty-five
    GiB" for 79.65 GiB) is that figure: only the point was not said. So is a price said
    without its dollars ("two fifty an hour" for $2.50/h), when the card has no figure
    those words say in full."""
    if verdict.verdict not in (WRONG, UNKNOWN) or (
            verdict.option is not None and verdict.option.mistake is not None):
        return verdict
    start, end = rewrite.span(figure.start, figure.end)
    said = judging.NUMBER.match(figure.text)
    words = plain[start:end].casefold().split()
    if (any(c.isdigit() for c in plain[start:end]) or said is None
            or any(w in _SCALED for w in words)
            or sum(w.split("-")[0] in ONES or w.split("-")[0] in TENS for w in words) < 2):
        return verdict  # "twelve milliseconds" for 1.2 ms is a slip, not digits said
    digits = re.sub(r"[^0-9]", "", said.group()).strip("0")
    kinds = {dims.without_counts(r.dim) for r in figure.readings}
    money = {dims.multiply(kind, dims.dim(currency=1)) for kind in kinds}
    for option in [verdict.option, *options]:
        if option is None or option.mistake is not None:
            continue
        shown = judging.NUMBER.search(option.candidate.shown)
        kind = dims.without_counts(option.candidate.value.dim)
        if (shown is not None and "." in shown.group()
                and re.sub(r"[^0-9]", "", shown.group()).strip("0") == digits
                and (kind in kinds or kind in money)):
            return Verdict(RIGHT, option, verdict.clue)
    return verdict


def _worked_sides(text: str, problems: list[Any]
                  ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The last sides of the worked equations that hold (what they give is derived) and
    of those that do not (what they give is judged on its own)."""
    holding: list[tuple[int, int]] = []
    failing: list[tuple[int, int]] = []
    for equation in find_equations(text):
        end = equation.sides[-1].end
        if sum(side.numeric for side in equation.sides) < 2:
            continue
        wrong = any(equation.start <= p.offset <= end and p.severity == "error"
                    for p in problems)
        (failing if wrong else holding).append((equation.sides[-1].start, end))
    return holding, failing


def _inside(figure: Figure, spans: list[tuple[int, int]]) -> bool:
    return any(start <= figure.start < end for start, end in spans)


def _bounds(found: list[Figure], index: int, length: int) -> tuple[int, int]:
    """Where the figures before and after ``found[index]`` end and start."""
    low = found[index - 1].end if index else 0
    high = found[index + 1].start if index + 1 < len(found) else length
    return low, high


def _back(figure: FigureCheck, rewrite: Rewrite, plain: str) -> FigureCheck:
    start, end = rewrite.span(figure.start, figure.end)
    return dataclasses.replace(figure, start=start, end=end, text=plain[start:end])


def _back_equation(equation: EquationCheck, rewrite: Rewrite, plain: str) -> EquationCheck:
    start, end = rewrite.span(equation.start, equation.end)
    return dataclasses.replace(equation, start=start, end=end, text=plain[start:end])


def _candidates(card: Card, solution: Solution | None
                ) -> tuple[list[Candidate], list[tuple[Candidate, Mistake, str]]]:
    """The card's right candidates, and its mistakes' values with the mistake and the
    name of the result they are mistaken for. A result that only computes a mistake is
    not a right figure; one that an ask asks for is, whatever mistake it also makes."""
    shown = card.variant_named(card.variant) if card.variant else None
    # A variant's facts are its own GPU's and model's, where it names them.
    facts = catalog_candidates((shown and shown.gpu) or card.gpu,
                               (shown and shown.model) or card.model)
    if solution is None:
        # A card with no solver still has the givens its scenario states.
        givens = {}
        for name, written in card.givens.items():
            with contextlib.suppress(ParseError):
                givens[name] = read(str(written)).value
        return candidates_of(givens, {n: str(w) for n, w in card.givens.items()}, [],
                             facts), []
    asked = {ask.value for ask in card.asks}
    wrong_for: list[tuple[str, Mistake, str]] = []
    for ask in card.asks:
        for mistake in ask.mistakes:
            if mistake.value is not None and mistake.value in solution.results:
                wrong_for.append((mistake.value, mistake, ask.value))
    pointed = {name for point in card.points for name in point.figures}
    only_wrong = {name for name, _, _ in wrong_for} - asked - pointed
    results = [(n, r.value, r.shown) for n, r in solution.results.items()
               if n not in only_wrong]
    right = candidates_of(dict(solution.given_values), solution.givens, results, facts)
    mistaken = [(Candidate(n, _as_meant(solution.results[n].value,
                                        solution.results[meant].value),
                           solution.results[n].shown, "mistake"), m, meant)
                for n, m, meant in wrong_for]
    return right, mistaken


def _known_values(solution: Solution) -> dict[str, Quantity]:
    """Every given and result of the solved card, by name."""
    return {**solution.given_values, **{n: r.value for n, r in solution.results.items()}}


def _formulas_read(solution: Solution, written: dict[str, str]) -> dict[str, Formula]:
    """Each result's formula, read once: as the card writes it, else as it was worked."""
    values = _known_values(solution)
    found: dict[str, Formula] = {}
    for name, result in solution.results.items():
        with contextlib.suppress(ParseError):
            found[name] = read_formula(written.get(name) or result.formula, values)
    return found


def _slip_steps(name: str, mistake: Mistake, solution: Solution, right: list[Candidate],
                formulas: dict[str, Formula]) -> list[tuple[Candidate, Mistake, str]]:
    """The steps of a slip's formula that the right working has no figure for (``right``,
    its steps included), each as the slip, mistaken for the right step of its shape:
    "79.65 GiB − 16 GB", 69.5 GB, is the engine's share left out, said of the 61 GB left
    for the cache. A step of one given alone ("79.65 GiB as GB") is a reading of that
    given, not a slip."""
    if name not in formulas:
        return []
    values = _known_values(solution)
    have = [c.value for c in right]
    found: list[tuple[Candidate, Mistake, str]] = []
    for node in formulas[name].tree.walk():
        if (node is formulas[name].tree or not isinstance(node, BinOp)
                or len(_names_in(node)) < 2):
            continue
        with contextlib.suppress(QuantityError, ZeroDivisionError, OverflowError):
            value = evaluate_formula(Formula(formulas[name].text, node, {}), values)
            if value.value <= 0 or (value.dim == dims.DIMENSIONLESS
                                    and value.value < _COUNTED_STEP) or any(
                    q.dim == value.dim and relative_off(q.value, value.value) < 1e-6
                    for q in have):
                continue  # a step the right working says too ("2,000 × 128 KiB")
            meant = _shaped_alike(node, value, formulas, solution)
            if meant is not None:
                found.append((Candidate(node.echo(), value, format_quantity(value),
                                        SLIP_STEP), mistake, meant))
    return found


#: The least a slip's step of no unit must come to, to be a count of things (parameters,
#: tokens) rather than a share or a ratio, of which too many wrong ones would equal one.
_COUNTED_STEP = 1000.0


def _names_in(node: Node) -> set[str]:
    """The names of the card's givens and results a formula's node uses."""
    return {n.name for n in node.walk() if isinstance(n, Name)}


def _shaped_alike(node: BinOp, value: Quantity, formulas: dict[str, Formula],
                  solution: Solution) -> str | None:
    """The right result a slip's step stands for: of its kind, made by the same operation
    on a name they share ("memory − weights" for "usable − weights")."""
    names = _names_in(node)
    alike = {n: len(names & _names_in(formula.tree)) for n, formula in formulas.items()
             if isinstance(formula.tree, BinOp) and formula.tree.op == node.op
             and solution.results[n].value.dim == value.dim
             and names & _names_in(formula.tree)
             and relative_off(solution.results[n].value.value, value.value) > 1e-6}
    # The one sharing the most names: "2 × hidden × intermediate" is the MLP's
    # "3 × hidden × intermediate", not the "4 × hidden²" of another slip.
    most = max(alike.values(), default=0)
    closest = [n for n, shared in alike.items() if shared == most]
    return closest[0] if len(closest) == 1 else None


def _as_meant(value: Quantity, meant: Quantity) -> Quantity:
    """A slip's value in the kind of the quantity it is mistaken for: the rate over the
    time is requests per second squared, but "8 requests" is how the slip is said."""
    return value if value.dim == meant.dim else Quantity(value.value, meant.dim)


def _steps(solution: Solution | None, right: list[Candidate],
           written: dict[str, str] | None = None) -> list[Candidate]:
    """The steps of the right results' formulas (``written``: the card's own, by result)
    that have units ("surge_rate − capacity" is the 9 requests/s that pile up, "max_len −
    seq_len" the 7,192 tokens a reservation wastes): said on the way to a result, each is
    right. A result computed only for a mistake gives none: its steps are the slip's. Pure
    numbers (shares, "1 − p") give none either, as too many wrong shares would equal one,
    but for a whole grown by a part."""
    if solution is None:
        return []
    values = _known_values(solution)
    have = {(c.value.dim, round(c.value.value, 9)) for c in right}
    found: list[Candidate] = []
    # The steps of the worked formula and of the card's own, as its author wrote it
    # ("ring_factor × message": the bytes each GPU sends, which the worked one folds in).
    # A whole grown by a part is the author's own step only: the worked formula regroups
    # terms into sums no one says ("1 + 0.3 ÷ 3" of a 0.7 + 0.1 step).
    texts = [(text, own) for name in [c.name for c in right if c.kind == "result"]
             for text, own in ((solution.results[name].formula, False),
                               ((written or {}).get(name), True))
             if text]
    for formula_text, own in texts:
        try:
            formula = read_formula(formula_text, values)
        except ParseError:
            continue
        for node in formula.tree.walk():
            if node is formula.tree or not isinstance(node, BinOp):
                continue
            with contextlib.suppress(QuantityError, ZeroDivisionError, OverflowError):
                value = evaluate_formula(Formula(formula_text, node, {}), values)
                key = (value.dim, round(value.value, 9))
                if (value.dim != dims.DIMENSIONLESS or (own and _grown(node, value))) and (
                        value.value > 0 and key not in have):
                    have.add(key)
                    found.append(Candidate(node.echo(), value, format_quantity(value),
                                           "conversion"))
    return found


#: Binary sizes against decimal ones, each as a ratio and as how much bigger it is.
_BINARY = {"KiB": 2**10 / 1e3, "MiB": 2**20 / 1e6, "GiB": 2**30 / 1e9, "TiB": 2**40 / 1e12}
_SAYS_BINARY = re.compile(r"\b(?:[KMGT]iB|[kmgt]ibibytes?)\b", re.IGNORECASE)


def _binary_units(text: str) -> list[Candidate]:
    """How a binary size stands to its decimal namesake, where the answer speaks of
    binary sizes: "a GiB is about 7% bigger than a GB", "1.074 GB to the GiB"."""
    said = {m.group()[0].upper() for m in _SAYS_BINARY.finditer(text)}
    found = []
    for unit, ratio in _BINARY.items():
        if unit[0] not in said:
            continue  # only the sizes said: "128 KiB" says nothing of a TiB
        found.append(Candidate(f"{unit} ÷ {unit.replace('i', '')}", Quantity(ratio),
                               f"{ratio:.3g}×", "conversion"))
        found.append(Candidate(f"{unit} ÷ {unit.replace('i', '')} − 1", Quantity(ratio - 1),
                               f"{ratio - 1:.1%}", "conversion"))
        # One of the unit itself, in either: "one GiB is 1.074 GB".
        one = read(f"1 {unit}").value
        found.append(Candidate(f"1 {unit}", one, format_quantity(one), "conversion"))
    return found


def _million_tokens_take(right: list[Candidate]) -> list[Candidate]:
    """How long a million tokens take at each of the card's token rates: "at 30,800 tokens
    a second, a million prompt tokens take about 32 seconds" restates the rate."""
    have = {(c.value.dim, round(c.value.value, 9)) for c in right}
    found = []
    for rate in right:
        if (rate.kind in ("given", "result") and rate.value.value > 0
                and dims.exponents(rate.value.dim) == {"token": 1, "time": -1}):
            took = Quantity(1e6 / rate.value.value, dims.dim(time=1))
            if (took.dim, round(took.value, 9)) not in have:
                found.append(Candidate(f"10⁶ tokens ÷ {rate.name}", took,
                                       format_quantity(took), "conversion"))
    return found


def _grown(node: BinOp, value: Quantity) -> bool:
    """Whether a pure number is one whole grown by a part ("1 + k × draft_cost": a round
    costs 1.2 target steps), which no share could equal by chance. A sum of parts alone
    is not ("α + α² + α³ + α⁴" leaves out the target's own token)."""
    return node.op == "+" and value.value > 1 and any(
        isinstance(side, Number) and side.value == 1 for side in (node.left, node.right))


def _against_givens(named: list[Candidate], known: list[Candidate]) -> list[Candidate]:
    """How a named GPU's or model's fact stands to the card's given of its kind: "a B200
    at 8 TB/s would make each step about 2.4× faster" than the card's 3.35 TB/s."""
    return [Candidate(f"{fact.name} ÷ {given.name}",
                      Quantity(fact.value.value / given.value.value, dims.DIMENSIONLESS),
                      f"{fact.value.value / given.value.value:.3g}×", "conversion")
            for fact in named for given in known
            if given.kind == "given" and given.value.dim == fact.value.dim
            and given.value.value > 0 and fact.value.value > given.value.value]


def _named_facts(text: str, names: tuple[str, ...], known: list[Candidate]
                 ) -> list[Candidate]:
    """The catalog facts of a GPU or model the explanation names that the card does not
    ("the H100 does 989 TFLOPS" on a card that names no GPU)."""
    have = {c.name for c in known}
    found: list[Candidate] = []
    for name in names:
        if not re.search(r"(?<![\w.])" + re.escape(name) + r"s?(?![\w])", text, re.IGNORECASE):
            continue
        for fact in (*catalog_candidates(name, None), *catalog_candidates(None, name)):
            if fact.name not in have:
                have.add(fact.name)
                found.append(fact)
    return found


def _quoted(card: Card) -> list[Candidate]:
    """The figures the card's own templates mark as free ("{200 tokens/s|source}")."""
    found: list[Candidate] = []
    for template in card.templates.values():
        try:
            pieces = parse_template(template)
        except TemplateError:
            continue
        for free in free_figures(pieces):
            with contextlib.suppress(ParseError):
                found.append(Candidate(f"the card's {free.figure}", read(free.figure).value,
                                       free.figure, "free"))
    return found


class Stated(NamedTuple):
    """A right figure of the text, as said: its value, precision, what it was judged as
    and where it starts."""

    value: Quantity
    precision: float
    candidate: Candidate
    start: int


def _check(figure: Figure, verdict: Verdict, solution: Solution | None, tolerance: float,
           stated: list[Stated], case: Case) -> FigureCheck:
    """The figure's check, with the right figure and its working when it is wrong."""
    where = (figure.start, figure.end, figure.text)
    option = verdict.option
    if verdict.verdict == RIGHT:
        return FigureCheck(*where, RIGHT, option.candidate.name if option else None)
    if verdict.verdict != WRONG or option is None:
        return FigureCheck(*where, UNKNOWN)
    other = (None if option.mistake is None or option.meant is None
             else _of_another_case(figure, option.meant, solution, case))
    if other is not None and solution is not None:
        said = judging.reading_in(figure, solution.results[other].value.dim)
        right = solution.results[other].value.value
        if relative_off(said, right) <= max(tolerance, figure.precision):
            return FigureCheck(*where, RIGHT, other)
        return FigureCheck(*where, WRONG, other, _shown(other, solution),
                           f"{_working(other, solution)}; {_slip(said, right, tolerance)}")
    if option.mistake is not None and option.meant is not None:
        if _said(option.meant, solution, stated, option.tolerance, figure.start):
            return FigureCheck(*where, RIGHT, option.candidate.name, None,
                               f"the '{option.mistake.id}' mistake, set against the right "
                               "figure")
        why = _first_sentence(option.mistake.message)
        return FigureCheck(*where, WRONG, option.meant, _shown(option.meant, solution),
                           f"that is the '{option.mistake.id}' mistake: {why} "
                           f"{_working(option.meant, solution)}".strip())
    meant = option.candidate
    slip = verdict.why or _slip(judging.reading_in(figure, meant.value.dim), meant.value.value,
                                tolerance)
    shown = meant.shown
    if not re.match(r"[$0-9]", shown):  # a given written as a formula: "params × 2 B"
        with contextlib.suppress(ValueError):
            shown = format_quantity(meant.value)
    working = _working(meant.name, solution) or f"{meant.name} is {shown}"
    if shown != meant.shown and not _working(meant.name, solution).endswith(shown):
        working = f"{meant.name} is {meant.shown} = {shown}"
    return FigureCheck(*where, WRONG, meant.name, shown, f"{working}; {slip}")


class Case(NamedTuple):
    """What a slip's case is read from: the text, the results the card asks for, and
    where the text says each given (start, end, name)."""

    text: str
    asked: frozenset[str]
    givens: tuple[tuple[int, int, str], ...] = ()


def _givens_said(found: list[Figure], verdicts: list[Verdict], options: list[Option]
                 ) -> tuple[tuple[int, int, str], ...]:
    """Where each given is said: judged so, or its number said right as an operand
    ("Batched, 4,300 times 3,600" says the batched rate)."""
    numbers = {number_written(o.candidate.shown): o.candidate.name for o in options
               if o.candidate.kind == "given" and o.mistake is None}
    said = []
    for figure, verdict in zip(found, verdicts, strict=True):
        option = verdict.option
        if verdict.verdict == RIGHT and option is not None and option.candidate.kind == "given":
            said.append((figure.start, figure.end, option.candidate.name))
        elif verdict.verdict in (RIGHT, None) and option is None and figure.bare:
            name = numbers.get(number_written(figure.text))
            if name is not None:
                said.append((figure.start, figure.end, name))
    return tuple(said)


def _of_another_case(figure: Figure, meant: str, solution: Solution | None, case: Case
                     ) -> str | None:
    """The result of ``meant``'s kind that the figure's sentence names by its givens, where
    a declared mistake about ``meant`` only equals it: "one user is $4.17 a million; with
    64 users at 4,300 tokens a second … about two dollars a million" is the batched cost
    said 10× high, whatever slip of the single user's cost $2 also is. Only givens said
    right before it in its sentence, which ``meant`` does not use, name the case."""
    if solution is None or meant not in solution.results:
        return None
    uses = solution.results[meant].sides
    since = sentence_start(case.text, figure.start)
    until = sentence_end(case.text, figure.end)
    givens = sorted((start, name, max(figure.start - end, start - figure.end))
                    for start, end, name in case.givens
                    if since <= start < until and start != figure.start)
    # A given of ``meant`` said nearer names its case again: "at batch one that's 1 FLOP a
    # byte, at batch 64 about 124", "1 FLOP a byte at batch one and 124 at batch 64".
    nearest = min(givens, default=None, key=lambda given: given[2])
    if nearest is None or nearest[1] in uses:
        return None
    own = max((at for at, name, _ in givens if name in uses and at < figure.start),
              default=-1)
    said = {name for at, name, _ in givens if own < at < figure.start}
    dim = solution.results[meant].value.dim
    value = judging.reading_in(figure, dim)
    apart = {name: log_apart(value, result.value.value)
             for name, result in solution.results.items()
             if name != meant and name in case.asked and result.value.dim == dim
             and said & set(result.sides)}
    near = [name for name, off in apart.items() if off <= math.log(_UNIT_SLIP)]
    return min(near, default=None, key=apart.__getitem__)


#: The most a figure said of another case may be off from that case's result: a unit
#: slip of a thousand, not the 40.6 billion parameters said beside a ratio of 3.27.
_UNIT_SLIP = 2000.0


def _said(name: str, solution: Solution | None, stated: list[Stated], tolerance: float,
          at: int) -> bool:
    """Whether the right value of ``name`` is stated by a right figure of the text, under
    whatever name it matched ("16.1 GB" of weights is also the per-GPU state), against the
    slip said at ``at``. Another result that only equals it, said before the slip, is no
    correction: "compute takes 9.35 ms; add the weight read and the step is 14 ms"."""
    if solution is None or name not in solution.results:
        return False
    value = solution.results[name].value
    # To its own digits: a head size of 128 said right is no batch of 130 said too.
    return any(s.value.dim == value.dim
               and relative_off(s.value.value, value.value) <= min(tolerance, max(
                   s.precision, _SAID_SAME))
               and (s.start > at or s.candidate.name == name
                    or s.candidate.kind != "result" or s.candidate.name not in solution.results)
               for s in stated)


#: How near a right figure said to its last digit must be to state a quantity.
_SAID_SAME = 0.005


def _closest(figure: Figure, candidates: list[Candidate], tolerance: float
             ) -> Candidate | None:
    """The candidate ``figure`` states, within the card's tolerance or the precision it is
    written with (whichever is looser), in the candidate's kind; None if none."""
    best: tuple[float, Candidate] | None = None
    slack = max(tolerance, figure.precision) * (1 + 1e-9)
    for reading in figure.readings:
        kind = dims.without_counts(reading.dim)
        for candidate in candidates:
            if dims.without_counts(candidate.value.dim) != kind:
                continue
            if kind == dims.DIMENSIONLESS and figure.bare and _trivial(reading.value):
                continue  # a bare 2 or 10 is not a claim about a ratio of the card
            off = relative_off(reading.value, candidate.value.value)
            # A given or result beats a conversion of one ("low_time_factor − 1") it ties.
            rank = off + (0.0 if candidate.kind in ("given", "result") else 1e-9)
            if off <= slack and (best is None or rank < best[0]):
                best = (rank, candidate)
    return best[1] if best else None


def _trivial(value: float) -> bool:
    return value == int(value) and 0 < value <= 12


def _slip(value: float, reference: float, tolerance: float) -> str:
    if value > 0 and reference > 0:
        power = power_of_ten(value / reference, tolerance)
        if power:
            return f"off by {10 ** abs(power):,}× ({'too big' if power > 0 else 'too small'})"
    off = relative_off(value, reference)
    if 0.9 < reference < 1 and 0 < value < 1 and off < 0.005:
        # A high quantile is told by its tail: P99.5 against P99.9 is no "0% low".
        return f"a tail of {(1 - value) * 100:.2g}% where {(1 - reference) * 100:.2g}% is right"
    return f"{off:.0%} {'high' if value > reference else 'low'}" if math.isfinite(off) else (
        "far off")


#: The longest working a message shows, in characters.
_LONGEST_WORKING = 240


def _working(name: str, solution: Solution | None) -> str:
    """"the decode_floor is 16 GB ÷ 3.35 TB/s ≈ 4.78 ms" from the solver's working."""
    if solution is None:
        return ""
    if name in solution.results:
        result = solution.results[name]
        working = result.working
        # "weights ÷ bandwidth = 16 GB ÷ 3.35 TB/s = 4.78 ms": the numbers are what helps.
        parts = [p.strip() for p in working.split(" = ")] if working else []
        numbers = " ≈ ".join(parts[1:]) if len(parts) > 2 else result.shown
        # A solver's working can run to pages (a search over draft lengths); past a line
        # or two it no longer helps a learner, the value does.
        return f"{name} is {numbers if len(numbers) <= _LONGEST_WORKING else result.shown}"
    if name in solution.givens:
        return f"{name} is {solution.givens[name]}"
    return ""


def _shown(name: str, solution: Solution | None) -> str | None:
    if solution is None or name not in solution.results:
        return None
    return solution.results[name].shown


def _first_sentence(message: str) -> str:
    text = " ".join(message.split())
    head, dot, _ = text.partition(". ")
    return head + "." if dot else text


def as_data(explanation: Explanation) -> dict[str, Any]:
    """The explanation as JSON-ready data (``drill explain --json``)."""
    return {
        "card": explanation.card_key,
        "all_right": explanation.all_right,
        "refused": explanation.refused,
        "notes": explanation.notes(),
        "figures": [
            {"text": f.text, "start": f.start, "end": f.end, "verdict": f.verdict,
             "name": f.name, "expected": f.expected, "mistake": f.mistake}
            for f in explanation.figures],
        "equations": [
            {"text": e.text, "start": e.start, "end": e.end, "verdict": e.verdict,
             "message": e.message} for e in explanation.equations],
        "points": [
            {"text": p.text, "covered": p.covered, "matched": list(p.matched)}
            for p in explanation.points],
    }
