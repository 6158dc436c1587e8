"""Products, quotients, sums and gaps worked out loud: "two thousand times 128 KiB,
about 262 MB", "3.35 TB/s times 15 ms gives 50 GB", "99 times 20 plus 480, 2,460 ms".

A figure that follows a run of figures joined by "times", "over", "plus" or "minus"
(a count noun may sit beside an operand: "4,096 tokens times 8 choices"), with only a few
linking words between ("so", "that's about", "is roughly"), and that equals what the run
gives is the speaker's own working: it follows from what was just said, whatever quantity
of the card it happens to be near. So is a figure scaled by a factor said as a change
("thirty percent, three x faster, makes it ten percent"), and the gap between the two
figures just before it ("we need 45 a second but serve 36, so 9 a second"). Only the
numbers said are combined, left to right, as floats; nothing is evaluated, and a run is
at most a few figures long. A card's declared mistake is never excused this way: there the
working is the slip.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence

from drill.checking.figures import Figure
from drill.checking.tolerance import relative_off
from drill.explaining.meaning import sentence_start, words_of
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.quantities.unit_table import UNITS

#: What may join two figures of a run: one product or quotient, said or written.
_OPERATOR = re.compile(r"(times|x|×|\*|·|of|over|every|divided\s+by|/|÷|plus|\+|minus|less|−"
                       r"|\^|to\s+the(?:\s+power(?:\s+of)?)?)", re.IGNORECASE)
#: An operator and a number after a figure: the figure opens working of its own.
_OPENS_A_RUN = re.compile(r"\s*(?:times|x|×|over|divided\s+by|/|÷|plus|\+|minus|less|−|-)"
                          r"\s*[0-9]", re.IGNORECASE)
#: The operators that raise to a power ("0.99 to the 10th", "0.99^10").
_POWER = re.compile(r"\^|to\s+the", re.IGNORECASE)
#: The largest exponent read or raised to: a spoken power is a chance over a few calls.
MAX_EXPONENT = 1000
#: A count noun said between an operand and its operator ("4,096 tokens times 8 choices").
_COUNT_NOUN = re.compile(r"\s*[A-Za-z][a-z]+(?:\s+|$)")
#: A word right after a number that the figure reader may have left off it ("8.03
#: billion times", "2,000 × 128 KiB, about"): a scale word or a unit.
_LEFT_OFF = re.compile(r"\s*([A-Za-z]+)")
_SCALES = frozenset({"thousand", "million", "billion", "trillion"})
#: Words that may stand between a run and what it gives ("so that's about").
_LINKS = frozenset({
    "that's", "that", "is", "which", "gives", "give", "you", "get", "equals", "comes",
    "to", "makes", "so", "about", "roughly", "around", "approximately", "nearly",
    "almost", "just", "call", "it", "it's", "or", "some", "and", "under", "over",
    "a", "bit", "little", "=", "≈", "~", "then", "exactly", "precisely", "which's",
    "like",
})
_LINK_WORD = re.compile(r"[^\s,:=≈~]+|[=≈~]")
#: How roughly a round share may give a ratio's change ("about forty percent" for 43%).
_ROUGHLY = 0.125
#: How many figures a run may join, and how many linking words may follow it.
MAX_RUN, MAX_LINKS = 5, 6


def worked_out(text: str, figures: Sequence[Figure], tolerance: float) -> frozenset[int]:
    """The indexes of the figures of ``text`` that follow from the working said just
    before them (see the module)."""
    found = set(rescaled(text, figures, tolerance))
    found.update(index for index in range(2, len(figures))
                 if _difference(text, figures, index, tolerance))
    for index in range(2, len(figures)):
        if not _links_to(text, figures[index - 1], figures[index]):
            continue
        value = _run_value(text, figures, index - 1)
        said = figures[index]
        # "200 tokens a second times 60 is 12,000 tokens an hour": an operand says the
        # unit, so the result is held to its own unit, not to its digits alone.
        readings = ((said.value.value,) if _kind_said_before(text, figures, index)
                    else _said_values(said))
        if value is not None and _gives(value, said, tolerance, readings) and not _unit_slips(
                text, figures, index):
            found.add(index)
    return frozenset(found)


def _kind_said_before(text: str, figures: Sequence[Figure], index: int) -> bool:
    """Whether the product or quotient before ``figures[index]`` has one operand of the
    figure's own kind, said in another unit, and only plain numbers besides."""
    said = figures[index]
    run = [figures[i] for i in run_before(text, figures, index)]
    ops = [_joined(text, figures, i) or "" for i in run_before(text, figures, index)][1:]
    united = [f for f in run if f.has_unit]
    if not said.has_unit or len(united) != 1 or any(o in _SUMMED for o in ops):
        return False
    mine, theirs = united[0].value, said.value
    unit = _unit_of(said)
    return (mine.dim == theirs.dim and mine.value > 0 and unit > 0
            and not 0.5 < _unit_of(united[0]) / unit < 2)


def _unit_of(figure: Figure) -> float:
    """What one of the figure's written unit is worth: its value over its number."""
    written = _WRITTEN_NUMBER.match(figure.text.lstrip("$"))
    number = float(written.group().replace(",", "")) if written else 0.0
    return figure.value.value / number if number else 1.0


def misworked(text: str, figures: Sequence[Figure], tolerance: float
              ) -> dict[int, tuple[float, bool]]:
    """The figures said as what two figures joined just before them give, that they do
    not ("one over 0.05 is ten"), each with what the two give and whether that holds even
    where the figure is also one the card knows (a power: "0.99 to the 10th is 99%" is no
    restated quantile). Only a plain product, quotient or power of two numbers is worked
    again; an answer a power of ten off is left alone, as a unit the speaker did not say
    may explain it."""
    found: dict[int, tuple[float, bool]] = {}
    for index in range(2, len(figures)):
        figure = figures[index]
        run = run_before(text, figures, index)
        # "0.7 plus 0.3 over 3 is 0.8": said left to right or with division first.
        first = _run_value(text, figures, index - 1, divide_first=True)
        if not _links_to(text, figures[index - 1], figure) or not (
                len(run) == 2 or (len(run) == 3 and _a_fraction_raised(text, figures, run))
                or _summed_only(text, figures, run) or first is not None):
            continue
        if _OPENS_A_RUN.match(text, figure.end):
            continue  # "0.99 to the tenth is about 0.99 minus 0.1": the next working
        op = _joined(text, figures, index - 1)
        value = _run_value(text, figures, index - 1)
        summed = op in _SUMMED
        if (op is None or value is None or value <= 0
                or (summed and not _a_plain_sum(figures, run, figure))):
            continue
        power = _POWER.match(op) is not None
        said = [v for v in ((figure.value.value,) if power else _said_values(figure)) if v > 0]
        # A power is said with its base in full, so its result is held closer than a
        # product of rounded operands: 0.99 to the 10th is 90%, never "about 99%".
        # Operands said to their digits give a result as close as those digits allow; a
        # round figure said for it is held to its own last digit.
        operands = sum(significance(figures[i]) for i in run_before(text, figures, index)
                       if not small_whole(figures[i]))  # "one over 0.05": exact
        if summed or first is not None:
            # A sum is off by its operands' roundings in absolute terms, the coarsest
            # above all: "0.2 plus 0.1 plus 0.25" is 0.55 give or take 0.05.
            operands = max((significance(figures[i]) * abs(figures[i].value.value)
                            for i in run if not small_whole(figures[i])),
                           default=0.0) / (first or value)
        rough = _POWER_ROUGHLY if power else max(_ROUGH_LEAST, operands, figure.precision)
        if said and all(_unexplained(worked, v, max(figure.precision, rough), power)
                        for v in said for worked in {value, first or value}):
            found[index] = (first or value), power
    for index in range(2, len(figures)):
        at = _at_a_rate(text, figures, index)
        if at is not None and index not in found:
            found[index] = at, False
    return found


def _a_plain_sum(figures: Sequence[Figure], run: range, said: Figure) -> bool:
    """Whether a sum or difference of figures said as ``said`` can be held to it: shares
    or sizes of one kind with the result in that kind ("0.7 plus 0.15 is 0.85"), never a
    count added to a size."""
    kinds = {figures[at].value.dim for at in run} | {said.value.dim}
    return len(kinds) == 1


def _summed_only(text: str, figures: Sequence[Figure], run: range) -> bool:
    """Whether every figure of a run is added to the one before: "0.2 plus 0.1 plus
    0.25", a sum of any length, worked as said."""
    return len(run) >= 2 and all(_joined(text, figures, at) in _ADDED for at in run[1:])


def _a_fraction_raised(text: str, figures: Sequence[Figure], run: range) -> bool:
    """Whether a run of three is a fraction raised to a power ("31 over 32 to the 32nd"),
    which left to right works as said."""
    first, second = (_joined(text, figures, at) or "" for at in (run[1], run[2]))
    return first in ("over", "/", "÷") and _POWER.match(second) is not None


#: Two sizes joined by "at" or "on": "16 gigaflops a token, and on 989 teraflops".
_AT = re.compile(r"\s*,?\s*(?:and\s+)?(?:at|on)\s+(?:the\s+|an?\s+)?", re.IGNORECASE)


def _at_a_rate(text: str, figures: Sequence[Figure], index: int) -> float | None:
    """What "A at B" gives, said as the figure after it, where it does not: the product
    or the quotient, whichever has the figure's kind ("16 gigaflops a token on 989
    teraflops, about 1.6 microseconds" is 16 µs; "4,096 tokens at 128 KiB" multiplies), in
    the figure's unit. None where the two give it, or give nothing of its kind."""
    first, rate, said = figures[index - 2], figures[index - 1], figures[index]
    if (not (first.has_unit and rate.has_unit and said.has_unit)
            or _AT.fullmatch(text, first.end, rate.start) is None
            or not _links_to(text, rate, said)):
        return None
    kinds = {dims.without_counts(r.dim) for r in said.readings}
    worked = [q for a in first.readings for b in rate.readings if b.value > 0
              for q in ((a.value * b.value, dims.multiply(a.dim, b.dim)),
                        (a.value / b.value, dims.divide(a.dim, b.dim)))
              if dims.without_counts(q[1]) in kinds]
    if not worked:
        return None
    slack = max(_ROUGH_LEAST, significance(first), significance(rate), said.precision)
    theirs = [r for r in said.readings if dims.without_counts(r.dim) in kinds]
    unit = _unit_of(said)
    if unit <= 0 or any(relative_off(r.value, value) <= slack
                        for value, _ in worked for r in theirs):
        return None
    return worked[0][0] / unit


#: How near a power of ten a result must land to be that scale, unsaid.
_SCALE_SLACK = 0.1
#: How far a product or quotient said aloud may be from its operands' own (they are
#: rounded as they are said), and how far a power may.
_ROUGH_LEAST, _POWER_ROUGHLY = 0.03, 0.05


def _unexplained(worked: float, said: float, slack: float, exact_scale: bool = False) -> bool:
    """Whether ``said`` is no rounding of ``worked``, nor ``worked`` in another scale
    (``exact_scale``: only a scale it lands on, as for a power said in full)."""
    ratio = said / worked
    if not 0 < ratio < math.inf:
        return True  # no float ratio: "1e308 plus 1e308 over 1e-308 is 5" is no rounding
    power = round(math.log10(ratio))
    if exact_scale and power:
        # A power is said with its base in full: "0.969 to the 64th, about 3 percent" is
        # no scale left unsaid of 13%, as "that's 13" would be.
        return relative_off(said, worked * 10 ** power) > max(slack, _SCALE_SLACK)
    return power == 0 and relative_off(said, worked) > slack


def _unit_slips(text: str, figures: Sequence[Figure], index: int) -> bool:
    """Whether the run before ``figures[index]``, a product or quotient of figures with
    units, gives another kind of quantity than the figure says ("20 a second times 8
    seconds is 160 requests per second": a count said as a rate)."""
    said = figures[index]
    if not said.has_unit:
        return False
    first = index - 1
    while first > 0 and index - first < MAX_RUN and _joined(text, figures, first) is not None:
        first -= 1
    run = figures[first:index]
    if len(run) < 2 or not all(f.has_unit for f in run):
        return False
    kinds = {dims.DIMENSIONLESS}
    for position, figure in enumerate(run):
        gap = text[run[position - 1].end:figure.start] if position else ""
        divide = re.search(r"over|every|divided|/|÷", gap, re.IGNORECASE) is not None
        if re.search(r"plus|minus|less|\+|−", gap, re.IGNORECASE):
            return False  # a sum keeps its kind; only products and quotients change it
        # Every reading of the figure ("teraflops" is a count or a rate) may be the one.
        kinds = {dims.multiply(kind, dims.power(reading.dim, -1 if divide else 1))
                 for kind in kinds for reading in figure.readings}
    said_kinds = {dims.without_counts(reading.dim) for reading in said.readings}
    return not any(dims.without_counts(kind) in said_kinds for kind in kinds)


def _gives(value: float, said: Figure, tolerance: float,
           readings: tuple[float, ...] = ()) -> bool:
    """Whether ``value`` is what ``said`` says (any of ``readings``, else its value),
    within the card's tolerance or the figure's own precision. A share said after a ratio
    may be its change ("4.8 over 3.35 is about forty percent" more), as roughly as it is
    said."""
    slack = max(tolerance, said.precision)
    if value > 0 and any(r > 0 and relative_off(r, value) <= slack
                         for r in readings or (said.value.value,)):
        return True
    rough = max(slack, min(significance(said), _ROUGHLY))
    return ("%" in said.text and value > 1
            and relative_off(said.value.value, value - 1) <= rough)


def _links_to(text: str, figure: Figure, said: Figure) -> bool:
    """Whether only linking words, after any unit or count noun of ``figure``, stand
    between it and ``said`` ("8 choices is", "36, so")."""
    _, link = _left_off(text, figure, said.start)
    return _linked(link) or _linked(_without_count_noun(link))


_WRITTEN_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _said_values(figure: Figure) -> tuple[float, ...]:
    """The figure's value, and its number as written when a unit comes only after the
    run ("99 times 20 plus 480, 2,460 ms": the operands are in milliseconds too)."""
    written = _WRITTEN_NUMBER.match(figure.text)
    if written is None or not figure.has_unit:
        return (figure.value.value,)
    return figure.value.value, float(written.group().replace(",", ""))


#: A factor said as a change of what came before it: "30%, 3× faster, makes it 10%".
_SCALING = re.compile(r"\s*(faster|smaller|cheaper|shorter|fewer|slower|bigger|larger|longer"
                      r"|more)\b\s*,?\s*(?:(?:so\s+|and\s+)?(?:it\s+)?(?:makes\s+it|becomes"
                      r"|leaves\s+it|turns\s+it\s+into|takes\s+it\s+(?:down\s+)?to|brings\s+it"
                      r"\s+(?:down\s+)?to|drops\s+to|falls\s+to|goes\s+(?:down\s+)?to|shrinks\s+to"
                      r"|grows\s+to))?", re.IGNORECASE)
#: A figure said as a factor: "3×", "3x", "three x", "three times".
_FACTOR = re.compile(r"(?:×|(?<=[\d\s])x|\btimes)\s*$", re.IGNORECASE)
_SHRINKING = frozenset({"faster", "smaller", "cheaper", "shorter", "fewer"})


def rescaled(text: str, figures: Sequence[Figure], tolerance: float) -> frozenset[int]:
    """The indexes of the figures that restate the figure two before them scaled by the
    factor between, said as a change ("thirty percent, three x faster, takes it to ten
    percent"), or that say how the two before them compare ("36.4 GB versus 141, so
    roughly a quarter"): what was just said, whatever the words after it go on to."""
    return frozenset(index for index in range(2, len(figures))
                     if _scaled(text, figures, index, tolerance)
                     or _compared(text, figures, index, tolerance))


def _scaled(text: str, figures: Sequence[Figure], index: int, tolerance: float) -> bool:
    """Whether ``figures[index]`` is the figure before it scaled by the factor said as a
    change ("thirty percent, three x faster, makes it ten percent")."""
    a, factor, said = figures[index - 2], figures[index - 1], figures[index]
    if not _FACTOR.search(factor.text) or len(text[a.end:factor.start]) > 24 or re.search(
            r"[.;!?]", text[a.end:factor.start]):
        return False
    change = _SCALING.match(text, factor.end)
    if change is None or not _linked(text[change.end():said.start]):
        return False
    x, y = a.value.value, factor.value.value
    if y == 0:
        return False  # "0x faster": no change to work
    return _gives(x / y if change.group(1).casefold() in _SHRINKING else x * y, said,
                  tolerance)


def _difference(text: str, figures: Sequence[Figure], index: int, tolerance: float) -> bool:
    """Whether ``figures[index]`` is the gap between the two figures before it, said in
    the same sentence and linked to them ("we need 45 a second but serve 36, so 9 a
    second pile up")."""
    a, b, said = figures[index - 2], figures[index - 1], figures[index]
    if re.search(r"[.;!?]", text[a.end:b.start] + text[b.end:said.start]) or len(
            text[a.end:b.start]) > 40:
        return False
    if not (a.bare or b.bare or a.value.dim == b.value.dim):
        return False
    if a.bare != b.bare:
        # A bare number takes the other's unit: "45 a second but serve 36" is 36 a second,
        # and "64, so about 6.5 cents" leaves 57.5, not 64.
        x, y, z = (_WRITTEN_NUMBER.match(f.text.lstrip("$")) for f in (a, b, said))
        if x is None or y is None or z is None:
            return False
        gap = abs(float(x.group().replace(",", "")) - float(y.group().replace(",", "")))
        return _links_to(text, b, said) and relative_off(
            gap, float(z.group().replace(",", ""))) <= max(tolerance, said.precision)
    return _links_to(text, b, said) and _gives(abs(a.value.value - b.value.value), said,
                                               tolerance)


#: Between two figures set side by side: "36.4 GB versus 141 in BF16".
_VERSUS = re.compile(r"\s*,?\s*(?:versus|vs\.?|against|compared\s+(?:to|with)|next\s+to)\s",
                     re.IGNORECASE)


def _compared(text: str, figures: Sequence[Figure], index: int, tolerance: float) -> bool:
    """Whether ``figures[index]`` is how the two figures set side by side just before it
    compare ("36.4 GB versus 141 in BF16, so roughly a quarter"; "2x"), either way up."""
    a, b, said = figures[index - 2], figures[index - 1], figures[index]
    if re.search(r"[.;!?]", text[a.end:b.start] + text[b.end:said.start]) or not _VERSUS.match(
            text, a.end):
        return False
    if not (a.bare or b.bare or a.value.dim == b.value.dim) or min(
            a.value.value, b.value.value) <= 0:
        return False
    gap = text[b.end:said.start]
    if len(gap) > 40 or not re.search(r"\bso\b|,", gap):
        return False
    ratio = a.value.value / b.value.value
    written = (_left_off(text, a, b.start)[0], _left_off(text, b, said.start)[0])
    ratios = (ratio, 1 / ratio, written[0] / written[1], written[1] / written[0])
    # A share said after two sizes is a plain number, whatever unit the reader carried.
    plain = (*_said_values(said), *(r.value for r in said.readings))
    return any(_gives(r, said, max(tolerance, _ROUGHLY), plain) for r in ratios)


def _linked(between: str) -> bool:
    """Whether ``between`` only links a run to what it gives ("so that's about")."""
    if len(between) > 60 or re.search(r"[.;!?]", between):
        return False
    words = _LINK_WORD.findall(between.casefold())
    return len(words) <= MAX_LINKS and all(word in _LINKS for word in words)


def _left_off(text: str, figure: Figure, until: int) -> tuple[float, str]:
    """The value of ``figure`` with any scale word or unit said right after it that the
    figure reader left off, and the text from there to ``until``."""
    gap = text[figure.end:until]
    word = _LEFT_OFF.match(gap)
    if word is None or not figure.bare or not (
            word.group(1).casefold() in _SCALES or word.group(1) in UNITS):
        return figure.value.value, gap
    try:
        value = read(f"{text[figure.start:figure.end]} {word.group(1)}").value.value
    except ParseError:
        return figure.value.value, gap
    return value, gap[word.end():]


def product_before(text: str, figures: Sequence[Figure], index: int
                   ) -> tuple[float, dims.Dim] | None:
    """The product the run of figures just before ``figures[index]`` says, in base units
    with its dimension, when every figure of the run is multiplied ("32 users times a
    thousand tokens times 128 KiB"); None otherwise."""
    run = run_before(text, figures, index)
    if len(run) < 2 or any((_joined(text, figures, at) or "").casefold() not in _MULTIPLIED
                           for at in run[1:]):
        return None
    value, dim = 1.0, dims.DIMENSIONLESS
    for at in run:
        value *= figures[at].value.value
        dim = dims.multiply(dim, figures[at].value.dim)
    return value, dim


#: The operators of a plain product said aloud.
_MULTIPLIED = frozenset({"times", "x", "×", "*", "·"})
#: The operators of a sum said aloud, and those that add.
_SUMMED = frozenset({"plus", "+", "minus", "less", "−"})
_ADDED = frozenset({"plus", "+"})


def _run_value(text: str, figures: Sequence[Figure], last: int, divide_first: bool = False
               ) -> float | None:
    """What the run of figures ending at ``figures[last]`` gives, or None when no two
    figures are joined there (``divide_first``: a product or quotient said after a plus or
    minus is worked first, as in "0.7 plus 0.3 over 3"; None where the run has no such)."""
    run = run_before(text, figures, last + 1)
    if not run:
        return None
    ops = [_joined(text, figures, at) or "" for at in range(run.start + 1, last + 1)]
    values = [_left_off(text, figures[at], figures[at + 1].start)[0] for at in run[:-1]]
    values.append(_left_off(text, figures[last], len(text))[0])
    if divide_first:
        return _terms_first(ops, values)
    total = values[0]
    for op, operand in zip(ops, values[1:], strict=True):
        if op in ("over", "every", "/", "÷") or op.startswith("divided"):
            if operand == 0:
                return None
            total /= operand
        elif op in _ADDED:
            total += operand
        elif op in ("minus", "less", "−"):
            total -= operand
        elif _POWER.match(op):
            if not (total > 0 and abs(operand) <= MAX_EXPONENT):
                return None
            total **= operand
        else:
            total *= operand
    return total


def _terms_first(ops: list[str], values: list[float]) -> float | None:
    """A run that opens with a sum, of terms each a quotient or product, worked term by
    term: "0.7 plus 0.3 over 3" is 0.8. None where no term has a quotient or product,
    another operator (a power) is in the run, or it opens with a product or quotient
    (whose divisor may be the sum after it)."""
    if not ops or ops[0] not in _SUMMED:
        return None  # "64 times 4096 over 4096 plus 128": the sum may be the divisor
    terms: list[float] = [values[0]]
    signs = [1.0]
    scaled = False
    for op, operand in zip(ops, values[1:], strict=True):
        if op in _SUMMED:
            terms.append(operand)
            signs.append(1.0 if op in _ADDED else -1.0)
        elif op in ("over", "/", "÷") or op.startswith("divided"):
            if operand == 0:
                return None
            terms[-1] /= operand
            scaled = True
        elif op in _MULTIPLIED:
            terms[-1] *= operand
            scaled = True
        else:
            return None
    if not scaled or len(terms) < 2:
        return None
    return sum(sign * term for sign, term in zip(signs, terms, strict=True))


def run_before(text: str, figures: Sequence[Figure], index: int) -> range:
    """The indexes of the run of joined figures just before ``figures[index]`` (empty
    when no two figures are joined there)."""
    last = first = index - 1
    while first > 0 and last - first + 1 < MAX_RUN and _joined(text, figures, first):
        first -= 1
    return range(first, index) if first < last else range(0)


def _joined(text: str, figures: Sequence[Figure], at: int) -> str | None:
    """The operator that joins ``figures[at - 1]`` to ``figures[at]`` in a run, or None:
    "90% of 79.65 GiB" multiplies, "8 of 256" does not."""
    _, gap = _left_off(text, figures[at - 1], figures[at].start)
    # A pause may come before the operator: "sixteen gigaflop, over 989 teraflops".
    joined = _OPERATOR.fullmatch(_without_count_noun(gap).strip().lstrip(",").strip()) \
        if len(gap) <= 24 else None
    if joined is None or (joined.group(1).casefold() == "of" and not _share(figures[at - 1])):
        return None
    return joined.group(1).casefold()


def _share(figure: Figure) -> bool:
    """Whether ``figure`` is a share of what follows it ("90%", "0.5")."""
    return "%" in figure.text or 0 < figure.value.value < 1


def _without_count_noun(gap: str) -> str:
    """``gap`` without the count noun that may open it ("tokens times" → "times")."""
    noun = _COUNT_NOUN.match(gap)
    if noun is None or _OPERATOR.fullmatch(noun.group().strip()):
        return gap
    return gap[noun.end():]


def small_whole(figure: Figure) -> bool:
    """Whether the figure is a whole number from 1 to 12 (a small count, or a factor said
    plainly)."""
    value = figure.value.value
    return value == int(value) and 0 < value <= 12


def significance(figure: Figure) -> float:
    """Half the last significant digit, relative: "14,800" is good to ±50, "4.75" to
    ±0.005, however exactly the figure reader takes a whole number."""
    digits = re.match(r"\$?([0-9][0-9,]*(?:\.[0-9]+)?)", figure.text)
    if digits is None or "." in digits.group(1):
        return figure.precision
    whole = digits.group(1).replace(",", "")
    zeros = len(whole) - len(whole.rstrip("0"))
    value = float(whole) if whole else 0.0
    return figure.precision if value == 0 else (10 ** zeros / 2) / value


def share_of(text: str, figures: Sequence[Figure], index: int,
             wholes: Sequence[tuple[frozenset[str], Quantity]]) -> float | None:
    """What "A is F of B" gives for the share ``figures[index]`` said there, where it does
    not: "350 watts is about a quarter of the cap" is half the 700 W cap. B is the figure
    said right after "of", or the one whole of A's kind whose words (``wholes``: each
    given's words and value) name it. None where the share holds or nothing names B."""
    if index < 1:
        return None
    part, share = figures[index - 1], figures[index]
    if not (part.has_unit and _A_SHARE.fullmatch(share.text)
            and _IS_SHARE.fullmatch(text, part.end, share.start)):
        return None
    of = _OF_WHOLE.match(text, share.end)
    if of is None:
        return None
    later = figures[index + 1] if index + 1 < len(figures) else None
    kinds = {dims.without_counts(r.dim): r.value for r in part.readings if r.value > 0}
    written = _WRITTEN_NUMBER.match(part.text)
    if later is not None and later.start == of.end() and later.bare and written:
        # "2.67 TB/s is about 90% of the 3.35 peak": the whole in the part's unit.
        part_number = float(written.group().replace(",", ""))
        whole = [later.value.value / part_number] if part_number > 0 else []
    elif later is not None and later.start == of.end():
        whole = [r.value / kinds[dims.without_counts(r.dim)] for r in later.readings
                 if dims.without_counts(r.dim) in kinds and r.value > 0]
    else:
        named = set(words_of(of.group(1)))
        whole = [q.value / kinds[dims.without_counts(q.dim)] for words, q in wholes
                 if named & words and dims.without_counts(q.dim) in kinds and q.value > 0]
    if len(whole) != 1 or whole[0] <= 0:
        return None  # "0% of the 0 peak": nothing to divide by
    worked = 1 / whole[0]
    said = _plain_value(share)
    if said is None:
        return None
    slack = max(_SHARE_ROUGHLY, share.precision, significance(part))
    return None if relative_off(said, worked) <= slack else worked


def _plain_value(figure: Figure) -> float | None:
    """The figure read as a plain number (a share, a factor), if it may be read so: "a
    quarter" after "36.4 GB" is 0.25, not 0.25 GB."""
    return next((r.value for r in figure.readings if r.dim == dims.DIMENSIONLESS), None)


#: A share as the rewrite writes it: "25%", "0.25".
_A_SHARE = re.compile(r"[0-9]+(?:\.[0-9]+)?%|0?\.[0-9]+")
#: What joins a part to the share it is: "350 watts is about", "2.67 TB/s, roughly".
_IS_SHARE = re.compile(r"\s*(?:,\s*)?(?:and\s+)?(?:(?:is|'s|are|was|that's|which\s+is)\s+)?"
                       r"(?:(?:about|around|roughly|only|just|nearly|almost|maybe)\s+)?",
                       re.IGNORECASE)
#: "of the cap", "of the 3.35 peak", "of 700 W".
_OF_WHOLE = re.compile(r"\s+of\s+(?:the\s+|its\s+|a\s+|an\s+)?([A-Za-z][\w-]*)?\s*",
                       re.IGNORECASE)
#: How far a share said of a whole may be from the quotient: said shares are round.
_SHARE_ROUGHLY = 0.1


def percentile_odds(text: str, figure: Figure) -> float | None:
    """The share a percentile named just before leaves above it, where ``figure`` is said
    as that share: "the P99, which is the slowest one in a thousand requests" is one in a
    hundred. None where no percentile is named so."""
    said = figure.value.value
    named = _PERCENTILE_THEN.search(text, sentence_start(text, figure.start), figure.start)
    if named is None or not 0 < said < 0.5:
        return None
    worked = 1 - float(named.group("q") or named.group("q2")) / 100
    return worked if 0 < worked < 0.5 else None


def holds_roughly(said: float, worked: float) -> bool:
    """Whether a share said in passing is the one worked: said shares are round."""
    return relative_off(said, worked) <= _SHARE_ROUGHLY


#: A percentile named, then what its tail is said to be: "the P99, which is the slowest",
#: "p99 meaning the worst", "the 99th percentile, the slowest" (written "99%" when said).
_PERCENTILE_THEN = re.compile(
    r"(?:\bP(?P<q>\d{2}(?:\.\d+)?)\b|\b(?P<q2>\d{2}(?:\.\d+)?)(?:(?:th|st|nd|rd)\s+percentile|%))"
    r"\s*,?\s*(?:which\s+is|meaning|i\.e\.|is|that\s+is)?\s*(?:the\s+)?"
    r"(?:slowest|worst|longest|top|last)\s*$", re.IGNORECASE)


def speedup_of(text: str, figures: Sequence[Figure], index: int) -> float | None:
    """What a share of the old time said just before gives for the speedup said as
    ``figures[index]``, where it does not: "0.85 of the time, which is about 1.5 times
    faster" is 1 ÷ 0.85 ≈ 1.18×. None where the two agree or are not said so."""
    if index < 1:
        return None
    share, factor = figures[index - 1], figures[index]
    if not (_A_SHARE.fullmatch(share.text) and factor.text.endswith("×")
            and _SHARE_THEN.fullmatch(text, share.end, factor.start)
            and _FASTER_AFTER.match(text, factor.end)):
        return None
    part, said = _plain_value(share), _plain_value(factor)
    if part is None or said is None or not 0 < part < 1:
        return None
    worked = 1 / part
    slack = max(_ROUGH_LEAST, share.precision, significance(share), factor.precision)
    return None if relative_off(said, worked) <= slack else worked


#: From a share of the old time to the speedup it makes: "0.85 of the time, which is
#: about", "55% of the old step, so roughly".
_SHARE_THEN = re.compile(r"\s+of\s+(?:the\s+)?(?:old\s+|original\s+|previous\s+)?"
                         r"(?:time|step|runtime|run\s+time|one|it|what\s+it\s+was)\s*,?\s*"
                         r"(?:which\s+is|which's|so|that's|i\.e\.|or|meaning)\s+"
                         r"(?:(?:about|around|roughly|nearly|just\s+over|just\s+under)\s+)?",
                         re.IGNORECASE)
#: A factor said as a speedup: "1.5 times faster", "a 1.18x speedup".
_FASTER_AFTER = re.compile(r"\s+(?:faster|quicker|speed-?up|overall)\b", re.IGNORECASE)
