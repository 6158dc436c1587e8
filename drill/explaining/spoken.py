"""Reading numbers the way people say them: "four point eight milliseconds", "sixteen gigs",
"two hundred tokens a second", "four dollars seventeen per million", "four nines".

``as_written(text)`` rewrites the spoken forms into the written ones the figure reader
knows ("4.8 milliseconds", "16 GB", "200 tokens per second", "$4.17 per million",
"99.99%") and keeps, for every character of the rewrite, the span of the original text it
came from, so a figure found in the rewrite points back at what the learner said.

Only words are turned into digits and symbols: nothing is evaluated, every rule looks at a
fixed number of words, and the text is bounded by :mod:`drill.explaining.text_guard`, so a
hostile text costs no more than a long one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drill.explaining.working import MAX_EXPONENT
from drill.quantities import dimensions as dims
from drill.quantities.unit_table import UNITS

ONES: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}
SCALES: dict[str, int] = {
    "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
    "trillion": 1_000_000_000_000,
}
#: Ordinals from ten up ("the fiftieth", "ninety-ninth"): a percentile or a rank, a name.
_ORDINALS: dict[str, int] = {
    "tenth": 10, "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90, "hundredth": 100,
    "ninth": 9, "fifth": 5, "fourth": 4, "sixth": 6, "seventh": 7, "eighth": 8,
}
#: Fractions said as one part ("a third") and as several ("two thirds", "six tenths").
_FRACTION: dict[str, int] = {"third": 3, "fifth": 5, "sixth": 6, "eighth": 8, "tenth": 10,
                             "hundredth": 100, "thousandth": 1000}
_FRACTIONS: dict[str, int] = {f"{word}s": parts for word, parts in _FRACTION.items()}
#: Ordinal exponents said after "ten to the" ("ten to the fifteenth").
_EXPONENTS: dict[str, int] = {
    "third": 3, "sixth": 6, "ninth": 9, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "twenty-first": 21, "twenty-second": 22,
    "twenty-third": 23, "twenty-fourth": 24, "twenty-fifth": 25, "twenty-sixth": 26,
}
#: Units a share of one may be said of: "a quarter of a gigabyte" (not "0.6 of a
#: conversation", which is no amount of anything).
_MEASURES = frozenset({
    "gigabyte", "gig", "gb", "gib", "megabyte", "meg", "mb", "mib", "terabyte", "tb",
    "kilobyte", "kb", "kib", "second", "millisecond", "microsecond", "ms", "µs", "minute",
    "hour", "dollar", "cent",
})
#: Words that may follow a quantile said bare ("the 99.9 is what each call must meet").
_AFTER_QUANTILE = frozenset({"is", "was", "for", "on", "and", "or", "of", "percentile",
                             "quantile", "th", "then", "instead"})
#: Short unit words said after a figure and what they are written as ("sixteen gigs").
_SHORT_UNITS: dict[str, str] = {
    "gig": "GB", "gigs": "GB", "meg": "MB", "megs": "MB",
    "millis": "ms", "milli": "ms", "msec": "ms", "msecs": "ms", "micros": "µs", "usec": "µs",
    "usecs": "µs",
}
#: Spoken unit words and what they are written as.
_UNIT_WORDS: dict[str, str] = {
    **_SHORT_UNITS, "kay": "k", "k": "k", "percent": "%", "bucks": "dollars",
    "buck": "dollars", "usd": "dollars",
}
#: Words that name the batch a coefficient may be said of ("half the batch size").
_BATCH_WORDS = frozenset({"batch", "b", "m"})
#: ("double the batch" is a verb as often: "if you double the batch there").
_OF_A_WHOLE = {"half": 0.5, "twice": 2.0}
#: What "twice as" says a factor of speed, time or cost with ("twice as cheap"), where
#: "twice as large" or "twice as many" compares things the card may have no ratio of.
_AS_FAST = frozenset({"fast", "quick", "slow", "long", "cheap", "expensive", "costly"})
#: The times and costs a factor may be said of: "twice the latency".
_A_TIME = frozenset({"latency", "time", "wait", "delay", "cost", "price", "mean"})
#: What may stand between "twice the" and the time it is a factor of: "the whole step",
#: "the 4.8 ms step".
_WHOLE = frozenset({"whole", "entire", "ideal", "full", "ms", "milliseconds", "millisecond",
                    "us", "µs", "microseconds", "seconds", "s"})
#: Factors said as one word, and the hedges that make them no verb: "only double".
_FOLD = {"double": "2×", "triple": "3×", "quadruple": "4×"}
_HEDGES = frozenset({"only", "about", "roughly", "around", "just", "nearly", "almost",
                     "so", "basically", "maybe"})
#: Units said after "a" or "an" that "and a half" may follow ("an hour and a half").
_AND_A_HALF_UNITS = frozenset({"second", "minute", "hour", "day", "week", "month",
                               "millisecond", "microsecond"})
#: Words that may follow a scale said without its unit ("4.5 peta of attention").
_AFTER_A_PREFIX = frozenset({"of", "for", "and", "which", "that", "in", "on", "to", "so",
                             "per", "from", "or"})
_PREFIXES = {"kilo": "k", "mega": "M", "giga": "G", "tera": "T", "peta": "P", "exa": "E"}
_FLOPS = re.compile(r"(kilo|mega|giga|tera|peta|exa)(flops?|FLOPS?|FLOPs|Flops?)$", re.I)
#: What may follow "a" or "an" as "per": a time or a count said per one ("tokens a second").
#: A factor said as a verb.
_MULTIPLIED = {"doubles": "goes 2×", "doubled": "went 2×", "triples": "goes 3×",
               "tripled": "went 3×", "quadruples": "goes 4×", "quadrupled": "went 4×"}
_PER_WORDS = frozenset({
    "second", "sec", "minute", "min", "hour", "day", "week", "month", "token", "request",
    "user", "step", "query", "call", "conversation", "sequence", "million", "thousand",
    "billion", "gpu", "GPU", "byte", "weight", "parameter", "param",
})
#: A rate said as one hyphenated word: "gigabyte-a-second", "tokens-per-second".
_PER_HYPHENATED = re.compile(r"(?<=[A-Za-z])-(?:a|an|per)-(?=(?:second|sec|hour|minute|token"
                             r"|day)s?\b)", re.IGNORECASE)
#: The hyphen between a number and the word after it: "700-watt", "16-bit".
_UNIT_HYPHENATED = re.compile(r"(?<=\d)-(?=[A-Za-z])")
#: Words after "times" that make it a ratio ("16 times more") rather than a product.
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*|[0-9][0-9,]*(?:\.[0-9]+)?|\S")


@dataclass(frozen=True, slots=True)
class Rewrite:
    """The text with spoken numbers written out, and where each character came from."""

    text: str
    origin: tuple[tuple[int, int], ...]  # per character: the original span it stands for

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of the rewrite's ``[start, end)``."""
        if not self.origin:
            return start, end
        first = self.origin[min(start, len(self.origin) - 1)]
        last = self.origin[min(max(end - 1, start), len(self.origin) - 1)]
        return first[0], max(last[1], first[0])


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    start: int
    end: int

    @property
    def low(self) -> str:
        return self.text.lower()


def as_written(text: str) -> Rewrite:
    """``text`` with every spoken number and unit in written form (see the module)."""
    # "a 50 gigabyte-a-second port" is 50 gigabytes a second (one space per hyphen, so
    # every position stays where it was).
    text = _PER_HYPHENATED.sub(lambda m: m.group().replace("-", " "), text)
    # "a 700-watt cap", "a 4.8-millisecond step": the unit after the number's hyphen.
    text = _UNIT_HYPHENATED.sub(" ", text)
    tokens = [_Token(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    pieces: list[tuple[int, int, str]] = []  # original start, end, replacement
    i = 0
    while i < len(tokens):
        taken = _number_at(tokens, i)
        if taken is None and tokens[i].low in ("a", "one") and i + 1 < len(tokens) and (
                tokens[i + 1].low in ("dollar", "buck")):
            taken = (1.0, i + 1, 0)  # "a dollar ninety-four"
        if taken is None:
            swapped = _word_swap(tokens, i)
            if swapped is not None:
                pieces.append(swapped)
            i += 1
            continue
        value, j, decimals = taken
        written = _format(value, decimals)
        both = _hours_and_minutes(tokens, j, value)
        if both is not None:
            pieces.append((tokens[i].start, tokens[both[1] - 1].end, f"{both[0]:g} minutes"))
            i = both[1]
            continue
        # Money said out loud: "four dollars seventeen", "six and a half cents".
        if j < len(tokens) and tokens[j].low in ("dollar", "dollars", "bucks", "buck"):
            # "four dollars and seventeen cents" is $4.17 as much as "four dollars seventeen".
            joined = j + 2 if j + 1 < len(tokens) and tokens[j + 1].low == "and" else j + 1
            cents = _number_at(tokens, joined)
            if cents is not None and joined > j + 1 and not (
                    cents[1] < len(tokens) and tokens[cents[1]].low in ("cent", "cents")):
                cents = None  # "five dollars and two GPUs": not cents
            elif cents is not None and cents[1] < len(tokens) and tokens[cents[1]].low in (
                    "cent", "cents"):
                cents = (cents[0], cents[1] + 1, cents[2])
            if cents is not None and cents[0] < 100 and cents[0] == int(cents[0]) \
                    and not _unit_after(tokens, cents[1]):
                pieces.append((tokens[i].start, tokens[cents[1] - 1].end,
                               f"${value + cents[0] / 100:.2f}"))
                i = cents[1]
                continue
            pieces.append((tokens[i].start, tokens[j].end, f"${written}"))
            i = j + 1
            continue
        power = _power_of_ten(tokens, j) if value == 10 else None
        if power is not None:
            pieces.append((tokens[i].start, tokens[power[1] - 1].end, f"1e{power[0]}"))
            i = power[1]
            continue
        power = _exponent(tokens, j)
        if power is not None:
            # "0.99 to the 10th": a power, which the speaker's working is read with.
            pieces.append((tokens[i].start, tokens[j - 1].end, written))
            pieces.append((tokens[j].start, tokens[power[1] - 1].end, f"^{power[0]}"))
            i = power[1]
            continue
        parts = _parts(tokens, j, value)
        if parts is not None:
            # "two thirds", "six tenths", "one fifth of it": a fraction said in words.
            pieces.append((tokens[i].start, tokens[j].end, _share(value / parts)))
            i = j + 1
            continue
        if j < len(tokens) and tokens[j].low == "nines" and value == int(value) \
                and 2 <= value <= 9:
            pieces.append((tokens[i].start, tokens[j].end,
                           "99." + "9" * (int(value) - 2) + "%" if value > 2 else "99%"))
            i = j + 1
            continue
        odds = _one_in(tokens, j) if value == 1 else None
        if odds is not None:
            # "one page in twenty", "one in five": a share said as odds.
            pieces.append((tokens[i].start, tokens[odds[1] - 1].end, _share(1 / odds[0])))
            i = odds[1]
            continue
        repeated = _multiplied_times(tokens, i, j)
        if repeated is not None:
            # "multiply point nine nine ten times": a power, said as repeated products.
            pieces.append((tokens[i].start, tokens[j - 1].end, written))
            pieces.append((tokens[j].start, tokens[repeated[1] - 1].end, f"^{repeated[0]:g}"))
            i = repeated[1]
            continue
        scaled = _times_power_of_ten(tokens, j)
        if scaled is not None:
            # "four times ten to the twelve FLOPs": one number in scientific form.
            pieces.append((tokens[i].start, tokens[scaled[1] - 1].end,
                           f"{written} × 10{dims.superscript(scaled[0])}"))
            i = scaled[1]
            continue
        if j < len(tokens) and (_ratio_after(tokens, j + 1) if tokens[j].low == "times" else (
                tokens[j].low == "x" and _number_at(tokens, j + 1) is None)):
            pieces.append((tokens[i].start, tokens[j].end, f"{written}×"))
            i = j + 1
            continue
        if j < len(tokens) and tokens[j].low in ("x", "times") and (
                tokens[j].start > tokens[j - 1].end):  # "32 x 166": a product said aloud
            pieces.append((tokens[i].start, tokens[j].end, f"{written} ×"))
            i = j + 1
            continue
        if (i and tokens[i - 1].low == "the" and value != int(value) and 90 < value < 100
                and (j >= len(tokens) or (tokens[j].low in _AFTER_QUANTILE
                                          and tokens[j].low not in ("percentile", "th"))
                     or not tokens[j].text[0].isalnum())):
            # "each call must hit the ninety-nine point nine nine": a quantile, a share.
            pieces.append((tokens[i].start, tokens[j - 1].end, f"{written}%"))
            i = j
            continue
        if j < len(tokens) and tokens[j].low in ("percentile", "th") and value != int(value):
            # "the 99.9 percentile", "its 99.99th percentile": a quantile said with its
            # decimals is a share.
            last = j + 1 if tokens[j].low == "th" and j + 1 < len(tokens) and tokens[
                j + 1].low == "percentile" else j
            pieces.append((tokens[i].start, tokens[last].end, f"{written}%"))
            i = last + 1
            continue
        if (value < 1 and j + 2 < len(tokens) and tokens[j].low == "of"
                and tokens[j + 1].low in ("a", "an") and tokens[j + 2].low in _MEASURES):
            # "a quarter of a gigabyte": the share of one unit is that much of the unit.
            pieces.append((tokens[i].start, tokens[j + 1].end, written))
            i = j + 2
            continue
        if j < len(tokens) and tokens[j].low in ("percent", "pct"):
            pieces.append((tokens[i].start, tokens[j].end, f"{written}%"))
            i = j + 1
            continue
        if j + 1 < len(tokens) and tokens[j].low == "per" and tokens[j + 1].low == "cent":
            pieces.append((tokens[i].start, tokens[j + 1].end, f"{written}%"))
            i = j + 2
            continue
        if j < len(tokens) and tokens[j].text in ("k", "K", "kay") and (
                tokens[j].start > tokens[j - 1].end or tokens[j].text == "kay"):
            pieces.append((tokens[i].start, tokens[j].end, f"{written}k"))
            i = j + 1
            continue
        if (j < len(tokens) and tokens[j].low in _SUFFIXES and tokens[j].start == tokens[
                j - 1].end and _a_rank(tokens, i, j + 1, value)):
            # "the 25th sorted value": a place in a ranking, which counts the ones before it.
            pieces.append((tokens[i].start, tokens[j].end, written))
            i = j + 1
            continue
        if not (j == i + 1 and "0" <= tokens[i].text[0] <= "9"):
            pieces.append((tokens[i].start, tokens[j - 1].end, written))
        i = j
    return _apply(text, pieces)


def _multiplied_times(tokens: list[_Token], i: int, j: int) -> tuple[float, int] | None:
    """The count and the index after it when the number said at ``tokens[i:j]`` is
    multiplied by itself that many times ("multiply 0.99 ten times", "0.99 multiplied ten
    times"); None otherwise."""
    before = [t.low for t in tokens[max(0, i - 3):i]]
    by_itself = j + 1 < len(tokens) and tokens[j].low == "by" and tokens[j + 1].low == "itself"
    start = j + 2 if by_itself else j
    multiplied = j < len(tokens) and tokens[j].low == "multiplied"
    if multiplied:
        start = j + 1
    elif not any(w in ("multiply", "multiplying") for w in before):
        return None
    count = _number_at(tokens, start)
    if count is None or count[1] >= len(tokens) or tokens[count[1]].low != "times":
        return None
    if count[0] != int(count[0]) or not 2 <= count[0] <= MAX_EXPONENT:
        return None
    return count[0], count[1] + 1


#: The suffixes of an ordinal written in digits ("25th").
_SUFFIXES = frozenset({"st", "nd", "rd", "th"})
#: Words that follow a place in a ranking: "the 25th sorted value", "the 975th from the top".
_RANK_WORDS = frozenset({"sorted", "smallest", "largest", "slowest", "fastest", "lowest",
                         "highest", "biggest", "value", "values", "sample", "samples",
                         "resample", "resamples", "one", "ones", "from", "ranked", "position",
                         "place", "in", "element", "entry"})
#: The least place said as a rank: a smaller ordinal ("the 3rd GPU") names a thing.
_LEAST_RANK = 13


def _a_rank(tokens: list[_Token], i: int, after: int, value: float) -> bool:
    """Whether the ordinal said at ``tokens[i]`` (its words end before ``after``) is a place
    in a ranking: a rank's word follows it, or it opens or closes a range of places ("from
    the 25th to the 975th"); never a power ("0.99 to the 100th") or a percentile."""
    if value != int(value) or value < _LEAST_RANK:
        return False
    if i >= 2 and tokens[i - 2].low == "to" and tokens[i - 1].low == "the":
        # The end of a range of places: "from the 25th (sorted value) to the 975th".
        return any(t.low in _SUFFIXES for t in tokens[max(0, i - 6):i - 2])
    if _a_place_before(tokens, i, value):
        return True  # the second of two places: "the 25th and the 975th"
    if after >= len(tokens):
        return False
    if tokens[after].low in _RANK_WORDS:
        return True
    if tokens[after].low == "and":
        # The first of two places, in order: "the 25th and the 975th", "the 25th and 975th".
        second = after + 2 if after + 1 < len(tokens) and tokens[after + 1].low == "the" else (
            after + 1)
        number = _number_at(tokens, second)
        return (number is not None and number[0] > value and number[1] < len(tokens)
                and tokens[number[1]].low in _SUFFIXES)
    return (after + 2 < len(tokens) and tokens[after].low == "to"
            and tokens[after + 1].low == "the" and _number_at(tokens, after + 2) is not None)


def _a_place_before(tokens: list[_Token], i: int, value: float) -> bool:
    """Whether a smaller place is said just before ``tokens[i]``, joined by "and (the)"."""
    j = i - 2 if i >= 2 and tokens[i - 1].low == "the" else i - 1
    if j < 2 or tokens[j].low != "and" or tokens[j - 1].low not in _SUFFIXES:
        return False
    before = _number_at(tokens, j - 2)
    return before is not None and before[1] == j - 1 and _LEAST_RANK <= before[0] < value


def _number_at(tokens: list[_Token], i: int) -> tuple[float, int, int] | None:
    """The number said from ``tokens[i]``: its value, the index after it and how many
    decimals it was said with; None when no number starts there."""
    if i >= len(tokens):
        return None
    tok = tokens[i]
    low = tok.low
    if low in ("a", "an") and i + 1 < len(tokens):
        after = tokens[i + 1].low
        if (after in SCALES and i and _unit_like(tokens[i - 1])
                and not (i > 1 and tokens[i - 2].low in ("a", "an", "per"))):
            # "19 cents a million": per million (but "$3 an hour, a million tokens costs"
            # is a new number: the unit before it is already per something)
            return None
        if after == "hundred" or after in SCALES:
            return _number_at_words(tokens, i + 1, leading_one=True)
        if after == "half":
            return 0.5, i + 2, 1
        if after == "quarter":
            return 0.25, i + 2, 2
        if after in _FRACTION and _fraction_ends(tokens, i + 2):
            return 1 / _FRACTION[after], i + 2, 0  # "a third of the step", "a tenth."
        return None
    if low == "half" and i + 1 < len(tokens) and tokens[i + 1].low in ("a", "an"):
        # "half a gig", "half a FLOP per byte"
        return 0.5, i + 2, 1
    if (low in _OF_A_WHOLE and i + 2 < len(tokens) and tokens[i + 1].low == "the"
            and tokens[i + 2].low in _BATCH_WORDS):
        return _OF_A_WHOLE[low], i + 1, 1  # "half the batch": a coefficient of the batch
    if low == "half" and i + 2 < len(tokens) and tokens[i + 1].low == "of" and (
            _number_at(tokens, i + 2) is not None):
        return 0.5, i + 1, 1  # "half of 989": a share of what follows
    if low == "point" and i + 1 < len(tokens) and _digit_word(tokens[i + 1].low) is not None:
        return _decimals(tokens, i + 1, 0.0)
    if "0" <= tok.text[0] <= "9":
        return _after_integer(tokens, i + 1, float(tok.text.replace(",", "")),
                              len(tok.text.partition(".")[2]), digits=True)
    if _group(low) is None and _pair(low) is None:
        return None
    return _number_at_words(tokens, i, leading_one=False)


def _number_at_words(tokens: list[_Token], i: int, *, leading_one: bool
                     ) -> tuple[float, int, int] | None:
    total = 0
    current = 1 if leading_one else 0
    seen = leading_one
    groups: list[int] = []  # plain one- or two-digit groups said in a row ("nine eighty-nine")
    j = i
    while j < len(tokens):
        low = tokens[j].low
        group = _group(low)
        if group is not None:
            if (groups and not _follows(groups[-1], group) and current == groups[-1]
                    and group >= 10):
                # "nine eighty-nine" = 989, "nineteen seventy-nine" = 1979
                current = current * 100 + group
                groups = []
            elif groups and tokens[j - 1].low in TENS and group < 10 and current % 10 == 0:
                current += group  # "twenty five" without the hyphen
                groups = []
            elif current % 100 == 0 or not seen:
                current += group
                groups.append(group)
            else:
                break
            seen = True
            j += 1
            continue
        if low in ("oh", "o") and seen and 0 < current < 100 and not total:
            return _digit_string(tokens, j + 1, f"{current}0")
        pair = _pair(low)
        if pair is not None and not seen:
            current, seen = pair, True
            j += 1
            continue
        if low == "hundred" and seen:
            current = (current or 1) * 100
            groups = []
            j += 1
            continue
        if low in SCALES and seen:
            total += (current or 1) * SCALES[low]
            current = 0
            groups = []
            j += 1
            continue
        if low == "and" and seen and j + 1 < len(tokens):
            nxt = tokens[j + 1].low
            if _group(nxt) is not None and (total or current >= 100) and current % 100 == 0:
                j += 1
                continue
            if nxt == "a" and j + 2 < len(tokens) and tokens[j + 2].low in ("half", "quarter"):
                extra = 0.5 if tokens[j + 2].low == "half" else 0.25
                return total + current + extra, j + 3, 1 if extra == 0.5 else 2
        break
    if not seen or (j == i and not leading_one):
        return None
    value = float(total + current)
    if j < len(tokens) and tokens[j].low == "point":
        return _decimals(tokens, j + 1, value) or (value, j, 0)
    if j + 1 < len(tokens) and tokens[j].low == "quarters" and value in (1, 2, 3):
        return value / 4, j + 1, 2
    return value, j, 0


def _after_integer(tokens: list[_Token], j: int, value: float, decimals: int, *,
                   digits: bool) -> tuple[float, int, int]:
    """A number written in digits, with any spoken scale or half after it ("4 thousand",
    "2 and a half")."""
    if (j + 2 < len(tokens) and tokens[j].low == "and" and tokens[j + 1].low == "a"
            and tokens[j + 2].low in ("half", "quarter")):
        half = tokens[j + 2].low == "half"
        return value + (0.5 if half else 0.25), j + 3, max(decimals, 1 if half else 2)
    return value, j, decimals


def _digit_string(tokens: list[_Token], j: int, said: str) -> tuple[float, int, int]:
    """A number said digit by digit after an "oh" ("two oh nine", "four oh nine six")."""
    while j < len(tokens) and len(said) < 9:
        low = tokens[j].low
        group = _group(low)
        if low in ("oh", "o"):
            said += "0"
        elif group is not None:
            said += str(group)
        else:
            break
        j += 1
    return float(said), j, 0


def _pair(low: str) -> int | None:
    """A number said as two hyphened groups ("three-fifty" = 350, "nine-eighty-nine")."""
    head, _, tail = low.partition("-")
    if head in ONES and 0 < ONES[head] < 20 and tail:
        rest = _group(tail)
        if rest is not None and rest >= 10:
            return ONES[head] * 100 + rest
    return None


def _decimals(tokens: list[_Token], j: int, whole: float) -> tuple[float, int, int] | None:
    said = ""
    while j < len(tokens) and len(said) < 6:
        digit = _digit_word(tokens[j].low)
        if digit is None:
            break
        said += digit
        j += 1
    if not said:
        return None
    return whole + float("0." + said), j, len(said)


def _digit_word(low: str) -> str | None:
    if low in ("oh", "o"):
        return "0"
    value = ONES.get(low)
    if value is not None and value < 10:
        return str(value)
    if low.isdigit() and len(low) <= 6:
        return low
    return None


def _group(low: str) -> int | None:
    """A one- or two-digit number said as one word ("nine", "eighty-nine", "sixty")."""
    if low in ONES:
        return ONES[low]
    if low in TENS:
        return TENS[low]
    head, _, tail = low.partition("-")
    if head in TENS and tail in ONES and 0 < ONES[tail] < 10:
        return TENS[head] + ONES[tail]
    return None


def _follows(previous: int, group: int) -> bool:
    """Whether ``group`` may finish ``previous`` as one number ("twenty" "five")."""
    return previous % 10 == 0 and previous >= 20 and group < 10


def _unit_after(tokens: list[_Token], j: int) -> bool:
    return j < len(tokens) and tokens[j].low in ("percent", "cents", "cent", "x", "times")


def _ratio_after(tokens: list[_Token], j: int) -> bool:
    """Whether a "times" or "x" at ``j - 1`` closes a ratio ("16 times more", "25 x what one
    user gets") rather than multiplying by what follows ("8 billion times 500")."""
    if j >= len(tokens):
        return True
    nxt = tokens[j]
    if "0" <= nxt.text[0] <= "9" or _number_at(tokens, j) is not None:
        return False
    if nxt.low in ("root", "sqrt", "square", "pi"):
        return False  # "30 times root 2": a product with a root
    if nxt.low in ("that", "this", "those", "it", "its", "their", "each", "the", "a", "an"):
        return False  # "32 times that", "four times the batch": a product with a quantity
    if _VARIABLE.fullmatch(nxt.text):
        return False  # "2 times mk plus kn": a product with a formula's letters
    return not (nxt.low in ("the", "a", "an") and j + 1 < len(tokens)
                and _number_at(tokens, j + 1) is not None)


#: A formula's letters ("m", "mk", "n"): one or two of the letters GEMM shapes and
#: serving formulas use, never "a" or "I" alone.
_VARIABLE = re.compile(r"[bdhklmnpst]{1,3}")


#: A count of devices times a time, said as one word: "GPU-hours", "node-days".
_DEVICE_TIME = re.compile(r"((?:GPU|node|device|card|accelerator)s?)-((?:hour|day|second|minute"
                          r"|week|month|year)s?)", re.IGNORECASE)


def _word_swap(tokens: list[_Token], i: int) -> tuple[int, int, str] | None:
    """A unit word said out loud after a figure ("gigs", "teraFLOPS", "a second")."""
    tok = tokens[i]
    low = tok.low
    previous = tokens[i - 1] if i else None
    after_figure = previous is not None and ("0" <= previous.text[0] <= "9"
                                             or _group(previous.low) is not None
                                             or previous.low in ("hundred", "half", "a")
                                             or previous.low in SCALES)
    if low in _SHORT_UNITS and after_figure:
        return tok.start, tok.end, _SHORT_UNITS[low]
    joined = _DEVICE_TIME.fullmatch(tok.text)
    if joined and after_figure:  # "507 thousand GPU-hours": GPUs times hours
        return tok.start, tok.end, f"{joined.group(1)} {joined.group(2)}"
    if low in _MULTIPLIED and (i + 1 == len(tokens) or not tokens[i + 1].text[0].isalnum()):
        # "so the mean roughly doubles.": a factor said of the subject; "doubles the step
        # time" says how a quantity goes in general, no figure of the card.
        return tok.start, tok.end, _MULTIPLIED[low]
    if low == "twice" and i + 2 < len(tokens) and (
            (tokens[i + 1].low == "as" and tokens[i + 2].low in _AS_FAST)
            or (tokens[i + 1].low == "the" and _a_time_at(tokens, i + 2))):
        # "twice as cheap", "twice the latency": a factor, as "2× as cheap"
        return tok.start, tok.end, "2×"
    if low in _FOLD and previous is not None and previous.low in _HEDGES and (
            i + 1 == len(tokens) or not tokens[i + 1].text[0].isalnum()
            or (i + 2 < len(tokens) and tokens[i + 1].low == "the"
                and tokens[i + 2].low in _A_TIME)):
        # "so only double.", "about double the wait": a factor; "double the batch" is a verb
        return tok.start, tok.end, _FOLD[low]
    if low in ("a", "an") and i + 1 < len(tokens):
        both = _hours_and_minutes(tokens, i + 1, 1)
        if both is not None:  # "an hour and twenty-three minutes"
            return tok.start, tokens[both[1] - 1].end, f"{both[0]:g} minutes"
    if low in ("a", "an") and i + 4 < len(tokens) and tokens[i + 1].low in _AND_A_HALF_UNITS \
            and [t.low for t in tokens[i + 2:i + 5]] == ["and", "a", "half"]:
        return tok.start, tokens[i + 4].end, f"1.5 {tokens[i + 1].low}s"
    if low == "p" and i + 1 < len(tokens):
        taken = _number_at(tokens, i + 1)
        if taken is not None and taken[0] in (50, 90, 95, 99):
            # "p ninety-nine": the quantile's name, as written.
            return tok.start, tokens[taken[1] - 1].end, f"P{_format(taken[0], taken[2])}"
        if taken is not None and taken[0] != int(taken[0]) and 90 < taken[0] < 100:
            # "each call at its P99.99", "its P99.5": a quantile said as the share it names.
            return tok.start, tokens[taken[1] - 1].end, f"{_format(taken[0], taken[2])}%"

    flops = _FLOPS.match(tok.text)
    if flops:
        return tok.start, tok.end, _PREFIXES[flops.group(1).lower()] + flops.group(2)
    if low in _PREFIXES and after_figure and (
            i + 1 == len(tokens) or not tokens[i + 1].text[0].isalpha()
            or tokens[i + 1].low in _AFTER_A_PREFIX):
        # "about 2.1 petaFLOPs; attention is about 4.5 peta": the unit said before it.
        earlier = next((said for t in reversed(tokens[:i])
                        if t.low.startswith(low) and (said := _FLOPS.match(t.text))), None)
        if earlier is not None:
            return tok.start, tok.end, _PREFIXES[low] + earlier.group(2)
    if low in ("a", "an") and previous is not None and i + 1 < len(tokens) \
            and tokens[i + 1].low.rstrip("s") in _PER_WORDS and (
                _unit_like(previous) or after_figure):
        return tok.start, tok.end, "per"
    if low == "for" and previous is not None and i + 2 < len(tokens) \
            and tokens[i + 1].low in ("every", "each") and tokens[i + 2].low in _PER_WORDS \
            and _unit_like(previous):
        return tok.start, tokens[i + 1].end, "per"  # "295 FLOPs for every byte"
    if low in _ORDINALS or (low.partition("-")[0] in TENS
                            and low.partition("-")[2] in _ORDINALS):
        head, _, tail = low.partition("-")
        value = TENS[head] + _ORDINALS[tail] if tail else _ORDINALS[low]
        rank = _a_rank(tokens, i, i + 1, value)
        return tok.start, tok.end, f"{value}" if rank else f"{value}th"
    return None


def _parts(tokens: list[_Token], j: int, value: float) -> int | None:
    """How many parts the fraction word at ``j`` cuts a whole into, when ``value`` of them
    is a fraction said in words ("two thirds", "one fifth of it"); None otherwise."""
    if j >= len(tokens) or value != int(value):
        return None
    low = tokens[j].low
    if low in _FRACTIONS and 1 <= value < _FRACTIONS[low]:
        return _FRACTIONS[low]
    if low in _FRACTION and value == 1 and _fraction_ends(tokens, j + 1):
        return _FRACTION[low]
    return None


def _share(value: float) -> str:
    """A fraction written to three significant figures ("0.333", "0.6", "0.01")."""
    return f"{value:.3g}"


def _hours_and_minutes(tokens: list[_Token], j: int, hours: float
                       ) -> tuple[float, int] | None:
    """``hours`` said before ``tokens[j]`` as "hours and M minutes": the whole time in
    minutes and the index after it; None when that is not what follows."""
    if j + 1 >= len(tokens) or tokens[j].low not in ("hour", "hours") \
            or tokens[j + 1].low != "and":
        return None
    minutes = _number_at(tokens, j + 2)
    if minutes is None or minutes[1] >= len(tokens) or tokens[minutes[1]].low not in (
            "minute", "minutes"):
        return None
    return hours * 60 + minutes[0], minutes[1] + 1


def _fraction_ends(tokens: list[_Token], j: int) -> bool:
    """Whether a fraction word ends at ``j``: "a third of the step", "a tenth." (but "a
    third GPU" is an ordinal)."""
    return j >= len(tokens) or tokens[j].low == "of" or not tokens[j].text[0].isalnum()


def _one_in(tokens: list[_Token], j: int) -> tuple[float, int] | None:
    """The N of a "one in N" said after a one (a noun or two may come between: "one page
    in twenty"), and the index after it."""
    k = j
    while k < len(tokens) and k - j < 2 and tokens[k].low != "in" and tokens[k].text.isalpha():
        k += 1
    if k + 1 >= len(tokens) or tokens[k].low != "in":
        return None
    said = _number_at(tokens, k + 1)
    if said is None or said[0] < 2 or said[0] != int(said[0]) or (
            said[0] > 1000 and str(int(said[0])).rstrip("0") != "1"):
        return None  # "one GPU in 2025" is a year
    return said[0], said[1]


def _times_power_of_ten(tokens: list[_Token], j: int) -> tuple[int, int] | None:
    """The exponent of a "times ten to the N" said after a number, and the index after it."""
    if j + 1 >= len(tokens) or tokens[j].low not in ("times", "x"):
        return None
    ten = _number_at(tokens, j + 1)
    return _power_of_ten(tokens, ten[1]) if ten is not None and ten[0] == 10 else None


def _power_of_ten(tokens: list[_Token], j: int) -> tuple[int, int] | None:
    """The exponent said after a ten ("ten to the fifteenth", "10 to the 15"), and the index
    after it; None when there is none."""
    power = _exponent(tokens, j)
    return power if power is not None and power[0] <= _MAX_POWER_OF_TEN else None


#: The largest power of ten said as one ("ten to the thirtieth" is past any FLOP count).
_MAX_POWER_OF_TEN = 30


def _exponent(tokens: list[_Token], j: int) -> tuple[int, int] | None:
    """The whole exponent said at ``tokens[j]`` ("to the fifteenth", "to the 10th", "to the
    power of ten"), and the index after it; None when there is none."""
    if j + 2 >= len(tokens) or [t.low for t in tokens[j:j + 2]] != ["to", "the"]:
        return None
    k = j + 2
    if tokens[k].low == "power":
        k += 2 if k + 1 < len(tokens) and tokens[k + 1].low == "of" else 1
    if k >= len(tokens):
        return None
    low = tokens[k].low
    if low in _EXPONENTS or low in _ORDINALS:
        return _EXPONENTS.get(low) or _ORDINALS[low], k + 1
    said = _number_at(tokens, k)
    if said is None or said[0] != int(said[0]) or not 1 <= said[0] <= MAX_EXPONENT:
        return None
    after = said[1]
    if after < len(tokens) and tokens[after].low in ("st", "nd", "rd", "th") and (
            tokens[after].start == tokens[after - 1].end):
        after += 1  # "to the 10th"
    return int(said[0]), after


def _unit_like(tok: _Token) -> bool:
    """Whether ``tok`` ends a figure's unit, so "a second" after it means per second."""
    return (tok.text in UNITS or tok.low in SCALES or tok.low in _UNIT_WORDS
            or _FLOPS.match(tok.text) is not None)


def _a_time_at(tokens: list[_Token], j: int) -> bool:
    """Whether a time a factor is said of starts at ``j``: "latency", "whole step", "4.8 ms
    step" ("double the step" is as often how a time scales, so only "twice" reads so)."""
    for token in tokens[j:j + 4]:
        if token.low in _A_TIME or token.low == "step":
            return True
        if token.low not in _WHOLE and not token.text[0].isdigit():
            return False
    return False


def _format(value: float, decimals: int) -> str:
    if decimals:
        return f"{value:.{decimals}f}"
    for word, scale in (("trillion", 1e12), ("billion", 1e9), ("million", 1e6)):
        mantissa = value / scale
        if mantissa >= 1 and round(mantissa, 3) == mantissa:
            return f"{mantissa:g} {word}"
    if value == int(value):
        return str(int(value))
    return f"{value:g}"


def _apply(text: str, pieces: list[tuple[int, int, str]]) -> Rewrite:
    out: list[str] = []
    origin: list[tuple[int, int]] = []
    at = 0
    for start, end, new in sorted(pieces):
        if start < at:
            continue
        for k in range(at, start):
            out.append(text[k])
            origin.append((k, k + 1))
        out.append(new)
        origin.extend([(start, end)] * len(new))
        at = end
    for k in range(at, len(text)):
        out.append(text[k])
        origin.append((k, k + 1))
    return Rewrite("".join(out), tuple(origin))
