"""Grading one typed answer against one ask: the verdict, the mistakes, the words.

``grade(answer, target)`` never raises on the answer: text that cannot be read is an
``invalid`` grade with the reader's reason, and nothing typed is ever run as code (the
answer goes through :mod:`drill.quantities.parsing` only). ``ans`` in an answer stands
for the calculator's last result when one is given (``last``), read by the same parser
as a value of its own; the grade says what it stood for (:attr:`Grade.recalled`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from drill.grading import messages
from drill.grading.ambiguous import other_readings
from drill.grading.carried import Earlier, carried
from drill.grading.forms import (
    Part,
    chained_answer,
    concluded,
    range_ends,
    split_note,
    trailing_words,
)
from drill.grading.generic_slips import SHAPE_SLIPS, Finding, generic_findings
from drill.grading.interpret import Interpretation, interpret, is_bare_number
from drill.grading.readings import (
    counts_as_labels,
    gain_in_percent,
    has_a_number,
    is_plain_arithmetic,
    speedup_in_words,
    trailing_unit,
)
from drill.grading.structure import contradicts, shows_working
from drill.grading.target import Expected, Target, expected_side
from drill.quantities import dimensions as dims
from drill.quantities.calculator import LAST_RESULT
from drill.quantities.parsing import ParseError, Reading, read, read_with_names
from drill.quantities.parsing.nodes import Measure, Number, Recalled
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.units import (
    convert,
    format_in,
    format_number,
    format_quantity,
    readable_unit,
)

#: How far figures typed rounded may move a worked count (0.537 GB for 0.5369 GB).
_ROUNDED_INPUTS = 0.01
#: Longest answer echoed back in a grade; the reader refuses long text anyway.
MAX_ECHOED_ANSWER = 200


class Verdict(StrEnum):
    CORRECT = "correct"
    INCORRECT = "incorrect"
    INVALID = "invalid"


@dataclass(frozen=True, slots=True)
class Shown:
    """A value as shown to the user: in a unit, and written out."""

    value: float
    unit: str
    text: str

    def to_dict(self) -> dict[str, object]:
        return {"value": self.value, "unit": self.unit, "text": self.text}


@dataclass(frozen=True, slots=True)
class Parsed:
    """How the answer was read: its value (in the ask's unit when it fits) and the echo."""

    value: float
    unit: str
    text: str
    echo: str

    def to_dict(self) -> dict[str, object]:
        return {"value": self.value, "unit": self.unit, "text": self.text, "echo": self.echo}


@dataclass(frozen=True, slots=True)
class Grade:
    card: str
    ask: str
    answer: str
    verdict: Verdict
    message: str
    expected: Shown
    mistakes: tuple[str, ...] = ()
    parsed: Parsed | None = None
    #: What ``ans`` stood for when the answer used it ("ans = 4.77612 ms"), else "".
    recalled: str = ""

    @property
    def correct(self) -> bool:
        return self.verdict is Verdict.CORRECT

    @property
    def recorded_answer(self) -> str:
        """The answer as the review log keeps it: what was typed, and what ``ans`` meant."""
        return f"{self.answer} [{self.recalled}]" if self.recalled else self.answer

    def to_dict(self) -> dict[str, object]:
        return {
            "card": self.card,
            "ask": self.ask,
            "answer": self.answer,
            "verdict": self.verdict.value,
            "mistakes": list(self.mistakes),
            "message": self.message,
            "expected": self.expected.to_dict(),
            "parsed": self.parsed.to_dict() if self.parsed else None,
        }


def grade(answer: str, target: Target, last: Quantity | None = None,
          earlier: Sequence[Earlier] = ()) -> Grade:
    """Grade ``answer`` for ``target``; never raises on the answer's content.

    ``last`` is the calculator's last result: what ``ans`` in the answer stands for (with
    none, ``ans`` is read but has no value, and the answer is invalid saying so).

    The answer may be a range, working with its result (``16/3.35 ms = 4.78 ms``) or a
    figure with a note (:mod:`drill.grading.forms`). ``earlier``: the card's asks answered
    before, so a right method on a wrong earlier figure is named
    (:mod:`drill.grading.carried`)."""
    ranged = _graded_range(answer, target, last)
    if ranged is not None:
        return replace(ranged, answer=_echoed(answer))
    parts = chained_answer(answer)
    result, from_note = _grade_noted(parts[-1].text, target, last, parts[-1].start)
    if len(parts) > 1 and result.verdict is not Verdict.INVALID and not from_note:
        result = _checked_working(result, parts[:-1], parts[-1].text, target, last)
    result = _thousands_or_decimal(answer, result, target, last)
    if result.verdict is Verdict.INCORRECT and earlier:
        result = _with_carried(result, parts[-1].text, target, last, earlier)
    return replace(result, answer=_echoed(answer))


def _with_carried(result: Grade, text: str, target: Target, last: Quantity | None,
                  earlier: Sequence[Earlier]) -> Grade:
    try:
        reading = _read(text, last)
    except ParseError:
        return result
    expected = expected_side(target)

    def fits(value: Quantity) -> bool:
        if value.dimensionless and expected.dim != dims.DIMENSIONLESS:
            value = value * expected.unit_size  # plain figures count in the ask's unit
        return value.dim == target.reference.dim and value.close_to(target.reference,
                                                                    target.tolerance)

    found = carried(reading, earlier, fits)
    if found is None:
        return result
    return replace(result, message=found.message(),
                   mistakes=(*result.mistakes, "carries-earlier-figure"))


def _grade_noted(text: str, target: Target, last: Quantity | None, offset: int
                 ) -> tuple[Grade, bool]:
    """A figure, or a figure with a note after it: the note is kept, not graded, unless it
    ends the answer on a figure of the ask's kind ("0.25, so 2.5% of the step"), which is
    then the answer given. Whether the grade is of the note's figure comes second."""
    whole = _grade_figure(text, target, last, offset)
    if whole.correct:
        return whole, False
    split = split_note(text)
    if split is None and whole.verdict is Verdict.INVALID:
        try:
            _read(text, last)
        except ParseError as error:
            if error.message.startswith("unknown unit"):
                split = trailing_words(text, error.position)
    if split is None:
        return whole, False
    figure, note = split
    ending = _graded_ending(note, target, last)
    if ending is not None:
        return ending, True
    alone, _ = _grade_noted(figure.text, target, last, offset)  # "8.09 ms (bound) - ..."
    fits = whole.parsed is not None and whole.parsed.unit == target.unit
    if alone.verdict is Verdict.INVALID or (
            whole.verdict is Verdict.INCORRECT and fits and not alone.correct):
        return whole, False
    said = f" The note '{note.text}' is kept with your answer, not graded."
    return replace(alone, message=alone.message + said), False


def _graded_ending(note: Part, target: Target, last: Quantity | None) -> Grade | None:
    """The grade of the figure a note ends the answer on, when it is of the ask's kind,
    saying so."""
    ending = concluded(note)
    if ending is None or (_TIMES.search(ending.text) and target.unit.strip() not in ("×", "x")):
        return None  # "so about 16x quicker": a ratio, not the time asked
    if not _counts_what_is_asked(ending.text, target):
        return None  # "119, so 2 nodes": a count of other things
    graded = _grade_figure(ending.text, target, last)
    if graded.verdict is Verdict.INVALID and _no_unit_after(ending.text, last):
        # "so 119 whole conversations": the word after the number was no unit.
        number = re.match(r"[\d,.]+", ending.text)
        graded = _grade_figure(number.group() if number else "", target, last)
    if graded.verdict is Verdict.INVALID or graded.parsed is None or (
            graded.parsed.unit != target.unit):
        return None
    said = f" Your note ends on {graded.parsed.text}, so that is the answer graded."
    return replace(graded, message=graded.message + said)


#: Working and its result may differ by rounding: this much, or the ask's tolerance.
_WORKING_ROUNDING = 0.02


def _checked_working(result: Grade, working: list[Part], result_text: str, target: Target,
                     last: Quantity | None) -> Grade:
    """The result after ``=`` is graded; each step before it must come to the same value.

    A step of plain numbers takes its unit from the result, as a reader takes it:
    ``2*80*128*2 = 40960 B`` counts bytes, and ``6*8.03e9*60000/8 ≈ 361 TFLOPS`` counts
    FLOP/s (the plain number in the unit's base, the prefix written only after ``≈``)."""
    if result.parsed is None or result.parsed.unit != target.unit:
        return result
    following = [part.text for part in working[1:]] + [""]
    for part, after in zip(working, following, strict=True):
        disagreement = _disagreement(part.text, after, result.parsed, result_text, target,
                                     last)
        if disagreement is None:
            continue
        came_to, against = disagreement
        said = (f"Your working '{part.text.strip()}' (at column {part.start + 1}) comes to "
                f"{came_to}, not the {against} written after it: check "
                "that step's arithmetic.")
        if result.correct:
            return replace(result, verdict=Verdict.INCORRECT, message=said,
                           mistakes=("working-disagrees",))
        return replace(result, message=f"{result.message} {said}")
    if result.correct:
        return replace(result, message=f"{result.message} Your working agrees.")
    return result


def _disagreement(text: str, after: str, result: Parsed, result_text: str, target: Target,
                  last: Quantity | None) -> tuple[str, str] | None:
    """What a step of working comes to and the figure it should have come to, when they
    disagree: the figure the next step opens with (``after``: "2 x 8e9 x 500" against the
    "8 TFLOP" of "8 TFLOP / 989 TFLOPS"), else the result; None when they agree."""
    allowed = max(target.tolerance, _WORKING_ROUNDING)
    opening = _leads_into(text, after, last, allowed) if after else False
    if opening is not False:
        return None if opening is True else opening
    step = _grade_figure(text, target, last)
    if step.parsed is None or step.parsed.unit != target.unit:
        return None
    if _close(step.parsed.value, result.value, allowed):
        return None
    # Only a step that disagrees is read again, in the result's unit.
    in_unit = _plain_step_in_unit(text, result_text, last, allowed)
    if in_unit is True:
        return None
    return in_unit or step.parsed.text, result.text


@dataclass(frozen=True, slots=True)
class _TypedUnit:
    """The unit written with the result after ``=``, and the value typed."""

    text: str
    size: Quantity
    stated: Quantity


def _typed_unit(text: str, last: Quantity | None) -> _TypedUnit | None:
    """``40960 B`` as its unit B and its value; None unless it is one number with a unit."""
    try:
        tree = _read(text, last).tree
    except ParseError:
        return None
    if not isinstance(tree, Measure) or not is_bare_number(tree.amount):
        return None
    try:
        return _TypedUnit(tree.unit.echo(), tree.unit.evaluate(), tree.evaluate())
    except QuantityError:
        return None


def _counts_what_is_asked(text: str, target: Target) -> bool:
    """Whether a note's figure counts what a plain-count ask counts: its word is one of
    the question's ("120 conversations" of "How many whole conversations fit?"), or it
    has none. An ask with a unit is told apart by the unit."""
    word = re.match(r"[\d,.]+\s*([A-Za-z]+)", text)
    if target.unit.strip() or word is None:
        return True
    asked = {w.lower().rstrip("s") for w in re.findall(r"[A-Za-z]+", target.question)}
    return word.group(1).lower().rstrip("s") in asked


#: A figure said as a factor: "16x", "16 times".
_TIMES = re.compile(r"\d\s*(?:x|×|times|fold)$", re.IGNORECASE)


def _no_unit_after(text: str, last: Quantity | None) -> bool:
    """Whether the word after a note's number is no unit ("119 whole"), unlike "16x"."""
    try:
        _read(text, last)
    except ParseError as error:
        return error.message.startswith("unknown unit")
    return False


#: The figure a step of working opens with: "8 TFLOP" of "8 TFLOP / 989 TFLOPS".
_OPENING_FIGURE = re.compile(r"\s*\(?\s*(\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?\s*[A-Za-zµμ/]+)")


def _leads_into(text: str, after: str, last: Quantity | None, allowed: float
                ) -> bool | tuple[str, str]:
    """A step of plain numbers against the figure the next step opens with, read in that
    figure's unit or its base: True when it agrees ("2 x 8e9 x 500" is the "8 TFLOP" of
    "8 TFLOP / 989 TFLOPS"), else what it comes to and that figure, for the message; False
    when the step is not plain numbers or the next step opens with no figure of a unit."""
    opening = _OPENING_FIGURE.match(after)
    if opening is None:
        return False
    typed = _typed_unit(opening.group(1).strip(), last)
    worked = _plain_value(text, last)
    if typed is None or typed.stated.dimensionless or worked is None:
        return False
    size = typed.size.value
    if any(_close(worked, value, allowed)
           for value in (typed.stated.value, typed.stated.value / size)):
        return True
    return f"{format_number(worked / size)} {typed.text}", opening.group(1).strip()


def _close(worked: float, stated: float, allowed: float) -> bool:
    """Whether a step of working and the figure it should come to agree, as rounded."""
    return abs(worked - stated) <= allowed * max(abs(stated), abs(worked))


def _plain_value(text: str, last: Quantity | None) -> float | None:
    """The value of a step of plain numbers ("2 x 8e9 x 500"), else None."""
    try:
        reading = _read(text, last)
    except ParseError:
        return None
    if not is_plain_arithmetic(reading.tree) or not reading.value.dimensionless:
        return None
    return reading.value.value


def _plain_step_in_unit(text: str, result_text: str, last: Quantity | None,
                        allowed: float) -> bool | str:
    """A step of plain numbers read in the unit of ``result_text``: True when it agrees
    read in that unit or in its base (a count of bytes, FLOP/s, seconds); else the step's
    value in that unit, for the message; False when the step is not plain numbers or the
    result is not one number with a unit."""
    plain = _plain_value(text, last)
    unit = _typed_unit(result_text, last)
    if plain is None or unit is None:
        return False
    size = unit.size.value
    stated = unit.stated.value / size
    # In the unit's own terms: the number as typed, or the number in the unit's base.
    readings = (plain, plain / size)
    if any(_close(worked, stated, allowed) for worked in readings):
        return True
    nearest = min(readings, key=lambda worked: abs(math.log(abs(worked / stated)))
                  if worked and stated else math.inf)
    return f"{format_number(nearest)} {unit.text}"


def _graded_range(answer: str, target: Target, last: Quantity | None) -> Grade | None:
    """``340-350``: right when every value in it is; when it holds the answer but is
    wider than the tolerance, a request for one number; otherwise wrong."""
    ends = range_ends(answer)
    if ends is None:
        return None
    try:
        low, high = _read(ends[0], last).value, _read(ends[1], last).value
    except ParseError:
        return None
    if low.dim != high.dim or not low.value < high.value or low.value < 0:
        return None
    low_grade = _grade_figure(ends[0], target, last)
    high_grade = _grade_figure(ends[1], target, last)
    if low_grade.parsed is None or high_grade.parsed is None:
        return None
    shown = f"{low_grade.parsed.text} to {high_grade.parsed.text}"
    expected = low_grade.expected
    if low_grade.correct and high_grade.correct:
        return replace(high_grade, message=(
            f"Right: every value from {shown} is within {_percent(target.tolerance)} of "
            f"{expected.text}. Next time give one number."))
    same_unit = low_grade.parsed.unit == high_grade.parsed.unit == target.unit
    holds = same_unit and low_grade.parsed.value <= expected.value <= high_grade.parsed.value
    if holds or low_grade.correct or high_grade.correct:
        return replace(high_grade, verdict=Verdict.INVALID, mistakes=(), message=(
            f"The range {shown} holds the answer but is wider than the "
            f"{_percent(target.tolerance)} tolerance: give one number."))
    return replace(high_grade, verdict=Verdict.INCORRECT, mistakes=(), message=(
        f"Not quite: the range {shown} misses {expected.text}. Give one number, worked "
        "from the givens."))


_ONE_GROUP = re.compile(r"(?<![0-9.,])([1-9][0-9]{0,2}),([0-9]{3})(?![0-9]|[.,][0-9])")


def _thousands_or_decimal(answer: str, result: Grade, target: Target,
                          last: Quantity | None) -> Grade:
    """``1,234`` is read as thousands; when only the decimal reading would be right, the
    answer is refused with the two readings named, never graded on a guess."""
    if result.correct:
        return result
    groups = list(_ONE_GROUP.finditer(answer))
    if len(groups) != 1:
        return result
    match = groups[0]
    other = f"{answer[:match.start()]}{match.group(1)}.{match.group(2)}{answer[match.end():]}"
    if not _grade_figure(other, target, last).correct:
        return result
    typed = match.group(0)
    return replace(result, verdict=Verdict.INVALID, mistakes=(), message=messages.invalid(
        f"'{typed}' at column {match.start() + 1} reads as {typed.replace(',', '')}; if a "
        f"decimal comma was meant, write {match.group(1)}.{match.group(2)}", target.unit))


def _percent(fraction: float) -> str:
    return f"{format_number(fraction * 100)}%"


def _grade_figure(answer: str, target: Target, last: Quantity | None = None,
                  offset: int = 0) -> Grade:
    """One figure or working, graded as typed; ``offset``: where it starts in the whole
    answer, so a message names the column as typed."""
    expected = expected_side(target)
    shown_expected = Shown(expected.value, target.unit, expected.text)

    def verdict_invalid(reason: str) -> Grade:
        return Grade(target.card, target.ask, _echoed(answer), Verdict.INVALID,
                     messages.invalid(reason, target.unit), shown_expected)

    text, note = answer, ""
    if target.unit.strip() == "×":
        in_words = speedup_in_words(answer) or gain_in_percent(answer,
                                                               target.reference.value)
        if in_words is not None:
            text, note = in_words.text, in_words.note
    try:
        reading = _read(text, last)
        recalled = _recalled(reading) if LAST_RESULT in text else ""
        if not has_a_number(reading.tree):
            return verdict_invalid(f"'{reading.echo}' is a unit on its own: type the number "
                                   "with it")
        understood = interpret(reading, target, expected)
        if reading.value.dim != expected.dim:
            reading, understood = _fitting_reading(reading, understood, target, expected)
        if understood.value.dim != expected.dim:
            reading, understood, note = _second_reading(reading, understood, target,
                                                        expected, note)
        elif target.unit.strip() == "%" and is_plain_arithmetic(reading.tree):
            understood = _percent_or_fraction(understood, target)
        if note:
            understood = replace(understood, assumed="; ".join(
                part for part in (note, understood.assumed) if part))
        parsed = _parsed(reading, understood, target, expected)
    except ParseError as error:
        return verdict_invalid(messages.at_column(error.message, offset + error.position))
    except QuantityError as error:
        return verdict_invalid(str(error))

    alternative = understood.alternative
    if alternative is not None and alternative.close_to(target.reference, target.tolerance):
        understood = replace(understood, value=alternative)
        parsed = _parsed(reading, understood, target, expected)
    in_display = _scaled_to_display(reading, understood.value, target, expected)
    if in_display is not None:
        value, how = in_display
        understood = replace(understood, value=value, assumed=_joined(understood.assumed, how))
        parsed = _parsed(reading, understood, target, expected)
    whole = _whole_count_of_working(reading, understood, target)
    if whole is not None:
        understood = replace(understood, value=whole, assumed=_joined(
            understood.assumed, f"a whole count: {format_number(whole.value)} fit"))
        parsed = _parsed(reading, understood, target, expected)
    gain_slip = _gain_slip(answer, understood.value, target)
    if understood.value.close_to(target.reference, target.tolerance) and not gain_slip:
        message = messages.correct(parsed.text, expected.text, target.tolerance,
                                   understood.assumed)
        return Grade(target.card, target.ask, _echoed(answer), Verdict.CORRECT, message,
                     shown_expected, (), parsed, recalled)

    findings = _card_findings(reading, understood, target)
    known = {f.id for f in findings}
    # A card's words for a generic slip, when it has no value of its own: one with a value
    # was written for that one factor (÷10), and a 10⁶ slip must not be told it.
    # Slips of shape (bytes over FLOP/s) have no factor, so the card's words always fit.
    card_messages = {m.id: m.message for m in target.mistakes
                     if m.value is None or m.id in SHAPE_SLIPS}
    for finding in generic_findings(reading, understood, target, expected):
        if finding.id not in known:
            known.add(finding.id)
            # A card that names a generic slip brings its own words for it.
            message = card_messages.get(finding.id, finding.message)
            findings.append(Finding(finding.id, message))
    if findings:
        message = " ".join(f.message for f in findings)
    elif gain_slip:
        message = gain_slip
    else:
        reference = target.reference.value
        ratio = understood.value.value / reference if reference else None
        message = messages.off_by(parsed.text, expected.text, ratio, target.tolerance)
    if note:
        message = f"{note[0].upper()}{note[1:]}. {message}"
    return Grade(target.card, target.ask, _echoed(answer), Verdict.INCORRECT, message,
                 shown_expected, tuple(f.id for f in findings), parsed, recalled)


def _read(text: str, last: Quantity | None) -> Reading:
    """The answer read, ``ans`` standing for ``last``. Without the word, the cached
    reader: ``read_with_names`` is the same parser, uncached."""
    if LAST_RESULT not in text:
        return read(text)
    return read_with_names(text, {LAST_RESULT: last})


#: Significant figures of the recalled value in the review log: enough to redo the sum.
RECALLED_DIGITS = 6


def _recalled(reading: Reading) -> str:
    """``ans = 4.77612 ms`` when the answer used the calculator's last result."""
    value = next((node.value for node in reading.tree.walk() if isinstance(node, Recalled)),
                 None)
    if value is None:
        return ""
    return f"{LAST_RESULT} = {format_quantity(value, digits=RECALLED_DIGITS)}"


def _fitting_reading(reading: Reading, understood: Interpretation, target: Target,
                     expected: Expected) -> tuple[Reading, Interpretation]:
    """Another fair reading of an ambiguous spelling whose dimension fits, if one does.

    Tried when the answer as typed is not of the ask's dimension (a ratio of units that
    cancelled counts too: "8 Tflops / 989 TFLOPS" for a time).
    """
    for other, note in other_readings(reading):
        try:
            again = interpret(other, target, expected)
        except QuantityError:
            continue
        # The other reading must fit by its units, not by a plain number's allowance.
        fits_as_typed = not other.value.dimensionless or expected.dim == dims.DIMENSIONLESS
        if again.value.dim == expected.dim and fits_as_typed:
            assumed = "; ".join(part for part in (note, again.assumed) if part)
            return other, replace(again, assumed=assumed)
    return reading, understood


def _second_reading(reading: Reading, understood: Interpretation, target: Target,
                    expected: Expected, note: str
                    ) -> tuple[Reading, Interpretation, str]:
    """A reading that fits the ask when the literal one cannot be meant (see
    :mod:`drill.grading.readings`), with the one line that says how it was read."""
    regrouped = trailing_unit(reading.tree)
    if regrouped is not None:
        tree, how = regrouped
        try:
            other = Reading(reading.text, tree, tree.evaluate())
            again = interpret(other, target, expected)
        except QuantityError:
            again = None
        if again is not None and again.value.dim == expected.dim:
            return other, again, _joined(note, how)
    labelled = counts_as_labels(understood.value, expected.dim)
    if labelled is not None:
        value, how = labelled
        return reading, replace(understood, value=value), _joined(note, how)
    bare_count = _count_without_unit(reading, understood.value, target)
    if bare_count is not None:
        value, how = bare_count
        return reading, replace(understood, value=value), _joined(note, how)
    return reading, understood, note


def _scaled_to_display(reading: Reading, value: Quantity, target: Target,
                       expected: Expected) -> tuple[Quantity, str] | None:
    """``$3/h / (200 tokens/s × 3600 s/h) × 1e6`` for "$ per million tokens": the card's
    own formula, its ``× 1e6`` putting the price per million. With units on the rest, the
    product is a million times the price per token; when a factor typed is exactly the
    display unit's scale and the answer is right read so, it is read so and said."""
    size = expected.unit_size.value
    if value.dim != expected.dim or not size or size >= 1 or not shows_working(reading.tree):
        return None
    scale = 1 / size
    typed = [node for node in reading.tree.walk()
             if isinstance(node, Number) and abs(node.value - scale) <= 1e-9 * scale]
    if not typed:
        return None
    candidate = Quantity(value.value / scale, value.dim)
    if not candidate.close_to(target.reference, target.tolerance):
        return None
    return candidate, f"'× {typed[0].text}' is read as putting it in {target.unit}"


#: Units that weigh one and that a worked count often goes without: "2 × 8e9 × 500" FLOP.
_WEIGHT_ONE_BASES = ("computation", "information")


def _count_without_unit(reading: Reading, value: Quantity, target: Target
                        ) -> tuple[Quantity, str] | None:
    """``2 * 8e9 * 500 / 989 TFLOPS`` for a time: the count of FLOP was typed without its
    unit. When one FLOP or one byte is all the working lacks and it then gives the
    answer, it is read with it, and the message says so; a working that is wrong either
    way keeps its dimension message."""
    if not shows_working(reading.tree):
        return None
    extra = dims.divide(target.reference.dim, value.dim)
    moved = [(dims.BASES[i], p) for i, p in enumerate(extra) if p]
    if len(moved) != 1 or moved[0][0] not in _WEIGHT_ONE_BASES or abs(moved[0][1]) != 1:
        return None
    if not any(isinstance(node, Number) for node in reading.tree.walk()):
        return None
    candidate = Quantity(value.value, target.reference.dim)
    if not candidate.close_to(target.reference, target.tolerance):
        return None
    unit = dims.symbol(tuple(1 if b == moved[0][0] else 0 for b in dims.BASES))
    return candidate, f"a plain count is read as {unit}: write the unit with every number"


def _percent_or_fraction(understood: Interpretation, target: Target) -> Interpretation:
    """Plain numbers on a "%" ask: ``0.25`` and ``1.2/4.8`` are a quarter as surely as
    ``25`` and ``1.2/4.8*100`` are 25%. Both readings are weighed the same way for a
    literal and for an expression: the one within tolerance, else the nearer one."""
    raw = understood.raw.value
    as_percent = Quantity(raw * 0.01)
    as_fraction = Quantity(raw)
    reference = target.reference

    def distance(candidate: Quantity) -> float:
        if candidate.value <= 0 or reference.value <= 0:
            return abs(candidate.value - reference.value)
        return abs(math.log(candidate.value / reference.value))

    fits = [c for c in (as_percent, as_fraction) if c.close_to(reference, target.tolerance)]
    chosen = fits[0] if fits else min((as_percent, as_fraction), key=distance)
    if chosen == as_fraction:
        how = f"{format_number(raw)} is read as a fraction: {format_number(raw * 100)}%"
    else:
        how = f"{format_number(raw)} is read in %"
    return replace(understood, value=chosen, assumed=how)


def _same_figure_other_dimension(reading: Reading, answer: Interpretation,
                                 value: Quantity, target: Target) -> bool:
    """A worked answer of another dimension than the ask whose figure is the mistake's:
    a solver states "the intensity taken for the batch" as a plain 295, and the learner
    types 989 TFLOPS ÷ 3.35 TB/s = 295 FLOP/byte. The working then decides (it must fit
    the mistake's formula, checked by the caller)."""
    if answer.value.dim == value.dim or not shows_working(reading.tree):
        return False
    return abs(answer.value.value - value.value) <= target.tolerance * abs(value.value)


def _whole_count_of_working(reading: Reading, understood: Interpretation,
                            target: Target) -> Quantity | None:
    """A count graded exactly (how many fit) is the whole number below what was typed:
    64 GB ÷ 537 MB = 119.2 conversations is 119, and so are ``ans`` holding 119.209 and a
    typed 119.2, read alike. A typed whole number claims itself (120 is 120). Only when the
    ask is exact to less than one."""
    reference = target.reference
    if (not reference.dimensionless
            or understood.value.dim != reference.dim or reference.value < 1
            or reference.value != math.floor(reference.value)
            or target.tolerance * reference.value >= 1):
        return None
    value = understood.value.value
    if value == math.floor(value):
        return None
    # The givens were typed rounded (0.537 GB for 0.5369 GB): the whole count the working
    # means may sit a hair either side of the one its figures give.
    low, high = math.floor(value * (1 - _ROUNDED_INPUTS)), math.floor(value * (1 + _ROUNDED_INPUTS))
    whole = reference.value if low <= reference.value <= high else math.floor(value)
    if whole != reference.value and not shows_working(reading.tree):
        # A typed decimal off the mark is graded as typed, so a slip in it is still seen.
        return None
    return Quantity(float(whole), reference.dim)


#: A ratio nearer 1 than this is judged on its gain (1.18× is an 18% gain).
_NEAR_ONE = 2.0
#: The gain may be off by this share of itself, as rounding a ratio's figures moves it.
_GAIN_SHARE = 0.1


def _gain_slip(answer: str, value: Quantity, target: Target) -> str:
    """On a speed-up or ratio near 1, what counts is the gain: 1.12× for 1.18× is a 12%
    gain for 18%, though within 5% as a ratio. The gain may be off by a tenth of itself,
    or by half a unit of the last digit typed (1.2× for 1.18×). "" when the gain holds."""
    reference = target.reference
    if (target.unit.strip() != "×" or value.dim != reference.dim
            or not 1 / _NEAR_ONE < reference.value < _NEAR_ONE or reference.value == 1):
        return ""
    gain, wanted = value.value - 1, reference.value - 1
    allowed = max(_GAIN_SHARE * abs(wanted), _last_digit_half(answer))
    if abs(gain - wanted) <= allowed:
        return ""
    def percent(x: float) -> str:
        return f"{format_number(abs(x) * 100)}% {'gain' if x >= 0 else 'loss'}"
    return (f"Not quite: {format_number(value.value)}× is a {percent(gain)}, against "
            f"{percent(wanted)} ({format_number(reference.value)}×): on a ratio this near "
            "1, the gain is what counts. Carry one more figure through the working.")


def _last_digit_half(answer: str) -> float:
    """Half a unit of the last digit of the one number typed (0.05 for "1.2×"); 0 when
    the answer holds more than one number."""
    numbers = re.findall(r"[0-9]+(?:[.,]([0-9]+))?", answer)
    if len(numbers) != 1:
        return 0.0
    return 0.5 * 10.0 ** -len(numbers[0])


def _joined(*notes: str) -> str:
    return "; ".join(n for n in notes if n)


def _card_findings(reading: Reading, answer: Interpretation, target: Target
                   ) -> list[Finding]:
    """The card's own mistakes the answer shows, in the card's order.

    The value must land on the mistake's, and a working must not contradict how the
    mistake is made (:mod:`drill.grading.structure`); a bare number shows no working, so
    the message says what it matches rather than how it was made.
    """
    bare = not shows_working(reading.tree) or is_plain_arithmetic(reading.tree)
    found: list[Finding] = []
    for mistake in target.mistakes:
        if mistake.value is None:
            continue
        if not any(
            _lands_on(candidate, mistake.value, target)
            for candidate in (answer.value, answer.alternative, answer.raw)
            if candidate is not None
        ) and not _same_figure_other_dimension(reading, answer, mistake.value, target):
            continue
        if bare:
            found.append(Finding(mistake.id, messages.matches_slip(mistake.message)))
        elif not contradicts(reading.tree, mistake.uses, target.knowns):
            found.append(Finding(mistake.id, mistake.message))
    return found


def _lands_on(candidate: Quantity, mistake: Quantity, target: Target) -> bool:
    """Whether an answer is the mistake's figure. On a whole-count ask a whole-count
    mistake is one number: 975 is not the 950 inside the interval, though 2.6% from it."""
    reference = target.reference
    if (reference.dimensionless and mistake.dimensionless and candidate.dimensionless
            and _whole(reference.value) and _whole(mistake.value)):
        return abs(candidate.value - mistake.value) < 0.5 + target.tolerance * abs(
            reference.value)
    return candidate.close_to(mistake, target.tolerance)


def _whole(value: float) -> bool:
    """A whole number, as worked in floats (2.5% of 1,000 is 24.999999999999968)."""
    return abs(value - round(value)) <= 1e-9 * max(1.0, abs(value))


def _parsed(reading: Reading, answer: Interpretation, target: Target,
            expected: Expected) -> Parsed:
    value: Quantity = answer.value
    if value.dim == expected.dim:
        unit = target.unit
        number = convert(value, unit)
        text = format_in(value, unit)
    else:
        unit = readable_unit(value) or dims.symbol(value.dim)
        text = format_quantity(value)
        number = convert(value, unit) if unit != dims.symbol(value.dim) else value.value
    return Parsed(number, unit, text, reading.echo)


def _echoed(answer: str) -> str:
    if len(answer) <= MAX_ECHOED_ANSWER:
        return answer
    return answer[:MAX_ECHOED_ANSWER] + "…"
