"""What-ifs said against the facts: "If attention were 80 percent of the time, the ceiling
would be five times." The figure in the if-clause stands in for a given of its kind; a
figure after it that the card's formulas give with that given changed is right, as an
interviewer would hear it. Only the card's own formulas are worked out again, with the
fast quantities (no sympy); nothing in the text is evaluated.
"""

from __future__ import annotations

import contextlib
import re

from drill.checking.figures import Figure
from drill.checking.tolerance import relative_off
from drill.explaining.judging import RIGHT, UNKNOWN, WRONG, Verdict
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError
from drill.quantities.parsing.formula import evaluate_formula, read_formula
from drill.quantities.quantity import Quantity, QuantityError
from drill.solving.solve import Solution

#: A sentence that supposes against the facts: "if ... were", "if we had a B200", "on a
#: B200 at 8 TB/s you'd get ...".
_SUPPOSED = re.compile(r"\bif\b(?:[^.;!?]|\.\d)*?(?:\b(?:were|was|is|are|went|got|had|have"
                       r"|used|moved|switched|had\s+been)\b|'s\b)"
                       r"|\b(?:on|with)\s+an?\b(?=(?:[^.;!?]|\.\d)*?\b(?:you'd|we'd|it'd|would)\b)",
                       re.IGNORECASE)
_SENTENCE = re.compile(r"(?:[^.;!?]|\.\d)+")


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
        supposed = _SUPPOSED.search(text, sentence.start(), sentence.end())
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
    return any(reading.dim == value.dim and value.value != 0
               and relative_off(reading.value, value.value) <= slack
               for reading in figure.readings for value in world)
