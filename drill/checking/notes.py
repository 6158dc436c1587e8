"""Checking the worked equations in any notes: Markdown or plain text, no pack needed.

``drill check NOTES.md`` reads every line of the file for worked equations with units
(``16 GB ÷ 3.35 TB/s ≈ 4.8 ms``) and checks each as it checks a card's prose
(:mod:`drill.checking.prose`): ``=`` allows 1%, ``≈`` the tolerance given (5% unless
told). Markdown's own marks (``**bold**``, backticks, table bars) are blanked first, so they
are never read as math; each finding keeps the file's line and column.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from pathlib import Path

from drill.checking.equations import Equation, find_equations
from drill.checking.prose import ProseProblem, check_prose
from drill.packs.diagnostics import ERROR, WARNING, Diagnostic
from drill.packs.model import DEFAULT_TOLERANCE, Location
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, Reading, read
from drill.quantities.parsing.nodes import Measure, Negate, Node, Number
from drill.quantities.parsing.spellings import without_latex

#: Suffixes read as notes rather than packs.
NOTE_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".text", ".rst"})
#: Largest notes file read: a design doc is far smaller; a huge file is refused, not read.
MAX_NOTES_BYTES = 4_000_000

# "**bold**" and "__bold__", but not "2**10": a mark with a digit or ")" right before it
# and a digit right after it is a power.
_EMPHASIS = re.compile(r"(?<![0-9)])\*\*|\*\*(?![0-9(])|__|`|(?<=\s)\*(?=\S)|(?<=\S)\*(?=\s|$)"
                       r"|^\s*[#>]+|^\s*[-*+]\s|\|")


@dataclass(frozen=True, slots=True)
class NotesReport:
    display: str
    lines: int
    diagnostics: tuple[Diagnostic, ...]

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors


def is_notes_file(path: Path) -> bool:
    return path.suffix.lower() in NOTE_SUFFIXES


def blank_markup(line: str) -> str:
    """The line with Markdown's marks replaced by spaces, so columns stay put."""
    return _EMPHASIS.sub(lambda match: " " * len(match.group()), line)


def check_notes_text(text: str, display: str, tolerance: float = DEFAULT_TOLERANCE
                     ) -> list[Diagnostic]:
    """Every problem with the worked equations in ``text``, located by line and column."""
    found: list[Diagnostic] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced  # code is checked too: its math is math all the same
            continue
        spelled = without_latex(line) if "\\" in line else None
        plain = blank_markup(spelled.text if spelled else line)
        equations = {equation.start: equation for equation in find_equations(plain)}
        for problem in check_prose(plain, tolerance):
            kept = _as_notes_see_it(problem, equations.get(problem.offset), tolerance)
            if kept is None:
                continue
            column = spelled.typed_column(kept.offset) if spelled else kept.offset
            found.append(Diagnostic(Location(display, number, column + 1), kept.severity,
                                    kept.message, code="notes-equation"))
    return found


def _as_notes_see_it(problem: ProseProblem, equation: Equation | None, tolerance: float
                     ) -> ProseProblem | None:
    """A pack's finding as notes should have it. Notes state correspondences
    (``4.8 ms ≈ 200``, a step time beside its token rate) that are no working, and leave
    a count's unit to the sentence (``8 × 10¹² ÷ 989 TFLOPS ≈ 8 ms``, the FLOP said just
    before): the first is no finding, the second a warning when the value holds."""
    if equation is None or problem.severity != ERROR:
        return problem
    readings = []
    for side in equation.sides:
        try:
            readings.append(read(side.text) if side.numeric else None)
        except ParseError:
            readings.append(None)
    pairs = [(a, b) for a, b in itertools.pairwise(readings)
             if a is not None and b is not None]
    if not pairs:
        return problem
    if all(_lone_figure(a.tree) and _lone_figure(b.tree) and a.value.dim != b.value.dim
           for a, b in pairs):
        return None
    for a, b in pairs:
        missing = _missing_unit(a, b, tolerance) or _missing_unit(b, a, tolerance)
        if missing:
            return ProseProblem(problem.offset, WARNING, (
                f"'{equation_text(equation)}': a number in it leaves out its unit "
                f"({missing}); with it, the equation holds"))
    return problem


def equation_text(equation: Equation) -> str:
    parts = [equation.sides[0].text]
    for relation, side in zip(equation.relations, equation.sides[1:], strict=False):
        parts += [relation, side.text]
    return " ".join(parts)


def _lone_figure(tree: Node) -> bool:
    if isinstance(tree, Negate):
        tree = tree.operand
    return isinstance(tree, Number | Measure)


def _missing_unit(worked: Reading, stated: Reading, tolerance: float) -> str:
    """The base unit ``worked`` lacks against ``stated`` (one base, to the first power,
    whose unit weighs one), when the values then agree; else ""."""
    if _lone_figure(worked.tree):
        return ""
    extra = dims.divide(stated.value.dim, worked.value.dim)
    powers = [(i, p) for i, p in enumerate(extra) if p]
    if len(powers) != 1 or abs(powers[0][1]) != 1:
        return ""
    x, y = worked.value.value, stated.value.value
    if not y or abs(x - y) > tolerance * abs(y):
        return ""
    return dims.symbol(tuple(1 if i == powers[0][0] else 0 for i in range(len(extra))))


def check_notes_file(path: Path, display: str, tolerance: float = DEFAULT_TOLERANCE
                     ) -> NotesReport:
    """The file's report; a file that cannot be read is one error, never a traceback."""
    try:
        size = path.stat().st_size
        if size > MAX_NOTES_BYTES:
            raise ValueError(f"the file is too large to check ({size:,} bytes; the limit is "
                             f"{MAX_NOTES_BYTES:,})")
        text = path.read_bytes().decode("utf-8")
    except (OSError, ValueError) as error:
        reason = "the file is not UTF-8 text" if isinstance(error, UnicodeDecodeError) else (
            str(error))
        problem = Diagnostic(Location(display), ERROR, f"cannot read the notes: {reason}",
                             code="notes-unreadable")
        return NotesReport(display, 0, (problem,))
    return NotesReport(display, len(text.splitlines()),
                       tuple(check_notes_text(text, display, tolerance)))
