"""What the verdicts of an explanation's figures come to once the figures around them are
heard: the speaker's own working, a practical figure after its bound, a range, a bound,
sizes taken from one another in two units, and figures said alike.

Each pass takes the verdicts :func:`drill.explaining.judging.judge` gave one figure at a
time and the figures in order, and gives the verdicts the answer as a whole supports.
"""

from __future__ import annotations

import math
import re

from drill.checking.figures import Figure
from drill.checking.tolerance import log_apart, relative_off
from drill.explaining.judging import HALVED, RIGHT, UNKNOWN, WRONG, Option, Verdict, flops_halved
from drill.explaining.meaning import sentence_start
from drill.explaining.readings import TOTAL_AFTER, number_written
from drill.explaining.working import rescaled, run_before, significance, small_whole, worked_out
from drill.quantities import dimensions as dims
from drill.quantities.expression_slips import power_of_ten
from drill.quantities.quantity import Quantity
from drill.quantities.units import unit_quantity


def settle(text: str, found: list[Figure], verdicts: list[Verdict],
           tolerance: float, options: list[Option]) -> list[Verdict]:
    """The verdicts of ``found`` in ``text``, with the answer around each figure heard
    (``options``: the card's right quantities)."""
    verdicts = _own_working(text, found, verdicts, tolerance, options)
    verdicts = _estimates_after_the_bound(text, found, verdicts)
    verdicts = _ranges(text, found, verdicts)
    verdicts = _parts_of_a_sum(text, found, verdicts, tolerance)
    return _bounds_met(text, found, verdicts)


#: Between two parts of a sum: "about 7 cents, plus 300 thousand output, about 8 cents".
_PLUS = re.compile(r"\b(?:plus|and)\b|\+", re.IGNORECASE)


def _parts_of_a_sum(text: str, found: list[Figure], verdicts: list[Verdict],
                    tolerance: float) -> list[Verdict]:
    """Two figures added up aloud to a right figure after them, in one sentence ("about 7
    cents, plus ... about 8 cents, so about 15 cents"), are its parts, whatever else of
    the card they are near."""
    out = list(verdicts)
    for index, (total, verdict) in enumerate(zip(found, verdicts, strict=True)):
        if verdict.verdict != RIGHT or verdict.option is None or total.value.value <= 0:
            continue
        if verdict.option.candidate.kind == "conversion" and TOTAL_AFTER.match(
                text, total.end):
            continue  # "8 cents in total" is no total when 8 cents is one part's step
        start = sentence_start(text, total.start)
        alike = [i for i in range(index) if found[i].start >= start
                 and found[i].value.dim == total.value.dim]
        if len(alike) < 2:
            continue
        a, b = alike[-2], alike[-1]
        if not _PLUS.search(text, found[a].end, found[b].start):
            continue
        parts = found[a].value.value + found[b].value.value
        slack = max(tolerance, significance(total), significance(found[a]),
                    significance(found[b]))
        if relative_off(parts, total.value.value) <= slack:
            for i in (a, b):
                if out[i].verdict in (WRONG, UNKNOWN):
                    out[i] = Verdict(RIGHT)
    return out


def _own_working(text: str, found: list[Figure], verdicts: list[Verdict],
                 tolerance: float, options: list[Option]) -> list[Verdict]:
    """A figure that equals the product or quotient said just before it is the speaker's
    working, right whatever it is near, unless its words claim a result or mistake of
    the card ("32 times 8, 256 picks" is arithmetic; a count of experts touched is not).
    A share scaled by a change ("30%, 3x faster, takes it to 10%") is the new size of what
    was just said, whatever words follow it; only a declared mistake overrules that. A
    slip's value that is also a step of the right working ("128 KiB times a thousand
    tokens, 128 MB": one user's cache) is that step when worked out loud. FLOPs worked to
    half the card's count are one FLOP a weight, however sound the arithmetic."""
    derived = worked_out(text, found, tolerance)
    scaled = rescaled(text, found, tolerance)
    out: list[Verdict] = []
    for index, verdict in enumerate(verdicts):
        if index in derived and verdict.verdict != RIGHT:
            otherwise = _worked_otherwise(text, found, verdicts, index)
            if (not (_claimed(verdict) and (index not in scaled or _declared(verdict))
                     and not verdict.also_right and not otherwise)
                    and not _binary_slip(found[index], verdict)
                    and (otherwise or not _card_numbers_misused(text, found, verdicts, index))
                    and not _carried(text, found, out, index, index in scaled)):
                halved = flops_halved(found[index], options)
                verdict = (Verdict(WRONG, halved, True, why=HALVED) if halved is not None
                           else Verdict(RIGHT))
        out.append(verdict)
    return out


def _carried(text: str, found: list[Figure], before: list[Verdict], index: int,
             scaled: bool) -> bool:
    """Whether the working that gives ``found[index]`` starts from a figure already found
    wrong ("3.4 GB of cache, plus 16 of weights, 19.4, over 3.35 is 5.8 ms"): the
    arithmetic is sound, the figure it gives is as wrong as what it was worked from."""
    operands = [index - 2, index - 1] if scaled else list(run_before(text, found, index))
    wrong = [i for i, verdict in enumerate(before)
             if verdict.verdict == WRONG and verdict.option is not None]
    # A wrong figure said again as an operand is still wrong ("2.29 GB a request, and 2.29
    # GB times 300 is 688 GB").
    return any(i in wrong or any(_same_number(found[i], found[w]) for w in wrong)
               for i in operands)


def _same_number(a: Figure, b: Figure) -> bool:
    """Whether two figures say one number, with its unit or without ("nine milliseconds",
    then "nine over fourteen")."""
    if a.value == b.value:
        return True
    return (a.bare or b.bare) and _number_said(a) is not None and (
        _number_said(a) == _number_said(b))


def _worked_otherwise(text: str, found: list[Figure], verdicts: list[Verdict],
                      index: int) -> bool:
    """Whether ``found[index]``, at a declared mistake's value, is worked from quantities
    of the card that the mistake is not made of ("16 GFLOP over 989 TFLOPS, 16 µs" is the
    compute time, not 16 GB over 989 TFLOPS): the value is a coincidence of the working."""
    option = verdicts[index].option
    if not _declared(verdicts[index]) or option is None or not option.uses:
        return False
    run = run_before(text, found, index)
    named = [said.candidate.name for i in run
             if verdicts[i].verdict == RIGHT and (said := verdicts[i].option) is not None]
    # Only figures said with their units tell one quantity from another of equal size.
    return (bool(run) and len(named) == len(run) and all(found[i].has_unit for i in run)
            and not set(named) <= option.uses)


#: Words that make a clause a what-if: its working is about no quantity of the card.
_WHAT_IF = re.compile(r"\b(?:would|if|suppose|imagine|say)\b", re.IGNORECASE)


def _card_numbers_misused(text: str, found: list[Figure], verdicts: list[Verdict],
                          index: int) -> bool:
    """Whether ``found[index]``, judged wrong, is worked from the card's own numbers
    ("eight billion times 500, four teraflops" is the prefill's FLOPs without their 2):
    a wrong formula over the card's givens gives a wrong figure of the card, however
    right the arithmetic. Working from a number of the speaker's own ("7 ms times 3"), or
    in a what-if, is about something else, and its arithmetic is what counts."""
    if verdicts[index].verdict != WRONG:
        return False
    run = run_before(text, found, index)
    start = found[index].start
    if not run or _WHAT_IF.search(text, sentence_start(text, start), start):
        return False
    named = [verdicts[i].verdict == RIGHT and verdicts[i].option is not None for i in run]
    neutral = [found[i].bare and small_whole(found[i]) for i in run]
    return (any(named) and all(n or s for n, s in zip(named, neutral, strict=True))
            and _of_the_card(found[index], verdicts[index]))


#: How far from a quantity of the card working may land and still be a slip of it, not
#: a quantity of its own ("41.7 GB over 80 KiB is 509 thousand tokens" of cache room).
_SLIP_REACH = 20.0
#: How near a power of ten a figure must be to its quantity to be a unit slipped.
_UNIT_SLIP = 0.05


def _of_the_card(figure: Figure, verdict: Verdict) -> bool:
    """Whether ``figure`` is near enough its judged quantity to be a slip of it: within
    _SLIP_REACH, or its digits a power of ten off (a unit slipped)."""
    option = verdict.option
    if option is None or figure.value.value <= 0 or option.candidate.value.value <= 0:
        return True
    ratio = figure.value.value / option.candidate.value.value
    return 1 / _SLIP_REACH <= ratio <= _SLIP_REACH or power_of_ten(ratio, _UNIT_SLIP) != 0


#: How a binary unit stands to its decimal namesake: KiB, MiB, GiB, TiB.
_BINARY = (1.024, 1.048576, 1.073741824, 1.099511627776)


def _binary_slip(figure: Figure, verdict: Verdict) -> bool:
    """Whether ``figure`` is its quantity's number said in the decimal unit where the
    quantity is in the binary one ("90% of 79.65 GiB, so 71.7 GB"): working that keeps the
    number and drops the "i" is the slip, not the speaker's own arithmetic."""
    if verdict.verdict != WRONG or verdict.option is None or figure.value.value <= 0:
        return False
    ratio = verdict.option.candidate.value.value / figure.value.value
    return any(abs(ratio / factor - 1) < 0.005 for factor in _BINARY)


#: Words that mark a figure as what one sees in practice, next to a bound already worked
#: out: "the ceiling is 209 tokens/s, and realistically you'd see maybe 160".
_ESTIMATE = re.compile(r"\b(?:realistically|in\s+practice|in\s+real\s+life|typically|more\s+like"
                       r"|closer\s+to)\b[^.;!?]{0,30}$", re.IGNORECASE)


def _estimates_after_the_bound(text: str, found: list[Figure], verdicts: list[Verdict]
                               ) -> list[Verdict]:
    """A practical estimate said after the same quantity was said right is no claim of
    it: the bound stands, and what one sees in practice is left unjudged."""
    said_right: set[str] = set()
    out = []
    for figure, verdict in zip(found, verdicts, strict=True):
        name = verdict.option.candidate.name if verdict.option is not None else None
        if (verdict.verdict == WRONG and name in said_right
                and _ESTIMATE.search(text[max(0, figure.start - 60):figure.start])):
            verdict = Verdict(None)
        elif verdict.verdict == RIGHT and name is not None:
            said_right.add(name)
        out.append(verdict)
    return out


def _declared(verdict: Verdict) -> bool:
    return verdict.option is not None and verdict.option.candidate.kind.startswith("mistake")


#: Between the two ends of a range: "70 to 80 percent", "4-5 ms", "between 6 and 7 ms".
_RANGE = re.compile(r"\s*(?:to|–|and)\s*|-")  # "77 - 16 GB" is a difference, not a range
#: Between the ends of a range said in passing: "seventy, eighty percent", "70 or 80%".
_LOOSE_RANGE = re.compile(r",\s*|\s+or\s+")
_BETWEEN = re.compile(r"\bbetween\s*$", re.IGNORECASE)
#: "From 10 to 15 seconds" is a change, the figure before and the figure after, unless its
#: words make it a span ("anywhere from 10 to 15 seconds").
_FROM = re.compile(r"\bfrom\s*$", re.IGNORECASE)
_SPAN_FROM = re.compile(r"\b(?:anywhere|somewhere|rang(?:e|es|ing)|var(?:y|ies|ying))\s+from\s*$",
                        re.IGNORECASE)
#: Words that make a range a plan: "for bursts maybe 1.5 to 2x, call it 100 to 140 gigs".
_GUESSED = re.compile(r"\b(?:call\s+it|plan\s+for|budget|provision|size\s+for)\b[^.;!?]*$",
                      re.IGNORECASE)


def _ranges(text: str, found: list[Figure], verdicts: list[Verdict]) -> list[Verdict]:
    """A range said for a quantity ("somewhere around 70 to 80 percent") is right when
    the quantity lies in it, whatever each end is near on its own; a range of nothing the
    card knows ("real engines get 70 to 80 percent") is general knowledge, and a guessed
    one ("maybe 1.5 to 2x, call it 100 to 140 gigs") a plan, neither a claim."""
    out = list(verdicts)
    for index in range(1, len(found)):
        low, high = found[index - 1], found[index]
        gap = text[low.end:high.start]
        if (low.bare and gap.strip() == "," and high.value.value > 0
                and relative_off(low.value.value, high.value.value) < _SAME):
            # "131,072, 128 KiB": the bare number is the figure after it in plain units.
            out[index - 1] = verdicts[index]
            continue
        loose = low.bare and _LOOSE_RANGE.fullmatch(gap) is not None
        before = text[max(0, low.start - 24):low.start]
        if not (loose or _RANGE.fullmatch(gap)) or (gap.strip() == "and" and not _BETWEEN.search(
                before)) or not _ascending(low, high, loose) or (
                    gap.strip() == "to" and _FROM.search(before) and not _SPAN_FROM.search(before)):
            continue
        if low.bare and verdicts[index].verdict != WRONG:
            # "maybe seventy, eighty percent": the bare end is said in the other's unit.
            out[index - 1] = verdicts[index]
        guessed = _GUESSED.search(text[max(0, low.start - 40):low.start]) is not None
        if guessed or all(v.verdict in (UNKNOWN, None) for v in verdicts[index - 1:index + 1]):
            out[index - 1] = out[index] = Verdict(None)
            continue
        for verdict in (verdicts[index - 1], verdicts[index]):
            option = verdict.option
            if verdict.verdict != WRONG or option is None or option.mistake is not None:
                continue
            if _in_range(low, high, option.candidate.value):
                out[index - 1] = out[index] = Verdict(RIGHT, option, True)
            elif _far_from(low, high, option.candidate.value) and not verdict.clue:
                # "maybe ten or twenty percent for failures": what one budgets or sees,
                # nowhere near the quantity it was matched to; but "13 or 14 steps" lost
                # names the steps it is wrong about.
                out[index - 1] = out[index] = Verdict(None)
    return out


#: How far outside a range a quantity is for the range to be about something else.
_FAR_OUTSIDE = 1.5


def _far_from(low: Figure, high: Figure, value: Quantity) -> bool:
    """Whether ``value`` lies well outside the range from ``low`` to ``high``."""
    return not _in_range(low, high, value, _FAR_OUTSIDE)


#: Words that make a figure a bound: "under half a percent", "at least 40 GB".
_BOUND_BELOW = re.compile(r"\b(?:under|below|(?:less|smaller|lower|fewer)\s+than|at\s+most"
                          r"|no\s+more\s+than)"
                          r"(?:\s+(?:about|around|roughly))?(?:\s+an?|\s+goes|\s+went)?\s*$",
                          re.IGNORECASE)
_BOUND_ABOVE = re.compile(r"\b(?:over|above|(?:more|bigger|larger|greater|higher)\s+than"
                          r"|at\s+least|upwards\s+of)"
                          r"(?:\s+(?:about|around|roughly))?(?:\s+an?|\s+goes|\s+went)?\s*$",
                          re.IGNORECASE)


def _bounds_met(text: str, found: list[Figure], verdicts: list[Verdict]) -> list[Verdict]:
    """A figure said as a bound ("under half a percent") is right when its quantity keeps
    to it: for a declared mistake's value, the quantity it is mistaken for ("it comes out
    above 295", the batch of 345)."""
    out = list(verdicts)
    for index, (figure, verdict) in enumerate(zip(found, verdicts, strict=True)):
        option = verdict.option
        if verdict.verdict != WRONG or option is None:
            continue
        meant = option.candidate.value if option.mistake is None else option.meant_value
        if meant is None:
            continue
        before = text[max(0, figure.start - 24):figure.start]
        value, said = meant.value, figure.value.value
        # "A bit above 295" of a batch of 345 says near it; "a bit over two times" is
        # no 2.5×, and "over 2×" says little of 21.5×.
        loosest = _NEAR if _NEAR_BOUND.search(before) else _LOOSEST
        if not said / loosest <= value <= said * loosest:
            continue
        ceiling = _CEILING.search(text[max(0, figure.start - 40):figure.start])
        if (((_BOUND_BELOW.search(before) or ceiling) and value <= said)
                or (_BOUND_ABOVE.search(before) and value >= said)):
            out[index] = Verdict(RIGHT, option, True)
    return out


#: A ceiling said as what is seldom passed: "you rarely get much past eighty percent".
_CEILING = re.compile(r"\b(?:rarely|seldom|never|hardly|can't|cannot|won't|don't|doesn't)"
                      r"\s+(?:[\w']+\s+){0,3}?(?:past|above|over|beyond|more\s+than|exceed\w*)"
                      r"(?:\s+(?:about|around|roughly))?\s*$", re.IGNORECASE)
#: A bound said as near the figure: "a bit over", "just under".
_NEAR_BOUND = re.compile(r"\b(?:a\s+(?:bit|little|touch)|just|slightly)\s+(?:over|above|under"
                         r"|below|more\s+than|less\s+than)(?:\s+(?:about|around|roughly))?\s*$",
                         re.IGNORECASE)
#: How far from its bound a quantity may be for the bound to say it: "under half a
#: percent" of 0.25%, not "over 2×" of 21.5×; and for a bound said as near it.
_LOOSEST, _NEAR = 4.0, 1.2


#: How near a bare number and the figure after it are to be one figure said twice.
_SAME = 0.005
#: How far apart the ends of a range said in passing may be ("seventy, eighty percent",
#: "one or two"): "500, four teraflops" is two figures, not a range.
_LOOSE_SPAN = 3.0


def _ascending(low: Figure, high: Figure, loose: bool) -> bool:
    """Whether ``low`` and ``high`` say a range as people say one: its low end first (from
    30% to 10% is a change), near each other when said in passing."""
    if low.bare:
        bottom, top = low.value.value, _number_said(high) or 0.0
    else:
        bottom, top = low.value.value, high.value.value
    return 0 < bottom < top and (not loose or top <= _LOOSE_SPAN * bottom)


def _number_said(figure: Figure) -> float | None:
    """The number of ``figure`` as written, before its unit ("2.29" of "2.29 gigabytes")."""
    return number_written(figure.text)


def _in_range(low: Figure, high: Figure, value: Quantity, widen: float = 1.0) -> bool:
    """Whether ``value`` lies from ``low`` (a bare number takes ``high``'s unit) to
    ``high``, each end moved out ``widen`` times."""
    # "two or three samples" of a count of requests: the things counted may be named apart.
    tops = [r.value for r in high.readings
            if dims.without_counts(r.dim) == dims.without_counts(value.dim)]
    number = _number_said(high)
    if not tops or not number:
        return False
    bottom = low.value.value * tops[0] / number if low.bare else low.value.value
    ends = sorted((bottom, tops[0]))
    return ends[0] / widen <= value.value <= ends[1] * widen


def _claimed(verdict: Verdict) -> bool:
    """Whether the words point at the result or mistake the figure is judged against."""
    option = verdict.option
    # A card's declared mistake is claimed by its value alone: the slip is the working.
    return option is not None and (option.candidate.kind.startswith("mistake") or (
        verdict.clue and option.candidate.kind == "result"))


#: Between two sizes, the second taken from the first: "71.7 gigs, minus 16 for weights".
_TAKEN_FROM = re.compile(r"\b(?:minus|less|take\s+away|take\s+off|subtract\w*)\b|−",
                         re.IGNORECASE)
#: How far apart two sizes' scales must be to be two units (GB and GiB are 7% apart).
_OTHER_SCALE = 0.02
#: How close a difference of the numbers said must be to be that difference.
_SAME_DIFFERENCE = 0.01


def mixed_scales(text: str, found: list[Figure], verdicts: list[Verdict],
                 options: list[Option]) -> list[Verdict]:
    """A size worked as the difference of the numbers of two sizes said in different
    units ("90% of 79.65 gigs is 71.7 gigs", GiB, "minus 16 for weights", GB, "leaves
    55.7") is wrong, however near it lands to something else: gigabytes were taken from
    gibibytes. It is judged against the card's quantity the two sizes make."""
    out = list(verdicts)
    for index in range(2, len(found)):
        first, second, said = found[index - 2], found[index - 1], found[index]
        a = verdicts[index - 2].option
        if verdicts[index - 2].verdict != RIGHT or a is None or verdicts[index].verdict == WRONG:
            continue
        b = (verdicts[index - 1].option if verdicts[index - 1].verdict == RIGHT
             else _named_by_number(second, a, options))
        if b is None:
            continue
        size_a, size_b = a.candidate.value, b.candidate.value
        between, after = text[first.end:second.start], text[second.end:said.start]
        if (size_a.dim != size_b.dim or not dims.exponents(size_a.dim).get("information")
                or not _TAKEN_FROM.search(between) or len(between) > 30 or len(after) > 30
                or re.search(r"[.;!?]", between + after)):
            continue
        numbers = _number_said(first), _number_said(second), _number_said(said)
        if not all(numbers):
            continue
        na, nb, ns = (n or 0.0 for n in numbers)
        if (log_apart(size_a.value * nb, na * size_b.value) < _OTHER_SCALE
                or relative_off(ns, na - nb) > _SAME_DIFFERENCE):
            continue
        made = size_a.value - size_b.value
        meant = next((o for o in options if o.mistake is None
                      and o.candidate.value.dim == size_a.dim
                      and relative_off(o.candidate.value.value, made) <= _SAME_DIFFERENCE),
                     None)
        if meant is not None:
            units = f"{_unit_of(first, size_a)} and {_unit_of(second, size_b)}"
            out[index] = Verdict(WRONG, meant, True,
                                 why=f"{na:g} − {nb:g} takes {units} as one unit")
    return out


def _named_by_number(figure: Figure, like: Option, options: list[Option]) -> Option | None:
    """The one given of ``like``'s kind whose number a bare figure says ("minus 16" of the
    16 GB of weights)."""
    number = _number_said(figure)
    if not figure.bare or number is None:
        return None
    named = [o for o in options if o.candidate.kind == "given" and o.mistake is None
             and o.candidate.value.dim == like.candidate.value.dim
             and number_written(o.candidate.shown) == number]
    return named[0] if len(named) == 1 else None


def _unit_of(figure: Figure, size: Quantity) -> str:
    """The unit a size was said in, as the card's quantity shows it: GiB, GB."""
    number = _number_said(figure) or 1.0
    scale = size.value / number
    return next((name for name in _SIZE_UNITS
                 if abs(math.log(scale / unit_quantity(name).value)) < 1e-3), "another unit")


_SIZE_UNITS = ("GB", "GiB", "MB", "MiB", "TB", "TiB", "kB", "KiB")


#: The words a bare figure is said in units of: "10 service times", "five steps' worth".
_SAID_IN = re.compile(r"\s+([A-Za-z][A-Za-z'-]*(?:\s+[A-Za-z][A-Za-z'-]*)?)")
_NOT_A_UNIT = frozenset({"of", "to", "and", "or", "so", "is", "are", "in", "at", "for", "the",
                         "a", "an", "it", "that", "which", "over", "times", "plus", "minus",
                         "percent", "per", "by", "on", "with", "from", "as", "than"})


def alike_figures(text: str, found: list[Figure], verdicts: list[Verdict],
                  options: list[Option]) -> list[Verdict]:
    """A bare figure said in the same words as a right one before it ("at 80% it's five
    service times, and at 95% it's ten service times") claims a quantity of the same kind,
    and is judged against the card's others of that kind: the nearest, where none is
    said right."""
    out = list(verdicts)
    for index, (figure, verdict) in enumerate(zip(found, verdicts, strict=True)):
        words = _said_in(text, figure)
        if verdict.verdict is not None or not _plain_number(figure) or words is None:
            continue
        like = next((v.option for f, v in zip(found[:index], out[:index], strict=True)
                     if v.verdict == RIGHT and v.option is not None and _plain_number(f)
                     and v.option.candidate.kind == "result" and _said_in(text, f) == words),
                    None)
        if like is None:
            continue
        kind = like.candidate.value.dim
        others = [o for o in options if o.mistake is None and o.candidate.kind == "result"
                  and o.candidate.value.dim == kind and o is not like
                  and o.candidate.value.value > 0]
        said = figure.value.value
        if not others or said <= 0:
            continue
        nearest = min(others, key=lambda o: log_apart(said, o.candidate.value.value))
        near = relative_off(said, nearest.candidate.value.value) <= max(nearest.tolerance,
                                                                          figure.precision)
        if log_apart(said, nearest.candidate.value.value) <= math.log(_LOOSEST):
            out[index] = Verdict(RIGHT if near else WRONG, nearest, True)
    return out


def _plain_number(figure: Figure) -> bool:
    """Whether the figure is a number with no unit, share or factor of its own."""
    return (dims.without_counts(figure.value.dim) == dims.DIMENSIONLESS
            and re.fullmatch(r"[\d,.]+", figure.text) is not None)


def _said_in(text: str, figure: Figure) -> str | None:
    match = _SAID_IN.match(text, figure.end)
    if match is None:
        return None
    words = match.group(1).casefold().split()
    if words[0] in _NOT_A_UNIT:
        return None
    return " ".join(w for w in words if w not in _NOT_A_UNIT) or None
