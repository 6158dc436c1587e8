"""How the figures of an explanation are read before they are judged: counted by the
noun after them or by the next figure's noun, in the unit their clause names or the one a
list said in one breath carries, "per day" as a day's worth, lower-case flops either way,
bits as a link rate, and "gigs" as GiB too.

Each step takes figures and gives figures with more readings; nothing is evaluated.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import re
from collections.abc import Callable

from drill.checking.figures import Figure, find_figures
from drill.explaining.judging import NAMING, counts_things
from drill.explaining.meaning import sentence_start
from drill.explaining.spoken import Rewrite
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity


def read_figures(reading: str, plain: str, rewrite: Rewrite,
                 names: tuple[str, ...]) -> list[Figure]:
    """The figures of ``reading`` (the explanation with spoken numbers written out; ``plain``
    is what was said, ``rewrite`` maps one onto the other), each with every reading its
    words allow."""
    found = counted_like_the_next(
        reading, counted_by_a_later_noun(reading, find_figures(reading, names)))
    # Each figure's own words, in turn: a step may add readings a later one reads on.
    steps: tuple[Callable[[str, Figure], Figure], ...] = (
        _at_a_link_rate, _factor_of_words, _unit_named_before, _alone(_per_period), _a_peak,
        _alone(_flops_either_way), _alone(_bits_as_rate), _per_million_tokens)
    for step in steps:
        found = [step(reading, figure) for figure in found]
    found = [_a_modifier(reading, figure) for figure in _units_carried(reading, found)]
    return _restated_readings(reading, [
        _fraction_said(_binary_too(figure, plain, rewrite), plain, rewrite)
        for figure in found])


def _alone(step: Callable[[Figure], Figure]) -> Callable[[str, Figure], Figure]:
    """A step that reads the figure alone, as one that is given the text too."""
    return lambda _text, figure: step(figure)


#: A count noun said in the singular after a number, and a plural noun after it: "16
#: expert picks", "128 expert slots" count picks and slots, not experts.
_SINGULAR_NOUN = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?\s+([A-Za-z]+)")
_PLURAL_NEXT = re.compile(r"\s+(?!(?:is|was|has|does|its|this|thus|plus|as|us)\b)"
                          r"([A-Za-z]{3,}s)\b")


def _a_modifier(text: str, figure: Figure) -> Figure:
    """A figure whose count noun only describes the plural noun after it ("16 expert
    picks") read as a bare count: the noun it counts is the next one."""
    said = _SINGULAR_NOUN.fullmatch(figure.text)
    if (said is None or figure.value.value == 1 or said.group(1).endswith("s")
            or not counts_things(said.group(1)) or _PLURAL_NEXT.match(text, figure.end) is None):
        return figure
    bare = Quantity(figure.value.value, dims.DIMENSIONLESS)
    return dataclasses.replace(figure, readings=(bare,), bare=True, has_unit=False)


#: What joins a figure to the same figure in other units: "400 gigabits, which is 50
#: gigabytes", "71.7 GiB, or about 77 GB".
_SAME_AS = re.compile(r"\s*,?\s*(?:which\s+is|that's|that\s+is|i\.e\.|or|so)\s+"
                      r"(?:(?:about|around|roughly|just\s+over|just\s+under)\s+)?$",
                      re.IGNORECASE)


def _restated_readings(text: str, found: list[Figure]) -> list[Figure]:
    """A figure that restates the one before it in other units ("a 400 gigabit port,
    which is 50 gigabytes") is read every way that one is: 50 GB a second, the link's
    rate, as well as 50 GB."""
    out = list(found)
    for index in range(1, len(found)):
        before, figure = out[index - 1], found[index]
        if _SAME_AS.search(text, before.end, figure.start) is None:
            continue
        same = any(r.dim == o.dim and o.value and abs(r.value / o.value - 1) <= _RESTATED
                   for r in figure.readings for o in before.readings)
        if same:
            more = tuple(o for o in before.readings
                         if not any(o.dim == r.dim for r in figure.readings))
            out[index] = dataclasses.replace(figure, readings=(*figure.readings, *more))
    return out


#: How near a restated figure is to the one it restates: rounded, as people round.
_RESTATED = 0.02


#: A word and a count noun after a bare number: "14 decode steps", "30 streaming users".
_WORD_THEN_NOUN = re.compile(r" ([a-z]+(?:-[a-z]+)?) ([A-Za-z]+)\b")
#: Words that join the number to something else rather than describe the noun.
_NOT_DESCRIBING = frozenset({
    "of", "per", "times", "over", "and", "or", "by", "to", "in", "at", "for", "is", "are",
    "x", "from", "than", "plus", "minus", "the", "a", "an", "divided", "into", "more",
    "fewer", "less", "each", "every", "out", "on", "with",
})


def counted_by_a_later_noun(text: str, figures: list[Figure]) -> list[Figure]:
    """A bare number whose count noun comes a word later ("roughly 14 decode steps") read
    also as a count of that noun, so it can state a result of that kind."""
    out = []
    for figure in figures:
        found = _WORD_THEN_NOUN.match(text, figure.end) if figure.bare else None
        if found is not None and found.group(1) not in _NOT_DESCRIBING \
                and counts_things(found.group(2)) and not counts_things(found.group(1)):
            with contextlib.suppress(ParseError):
                counted = read(f"{figure.text} {found.group(2)}").value
                figure = dataclasses.replace(figure, readings=(counted, *figure.readings),
                                             bare=False)
        out.append(figure)
    return out


#: "2 of the 200 requests", "30 of its 42 users": the first count is of the second's kind.
_OF_THE = re.compile(r"\s+(?:out\s+)?of\s+(?:the|its|their|all|those|these)?\s*")
LEADING_NUMBER = re.compile(r"[\d,.]+\s*")


def number_written(text: str) -> float | None:
    """The number a figure or a shown value starts with, before its unit ("2.29" of "2.29
    gigabytes", 2,000 of "$2,000")."""
    written = LEADING_NUMBER.match(text.lstrip("$"))
    try:
        return float(written.group().replace(",", "").strip()) if written else None
    except ValueError:
        return None


def counted_like_the_next(text: str, figures: list[Figure]) -> list[Figure]:
    """A bare number said as a part of the next figure ("2 of the 200 requests") read
    also as a count of its kind (2 requests), so it can state a result of that kind; said
    out loud, nobody repeats the unit."""
    out = list(figures)
    for index, (figure, after) in enumerate(itertools.pairwise(figures)):
        if not figure.bare or after.bare or not _OF_THE.fullmatch(text[figure.end:after.start]):
            continue
        lead = LEADING_NUMBER.match(after.text)
        unit = after.text[lead.end():] if lead else ""
        if not unit or unit.startswith(("%", "×")):
            continue
        with contextlib.suppress(ParseError):
            counted = read(f"{figure.text} {unit}").value
            out[index] = dataclasses.replace(figure, readings=(counted, *figure.readings),
                                             bare=False)
    return out


#: Between a figure and a bare number that takes its unit: a list said in one breath.
_PLAIN = r"[^.;:?!=≈×÷+*/]*"
_CARRY_BETWEEN = re.compile(rf"^{_PLAIN}\b(?:and|or|but|vs|versus|against)\b{_PLAIN}$"
                            rf"|^\s*,{_PLAIN}$")
#: What may follow such a number: the end of the clause, or a word saying whose it is.
_CARRY_AFTER = re.compile(r"^\s*(?:(?:in\s+)?total|each|overall|altogether|apiece|in all|combined"
                          r"|per user|for everyone|at\s+(?:a\s+)?batch(?:\s+(?:of|size))?\s+\d+)?"
                          r"\s*(?:[.,;:!?)]|$|\b(?:so|and|which|but)\b)", re.IGNORECASE)
_SO_BETWEEN = re.compile(rf"^{_PLAIN}\bso\b{_PLAIN}$", re.IGNORECASE)
#: Words after a figure that say it is the whole: "about 6,400 total", "8 cents in all".
TOTAL_AFTER = re.compile(r"\s*(?:in\s+)?(?:total|overall|altogether|in\s+all|combined"
                         r"|all\s+told)\b", re.IGNORECASE)


def _summed(dim: dims.Dim) -> dims.Dim:
    """``dim`` summed over what it is per: tokens/s per user, in total, is tokens/s."""
    return dims.dim({base: power for base, power in dims.exponents(dim).items()
                     if not (base in dims.COUNT_BASES and power < 0 and base != "token")})


#: What is left of a quantity is in its unit: "minus the 16 gigs of weights leaves about
#: 55.7 for KV".
_LEFT_OVER = re.compile(rf"^{_PLAIN}\b(?:leaves|leaving|left|remains?|remaining)\b{_PLAIN}$",
                        re.IGNORECASE)
_OPERATOR_WORDS = re.compile(r"\b(?:over|times|divided|plus|minus)\b", re.IGNORECASE)


#: A count named right before a bare number: "a batch of about 295" counts sequences,
#: whatever unit the figure before it had.
_NAMED_BEFORE = re.compile(r"\b(?:batch(?:\s+size)?|users?|sequences?|requests?|conversations?"
                           r"|GPUs?|tokens?)\s+(?:of\s+)?(?:about|around|roughly|~|maybe"
                           r"|approximately)?\s*$", re.IGNORECASE)


#: A bare number that opens a range with the figure after it: "seventy, eighty percent".
_RANGE_ON = re.compile(r"\s*(?:,|to|or|-)\s*[0-9]")


#: Words before a number that say it is the whole's: "and the whole GPU about 6,200".
_THE_WHOLE = re.compile(r"\b(?:whole|entire)\s+(?:GPU|box|node|server|card|machine)\b",
                        re.IGNORECASE)
#: A number with only a scale after it: "42k", "1.2M".
_SCALED_ONLY = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?\s?[kKM]")


def _units_carried(text: str, found: list[Figure]) -> list[Figure]:
    """A bare number said right after a figure with a unit, in the same breath, in that
    unit: "about 100 tokens a second each and about 6,400 total", "at batch 1 that's
    0.5 FLOP per byte, and at batch 64 it's about 32"."""
    out = list(found)
    last: Figure | None = None
    for index, figure in enumerate(found):
        if figure.has_unit:
            last = figure
            continue
        if last is None or not (figure.bare or _SCALED_ONLY.fullmatch(figure.text)):
            continue
        between = text[last.end:figure.start]
        left_over = _LEFT_OVER.search(between) is not None
        # "66.5 tokens a second each, so about 4,260 total": a total said as the sum.
        total_after = (TOTAL_AFTER.match(text, figure.end) is not None
                       or _THE_WHOLE.search(between) is not None)
        summed = _SO_BETWEEN.search(between) is not None and total_after
        # "and the GPU around 6,200 in total": the GPU is whose total it is, no count.
        if (not (_CARRY_BETWEEN.search(between) or left_over or summed)
                or _OPERATOR_WORDS.search(between)
                or (_NAMED_BEFORE.search(between) and not total_after)
                or _RANGE_ON.match(text, figure.end)
                or not (left_over or _CARRY_AFTER.match(text[figure.end:figure.end + 24]))):
            continue
        lead = LEADING_NUMBER.match(last.text.lstrip("$"))
        with contextlib.suppress(ValueError, AttributeError, ZeroDivisionError):
            said = float(lead.group().replace(",", "").strip()) if lead else 0.0
            # Only in that unit (each way it is read: "flops per byte" is read two ways):
            # "and about 6,400 total" after a rate is no count of 6,400; a total is no
            # longer per user.
            carried = tuple(Quantity(figure.value.value * r.value / said,
                                     _summed(r.dim) if total_after else r.dim)
                            for r in last.readings)
            out[index] = dataclasses.replace(figure, readings=carried, bare=False,
                                             has_unit=True)
    return out


#: A factor of something named in words: "about 254 times a single user", "2.3 × the mean".
_TIMES_WORDS = re.compile(rf"\s*(?:×|times)(?=\s+{NAMING})", re.IGNORECASE)


def _factor_of_words(text: str, figure: Figure) -> Figure:
    """A bare number said as so many times a quantity named in words is a factor (what
    it claims is a ratio of the card), not an operand of a product."""
    times = _TIMES_WORDS.match(text, figure.end) if figure.bare else None
    if times is None:
        return figure
    return dataclasses.replace(figure, end=times.end(), text=text[figure.start:times.end()],
                               bare=False)


_PER_SCALE = re.compile(r"(?:\$|\bcents?\b).*\b(?:per|a|an)\s+(?:thousand|million|billion)$",
                        re.IGNORECASE)


def _per_million_tokens(text: str, figure: Figure) -> Figure:
    """"$250 per million" and "19 cents a million" are prices per million tokens, the way
    prices are quoted; so is a sum of money in a sentence about a million ("each million
    costs about six and a half cents")."""
    if _PER_SCALE.search(figure.text) is not None:
        said = f"{figure.text} tokens"
    elif figure.value.dim == _MONEY and (
            _MILLION_SAID.search(text, sentence_start(text, figure.start),
                                 figure.start + 40) is not None
            or (_MILLION_PRICE.search(text, 0, figure.start) is not None
                and _PER_SOMETHING.match(text, figure.end) is None)):
        # Or one said after the answer priced a million ("about 72 cents per million ...
        # the full-load quote would be about 29 cents").
        said = f"{figure.text} per million tokens"
    else:
        return figure
    try:
        tokens = read(said).value
    except ParseError:
        return figure
    return dataclasses.replace(figure, readings=(*figure.readings, tokens))


_MONEY = dims.dim(currency=1)
_MILLION_SAID = re.compile(r"\bmillion\b(?!\s+(?:dollars|\$))", re.IGNORECASE)
_MILLION_PRICE = re.compile(r"(?:cents?|dollars?|bucks?|\$[0-9][0-9.,]*)\s+(?:per|a)\s+million\b"
                            r"|\bmillion(?:\s+\w+)?\s+(?:costs?|comes?\s+to)\b", re.IGNORECASE)
_PER_SOMETHING = re.compile(r"\s*(?:per|a|an|each|every|/)\s*[a-z]", re.IGNORECASE)


#: "$36 a day" is a rate and also what one day costs: the periods read both ways.
_PERIODS = {"hour": 3600.0, "day": 86_400.0, "week": 604_800.0}
_PER_PERIOD = re.compile(r"(?:per|/)\s*(hour|day|week)s?\s*$", re.IGNORECASE)


def _per_period(figure: Figure) -> Figure:
    """A figure "per day" (or hour, week) read also as the amount of one such period."""
    match = _PER_PERIOD.search(figure.text)
    if match is None:
        return figure
    period = _PERIODS[match.group(1).lower()]
    value = figure.value
    one = Quantity(value.value * period, dims.multiply(value.dim, dims.dim(time=1)))
    return dataclasses.replace(figure, readings=(*figure.readings, one))


#: "teraflops" said in lower case: a count of FLOPs or a rate, as people say both.
_LOWER_FLOPS = re.compile(r"[0-9⁰¹²³⁴⁵⁶⁷⁸⁹]\s*(?:[kMGTPE]?|(?:thousand|million|billion"
                          r"|trillion)\s+)(?:flops|Flops|FLOPs)\b")


def _flops_either_way(figure: Figure) -> Figure:
    """A figure in "flops" said in lower case ("about two gigaflops per token") read also
    as a count of FLOPs, as the spoken word does not tell the count from the rate."""
    if _LOWER_FLOPS.search(figure.text) is None:
        return figure
    # Whatever it is per ("flops per byte"), the second the word may carry comes off:
    # "405 petaflops per second" is a rate, the word's own second said again.
    counts = tuple(Quantity(r.value, dims.multiply(r.dim, dims.dim(time=1)))
                   for r in figure.readings
                   if dims.exponents(r.dim).get("computation") == 1
                   and dims.exponents(r.dim).get("time") in (-1, -2))
    # And "the 989 teraFLOPs an H100 does": a count written for the rate it is.
    rates = _with_rates(figure, _a_flop_count).readings[len(figure.readings):]
    return dataclasses.replace(figure, readings=(*figure.readings, *counts, *rates))


#: A count of FLOPs said as a device's peak: "15 ms of the 989 teraflop peak".
_PEAK_AFTER = re.compile(r"\s+(?:(?:dense|sparse|bf16|fp8|tensor|compute)\s+)?peak\b",
                         re.IGNORECASE)


def _a_peak(text: str, figure: Figure) -> Figure:
    """A count of FLOPs said as a peak ("the 989 teraflop peak") read also as the rate a
    peak is: its "per second" left off, as with a link's."""
    if _PEAK_AFTER.match(text, figure.end) is None:
        return figure
    return _with_rates(figure, _a_flop_count)


def _a_flop_count(reading: Quantity) -> bool:
    return (dims.exponents(reading.dim).get("computation") == 1
            and not dims.exponents(reading.dim).get("time"))


#: A size said in bits: "InfiniBand's 400 gigabits" is a link's rate, its "per second"
#: left off as people do; sizes are said in bytes.
_BITS = re.compile(r"[0-9]\s*(?:[kMGT]b|(?:kilo|mega|giga|tera)?bits?)\b")


#: A unit named before a bare number in its clause: "in GiB that's about 14.9".
_IN_UNIT = re.compile(r"\bin\s+(?:(?:decimal|binary)\s+)?(GiB|GB|MiB|MB|KiB|KB|TiB|TB|ms|µs"
                      r"|seconds|milliseconds|gigabytes|gibibytes|megabytes|mebibytes)\b"
                      r"[^.;:!?0-9]{0,24}$")


def _unit_named_before(text: str, figure: Figure) -> Figure:
    """A bare number read in the unit its clause named just before it ("the weights are
    16 GB, so in GiB that's about 14.9")."""
    named = _IN_UNIT.search(text[max(0, figure.start - 40):figure.start])
    if named is None or not figure.bare:
        return figure
    with contextlib.suppress(ParseError):
        value = read(f"{text[figure.start:figure.end]} {named.group(1)}").value
        return dataclasses.replace(figure, readings=(value,), bare=False, has_unit=True)
    return figure


#: Sizes said loosely: "79.65 gigs" may be what the device reports in GiB.
_LOOSE_SIZES = {"gig": 2**30 / 1e9, "gigs": 2**30 / 1e9, "meg": 2**20 / 1e6,
                "megs": 2**20 / 1e6}


def _binary_too(figure: Figure, plain: str, rewrite: Rewrite) -> Figure:
    """A size said in "gigs" or "megs" read also in GiB or MiB: the word is said of both."""
    start, end = rewrite.span(figure.start, figure.end)
    said = re.findall(r"[a-z]+", plain[start:end].casefold())
    factor = next((_LOOSE_SIZES[w] for w in said if w in _LOOSE_SIZES), None)
    if factor is None:
        return figure
    binary = tuple(Quantity(r.value * factor, r.dim) for r in figure.readings
                   if dims.exponents(r.dim).get("information"))
    return dataclasses.replace(figure, readings=(*figure.readings, *binary))


#: A share said as a fraction in words: "a third", "two thirds", "a third of a second".
_FRACTION_WORDS = re.compile(r"(?:an?|one|two|three|four)\s+(?:thirds?|quarters?|fifths?"
                             r"|sixths?|eighths?|tenths?)(?:\s+of\s+an?\s+[a-z]+)?",
                             re.IGNORECASE)
#: How loosely a fraction in words is said: "a third of the time" for 36.6% is how people
#: round, as "about 35 percent" would be; a quarter or a half for it is not.
_FRACTION_PRECISION = 0.1


def _fraction_said(figure: Figure, plain: str, rewrite: Rewrite) -> Figure:
    """A fraction said in words, held to the rounding such words carry, not to the six
    digits it is written out with."""
    start, end = rewrite.span(figure.start, figure.end)
    if not _FRACTION_WORDS.fullmatch(plain[start:end].strip()):
        return figure
    return dataclasses.replace(figure, precision=max(figure.precision, _FRACTION_PRECISION))


#: A link said before a size with "at": "over PCIe at 64 gigs", "NVLink at 450 GB".
_OVER_A_LINK = re.compile(r"\b(?:pcie|nvlink|infiniband|ib|link|links|port|network|ethernet"
                          r"|fabric|wire)\w*(?:\s+(?:gen\s?\d|x16|\d))*"
                          r"\s+(?:at|is|does|gives|runs\s+at)\s*$", re.IGNORECASE)
#: A size said as a device's own: "the H20's 4 terabytes" may be its bandwidth (as well as
#: its memory, the size it also reads as).
_A_DEVICE_S = re.compile(r"\b(?:[HABL]\d{2,3}[A-Za-z]*|MI\d{3}X?|GPU|card|chip)'s"
                         r"(?:\s+(?:about|roughly|around))?\s+$", re.IGNORECASE)
#: A size said with the way it flows: "64 gigs each way" is a link's rate.
_A_WAY_AFTER = re.compile(r"\s+(?:each\s+way|one\s+way|both\s+ways|per\s+direction"
                          r"|in\s+(?:each|one|both)\s+directions?|each\s+direction"
                          r"|bidirectional)\b", re.IGNORECASE)


def _at_a_link_rate(text: str, figure: Figure) -> Figure:
    """A size said of a link ("over PCIe at 64 gigs", "PCIe Gen5 x16 is 64 gigs"), of the
    way it flows ("64 gigs each way") or as a device's own ("the H20's 4 terabytes") read
    also as a rate: a size a second, its "per second" left off as people do."""
    if (_OVER_A_LINK.search(text, max(0, figure.start - 30), figure.start) is None
            and _A_WAY_AFTER.match(text, figure.end) is None
            and _A_DEVICE_S.search(text, max(0, figure.start - 30), figure.start) is None):
        return figure
    return _sizes_as_rates(figure)


def _bits_as_rate(figure: Figure) -> Figure:
    """A figure in bits with no time ("400 gigabits") read also as bits per second."""
    if _BITS.search(figure.text) is None:
        return figure
    return _sizes_as_rates(figure)


def _sizes_as_rates(figure: Figure) -> Figure:
    """``figure`` with each reading that is a size read also as that size a second."""
    size = dims.dim(information=1)
    return _with_rates(figure, lambda reading: reading.dim == size)


def _with_rates(figure: Figure, kept: Callable[[Quantity], bool]) -> Figure:
    """``figure`` with each reading ``kept`` picks read also as that much a second: the
    "per second" people leave off a rate."""
    rates = tuple(Quantity(r.value, dims.multiply(r.dim, dims.dim(time=-1)))
                  for r in figure.readings if kept(r))
    return dataclasses.replace(figure, readings=(*figure.readings, *rates))
