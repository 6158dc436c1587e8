"""What-ifs said against the facts: "If attention were 80 percent of the time, the ceiling
would be five times." The figure in the if-clause stands in for a given of its kind; a
figure after it that the card's formulas give with that given changed is right, as an
interviewer would hear it. A figure said of another case the card holds ("at 9 arriving
it's ... 100 ms", where the card has 5 and 9 requests/s) is judged as that case's quantity.
Only the card's own formulas are worked out again, with the fast quantities (no sympy);
nothing in the text is evaluated.
"""

from __future__ import annotations

import contextlib
import re

from drill.checking.figures import Figure
from drill.checking.tolerance import relative_off
from drill.explaining.judging import RIGHT, UNKNOWN, WRONG, Option, Verdict
from drill.explaining.meaning import sentence_end, sentence_start
from drill.explaining.readings import number_written
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError
from drill.quantities.parsing.formula import evaluate_formula, read_formula
from drill.quantities.quantity import Quantity, QuantityError
from drill.solving.solve import Solution

#: A sentence that supposes against the facts: "if ... were", "if we had a B200", "on a
#: B200 at 8 TB/s you'd get ...".
_SUPPOSED = re.compile(r"\bif\b(?:[^.;!?]|\.\d)*?(?:\b(?:were|was|is|are|went|got|had|have"
                       r"|used|moved|switched|had\s+been|doubled|halved|tripled|rose|fell"
                       r"|dropped|grew|climbed|jumped)\b|'s\b)"
                       r"|\b(?:on|with)\s+(?:an?\b|(?=\d))(?=(?:[^.;!?]|\.\d)*?\b(?:you'd|we'd|it'd"
                       r"|would)\b)"
                       r"|\ban?\s+(?-i:[A-Z][A-Z0-9]*[0-9][\w-]*)\s+(?:at|with)\b"
                       r"(?=(?:[^.;!?]|\.\d)*?\b(?:you'd|we'd|it'd|would)\b)"
                       r"|\b(?:on|with|for)\s+an?\s+(?-i:[A-Z][A-Z0-9]*[0-9][\w-]*)\s+at\b"
                       r"|\b(?:something|anything|a\s+part|a\s+kernel|a\s+stage)\s+(?:taking|that\s+"
                       r"takes)\b(?=(?:[^.;!?]|\.\d)*?\bwould\b)",
                       re.IGNORECASE)
_SENTENCE = re.compile(r"(?:[^.;!?]|\.\d)+")
#: A sentence that opens by changing a given and goes on to what follows: "Go to groups of
#: 32 and the scale costs half a bit", "Double the batch and the step takes ...".
_IMPERATIVE = re.compile(r"\s*(?:(?:but|now|so)\s+)?(?:go|move|switch|drop|cut|raise|bump|push"
                         r"|double|halve|triple)\b(?=(?:[^.;!?]|\.\d)*?\band\b)",
                         re.IGNORECASE)


def what_ifs(text: str, found: list[Figure], verdicts: list[Verdict],
             solution: Solution | None, tolerance: float,
             slips: frozenset[str] = frozenset()) -> list[Verdict]:
    """``verdicts`` with each wrong or unknown figure of a what-if made right when the
    card's formulas give it with the supposed given (see the module; ``slips``: the
    results that work out a mistake, which no what-if makes right)."""
    if solution is None:
        return verdicts
    out = list(verdicts)
    for sentence in _SENTENCE.finditer(text):
        supposed = (_IMPERATIVE.match(text, sentence.start(), sentence.end())
                    or _SUPPOSED.search(text, sentence.start(), sentence.end()))
        if supposed is None:
            continue
        inside = [i for i, f in enumerate(found)
                  if supposed.start() <= f.start and f.end <= sentence.end()]
        if not inside:
            continue
        first, rest = inside[0], inside[1:]
        worlds = _worlds(found[first], solution, slips)
        option = out[first].option
        if worlds and out[first].verdict in (WRONG, UNKNOWN) and (
                option is None or option.candidate.kind == "given"):
            # "If you went to 32 micro-batches": the supposition, no claim of the card's 8.
            out[first] = Verdict(None)
        for index in rest:
            if out[index].verdict in (WRONG, UNKNOWN) and (any(
                    _gives(found[index], world, tolerance) for world in worlds)
                    or (out[index - 1].verdict == RIGHT
                        and _inverse(found[index - 1], found[index], tolerance))):
                out[index] = Verdict(RIGHT)
    return out


def _inverse(before: Figure, figure: Figure, tolerance: float) -> bool:
    """Whether ``figure`` is one over the right figure just before it ("it'd be about 21
    milliseconds, 47 tokens a second"): the same supposed world, said as a rate."""
    slack = max(tolerance, before.precision, figure.precision)
    return any(dims.without_counts(a.dim) != dims.DIMENSIONLESS
               and dims.without_counts(dims.multiply(a.dim, b.dim)) == dims.DIMENSIONLESS
               and relative_off(a.value * b.value, 1.0) <= slack
               for a in before.readings for b in figure.readings)


def _worlds(supposed: Figure, solution: Solution, slips: frozenset[str]
            ) -> list[list[Quantity]]:
    """The results the card's formulas give with ``supposed`` in place of each given of
    its kind (one list of results per given it may stand for)."""
    formulas = []
    for name, result in solution.results.items():
        if name not in slips:
            with contextlib.suppress(ParseError):
                formulas.append(read_formula(result.formula, solution.given_values))
    worlds = []
    for name, value in solution.given_values.items():
        if value.dim != supposed.value.dim or relative_off(supposed.value.value,
                                                           value.value) < 1e-6:
            continue
        values = {**solution.given_values, name: supposed.value}
        world = []
        for formula in formulas:
            with contextlib.suppress(QuantityError, ZeroDivisionError, OverflowError,
                                     ValueError):
                world.append(evaluate_formula(formula, values))
        worlds.append(world)
    return worlds


def _gives(figure: Figure, world: list[Quantity], tolerance: float) -> bool:
    slack = max(tolerance, figure.precision)
    return any(dims.without_counts(reading.dim) == dims.without_counts(value.dim)
               and value.value != 0
               and relative_off(reading.value, value.value) <= slack
               for reading in figure.readings for value in world)


def other_cases(text: str, found: list[Figure], verdicts: list[Verdict],
                options: list[Option], solution: Solution | None) -> list[Verdict]:
    """``verdicts`` with a right figure said of another case of the card judged as that
    case's: "at 9 arriving it's one over one, so 100 milliseconds" is the time at 9
    requests/s (1 s), not the wait at 5 that 100 ms happens to be; and a figure judged
    wrong that is right for the case named ("twenty S at ninety-five"). The case is the given
    said nearest the figure in its sentence as one ("at 9", "at TP 8", "at batch 64"),
    before it or right after it in its clause; a figure set against another ("versus
    4.8") is the other side, of no case named."""
    if solution is None:
        return verdicts
    givens = {o.candidate.name: o for o in options
              if o.candidate.kind == "given" and o.mistake is None}
    out = list(verdicts)
    for index, (figure, verdict) in enumerate(zip(found, verdicts, strict=True)):
        if verdict.verdict is None and figure.bare:
            # "at 80 percent that's 5 service times and at 95 percent about 10": a bare
            # number said in a clause like the one before it is that quantity's other case.
            verdict = _parallel(text, found, verdicts, index)
        option = verdict.option
        if (verdict.verdict not in (RIGHT, WRONG) or option is None
                or (verdict.verdict == WRONG and option.mistake is not None)
                or option.candidate.name not in solution.results
                or _SET_AGAINST.search(text, max(0, figure.start - 40), figure.start)
                or _OPERATED_ON.match(text, figure.end)):
            continue
        case = _case_named(text, found, verdicts, index, givens)
        if case is None:
            continue
        sibling = _sibling(option, case, givens, options, solution)
        if sibling is not None:
            near = relative_off(figure.value.value, sibling.candidate.value.value) <= max(
                sibling.tolerance, figure.precision)
            # A wrong figure is that case's only where it says it: "twenty S at ninety-five".
            if verdict.verdict == RIGHT or near:
                out[index] = Verdict(RIGHT if near else WRONG, sibling, True)
    return out


def _parallel(text: str, found: list[Figure], verdicts: list[Verdict], index: int
              ) -> Verdict:
    """The verdict of the figure said before ``found[index]`` in its sentence, with only
    givens between them, as a guess at what the bare number is (its case is then weighed
    by the caller), when that one was right as a result of the card; no claim otherwise."""
    figure = found[index]
    start = sentence_start(text, figure.start)
    if text[:start].rstrip().endswith(";"):  # "five service times; at 95 percent about 10"
        start = sentence_start(text, text.rfind(";", 0, start))
    for before in range(index - 1, -1, -1):
        other, verdict = found[before], verdicts[before]
        if other.start < start:
            break
        kind = verdict.option.candidate.kind if verdict.option is not None else None
        if verdict.verdict == RIGHT and kind == "given":
            continue  # the case said between: "and at 95 percent"
        if (verdict.verdict == RIGHT and kind == "result" and verdict.option is not None
                and verdict.option.candidate.value.dim == figure.value.dim):
            return Verdict(RIGHT, verdict.option)
        break
    return Verdict(None)


#: A figure the working goes on to divide or multiply: "100 ms over 0.1" at 9 arriving is
#: the service time, no quantity of that case.
_OPERATED_ON = re.compile(r"\s*(?:over|divided\s+by|times|[×÷/*])\s*[0-9]", re.IGNORECASE)
#: How much farther a case said before a comma is than one said after the figure.
_PAST_A_COMMA = 40
#: How far apart two cases' quantities must be to be told apart by the words alone.
_SAME = 0.01
#: Words that set a case: "at 9 arriving", "at TP 8", "at batch 64", "with 32 users".
_CASE = re.compile(r"\b(?:at|with|for|on)\s+(?:[A-Za-z]+\s+)?$", re.IGNORECASE)
_ANOTHER_CLAUSE = re.compile(r"[,;:]|\b(?:and|but|while|whereas)\b", re.IGNORECASE)
_NEXT_CLAUSE = re.compile(r"\b(?:and|but|while|whereas)\b", re.IGNORECASE)
#: Words that set a figure against another: "around 4 ms versus 4.8".
_SET_AGAINST = re.compile(r"\b(?:versus|vs\.?|compared\s+(?:to|with)|against|than)\s+"
                          r"(?:the\s+)?(?:[\w-]+'s\s+)?(?:about\s+|around\s+|roughly\s+)?$",
                          re.IGNORECASE)


def _case_named(text: str, found: list[Figure], verdicts: list[Verdict], index: int,
                givens: dict[str, Option]) -> str | None:
    """The given whose case the sentence of ``found[index]`` sets nearest it, if any."""
    figure = found[index]
    start = sentence_start(text, figure.start)
    end = sentence_end(text, figure.end)
    best: tuple[int, str] | None = None
    for other, verdict in zip(found, verdicts, strict=True):
        if other is figure or not (start <= other.start and other.end <= end):
            continue
        if not _CASE.search(text, max(0, other.start - 16), other.start) or (
                _ANOTHER_CLAUSE.search(text, figure.end, other.start)
                if other.start > figure.start
                else _NEXT_CLAUSE.search(text, other.end, figure.start)):
            continue  # "1 FLOP per byte, and at batch 64 ...": the next clause's case
        number = number_written(other.text)
        for name, given in givens.items():
            own = verdict.option is not None and verdict.option.candidate.name == name
            if number is not None and number == number_written(given.candidate.shown) and (
                    other.bare or own):
                gap = other.start - figure.end if other.start > figure.start else (
                    figure.start - other.end)
                if other.start < figure.start and "," in text[other.end:figure.start]:
                    gap += _PAST_A_COMMA  # "five at eighty percent, twenty at ninety-five"
                if best is None or gap < best[0]:
                    best = (gap, name)
    return best[1] if best else None


def _sibling(option: Option, case: str, givens: dict[str, Option],
             options: list[Option], solution: Solution) -> Option | None:
    """The quantity ``option``'s formula gives with the given of ``case``'s kind that it
    uses swapped for ``case``, when the card has it and it differs."""
    with contextlib.suppress(ParseError):
        formula = read_formula(solution.results[option.candidate.name].formula,
                               solution.given_values)
        uses = set(formula.names) & givens.keys()
        if case in uses:
            return None
        kind = givens[case].candidate.value.dim
        for left_out in uses:
            # Two cases of one quantity are named alike: low_arrival and high_arrival,
            # n_small and n_large.
            if givens[left_out].candidate.value.dim != kind or not (
                    set(left_out.split("_")) & set(case.split("_"))):
                continue
            values = {**solution.given_values, left_out: solution.given_values[case]}
            with contextlib.suppress(QuantityError, ZeroDivisionError, OverflowError,
                                     ValueError):
                value = evaluate_formula(formula, values)
                match = next((o for o in options if o.mistake is None and o is not option
                              and o.candidate.kind == "result"
                              and o.candidate.value.dim == value.dim
                              and relative_off(o.candidate.value.value, value.value) < 1e-6),
                             None)
                if match is not None and relative_off(
                        match.candidate.value.value, option.candidate.value.value) > _SAME:
                    return match
    return None
