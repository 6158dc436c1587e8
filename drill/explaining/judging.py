"""Which quantity of the card each figure of an explanation claims, and whether it is right.

Each figure is compared with the card's givens, results, catalog facts and declared
mistakes that have its dimension (a count of conversations only with counts of
conversations), and the words around it (:mod:`drill.explaining.meaning`) pick which of
them it is about:

1. a figure equal to a declared mistake's value, said of the quantity that mistake is
   about at least as clearly as of anything else it equals, is that mistake;
2. a figure equal to a candidate is that candidate, unless the words point clearly at
   another quantity of its kind ("4.8 ms" said of the batched step);
3. a figure the card's own working derives, or a number inside a formula said in words
   ("4096 m over 2 m plus 4096"), is part of the working, not a claim;
4. any other figure is judged against the quantity its words point at, or, without a
   clue, the nearest of its kind within a factor of 20 ("off by 10×"); with neither it is
   unknown, or no claim when hedged ("maybe 20% under it"). A bare number with no unit
   is a claim only when its words name a result ("1,600 in flight", "30,435 blocks"), a
   step of a slip ("less the 16 of weights is 69.5"), or it is near the one asked result
   it could be ("m of about 354" for 345; nearer still when the unknown's letter names
   it: "m comes out around 410").

A multiple of the batch ("intensity is about half the batch") claims the card's quantity
at a batch of one; FLOPs worked to half the card's count are one FLOP a weight.

A figure set aside is no claim: "not 3×", a what-if's need ("to hit 300 you'd need 4.8
TB/s"), one taken back ("4 teraflop, wait, no, 8"), where a change starts ("down from
209"), a naive take ("naively ... batch 295"), a name ("a 7B model", "an 80 gig card").

Plain arithmetic over the card's solved numbers; nothing in the text is evaluated.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from drill.checking.closed_world import Candidate
from drill.checking.figures import Figure
from drill.checking.tolerance import log_apart, relative_off
from drill.explaining.aside import a_past_what_if, contrasted
from drill.explaining.meaning import (
    Context,
    affinities,
    context_of,
    sentence_start,
    subject_of,
    vocabulary,
    words_of,
)
from drill.explaining.working import significance, small_whole
from drill.packs.model import Card, Mistake
from drill.quantities import dimensions as dims
from drill.quantities.expression_slips import power_of_ten
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.quantities.units import unit_quantity

#: Words that make the figure after them a guess: "maybe 20% under", "I'd guess 10%".
_HEDGED = re.compile(r"\b(?:maybe|perhaps|probably|i'd\s+guess|i\s+guess|guessing|say"
                     r"|something\s+like)(?:\s+(?:about|around|roughly|another|an?))?\s*"
                     r"(?:[0-9][0-9.,]*\s*(?:%|percent)?\s*(?:,|or|to)\s*)?$", re.IGNORECASE)
#: A model named by its size: "a 7B model", "the 70B one".
_MODEL_SIZE = re.compile(r"[0-9]+(?:\.[0-9]+)?\s?[BM]")
_MODEL_AFTER = re.compile(r"\s+(?:models?|one|dense|MoE|params|parameters?|class)\b",
                          re.IGNORECASE)
#: A device named after a size: "an 80 gig card", "80 GB H100s", "a 400 gigabit port".
_DEVICE_AFTER = re.compile(r"\s+(?:cards?|GPUs?|[HAB][0-9]{2,3}s?|devices?|accelerators?"
                           r"|ports?|NICs?|links?)\b",
                           re.IGNORECASE)
#: An operator said or written right before a figure: the figure is inside a formula.
_OPERAND = re.compile(r"(?:\bover|\bplus|\bminus|\btimes|\bdivided by|\bby|\broot\s+of"
                      r"|\bequal\s+to|\bset\s+(?:it|that|this)\s+(?:equal\s+)?to(?:\s+the)?"
                     r"|[×÷+−*/])\s*$",
                      re.IGNORECASE)
#: The whole a part is taken from: "take those out of the 16 GB", "take that off the 16
#: gigs" (the number subtracted from, not a result).
_TAKEN_FROM = re.compile(r"\b(?:take|takes|taking|took|subtract|subtracting|knock|knocking)\b"
                         r"[^.;!?]{0,30}\b(?:out\s+of|off|from)(?:\s+(?:the|our|your))?\s*$",
                         re.IGNORECASE)
#: A target the working solves for: "solving for where it hits 295, a batch around 345".
_TARGET = re.compile(r"\b(?:where|when|until|till|once)\s+(?:it|that|this|(?:the\s+)?\w+)"
                     r"\s+(?:hits|reaches|crosses|meets|equals|matches)(?:\s+the)?\s*$",
                     re.IGNORECASE)
#: "Over" or "under" said as a bound, not a division: "a bit over two times cheaper".
_A_BOUND = re.compile(r"\b(?:a\s+(?:bit|little|touch)|just|slightly|well|way|far|somewhat"
                      r"|little|anything|something|is|was|it's|that's|be|at)\s+(?:over|under)\s*$",
                      re.IGNORECASE)
#: An operator and a number right after a figure: the figure opens a formula ("2B over
#: 989 TFLOPS").
_OPERATOR_AFTER = re.compile(r"\s*(?:(?:over|divided\s+by|times|plus|minus|[×÷/+−])\s*[0-9]"
                             r"|(?:plus|minus)\s+(?:that|this|those|these|it)\b"
                             r"|\s[a-z]+\s+(?:plus|minus)\s+[0-9]"
                             r"|(?:to\s+the\s+power|to\s+the\s+[0-9]|\^|\*\*"
                             r"|to\s+the\s+(?:one[\s-])?[a-z]+th\b)"
                             r"|,?\s*(?:and\s+)?(?:subtract|take\s+away|take\s+off))",
                             re.IGNORECASE)
#: A part of a figure said next: "a quarter of the 141 GB" multiplies, it claims no share
#: of the card.
_PART_OF = re.compile(r"\s+of\s+(?:(?:the|a|an|[A-Za-z0-9]+'s)\s+)?[0-9]", re.IGNORECASE)
#: A share of a plain number said after it: "it's 1% of 100" is a product, not a claim
#: (but "8 percent of the 3.35 peak" claims a share of the peak).
_SHARE_OF = re.compile(r"\s+of\s+[0-9][0-9,]*(?:\.[0-9]+)?(?![0-9])(?!\s+[A-Za-z])")
#: A figure the working goes on to use: "128 MB, and 32 of those is", "half a gig, and 64
#: users is", "0.13 GB, times 32".
_CARRIED_ON = re.compile(r"[\s,]*(?:and|so|then)?\s*(?:[0-9][0-9.,]*\s+(?:of\s+(?:those|them|these)"
                         r"|[A-Za-z]+\s+(?:is|are|gives|makes|comes))|(?:times|×)\s*[0-9])",
                         re.IGNORECASE)
#: How clearly the words must point at another quantity to overrule a match: at least
#: this, and twice as clearly as at the quantity matched, plus one.
_OVERRULE = 2.0
#: How many times more clearly the words must name another asked result than the one a
#: figure equals, to its digits, for the figure to be that other result said wrong.
_CLEARER = 5.0
#: How clearly the words must point at a quantity to judge a figure the working derives.
_STRONG = 2.5
#: How clearly the words must point at a quantity for a bare number to be judged by them.
_BARE_CLUE = 1.5
#: The kind of a candidate that is a step of a slip's working ("79.65 GiB − 16 GB").
SLIP_STEP = "mistake step"
#: The weight of a word of the clause's subject: less than any word beside the figure.
_SUBJECT = 0.5
#: "1 byte per parameter": a rate over something that is no unit, not a claim to judge.
_PER_WORD = re.compile(r"\s+per\s+[A-Za-z]+")
_SCALE_WORDS = frozenset({"thousand", "million", "billion", "trillion", "k", "m", "b"})
#: How far from what its words point at a figure may be and still claim it.
_FAR = 2000.0
#: How far a count may be from the one result counting its things and still claim it.
_COUNTED_NEAR = 3.0
#: How far from a candidate a figure with no clue may be and still be taken as meant.
_NEAR = 20.0
#: A number as written: "79.65", "8,192".
NUMBER = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?")
#: How near an asked result a bare number says it, though a little off: no other reading.
_CLOSE = 1.1
#: A figure said to one significant digit ("20", "300", "4") is good to half of it at
#: least (the smallest such half is 5%, of "90"), and may be that round figure for
#: anything within _ROUND.
_ONE_DIGIT, _ROUND = 0.05, 0.1
#: How far from a given, in halves of its own last digit, a figure restating it may be.
_GIVEN_DIGITS = 1.5


RIGHT, WRONG, UNKNOWN = "right", "wrong", "unknown"


@dataclass(frozen=True, slots=True)
class Option:
    """A value a figure may claim: a candidate, with the words that name it."""

    candidate: Candidate
    vocab: frozenset[str]
    tolerance: float
    asked: bool = False  # an ask's value or a given: a claim of its own
    mistake: Mistake | None = None
    meant: str | None = None  # the result a mistake is mistaken for
    meant_value: Quantity | None = None  # and that result's value
    #: The givens and results a mistake's formula is made of ("weights", "peak_flops").
    uses: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Verdict:
    """What one figure claims: right, wrong (against ``option``), unknown, or not a claim."""

    verdict: str | None  # "right", "wrong", "unknown"; None: not a claim, left out
    option: Option | None = None
    clue: bool = False  # the words pointed at the option (not only its value)
    also_right: bool = False  # a slip's value that is also a result of the right working
    why: str | None = None  # what went wrong, where the words say more than the value


def options_of(card: Card, right: list[Candidate],
               mistaken: list[tuple[Candidate, Mistake, str]], tolerance: float,
               formulas: Mapping[str, str] | None = None
               ) -> tuple[list[Option], list[Option]]:
    """The card's candidates and its mistakes, each with its vocabulary (its name, the
    question asking for it, the words the scenario says around it, the givens its formula
    uses: ``formulas``) and tolerance."""
    formulas = formulas or {}
    questions: dict[str, str] = {}
    tolerances: dict[str, float] = {}
    for ask in card.asks:
        questions[ask.value] = f"{questions.get(ask.value, '')} {ask.question}"
        tolerances[ask.value] = ask.tolerance
    said = _placeholder_words(card)
    pointed = {name for point in card.points for name in point.figures}
    options = [Option(c, vocabulary(c.name, questions.get(c.name, ""), said.get(c.name, ""),
                                    _unit_words(c.shown), formulas.get(c.name, "")),
                      tolerances.get(c.name, tolerance),
                      c.name in questions or c.name in pointed or c.kind == "given")
               for c in right]
    options += _given_ratios(right, tolerance, crossed=not card.computes)
    values = {c.name: c.value for c in right}
    # What a slip is made of, as worked and as the card writes it ("floor(tpot_slo ÷
    # seq_time)": the worked form names only givens).
    written = {**card.shared_formulas, **card.formulas}
    # A slip's step is named by its own names too ("memory − weights").
    mistakes = [Option(c, vocabulary(meant, questions.get(meant, ""),
                                     c.name if c.kind == SLIP_STEP else ""),
                       tolerances.get(meant, tolerance), False, m, meant, values.get(meant),
                       frozenset(_NAME.findall(formulas.get(c.name, "") + " "
                                               + written.get(c.name, ""))) & values.keys())
                for c, m, meant in mistaken]
    return options, mistakes


_PLACEHOLDER = re.compile(r"\{(\w+)[^{}]*\}")
_NAME = re.compile(r"[A-Za-z_]\w*")


def _placeholder_words(card: Card) -> dict[str, str]:
    """The words the card's own texts say around each given ("{batch} users" makes the
    batch a number of users)."""
    found: dict[str, list[str]] = {}
    for key, template in card.templates.items():
        if key.startswith(("title", "scenario", "answer")):
            for match in _PLACEHOLDER.finditer(template):
                before = template[max(0, match.start() - 24):match.start()].split()[-1:]
                after = _PLACEHOLDER.sub(" ", template[match.end():match.end() + 24]).split()[:2]
                found.setdefault(match.group(1), []).extend([*before, *after])
    return {name: " ".join(words) for name, words in found.items()}


def _unit_words(shown: str) -> str:
    """The count nouns of a figure as shown ("200 requests" → "requests"), not its units
    ("2.5 PFLOPS" says nothing of what it is)."""
    return " ".join(w for w in re.findall(r"[A-Za-z]+", shown) if counts_things(w))


@lru_cache(maxsize=512)
def counts_things(word: str) -> bool:
    """Whether ``word`` is a count noun of the unit table ("steps", "users")."""
    try:
        dim = read(f"1 {word}").value.dim
    except ParseError:
        return False
    return dims.without_counts(dim) == dims.DIMENSIONLESS


def _given_ratios(right: list[Candidate], tolerance: float, *, crossed: bool
                  ) -> list[Option]:
    """What a given restated says: one given over another ("the load went up 1.8 times",
    "80% more traffic", "40 s for 20 users is 2 s each") and a rate turned over (10
    requests/s is 100 ms each).
    A figure that equals one of them is right, but none is a quantity to be wrong about."""
    givens = [c for c in right if c.kind == "given" and c.value.value > 0]
    found = []
    for high in givens:
        time = dims.exponents(high.value.dim).get("time", 0)
        if time < 0:
            found.append(Option(
                Candidate(f"1 ÷ {high.name}", Quantity(1 / high.value.value,
                                                       dims.power(high.value.dim, -1)),
                          f"1 ÷ {high.shown}", "conversion"),
                vocabulary(high.name, "time each"), tolerance))
        for low in givens:
            if high is low:
                continue
            ratio = high.value.value / low.value.value
            same = high.value.dim == low.value.dim
            if (same and not 1 < ratio < 1e6) or not (same or crossed) or (
                    same and high.value.dim == dims.DIMENSIONLESS):
                continue  # a share over a factor is no quantity anyone restates
            dim = dims.multiply(high.value.dim, dims.power(low.value.dim, -1))
            if same and ratio < 10:  # "80% more traffic": the growth as a share
                found.append(Option(
                    Candidate(f"{high.name} ÷ {low.name} − 1", Quantity(ratio - 1, dim),
                              f"{ratio - 1:.0%}", "conversion"),
                    vocabulary(high.name, low.name, "ratio growth"), tolerance))
            found.append(Option(
                Candidate(f"{high.name} ÷ {low.name}", Quantity(ratio, dim),
                          f"{ratio:.3g}" + ("×" if same else ""), "conversion"),
                vocabulary(high.name, low.name, "ratio growth") if same else frozenset(),
                tolerance))
    return found


def judge(text: str, figure: Figure, accounted: bool, options: list[Option],
          mistakes: list[Option], bounds: tuple[int, int] | None = None) -> Verdict:
    """What ``figure`` of ``text`` claims (``accounted``: the card's working derives it,
    or it is a conversion or a factor; see the module for the order of the rules). A
    figure set aside as a contrast ("not 3×", "the 6× you'd get by multiplying them") is
    no claim unless it is right."""
    verdict = _judged(text, figure, accounted, options, mistakes, bounds)
    if verdict.verdict in ("wrong", "unknown") and (
            contrasted(text, figure.start, figure.end) or _coefficient(text, figure)):
        return Verdict(None)
    if verdict.verdict == "wrong" and (_each_ones_share(text, figure, verdict, options)
                                       or _counts_split(text, figure, options)):
        return Verdict("right")
    if verdict.verdict == "wrong" and _an_example(text, figure, verdict):
        return Verdict(None)
    if (verdict.verdict == "wrong" and verdict.option is not None
            and verdict.option.mistake is not None and a_past_what_if(text, figure.start)):
        return Verdict(None)  # "if you reserved 8,192 up front you'd leave 7,192 empty"
    return verdict


#: "a 100K conversation", "a 5K one": a size picked to make a point.
_AN_EXAMPLE = re.compile(r"\b(?:a|an|say\s+a|like\s+a)\s*$", re.IGNORECASE)
#: How far from the card's given an example is, to be no misremembering of it.
_EXAMPLE_APART = 2.0


def _an_example(text: str, figure: Figure, verdict: Verdict) -> bool:
    """Whether ``figure``, far from the given it was matched to, is an example the
    speaker picks ("so a 100K conversation costs the same as a 5K one")."""
    option = verdict.option
    if option is None or option.candidate.kind != "given" or not _AN_EXAMPLE.search(
            text, max(0, figure.start - 12), figure.start):
        return False
    said, given = reading_in(figure, option.candidate.value.dim), option.candidate.value.value
    return given > 0 and said > 0 and max(said / given, given / said) >= _EXAMPLE_APART


#: Words that say a quantity is shared out: "split four ways, each GPU reads 35 gigs".
_SHARED_OUT = re.compile(r"\b(?:each|per|split|shard\w*|ways|apiece|every)\b", re.IGNORECASE)
#: The most parts a card's count may share a quantity into.
_MOST_PARTS = 1024


def _each_ones_share(text: str, figure: Figure, verdict: Verdict, options: list[Option]
                     ) -> bool:
    """Whether ``figure``, judged a wrong ``verdict.option``, is that quantity shared out
    over a count the card gives ("141 GB split four ways, each GPU reads roughly 35
    gigs"), as its words say."""
    option = verdict.option
    if option is None or option.mistake is not None or option.candidate.value.value <= 0:
        return False
    before = text[sentence_start(text, figure.start):figure.start]
    if not _SHARED_OUT.search(before):
        return False
    said = reading_in(figure, option.candidate.value.dim)
    # Only a count said in the sentence: "split four ways", "over 8 GPUs".
    counts = _counts_said(before, options, _MOST_PARTS)
    slack = max(option.tolerance, figure.precision, significance(figure))
    return any(relative_off(said, option.candidate.value.value / k) <= slack for k in counts)


#: Words after a count that share it out: "two per GPU", "two each".
_PER_PART = re.compile(r"\s+(?:per|each|apiece|a\s+(?:gpu|card|device|node|stage|rank))\b",
                       re.IGNORECASE)


def _counts_split(text: str, figure: Figure, options: list[Option]) -> bool:
    """Whether a small count said per part is one given count shared over another, both
    said before it: "TP 4 ... the 8 KV heads split two per GPU"."""
    if not small_whole(figure) or not (_PER_PART.match(text, figure.end)
                                       or _PER_PART.search(f" {figure.text}")):
        return False
    said = figure.value.value
    counts = _counts_said(text[:figure.start], options, math.inf)
    return any(a / b == said for a in counts for b in counts if a > b)


def _counts_said(text: str, options: list[Option], most: float) -> list[float]:
    """The card's given counts, from 2 to ``most``, whose numbers ``text`` says."""
    return [o.candidate.value.value for o in options if _given_count(o)
            and 2 <= o.candidate.value.value <= most
            and re.search(rf"(?<![\d.,]){int(o.candidate.value.value)}(?![\d.,]\d)", text)]


#: Words after "N times" that make it a comparison, not a product: "4 times faster".
_COMPARING = (r"(?:faster|slower|more|less|fewer|larger|smaller|bigger|cheaper|higher|lower"
              r"|longer|shorter|as|that|what|over|the\s+(?:speed|throughput|cost|price|rate))\b")
#: A factor said before a name that another operator follows ("four times context times
#: hidden", "2 times n minus 1 over n"): a formula's coefficient said aloud, no ratio.
_COEFFICIENT = re.compile(
    rf"\s+(?!{_COMPARING})(?:the\s+)?[A-Za-z][\w'-]*(?:\s+(?!{_COMPARING})[A-Za-z][\w'-]*)?"
    rf"\s+(?:times|over|divided\s+by|plus|minus)\b", re.IGNORECASE)
#: A factor said as a comparison: "32 times better than one user".
_COMPARED_AFTER = re.compile(r"\s+(?:better|worse|faster|slower|more|less|fewer|cheaper"
                             r"|higher|lower|bigger|smaller|greater|larger"
                             r"|what\s+(?:one|1|a|an|the|each|a\s+single)\s+\w+\s+(?:gets|does|sees|has"
                             r"|makes|manages))\b", re.IGNORECASE)
#: A time named after a factor: "10 times the service time", "twice the solo step".
_TIMES_A_TIME = re.compile(r"\s+(?:the|a|an|its|our|their|one)\s+(?:[a-z-]+\s+)?"
                           r"(?:time|latency|step|wait|delay)s?\b", re.IGNORECASE)
#: A time counted in another time: "10 service times", "three step times".
_IN_TIMES = re.compile(r"\s+(?:[a-z-]+\s+)?(?:service|step|solo|decode|prefill|base)\s+times\b",
                       re.IGNORECASE)
#: What only a formula multiplies: "30 times the square root of 2 over n", "two times
#: the parameters per token".
_TIMES_A_FORMULA = re.compile(r"\s+(?:the\s+)?(?:square\s+root|root|sqrt|parameters|params"
                              r"|parameter\s+count)\b", re.IGNORECASE)
#: "N times" said before one bare name that ends the clause ("four times batch,"), where
#: "a 64x saving," names what the factor is.
_TIMES_A_NAME = re.compile(rf"\s+(?!{_COMPARING})[A-Za-z][\w'-]*\s*(?:[,;]|$)",
                           re.IGNORECASE)


def _coefficient(text: str, figure: Figure) -> bool:
    """Whether ``figure``, a factor, is a formula's coefficient said aloud."""
    if _form(figure.text) != "×":
        return False
    said = text[figure.start:figure.end]
    # The figure reader may have taken the name as the figure's count noun: "4 times batch".
    # "4 times batch," ends a clause; "two times batch equal to 591" goes on as a formula.
    named = re.search(r"(?:times|×)\s+[A-Za-z][\w'-]*$", said) is not None and re.match(
        r"\s*(?:[,;.=]|$|(?:equals?|equal\s+to|over|divided|plus|minus|times)\b)",
        text[figure.end:]) is not None
    times = re.search(r"(?:times|×|x)$", said) is not None
    # "1.2 times the 20 ms step": the factor of a product said aloud.
    of_a_number = times and re.match(r"\s+(?:the\s+|a\s+)?[$0-9]", text[figure.end:])
    return named or bool(of_a_number) or (
        times and _COEFFICIENT.match(text, figure.end) is not None) or (
        times and _TIMES_A_FORMULA.match(text, figure.end) is not None) or (
        said.endswith("times") and _TIMES_A_NAME.match(text, figure.end) is not None)


def _judged(text: str, figure: Figure, accounted: bool, options: list[Option],
            mistakes: list[Option], bounds: tuple[int, int] | None = None) -> Verdict:
    """The verdict before any contrast is set aside (see :func:`judge`)."""
    if figure.text[-1:] in ("x", "×") and text[figure.end:figure.end + 1].isdigit():
        return Verdict(None)  # "Mixtral 8x7B", "2x4": a name, not a factor
    if _MODEL_SIZE.fullmatch(figure.text) and _MODEL_AFTER.match(text, figure.end):
        return Verdict(None)  # "a 7B model": a model's name, not a count
    if _DEVICE_AFTER.match(text, figure.end) and dims.exponents(figure.value.dim).get(
            "information"):
        return Verdict(None)  # "one 80 gig card": the device named by its memory
    arriving = _arriving(text, figure, options)
    if arriving is not None:
        return Verdict("right", arriving)  # "fifty requests coming in": the arrival rate
    per_sequence = _of_the_batch(text, figure, options)
    if per_sequence is not None:
        return per_sequence
    inverse = _inverse_factor(text, figure, options)
    if inverse is not None:
        return Verdict("right", inverse)
    noun = _noun(figure)
    # "30 streaming users": the count's noun may come a word or two after it.
    after = re.split(r"[.,;!?]", text[figure.end:figure.end + 24], maxsplit=1)[0]
    noun_after = " ".join(re.findall(r"[A-Za-z]+", after)[:2])
    if figure.bare:
        noun = noun_after
    # A number read as a count of the noun a word later ("189 distinct experts") claims
    # the result counting those things too.
    counted_noun = (noun_after if not noun and not figure.has_unit
                    and NUMBER.fullmatch(figure.text) else noun)
    # "$250 per million": the scale says what the price is per.
    per_scale = _SCALE_PER.search(figure.text)
    context = context_of(text, figure.start, figure.end,
                         f"{noun} {per_scale.group(1)}" if per_scale else noun, bounds)
    per_something = _PER_WORD.match(text, figure.end) is not None
    fits = _ratio_fits(text, figure, options, [o for o in options if _fits(figure, o, noun)])
    of_words = _form(figure.text) == "×" and _OF_WORDS.match(text, figure.end) is not None
    gain = _form(figure.text) == "%" and _FASTER.match(text, figure.end) is not None
    wrong_fits = [o for o in mistakes if _fits(figure, o, noun)]
    vocabs = [o.vocab for o in fits + wrong_fits]
    meanings = [o.meant or o.candidate.name for o in fits + wrong_fits]
    said_of = affinities(context, vocabs, meanings)
    # The clause's subject, for a figure that ends its working: a weak word, deciding only
    # between quantities the words beside the figure name alike.
    subject = Context(tuple((w, _SUBJECT) for w in subject_of(text, figure.start, bounds)
                            if w not in context.words())) if bounds else Context(())
    scores = dict(zip([id(o) for o in fits + wrong_fits],
                      [a + b for a, b in zip(said_of, affinities(subject, vocabs, meanings),
                                             strict=True)],
                      strict=True))
    beside = dict(zip([id(o) for o in fits + wrong_fits], said_of, strict=True))
    # A factor of the scenario is restated as it says it: "2.9 times faster" is no 3×.
    # The things a bare figure counts, when a plural noun follows it: "3 runs each".
    plural = _PLURAL_AFTER.match(text, figure.end) if figure.bare else None
    things = frozenset(words_of(plural.group(1))) if plural else frozenset()
    hits = [o for o in fits if _hit(figure, o, things) and not (
        o.candidate.kind == "given" and o.candidate.shown.endswith("×")
        and _off(figure, o) > significance(figure))]
    wrong_hits = [o for o in wrong_fits if _hit(figure, o, things)]
    # The words first (coarsely: a stray shared word decides nothing), then the closest.
    best_hit = max(hits, key=lambda o: (scores[id(o)], o.asked, -_off(figure, o),
                                        _rank(o)), default=None)
    operand = ((_OPERAND.search(text[max(0, figure.start - 14):figure.start]) is not None
                and _A_BOUND.search(text[max(0, figure.start - 24):figure.start]) is None)
               or _OPERATOR_AFTER.match(text, figure.end) is not None
               or _TARGET.search(text[max(0, figure.start - 40):figure.start]) is not None
               or _TAKEN_FROM.search(text[max(0, figure.start - 50):figure.start]) is not None
               or (_SHARE_OF.match(text, figure.end) is not None
                   and _form(figure.text) == "%")  # "1% of 100": a product said
               or (_PART_OF.match(text, figure.end) is not None and not _form(figure.text)
                   and any(r.dim == dims.DIMENSIONLESS and r.value < 1
                           for r in figure.readings)))
    # Among those the words name alike, one the figure says within its tolerance, not only
    # within the figure's loose precision ("a tenth of a second" is 1 ÷ 10 requests/s).
    top = max(hits, key=lambda o: (scores[id(o)], _off(figure, o) <= o.tolerance, o.asked,
                                   _rank(o)), default=None)
    lost = _rate_lost(text, figure, fits)
    if lost is not None:
        return Verdict("right", lost, True)
    if gain and best_hit is None:
        # The gain the words name, said wrong: "15 percent faster" for a 1.18× speedup.
        named = max((o for o in fits if o.candidate.name.endswith(" − 1")),
                    key=lambda o: (scores[id(o)], -_off(figure, o)), default=None)
        if named is not None and scores[id(named)] > 0 and _within(figure, named, _NEAR):
            return Verdict("wrong", named, True)
    if wrong_hits and not operand:
        worst = max(wrong_hits, key=lambda o: scores[id(o)])
        if _one_of_many(text, figure, worst, options):
            return Verdict("right")  # "half a gig per user": one user's cache, said as one's
        if _named_as_the_slip(text, figure, worst):
            # "a 37.5 percent discount" is the discount, said as such
            return Verdict("right", top, True) if top is not None else Verdict(None)
        named = _named_with_unit(text, figure, options, worst)
        if named is not None:
            return Verdict("right", named, True)  # "the ridge at 295" is no batch of 295
        # A whole count the card's result is exactly ("two GPUs" of the 1.83 rounded up)
        # is that result, though a slip's 1.97 rounds to it too.
        whole = next((o for o in hits if o.candidate.kind == "result" and small_whole(figure)
                      and o.candidate.value.value == figure.value.value
                      and worst.candidate.value.value != figure.value.value), None)
        if whole is not None:
            return Verdict("right", whole, scores[id(whole)] > 0)
        if _is_the_slip(text, figure, worst, top, scores, beside[id(worst)] > 0):
            # A step of the right working it equals, said more clearly of it, or carried on
            # with ("128 MB, and 32 of those is 4.2 GB"): one user's cache.
            step = (top is not None and top.candidate.kind == "result" and (
                scores[id(top)] > scores[id(worst)]
                or _CARRIED_ON.match(text, figure.end) is not None))
            return Verdict("wrong", worst, scores[id(worst)] > 0, step)
    if (best_hit is not None and _small_count(figure) and scores[id(best_hit)] == 0
            and best_hit.candidate.kind != "given"):
        return Verdict(None)  # "one token per step" is how decode works, not a result
    if best_hit is not None:
        rival = _rival(figure, fits, hits, scores)
        # A result said to its last digit ("7,192 tokens") is that result, whatever
        # the words around it point at.
        # A form worked from a result ("speedup − 1") is no result said to its digits.
        exact = (best_hit.candidate.kind == "result" and best_hit.candidate.name.isidentifier()
                 and _off(figure, best_hit) <= significance(figure))
        asked_rival = (rival is not None and rival.asked
                       and rival.candidate.kind == "result")
        derived = asked_rival and rival is not None and _derived_only(hits, rival, options)
        loose = asked_rival and _loose_only(figure, hits)
        bar = (max(1.0, scores[id(best_hit)] + 1) if derived or loose
               else max(_OVERRULE, 2 * scores[id(best_hit)] + 1))
        if (rival is not None and not operand and not figure.bare and not exact
                and not any(_restated(o, options) for o in hits)
                and _within(figure, rival, _NEAR) and scores[id(rival)] >= bar):
            return Verdict("wrong", rival, True)
        if (rival is not None and not operand and rival.asked and figure.bare
                and not _form(figure.text) and not small_whole(figure)
                and (best_hit.candidate.kind == rival.candidate.kind == "result" or derived)
                and scores[id(rival)] >= max(1.0 if derived else _BARE_CLUE,
                                             _CLEARER * scores[id(best_hit)])
                and _within(figure, rival, _NEAR)
                and not (_rounded_to(best_hit, rival)
                         and _off(figure, best_hit) <= 2 * significance(figure))):
            # "The W4A16 GEMM turns compute-bound at about 148": another asked result, to
            # its digits, where the words name only this one; "0.45 of the old time" is the
            # new step said wrong, not a speedup less one.
            return Verdict("wrong", rival, True)
        counted = _counted_by_its_noun(figure, noun, best_hit, rival, scores, options)
        if counted is not None and not operand:
            return Verdict("wrong", counted, True)  # "one in a hundred pages": no call's 1%
        asked = _asked_twin(best_hit, fits, hits, scores)
        if asked is not None and not operand and _off(figure, best_hit) > 2 * significance(
                figure):  # not the step itself, said to its digits ("60.68, so 60")
            return Verdict("wrong", asked, True)  # "119" near the unrounded 113.6, not 113
        slipped = (None if any(o.candidate.kind in ("given", "result") for o in hits)
                   else _other_precision(context, best_hit, fits, scores))
        if slipped is not None:  # an operand too: "1,979 TFLOPS over 3.35 TB/s" on BF16
            return Verdict("wrong", slipped, True)
        return Verdict("right", best_hit, scores[id(best_hit)] > 0)
    if _small_count(figure) or _all_but_one(figure, fits):
        return Verdict(None)
    given = _given_unit_left_off(figure, options)
    if given is not None:
        return Verdict("right", given)  # "71.68 per GPU": the 71.68 GiB each may use
    counted = _counted_claim(figure, counted_noun, fits, hits, scores)
    stepped = _bare_slip(figure, options, mistakes, context) if not operand else None
    if stepped is not None:
        return Verdict("wrong", stepped, True)  # "minus the 16 of weights is 69.5" GB
    if figure.bare and counted is None and _number_of_another(figure, options):
        return Verdict(None)  # "about four point eight" after "memory time": 4.78 ms
    strong = _rival(figure, fits, hits, scores)
    if (strong is not None and not operand and not small_whole(figure)
            and scores[id(strong)] >= _STRONG and _within(figure, strong, _NEAR)):
        return Verdict("wrong", strong, True)  # "64× cheaper": the cost ratio, said wrong
    factor = _claimed_factor(figure, strong, scores, of_words)
    if factor is not None and not operand:
        # "64× cheaper" is no batch of 64; a clue only when the words say it clearly.
        return Verdict("wrong", factor, scores[id(factor)] >= _BARE_CLUE)
    if counted is not None and not operand:
        return Verdict("wrong", counted, True)  # "128 conversations" is no head size
    # "32 times better than one user" claims a ratio: the 32 users it shares a number
    # with do not account for it.
    # So does "10 times the service time": a ratio to the time named after it.
    compared = _form(figure.text) == "×" and (_COMPARED_AFTER.match(text, figure.end)
                                              or _TIMES_A_TIME.match(text, figure.end))
    if per_something and not operand:
        slipped = _power_of_ten_off(figure, fits)
        if slipped is not None:
            return Verdict("wrong", slipped)  # "2.6 gigs per copy" of a 262 MB copy
        # "12 bytes per parameter", where the words name the card's 16 B a parameter.
        per = _rival(figure, [o for o in fits if o.candidate.kind == "result"], hits, scores)
        if (per is not None and not accounted and scores[id(per)] > 0
                and _within(figure, per, _CLOSE * 2)):
            return Verdict("wrong", per, True)
    if (accounted and not compared) or operand or per_something:
        return Verdict("right")
    if figure.bare or not (figure.has_unit or noun or _form(figure.text)
                           or figure.value.dim != dims.DIMENSIONLESS):
        # A slip shares the words of the quantity it is mistaken for: among the right
        # quantities alone, "1,600 in flight" points clearly at the requests in flight.
        # The clause's subject too, for a figure that ends its working: "the ridge is 989
        # over 3.35, about 29.5".
        plain = dict(zip([id(o) for o in fits], [
            a + b for a, b in zip(affinities(context, [o.vocab for o in fits]),
                                  affinities(subject, [o.vocab for o in fits]), strict=True)],
                         strict=True))
        rival = _rival(figure, [o for o in fits if o.candidate.kind == "result"], hits, plain)
        if (rival is not None and plain[id(rival)] >= _BARE_CLUE and not small_whole(figure)
                and _within(figure, rival, _NEAR)):
            return Verdict("wrong", rival, True)
        share = _share_by_its_noun(figure, noun, fits, options)
        if share is not None and not operand:
            return Verdict("wrong", share, True)  # "one in five pages": the pages' share
        # A letter said just before it names the unknown ("m comes out around 410"), and so
        # does solving for it ("solving that against 295 gives around 310").
        # Not a coefficient of the letter itself: "590 m is 3,506 m".
        lettered = (_LETTERED.search(text, max(0, figure.start - 24), figure.start) is not None
                    and _A_LETTER_AFTER.match(text, figure.end) is None)
        solved = _SOLVED.search(text, sentence_start(text, figure.start),
                                figure.start) is not None
        close = [o for o in fits if o.asked and o.candidate.kind == "result"
                 and _within(figure, o, _NEAR if (lettered and plain[id(o)] > 0) or solved
                             else _CLOSE)]
        if len(close) > 1:
            # Several asked results near it: the one its words name, if they name one ("7.5
            # billion for the whole model" is the total, not the 6.98 billion of the layers).
            most = max(plain[id(o)] for o in close)
            clearest = [o for o in close if plain[id(o)] == most]
            close = clearest if most > 0 and len(clearest) == 1 else close
        if len(close) == 1 and not small_whole(figure) and not operand:
            return Verdict("wrong", close[0])  # "m of about 354" for the 345 asked for
        # An asked count, the things it counts named, said a power of ten off: "for plus or
        # minus one percent you'd want about 615 questions" is the 6,150 asked for.
        if (rival is not None and rival.asked and plain[id(rival)] > 0 and not operand
                and not small_whole(figure) and things & set(words_of(rival.candidate.name))
                and _power_of_ten_off(figure, [rival]) is rival):
            return Verdict("wrong", rival, True)
        unit_left_off = (None if operand or small_whole(figure) or not figure.bare
                         else _result_unit_left_off(figure, options, context, subject))
        if unit_left_off is not None:
            return unit_left_off
        in_times = None if operand else _in_times_of(text, figure, fits, plain)
        if in_times is not None:
            return Verdict("wrong", in_times, True)  # "about 10 service times" of the 20
        return Verdict(None)
    rival = _rival(figure, fits, hits, scores)
    if rival is not None and scores[id(rival)] > 0:
        return Verdict("wrong", rival, True)
    nearest = _nearest(figure, [o for o in fits if o.candidate.kind in ("given", "result")
                                and _same_things(figure, o)])
    if nearest is not None:
        return Verdict("wrong", nearest)
    value = figure.value.value
    if 0 < value <= 12 and (value * 4) == int(value * 4):
        return Verdict(None)  # "one FLOP per byte", "half a byte per weight": no claim
    if _HEDGED.search(text[max(0, figure.start - 24):figure.start]):
        return Verdict(None)  # "real kernels land maybe 20% under it": a guess of no result
    # The card's one result of the figure's kind, however far: "a million tokens works
    # out to about $250" can only be the $4.17 a million costs.
    alone = [o for o in fits if o.candidate.kind == "result" and o.mistake is None
             and o.candidate.value.dim == figure.value.dim]
    if len({o.candidate.name for o in alone}) == 1 and _within(figure, alone[0], _FAR):
        return Verdict("wrong", alone[0])
    return Verdict("unknown")


_SLOWER = re.compile(r"\s+(?:slower|shorter|less\s+throughput|fewer(?:\s+tokens)?"
                     r"|lower\s+throughput)\b",
                     re.IGNORECASE)


#: Words that say a count is of arrivals: "fifty requests coming in".
_ARRIVING_AFTER = re.compile(r"\s+(?:coming\s+in|arriving|(?:that\s+)?arrive|incoming)\b",
                             re.IGNORECASE)


def _arriving(text: str, figure: Figure, options: list[Option]) -> Option | None:
    """The given rate a count said as arriving restates ("with fifty requests coming in"
    of 50 requests/s): the rate with its time left off, no count of its own."""
    if _ARRIVING_AFTER.match(text, figure.end) is None:
        return None
    for option in options:
        value = option.candidate.value
        if (option.candidate.kind == "given" and option.mistake is None
                and dims.exponents(value.dim).get("time") == -1
                and relative_off(figure.value.value, value.value) <= 1e-9):
            return option
    return None


def _derived_only(hits: list[Option], rival: Option, options: list[Option]) -> bool:
    """Whether every quantity a figure equals is a form worked from another result
    ("speedup − 1"), which the words naming ``rival`` overrule more readily than a
    quantity of the card: "the new step is 45% of the old" names the new step. A form of
    ``rival`` itself is ``rival`` said another way ("15% less time")."""
    results = {o.candidate.name for o in options if o.candidate.kind == "result"}
    return all(o.candidate.kind == "conversion"
               and set(_NAME.findall(o.candidate.name)) & results
               and rival.candidate.name not in _NAME.findall(o.candidate.name)
               for o in hits)


def _loose_only(figure: Figure, hits: list[Option]) -> bool:
    """Whether the figure reaches every quantity it equals only by its loose precision
    ("about 1.5x" of a 1.43× ceiling) or as a plain number a factor equals ("four service
    times" is a time, not the 4× its growth happens to be)."""
    return all(_off(figure, o) > significance(figure)
               or (not _form(figure.text) and _form(o.candidate.shown) == "×")
               for o in hits)


def _rate_lost(text: str, figure: Figure, fits: list[Option]) -> Option | None:
    """The slowdown a share "slower" says as the speed lost: a step 1.26× as long is 26%
    longer, and its speed 1 − 1 ÷ 1.26 ≈ 21% slower; either way of saying it is right."""
    if _form(figure.text) != "%" or _SLOWER.match(text, figure.end) is None:
        return None
    said = figure.value.value
    slack = max(_ROUND if significance(figure) >= _ONE_DIGIT else 0.0, figure.precision)
    for option in fits:
        grown = option.candidate.value.value + 1
        # A growth worked from a ratio ("speedup − 1") or a result of the card that is one
        # ("per_user_slowdown": the step 26% longer).
        growth = option.candidate.name.endswith(" − 1") or (
            option.candidate.kind == "result" and option.candidate.value.dim
            == dims.DIMENSIONLESS and option.candidate.value.value < 1)
        if (growth and grown > 1 and relative_off(
                said, 1 - 1 / grown) <= max(option.tolerance, slack)):
            return option
    return None


def _ratio_fits(text: str, figure: Figure, options: list[Option], fits: list[Option]
                ) -> list[Option]:
    """``fits`` as the words around a ratio narrow or widen them: "2.5 times the ideal
    step" is a share of that step too; "1.8 times longer" is a ratio of times, so no ratio
    of the loads it restates; "15 percent faster" is a gain, and a share said with no word
    of saving ("0.45 of the old step") is no share of time saved."""
    form = _form(figure.text)
    if form == "×" and _OF_WORDS.match(text, figure.end):
        fits = fits + [o for o in options if o.candidate.shown.endswith("%")
                       and o.candidate.value.dim == dims.DIMENSIONLESS and o not in fits]
    if form == "×" and _LONGER.match(text, figure.end):
        # But a ratio of lengths in tokens is longer too: "the document is 16 times longer".
        lengths = {o.candidate.name for o in options if o.candidate.kind == "given"
                   and dims.exponents(o.candidate.value.dim).get("token") == 1
                   and len(dims.exponents(o.candidate.value.dim)) == 1}
        fits = [o for o in fits if not (o.candidate.kind == "conversion"
                                        and " ÷ " in o.candidate.name
                                        and not dims.exponents(o.candidate.value.dim)
                                        and not set(o.candidate.name.split(" ÷ ")) <= lengths)]
    if (form == "%" and _FASTER.match(text, figure.end)) or not _SAVED.search(
            text[max(0, figure.start - 40):figure.end + 30]):
        # What is taken away ("1 − the new time") is said as saved or less: "the new step
        # is 0.45 of the old one" is no saving of 45%. What a given share leaves ("the
        # other 70%") is the scenario restated, saved or not.
        fits = [o for o in fits if not o.candidate.name.startswith("1 − ")
                or _restated(o, options)]
    return fits


#: The unknown's letter said just before a number: "m around 410", "m is about 3,450".
_LETTERED = re.compile(r"(?<![\w'])(?<![0-9]\s)[mnkbMNKB]\s+(?:(?:is|=|of|comes\s+out"
                       r"|works\s+out)\s+)?"
                       r"(?:(?:at|to|about|around|roughly|approximately|near|close\s+to)\s+)?$")


#: What a count of FLOPs half the card's says: the classic slip of one FLOP a weight.
HALVED = "half of it: a multiply-add is 2 FLOPs, not 1"


def flops_halved(figure: Figure, fits: list[Option]) -> Option | None:
    """The card's count of FLOPs that the speaker's own working comes to half of ("6,000
    times 8 billion is about 48 teraflops" of a 96 TFLOP prefill): worked right, from one
    FLOP a weight."""
    for reading in figure.readings:
        if not dims.exponents(reading.dim).get("computation"):
            continue
        for option in fits:
            value = option.candidate.value
            if (option.mistake is None and option.candidate.kind in ("result", "conversion")
                    and value.dim == reading.dim and value.value > 0
                    and relative_off(2 * reading.value, value.value)
                    <= max(option.tolerance, figure.precision)):
                return option
    return None


_A_LETTER_AFTER = re.compile(r"\s*[mnkbMNKB]\b")
#: What solving for the unknown gives: "solving that against 295 gives around 310".
_SOLVED = re.compile(r"\bsolv\w*\b[^.;!?]{0,60}?\b(?:gives?|get|comes?\s+out(?:\s+at)?"
                     r"|lands?\s+(?:at|on))\s+(?:about|around|roughly|approximately|near)?\s*$",
                     re.IGNORECASE)


#: A coefficient said of the batch: "half the batch size", "2 times the batch", "about B".
_OF_THE_BATCH = re.compile(r"\s*(?:×\s*|times\s+)?(?:the\s+)?(?:batch(?:\s+size)?|B|m)\b"
                           r"(?!\s*(?:times|over|plus|minus|×|/|÷|of\b|\d))", re.IGNORECASE)
#: The name a card gives a quantity at a batch of one, its coefficient of the batch.
_AT_BATCH_ONE = "batch1_"


def _of_the_batch(text: str, figure: Figure, options: list[Option]) -> Verdict | None:
    """A quantity said as a multiple of the batch ("intensity is about half the batch")
    claims the quantity at a batch of one, where the card works that out: 2 FLOP over a
    2-byte weight is 1 FLOP per byte a sequence, so the intensity is about the batch."""
    if (figure.value.dim != dims.DIMENSIONLESS or _form(figure.text) == "%"
            or not _OF_THE_BATCH.match(text, figure.end)):
        return None
    ones = [o for o in options if o.candidate.name.startswith(_AT_BATCH_ONE)]
    if len(ones) != 1:
        return None
    one = ones[0]
    # Said of that quantity ("intensity is ..."), not "half the batch finishes early".
    named = set(words_of(one.candidate.name.removeprefix(_AT_BATCH_ONE)))
    # Or in its unit just after: "about half the batch size in FLOPs per byte".
    unit = set(words_of(re.sub(r"^[0-9.,\s]+", "", one.candidate.shown)))
    after = set(words_of(text[figure.end:figure.end + 40]))
    if not (named & set(words_of(text[sentence_start(text, figure.start):figure.start]))
            or (unit and unit <= after)):
        return None
    slack = max(one.tolerance, figure.precision, _ROUND)
    if relative_off(figure.value.value, one.candidate.value.value) <= slack:
        return Verdict("right", one, True)
    return Verdict("wrong", one, True)


#: A share said of a whole: "a quarter the size", "a third of the time".
_OF_THE_WHOLE = re.compile(r"\s+(?:of\s+)?the\b", re.IGNORECASE)


def _inverse_factor(text: str, figure: Figure, options: list[Option]) -> Option | None:
    """The factor (a "×" of the card) a simple fraction of a whole turns over: weights "a
    quarter the size" are the 3.9× smaller read of a decode speedup, not a quarter of it."""
    value = figure.value.value
    if (figure.value.dim != dims.DIMENSIONLESS or not 0 < value < 1
            or not any(abs(value * n - round(value * n)) < 1e-4 for n in (2, 3, 4, 5))
            or _OF_THE_WHOLE.match(text, figure.end) is None):
        return None  # "0.35 of the old step" is a share, said as such
    # A factor of the card, or a count it shares something over ("each stage has a
    # quarter of the weights" of a 4-stage pipeline).
    return next((o for o in options if (o.candidate.shown.endswith("×") or _given_count(o))
                 and o.candidate.value.value > 1
                 and relative_off(1 / value, o.candidate.value.value)
                 <= max(figure.precision, o.tolerance, _ROUND)), None)  # a round fraction


_SCALE_PER = re.compile(r"\bper\s+(thousand|million|billion)$", re.IGNORECASE)
#: Words that open the name of a quantity: "times the mean", "times a single user".
NAMING = r"(?:the|a|an|one|what|its|our|their|each|every|his|her|your|my)\b"
_OF_WORDS = re.compile(rf"\s+{NAMING}", re.IGNORECASE)
_SAVED = re.compile(r"\b(?:sav\w*|less|cut\w*|shav\w*|off|reduc\w*|drops?|fewer|lower"
                    r"|removes?|gone|idle|remov\w*|slower(?!\s+than\s+(?:a|an|one|[0-9]))|left\s+out|miss\w*"
                    r"|last|rest|remaining)\b",
                    re.IGNORECASE)
_LONGER = re.compile(r"\s+(?:longer|slower|later)\b", re.IGNORECASE)
#: Words that make a share a gain: "15 percent faster".
_FASTER = re.compile(r"\s+(?:faster|quicker|speed-?up|more\s+throughput)\b", re.IGNORECASE)


def _number_of_another(figure: Figure, options: list[Option]) -> bool:
    """Whether a bare number is, as the card shows it, a given or result with a unit
    ("to about four point one" after "sixteen bits": 4.125 bits)."""
    for option in options:
        number = NUMBER.match(option.candidate.shown.lstrip("$"))
        if (number is not None and option.candidate.kind in ("given", "result")
                and option.candidate.value.dim != dims.DIMENSIONLESS
                and relative_off(figure.value.value, float(number.group().replace(",", "")))
                <= max(option.tolerance, figure.precision)):
            return True
    return False


def _power_of_ten_off(figure: Figure, fits: list[Option]) -> Option | None:
    """The given or result of the figure's kind whose digits it says a power of ten off
    (10× to 10,000×): a unit or a decimal point slipped."""
    for option in fits:
        value = reading_in(figure, option.candidate.value.dim)
        other = option.candidate.value.value
        if option.candidate.kind in ("given", "result") and other > 0 and power_of_ten(
                value / other, max(option.tolerance, figure.precision), most=4):
            return option
    return None


def _bare_slip(figure: Figure, options: list[Option], mistakes: list[Option],
               context: Context) -> Option | None:
    """The step of a slip a bare number says in the unit its working left off, when the
    words name that step and no right figure of the card has its number: "85.5 GB, minus
    the 16 of weights is 69.5" is the engine's share left out (69.5 GB, not 61 GB)."""
    if not figure.bare or small_whole(figure) or _number_of_another(figure, options):
        return None
    def off(o: Option) -> float:
        shown = NUMBER.match(o.candidate.shown.lstrip("$"))
        return (math.inf if shown is None
                else relative_off(figure.value.value, float(shown.group().replace(",", ""))))

    steps = [o for o in mistakes if o.candidate.kind == SLIP_STEP
             and o.candidate.value.dim != dims.DIMENSIONLESS
             and off(o) <= max(o.tolerance, figure.precision)
             and not _right_in_another_unit(figure, o, options)]
    named = sorted((o for o, score in zip(steps, affinities(context, [o.vocab for o in steps]),
                                          strict=True) if score >= 1.0), key=off)
    # Two steps of one slip may both be near: "68.5" is "85.5 − 16 − 1.07", not the
    # "85.5 − 16" on the way to it.
    clearest = len(named) == 1 or (len(named) > 1 and 2 * off(named[0]) < off(named[1]))
    return named[0] if clearest else None


#: The sizes a size is said in: "71.7" may be GiB as well as GB.
_SIZE_UNITS = ("B", "KB", "KiB", "MB", "MiB", "GB", "GiB", "TB", "TiB")


def _right_in_another_unit(figure: Figure, step: Option, options: list[Option]) -> bool:
    """Whether a bare number is also a right quantity of the step's kind in some unit of
    that kind: "90 percent for the engine is about 71.7" is the share in GiB."""
    if not dims.exponents(step.candidate.value.dim).get("information"):
        return False
    said = figure.value.value
    return any(o.mistake is None and o.candidate.value.dim == step.candidate.value.dim
               and relative_off(said, o.candidate.value.value / unit_quantity(u).value)
               <= max(figure.precision, 0.01)  # its digits, not a card's rough tolerance
               for o in options for u in _SIZE_UNITS)


def _given_unit_left_off(figure: Figure, options: list[Option]) -> Option | None:
    """The given whose number, three digits or more, the figure says with its unit left
    off or said another way: "71.68 per GPU" of the 71.68 GiB each GPU may use, "2,048
    tokens a step" of a 2,048-token budget. A whole number must keep the given's kind:
    "128 conversations" is no 128 KiB."""
    said = NUMBER.match(figure.text.lstrip("$"))
    kinds = {dims.without_counts(r.dim) for r in figure.readings}
    # "450 a second each way": a rate with its size left off, which says what it is.
    per_second = dims.dim(time=-1) in kinds
    if said is None or len(said.group().replace(",", "").replace(".", "").strip("0")) < (
            2 if per_second else 3):
        return None
    for option in options:
        shown = NUMBER.match(option.candidate.shown.lstrip("$"))
        if (option.candidate.kind == "given" and option.mistake is None and shown is not None
                and shown.group() == said.group()
                and option.candidate.value.dim != dims.DIMENSIONLESS
                and ("." in said.group()
                     or dims.without_counts(option.candidate.value.dim) in kinds
                     or (per_second and dims.exponents(option.candidate.value.dim).get(
                         "time") == -1))):
            return option
    return None


def _result_unit_left_off(figure: Figure, options: list[Option], context: Context,
                          subject: Context) -> Verdict | None:
    """The verdict on a bare number said as the result with a unit that its words name
    clearly, in that result's unit: "the ridge is 989 over 3.35, about 29.5" says the
    295 FLOP/byte ridge ten times low. None when the words name no one such result, or
    the number is neither it nor it a power of ten off."""
    results = [o for o in options if o.candidate.kind == "result" and o.mistake is None
               and o.candidate.value.dim != dims.DIMENSIONLESS]
    vocabs = [o.vocab for o in results]
    scores = [a + b for a, b in zip(affinities(context, vocabs), affinities(subject, vocabs),
                                    strict=True)]
    best = max(scores, default=0.0)
    named = [o for o, score in zip(results, scores, strict=True) if score == best]
    if best < _SUBJECT or len({o.candidate.name for o in named}) != 1:
        return None
    option = named[0]
    shown = NUMBER.match(option.candidate.shown.lstrip("$"))
    if shown is None:
        return None
    number = float(shown.group().replace(",", ""))
    said = figure.value.value
    if not (number > 0 and said > 0):
        return None
    slack = max(option.tolerance, figure.precision)
    if relative_off(said, number) <= slack:
        return Verdict("right", option, True)
    # Only a slip of scale (ten either way): a number near it otherwise may be any other
    # figure said bare.
    return Verdict("wrong", option, True) if power_of_ten(said / number, slack, most=1) else None


def _named_with_unit(text: str, figure: Figure, options: list[Option], slip: Option
                     ) -> Option | None:
    """The given or result with a unit that a bare number equal to a slip's value is said
    of, when the words just before or after it name that quantity and not the slip's: "the
    ridge at 295" is the ridge point, though a batch of 295 is the slip."""
    if not figure.bare:
        return None
    # The word just before it, and the last words of its phrase: "you need a batch of
    # around 591".
    phrase = re.split(r"[.,;:!?]", text[max(0, figure.start - 40):figure.start])[-1]
    before = set(words_of(text[max(0, figure.start - 32):figure.start])[-1:]
                 + words_of(phrase)[-3:])
    # Or just after it: "1,979 over 3.35 is about 591 in FP8", the FP8 ridge.
    after = set(words_of(re.split(r"[.,;!?]", text[figure.end:figure.end + 16],
                                  maxsplit=1)[0])[:2])
    meant = set(words_of(slip.meant or ""))
    alike = {w for o in options if o.candidate.kind in ("given", "result")
             and relative_off(figure.value.value, o.candidate.value.value) <= o.tolerance
             for w in words_of(o.candidate.name)}
    if before & (meant - alike):
        return None  # "you need a batch of around 591": the batch the slip is about
    for words in (before, after):
        for option in options:
            own = set(words_of(option.candidate.name))
            if (option.candidate.kind in ("given", "result")
                    and option.candidate.value.dim != dims.DIMENSIONLESS
                    and relative_off(figure.value.value, option.candidate.value.value)
                    <= option.tolerance and words & own and not words & (meant - own)):
                return option
    return None


def clue_of(text: str, figure: Figure) -> Context:
    """The words around ``figure`` (for messages and tests)."""
    return context_of(text, figure.start, figure.end, _noun(figure))


def _counted_by_its_noun(figure: Figure, noun: str, hit: Option, rival: Option | None,
                         scores: dict[int, float], options: list[Option]) -> Option | None:
    """The asked result a bare share names by the noun it counts, where its value is only
    the scenario's own share restated: "one in a hundred pages" is the share of pages said
    wrong, not the 1% of calls the given leaves."""
    if (rival is None or not _restated(hit, options) or scores[id(hit)] > 0
            or _share_by_its_noun(figure, noun, [rival], options) is None):
        return None
    return rival


def _share_by_its_noun(figure: Figure, noun: str, fits: list[Option], options: list[Option]
                       ) -> Option | None:
    """The one asked share of the card a bare share names by the noun right after it, with
    a word no given is said with ("one in five pages": pages, where the calls are given),
    when near it."""
    first = noun.split()[:1]
    if not first or not figure.bare or not 0 < figure.value.value < 1:
        return None
    of_givens = {w for o in options if o.candidate.kind == "given" for w in o.vocab}
    words = set(words_of(first[0])) - of_givens
    named = sorted((o for o in fits if o.asked and o.candidate.kind == "result"
                    and o.candidate.value.dim == dims.DIMENSIONLESS and words & o.vocab
                    and _within(figure, o, _NEAR)),
                   key=lambda o: abs(math.log(figure.value.value / o.candidate.value.value)))
    # The nearest of those the noun names, when clearly nearer than the next: 20% of pages
    # is the 9.6% of slow pages said wrong, not the 90% of pages all within.
    apart = [abs(math.log(figure.value.value / o.candidate.value.value)) for o in named]
    if len(named) > 1 and apart[1] < 2 * apart[0]:
        return None
    return named[0] if named else None


def _in_times_of(text: str, figure: Figure, fits: list[Option], plain: dict[int, float]
                 ) -> Option | None:
    """The asked factor a time counted in another time claims ("at 95 it's about 10 service
    times": the time in system, 20 service times), among those near it, its words first."""
    if _IN_TIMES.match(text, figure.end) is None or _IN_TIMES.search(
            text, sentence_start(text, figure.start), figure.start):
        return None  # "5 service times, at 95% it's 10": said like the one before it
    factors = [o for o in fits if o.asked and o.candidate.kind == "result"
               and o.mistake is None and o.candidate.value.dim == dims.DIMENSIONLESS
               and _within(figure, o, _NEAR)]
    if not factors:
        return None
    # The nearest; of two as near (10 between 5 and 20), the one its words name.
    return min(factors, key=lambda o: (round(_distance(figure, o), 6), -plain[id(o)]))


def _rounded_to(hit: Option, rival: Option) -> bool:
    """Whether ``rival`` is ``hit`` rounded to a whole count: "4.94, so five GPUs" says the
    quotient before its rounding, as the working goes."""
    value, whole = hit.candidate.value, rival.candidate.value
    return (value.dim == whole.dim and not value.value.is_integer()
            and whole.value in (math.floor(value.value), math.ceil(value.value)))


def _rival(figure: Figure, fits: list[Option], hits: list[Option], scores: dict[int, float]
           ) -> Option | None:
    """The given or result the words point at most clearly, among those the figure is not
    and whose kind it says in full (a count may be left out of a rate, not of a "per").
    A small count ("one token per step", "two GPUs") is a count, not a claim."""
    small = (small_whole(figure) and not _form(figure.text)  # "6×" is a factor, not a count
             and dims.without_counts(figure.value.dim) == dims.DIMENSIONLESS)
    others = [o for o in fits if o not in hits and o.candidate.kind in ("given", "result")
              and _said_in_full(figure, o) and _within(figure, o, _FAR)
              and (not small or _counted_as(figure, o, fits, scores))]
    # What the card asks is what an answer claims most often: it wins a near tie.
    # Among those the words point at equally, the nearest ("6.5 cents a million" batched).
    return max(others, key=lambda o: (scores[id(o)] + 0.5 * o.asked, _rank(o),
                                      -_distance(figure, o)), default=None)


def _counted_claim(figure: Figure, noun: str, fits: list[Option], hits: list[Option],
                   scores: dict[int, float]) -> Option | None:
    """The result a count of things claims when its noun names what that result counts
    ("about 128 conversations" claims the conversations that fit, whatever else 128 is),
    near enough to be meant; None when the noun names nothing the card counts."""
    nouns = set(words_of(noun)) - {"token"}  # tokens are counted everywhere
    if not nouns:
        return None
    named = [o for o in fits if o.candidate.kind == "result" and o.asked
             and nouns & _things_counted(o.vocab) and scores[id(o)] > 0]
    # "about 30,435 blocks" where the card counts blocks by that very name.
    exact = [o for o in named if set(words_of(o.candidate.name)) == nouns]
    named = exact if figure.bare or len(exact) == 1 else named
    # Of several, the one the words name far more clearly: "189 distinct experts" is the
    # distinct experts read, not the share of them.
    most = sorted((scores[id(o)] for o in named), reverse=True)
    if len(most) > 1 and most[0] >= _CLEARER * most[1]:
        named = [o for o in named if scores[id(o)] == most[0]]
    near = _NEAR if exact and not small_whole(figure) else _COUNTED_NEAR  # its own name
    if (len(named) != 1 or named[0] in hits or not _within(figure, named[0], near)
            or _off(figure, named[0]) <= named[0].tolerance):
        return None
    return named[0]


def _claimed_factor(figure: Figure, rival: Option | None, scores: dict[int, float],
                    of_words: bool = False) -> Option | None:
    """The factor or share of the card a figure said as one ("64× cheaper", "a 9% share")
    claims when its words point at it, though its number equals a given count the working
    may account for (a batch of 64): ``rival`` when it is of the figure's form and near
    (``of_words``: "2.5 times the step" is a share of the step as well)."""
    form = _form(figure.text)
    forms = {form, "%"} if of_words else {form}
    if (rival is None or not form or _form(rival.candidate.shown) not in forms
            or rival.candidate.kind != "result" or scores[id(rival)] <= 0):
        return None
    return rival if _within(figure, rival, _NEAR) else None


def _counted_as(figure: Figure, option: Option, fits: list[Option],
                scores: dict[int, float]) -> bool:
    """Whether a small count ("8 requests in flight") counts what a result counts, said
    clearly of it, or said of the only result that counts those things ("about eight
    requests" where the card counts requests once): then it claims it; otherwise it is a
    count, not a claim."""
    dim = figure.value.dim
    if (dim == dims.without_counts(dim) or option.candidate.value.dim != dim
            or figure.value.value == 1  # "one token of the target's own": a unit of it
            or option.candidate.kind != "result" or scores[id(option)] <= 0):
        return False
    alike = [o for o in fits if o.candidate.kind == "result" and o.candidate.value.dim == dim]
    return scores[id(option)] >= _OVERRULE or alike == [option]


def _asked_twin(hit: Option, fits: list[Option], hits: list[Option],
                scores: dict[int, float]) -> Option | None:
    """The asked quantity an unasked result is a step towards (the count before it is
    rounded down): a figure near the step but off the asked figure claims the asked one,
    held to its own tolerance."""
    if hit.asked or hit.candidate.kind != "result" or any(o.asked for o in hits):
        return None
    value = hit.candidate.value.value
    twins = [o for o in fits if o.asked and o.candidate.kind == "result" and o not in hits
             and o.tolerance < hit.tolerance  # asked more exactly than "≈" allows
             and o.candidate.value.dim == hit.candidate.value.dim
             and relative_off(o.candidate.value.value, value) <= hit.tolerance
             and scores[id(o)] >= scores[id(hit)]]
    return max(twins, key=lambda o: scores[id(o)], default=None)


def _same_things(figure: Figure, option: Option) -> bool:
    """Whether a small count ("three tokens", "two GPUs") counts what the option counts:
    it is no guess at a ratio that counts nothing."""
    if not small_whole(figure) or figure.value.dim == dims.without_counts(figure.value.dim):
        return True
    return option.candidate.value.dim == figure.value.dim


#: A figure said as one's share: "about 0.54 gigs each", "a GPU apiece".
_EACH_AFTER = re.compile(r"\s+(?:each|apiece|per\s+(?:user|sequence|request|head|GPU))\b",
                         re.IGNORECASE)


#: A figure said of one of many inside its own words: "half a gig per user".
_PER_ONE = re.compile(r"(?:\beach|\bapiece|\bper\s+(?:user|sequence|request|conversation))$",
                      re.IGNORECASE)


#: "each" said as the subject of the clause before a figure: "each would have got 52
#: tokens", "they'd each have gotten 52" (not "128 KiB each is about 131 MB").
_EACH_BEFORE = re.compile(r"\beach\s+(?:would|will|could|have|has|had|gets?|got|gotten|sees?"
                          r"|saw|holds?|needs?|keeps?|loses?|lost|one|user|sequence|request"
                          r"|conversation|of\s+them)\b[^,.;:!?]{0,30}$", re.IGNORECASE)


def _one_of_many(text: str, figure: Figure, slip: Option, options: list[Option]) -> bool:
    """Whether ``figure``, equal to a slip that takes one of a given count for the whole
    (one user's cache for the batch's), is said of one of them: "4,096 tokens at 128 KiB is
    half a gig per user" is that user's cache, right as such, and so is "each would have
    got 52 tokens"."""
    if not (_PER_ONE.search(figure.text) or _EACH_AFTER.match(text, figure.end)
            or _EACH_BEFORE.search(text, max(0, figure.start - 40), figure.start)):
        return False
    whole = slip.meant_value
    if whole is None or whole.dim != slip.candidate.value.dim or not slip.candidate.value.value:
        return False
    many = whole.value / slip.candidate.value.value
    return any(_given_count(o) and o.candidate.value.value > 1
               and relative_off(many, o.candidate.value.value) <= 0.01 for o in options)


_NAMING_WORD = 6
#: The word right after a figure, in its clause.
_NEXT_WORD = re.compile(r"\s+([A-Za-z]+)\b")


def _named_as_the_slip(text: str, figure: Figure, slip: Option) -> bool:
    """Whether the word right after ``figure`` names the slip's own quantity, which the
    result it is mistaken for is not: "a 37.5 percent discount" is the discount, right as
    that, where taking it for the break-even share is the slip."""
    if slip.mistake is None:
        return False
    after = _NEXT_WORD.match(text, figure.end)
    own = set(words_of(slip.mistake.id.replace("-", " "))) - set(words_of(slip.meant or ""))
    # A long word of the slip's name, not "one" or "kv" that any sentence says.
    return (after is not None and len(after.group(1)) >= _NAMING_WORD
            and set(words_of(after.group(1))) <= own)


def _is_the_slip(text: str, figure: Figure, slip: Option, top: Option | None,
                 scores: dict[int, float], clue: bool) -> bool:
    """Whether ``figure``, equal to a declared slip's value, is that slip rather than
    ``top``, the right quantity it also equals: said of the mistaken quantity at least as
    clearly; a tie goes to the slip unless ``top`` is asked or given in its own right (the
    cache of one request, where the total is asked too) or, with no words for either, is a
    step of the right working ("so half a gig" per user). A given restated exactly the
    first time ("goes 3x") or a figure the slip reaches only by its loose precision is not
    the slip. ``clue``: whether the words beside the figure name the slip's quantity."""
    if ((not clue and figure.bare) or _closer(figure, top, slip)
            or _leans_to(text, figure, top, slip) or _case_named(text, figure, slip)):
        return False
    if (small_whole(figure) and not _form(figure.text)
            and _form(slip.candidate.shown) == "×"):
        return False  # "one whole head" is a count, not a factor of one
    if top is None:
        return True
    if _EACH_AFTER.match(text, figure.end) and top.candidate.kind == "result":
        return False  # "about 0.54 gigs each": one user's cache, said as one's
    if _off(figure, top) > significance(figure) and _off(figure, slip) < _off(figure, top) / 2:
        return True  # "about 4.9 ms" is the 4.94 ms of one user's cache, not the 4.78 ms floor
    if (_first_restatement(text, figure, top)
            and scores[id(slip)] < scores[id(top)] + _OVERRULE):
        return False
    return (scores[id(slip)] > scores[id(top)]
            or (scores[id(slip)] == scores[id(top)] and not top.asked
                and (clue or top.candidate.kind != "result"))
            or _closer(figure, slip, top))


#: A sentence that opens on the case it is about: "Without a cache hit, prefill is ...".
_WITHOUT = re.compile(r"(?:without|with\s+no|if\s+there\s+(?:is|were)\s+no)\s+(?:an?\s+|the\s+)?"
                      r"((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)


def _case_named(text: str, figure: Figure, slip: Option) -> bool:
    """Whether the sentence opens on the case the slip's name describes ("no-hit":
    "Without a cache hit, prefill is ... 75 ms"), or the clause names it ("bf16-peak": "In
    BF16 that's 989 over 3.35, 295"): that case's figure, said as such."""
    if slip.mistake is None:
        return False
    if not slip.mistake.id.startswith("no-"):
        clause = text[max(sentence_start(text, figure.start), figure.start - 60):figure.start]
        case = _IN_CASE.search(clause.rsplit(";", 1)[-1])
        own = set(slip.mistake.id.casefold().split("-")) - set(words_of(slip.meant or ""))
        return case is not None and len(case.group(1)) >= 3 and case.group(1).casefold() in own
    said = _WITHOUT.match(text, sentence_start(text, figure.start))
    named = set(slip.mistake.id.split("-")[1:])
    return said is not None and bool(named & set(said.group(1).casefold().split()))


#: A clause that opens on a case: "In BF16 that's ...", "and for BF16 ...".
_IN_CASE = re.compile(r"(?:^|,)\s*(?:and\s+|but\s+)?(?:in|for|with|on)\s+(?:the\s+)?([\w-]+)",
                      re.IGNORECASE)


#: A round figure said as a bound it falls just short of, or just passes.
_SHORT_OF = re.compile(r"\b(?:nearly|almost|not\s+quite|just\s+(?:under|below|short\s+of)"
                       r"|a\s+(?:bit|little|touch)\s+(?:under|below|less\s+than))\s*$",
                       re.IGNORECASE)
_PAST = re.compile(r"\b(?:just|a\s+(?:bit|little|touch))\s+(?:over|above|more\s+than)\s*$",
                   re.IGNORECASE)


def _leans_to(text: str, figure: Figure, top: Option | None, slip: Option) -> bool:
    """Whether the words put the figure on the side of it where ``top`` lies and the slip
    does not: "nearly four times" is the 3.88× of the right working, not the 4× slip."""
    if top is None:
        return False
    before = text[max(0, figure.start - 24):figure.start]
    said, right = figure.value.value, top.candidate.value.value
    wrong = slip.candidate.value.value
    if _SHORT_OF.search(before):
        return right < said and not wrong < said * (1 - significance(figure) / 10)
    if _PAST.search(before):
        return right > said and not wrong > said * (1 + significance(figure) / 10)
    return False


#: The name of one given over another, as :func:`_given_ratios` names it.
_GIVEN_OVER_GIVEN = re.compile(r"[A-Za-z_]\w* ÷ [A-Za-z_]\w*")


def _first_restatement(text: str, figure: Figure, option: Option | None) -> bool:
    """Whether ``figure`` states a given exactly, the first time its number is said: "it's
    30 percent and goes 3x" restates the scenario, though a slip shares the 3×; so does one
    given over another ("with nine arriving, the load is 1.8 times higher")."""
    if option is None or not (option.candidate.kind == "given" or (
            option.candidate.kind == "conversion"
            and _GIVEN_OVER_GIVEN.fullmatch(option.candidate.name))) or _off(
            figure, option) > option.tolerance:
        return False
    number = re.match(r"[0-9][0-9,]*(?:\.[0-9]+)?", figure.text)
    return number is not None and re.search(
        r"(?<![0-9.,])" + re.escape(number.group()) + r"(?![0-9])",
        text[:figure.start]) is None


def _closer(figure: Figure, near: Option | None, far: Option | None) -> bool:
    """Whether ``figure`` is ``near``'s value within tolerance but reaches ``far`` only by
    its own loose precision ("five steps" is the 5 of a mistake, not the 5.41 that "five"
    could round from; "three x" is the given 3×, not the 3.33× of a slip)."""
    return (near is not None and far is not None
            and _off(figure, near) <= near.tolerance < _off(figure, far))


#: How near a card's quantity and a catalog fact are to be one size.
_SAME_SIZE = 0.005
#: Number formats a catalog fact may be of ("weights_fp8", "fp8_dense").
_PRECISIONS = frozenset({"fp4", "fp6", "fp8", "int4", "int8", "bf16", "fp16", "fp32", "tf32"})


def _other_precision(context: Context, hit: Option, fits: list[Option],
                     scores: dict[int, float]) -> Option | None:
    """A figure equal to a catalog fact of another number format than the card's or the
    sentence's ("8 GB of weights" on a BF16 card is the FP8 size; "1,979 TFLOPS in BF16"
    is the FP8 peak): the quantity of the right format it was meant as, or None."""
    if hit.candidate.kind != "fact":
        return None
    formats = hit.vocab & _PRECISIONS
    if not formats or any(o.candidate.kind != "fact" and _same_size(o, hit) for o in fits):
        return None  # the card's own format: its quantities have the fact's size
    said = context.words() & _PRECISIONS
    if said & formats:
        return None  # "in FP8 it would be 8 GB": the format is said
    if said:
        same = [o for o in fits if o is not hit and o.vocab & said
                and o.candidate.kind in ("fact", "given", "result")]
        return max(same, key=lambda o: scores[id(o)], default=None)
    # No format said: the card's own given or result of this kind, as clearly named, or
    # named as the fact is ("eight gigabytes" of a BF16 card's weights is the FP8 size).
    mine = [o for o in fits if o.candidate.kind in ("given", "result")
            and _within_value(o, hit, _NEAR)]
    family = hit.vocab - _PRECISIONS
    # The same fact in another format, the card's own ("1,979 TFLOPS" where the card's
    # peak is the H100's 989 TFLOPS of BF16): the given it sets is what was meant.
    twins = [o.candidate.value for o in fits if o.candidate.kind == "fact" and o is not hit
             and o.vocab & _PRECISIONS and o.vocab - _PRECISIONS == family]
    named = [o for o in mine if scores[id(o)] > 0] or [
        o for o in mine if set(words_of(o.candidate.name)) & family] or [
        o for o in mine if any(t == o.candidate.value for t in twins)]
    return max(named, key=lambda o: scores[id(o)], default=None)


def _same_size(a: Option, b: Option) -> bool:
    """Whether two options have one size, as a catalog's rounding allows (16.1 GB of BF16
    weights for 2 × 8.03 billion bytes)."""
    other = b.candidate.value.value
    return other > 0 and relative_off(a.candidate.value.value, other) <= _SAME_SIZE


def _within_value(a: Option, b: Option, factor: float) -> bool:
    x, y = abs(a.candidate.value.value), abs(b.candidate.value.value)
    return x > 0 and y > 0 and 1 / factor <= x / y <= factor


def _said_in_full(figure: Figure, option: Option) -> bool:
    """Whether the figure says the option's "per" in full: a count may be left out of a
    rate ("200/s" for tokens/s) or added to a total ("32 GB per step"), but "128 KiB" is
    no claim about KiB per token."""
    dim = option.candidate.value.dim
    needed = {base: power for base, power in dims.exponents(dim).items()
              if base in dims.COUNT_BASES and power < 0}
    for reading in figure.readings:
        if dims.without_counts(reading.dim) != dims.without_counts(dim):
            continue
        said = dims.exponents(reading.dim)
        if all(said.get(base) == power for base, power in needed.items()):
            return True
    return False


def _form(text: str) -> str:
    """How a ratio is written: "%" for a share, "×" for a factor, "" for neither."""
    if "%" in text:
        return "%"
    if "×" in _TIMES_TEN.sub("", text):  # "2.18 × 10⁸" is a number, not a factor
        return "×"
    return ""


_TIMES_TEN = re.compile(r"×\s*10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻^0-9-]*")


def _forms_agree(figure: Figure, option: Option) -> bool:
    """A share is not a factor: "80%" does not claim a 1.25× speedup, "25×" no 25% share.
    A plain number may be either."""
    said = _form(figure.text)
    shown = _form(option.candidate.shown)
    if not said or said == shown:
        return True
    if shown:
        return False
    value = option.candidate.value.value
    if said == "×":
        # "32×" is a factor, not the batch of 32 users the scenario gives, nor a share's
        # gain (1.25× − 1) that "25%" would say.
        kind = option.candidate.kind
        return value >= 1 and (kind == "result" or (kind == "conversion"
                                                    and "÷" in option.candidate.name))
    return value < 1


def _within(figure: Figure, option: Option, factor: float) -> bool:
    """Whether the figure is within ``factor`` of the option either way: "1 byte" is no
    claim about 35 GB, though "6.03 seconds" is one about 6.03 ms."""
    value, other = abs(figure.value.value), abs(option.candidate.value.value)
    if value == 0 or other == 0:
        return value == other
    return 1 / factor <= value / other <= factor


def _rank(option: Option) -> int:
    return {"result": 3, "given": 2, "fact": 1}.get(option.candidate.kind, 0)


def _noun(figure: Figure) -> str:
    """The words of the figure's unit ("conversations", "tokens per second")."""
    return " ".join(w for w in re.findall(r"[A-Za-z]+", figure.text)
                    if w.lower() not in _SCALE_WORDS and counts_things(w))


def _fits(figure: Figure, option: Option, noun: str) -> bool:
    """Whether ``figure`` may claim ``option``: the same kind of quantity, the same counts
    where both name them, and a count of things only of the things a fact counts."""
    value = option.candidate.value
    kind = dims.without_counts(value.dim)
    for reading in figure.readings:
        if dims.without_counts(reading.dim) != kind:
            continue
        if figure.bare and kind != dims.DIMENSIONLESS:
            continue
        counted = reading.dim != dims.without_counts(reading.dim)
        counts = value.dim != kind
        if counted and counts and reading.dim != value.dim and not _per_named(
                reading.dim, option):
            continue
        if kind == dims.DIMENSIONLESS and not _forms_agree(figure, option):
            continue
        if kind == dims.DIMENSIONLESS and noun and not figure.bare and _form(
                option.candidate.shown):
            continue  # "one user" counts users: it is no 1× gain, nor "32 users" a 32× one
        if noun and not figure.bare and option.candidate.kind == "conversion" and (
                option.candidate.name.endswith(" − 1")):
            continue  # a gain is said as a share or a factor: "five GPUs" is no 4.6 more
        if kind == dims.DIMENSIONLESS and noun and not figure.bare and (
                option.candidate.kind in ("fact", "conversion") or not counts):
            # A count of things ("15 conversations") claims a plain ratio only when the
            # ratio's own words name those things.
            nouns = set(words_of(noun))
            if nouns and not nouns & _things_counted(option.vocab):
                continue  # "125 conversations" is no head size
        return True
    return False


def _per_named(said: dims.Dim, option: Option) -> bool:
    """Whether ``said`` is the option's kind "per" one thing its own words name: "97
    tokens a second per user" of a per-user rate."""
    extra = dims.exponents(dims.multiply(said, dims.power(option.candidate.value.dim, -1)))
    return (len(extra) == 1 and next(iter(extra.values())) == -1
            and next(iter(extra)) in option.vocab)


#: What a batch counts: "300 sequences" is a batch of 300.
_BATCHED = frozenset({"sequence", "user", "request"})


def _things_counted(vocab: frozenset[str]) -> frozenset[str]:
    """The things a quantity named by ``vocab`` counts (a batch counts sequences)."""
    return vocab | _BATCHED if "batch" in vocab else vocab


def _given_count(option: Option) -> bool:
    """Whether ``option`` is a whole count the scenario gives (4 stages, 8 GPUs)."""
    value = option.candidate.value
    return (option.candidate.kind == "given" and value.dim == dims.DIMENSIONLESS
            and value.value == int(value.value))


def _restated(option: Option, options: list[Option]) -> bool:
    """Whether ``option`` is the scenario's own: a given, or what a given share leaves
    ("the other seventy percent" of a step 30% attention)."""
    name = option.candidate.name
    if option.candidate.kind == "given":
        return True
    return option.candidate.kind == "conversion" and name.startswith("1 − ") and any(
        o.candidate.kind == "given" and o.candidate.name == name[4:] for o in options)


#: A plural noun right after a figure: "3 runs", "two GPUs" (not "five arriving").
_PLURAL_AFTER = re.compile(r"\s+([A-Za-z]+s)\b")


def _hit(figure: Figure, option: Option, counted: frozenset[str] = frozenset()) -> bool:
    """Whether ``figure`` equals ``option`` as said (``counted``: the words of the noun a
    bare figure counts: "3 runs" counts runs)."""
    # "About 8 ms" may be 8.1 ms, but "4.75×" is not 5×, nor "354" 345: a figure said to
    # two or three digits is held to three times its last digit, within the tolerance.
    said = significance(figure)
    reference = abs(option.candidate.value.value)
    for reading in figure.readings:
        if dims.without_counts(reading.dim) != dims.without_counts(option.candidate.value.dim):
            continue
        # Half the figure's last digit is of the figure, not of the reference: "0.1 s"
        # covers 0.05 to 0.15 s, not the 0.2 s it is half of.
        own = (figure.precision if reference == 0
               else min(figure.precision, figure.precision * abs(reading.value) / reference))
        # A given is restated from the scenario, rounded at most: "2,100 tokens/s" is no
        # 2,000. A result may be off by the rounding of the working said before it.
        digits = _GIVEN_DIGITS if option.candidate.kind == "given" else 3
        slack = max(min(option.tolerance, digits * said), own) * (1 + 1e-9)
        if said >= _ONE_DIGIT:
            # "Roughly twenty times cheaper" for 21.5×: a figure said to one digit is a
            # round figure, as near as one digit can say it.
            slack = max(slack, _ROUND)
        if (figure.bare and dims.without_counts(reading.dim) == dims.DIMENSIONLESS
                and small_whole(figure) and option.candidate.kind != "given"
                and not ((option.asked or option.mistake is not None)
                         and counted & _things_counted(option.vocab))):
            continue  # a bare 2 or 10 is not a claim about a ratio of the card, but "3
            # runs" counts the runs an ask counts
        if relative_off(reading.value, option.candidate.value.value) <= slack:
            return _near_whole(figure, reading.value, option)
    return False


def _all_but_one(figure: Figure, fits: list[Option]) -> bool:
    """Whether the figure counts all but one of a given count: "nineteen users queue while
    the twentieth decodes" restates 20 users, it does not misstate them."""
    value = figure.value.value
    return value >= 1 and value == int(value) and any(
        o.candidate.kind == "given" and o.candidate.value.value == value + 1
        and o.candidate.value.dim == figure.value.dim for o in fits)


def _near_whole(figure: Figure, value: float, option: Option) -> bool:
    """Whether a share near the whole is near the option in what it leaves out too: 95% is
    within 5% of 90.4% but leaves out half as much again, and "four nines" is no 99.9%."""
    share = option.candidate.value.value
    if not (option.candidate.shown.endswith("%") and 0.5 < share < 1 and value < 1):
        return True
    slack = max(option.tolerance, figure.precision * value / (1 - share)) * (1 + 1e-9)
    return relative_off(1 - value, 1 - share) <= slack


def reading_in(figure: Figure, dim: dims.Dim) -> float:
    """The figure's value read in the kind ``dim`` where it has such a reading ("6.5 cents"
    a million tokens is a price per token), else its first reading's."""
    return next((r.value for r in figure.readings if r.dim == dim), figure.value.value)


def _distance(figure: Figure, option: Option) -> float:
    """How many times apart the figure, in the option's kind, and the option are."""
    value = reading_in(figure, option.candidate.value.dim)
    other = option.candidate.value.value
    return log_apart(value, other)


def _small_count(figure: Figure) -> bool:
    return (figure.value.value == 1 and not _form(figure.text)
            and dims.without_counts(figure.value.dim) == dims.DIMENSIONLESS)


def _off(figure: Figure, option: Option) -> float:
    return min(relative_off(r.value, option.candidate.value.value) for r in figure.readings)


def _nearest(figure: Figure, options: list[Option]) -> Option | None:
    """The option nearest the figure within a factor of 20, or else one it is a clean
    power of ten of (up to 10⁴: "2.7 GB/s" for 2.67 TB/s, a unit slipped)."""
    best: tuple[float, Option] | None = None
    factor = _form(figure.text) == "×"
    for option in options:
        value = reading_in(figure, option.candidate.value.dim)
        other = option.candidate.value.value
        distance = log_apart(value, other)
        if distance == math.inf:
            continue  # a number no float ratio holds: "1e-320 of the time"
        if option.candidate.shown.endswith("%") and 0.5 < other < 1 and value < 1:
            # Shares near the whole are as far apart as what they leave out.
            distance = max(distance, abs(math.log((1 - value) / (1 - other))))
        slipped = abs(math.log10(value / other))
        if distance > math.log(_NEAR):
            # A unit slips a size, not a factor: "ten times more" is no 10,000 samples.
            if factor or slipped > 4.5 or relative_off(value, other * 10 ** round(
                    math.log10(value / other))) > max(option.tolerance, figure.precision):
                continue
            distance = math.log(_NEAR) + slipped  # after any within 20×
        if best is None or distance < best[0]:
            best = (distance, option)
    return best[1] if best else None
