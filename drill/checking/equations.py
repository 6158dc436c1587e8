"""Finding the worked equations in a card's prose.

A worked equation is a chain of sides joined by ``=`` or ``≈``:
``no step beats 16 GB ÷ 3.35 TB/s ≈ 4.8 ms, so ...``. Prose around it is not
math, so each end of the chain reaches only as far as the math does: numbers, units,
operators and number words. A side that is words (``decode floor = weight bytes ÷
bandwidth``) or a formula over names (``2 × parameters × tokens``) is kept in the chain
but marked as not numeric, and is skipped by the checks.

Pure text processing: nothing here evaluates anything.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import NamedTuple

from drill.quantities.unit_table import MULTIPLIER_LETTERS, MULTIPLIER_WORDS, UNITS


class ProseKind(Enum):
    NUMBER = "number"
    SUPERSCRIPT = "superscript"
    WORD = "word"
    OP = "operator"
    RELATION = "relation"
    STOP = "stop"  # punctuation that ends a clause: , . ; : ? ! quotes, arrows ...


class ProseToken(NamedTuple):
    """A token of prose (immutable; a named tuple, as a text of a few hundred characters
    makes dozens and a frozen dataclass costs three times as much to make)."""

    kind: ProseKind
    text: str
    start: int
    end: int
    math: bool = False  # part of an expression (numbers, units, operators, number words)


@dataclass(frozen=True, slots=True)
class Side:
    text: str
    start: int  # offset in the prose
    end: int
    numeric: bool  # False: words or a formula over names, not checked


@dataclass(frozen=True, slots=True)
class Equation:
    sides: tuple[Side, ...]
    relations: tuple[str, ...]  # "=" or "≈" between consecutive sides

    @property
    def start(self) -> int:
        return self.sides[0].start


_TOKEN = re.compile(
    r"(?P<stop>[<>!]=|=[=>]|->|=>)"
    r"|(?P<relation>[=≈])"
    r"|(?P<number>(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:[eE][+-]?\d+(?!\d))?|\.\d+)"
    r"|(?P<superscript>[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+)"
    r"|(?P<word>[^\W\d_][\w]*(?:['’][^\W\d_]+)*)"
    r"|(?P<op>\*\*|[-+−–*×÷/·^()$%¢])"
    r"|(?P<other>\S)"
)
_BINARY = frozenset({"+", "-", "−", "–", "*", "**", "÷", "/", "·", "^", "("})
_SIGNS = frozenset({"-", "−", "+"})
_OPERAND_ENDS = frozenset({")", "%", "¢"})
_FILLER = frozenset({"each"})  # "300 kernels × 4 µs each = 1.2 ms"
# Words that join numbers in English: "1 in 100", "99% of 200", "2 out of 200", "a token
# every 4.8 ms". A side that one of them ties to a number or unit is only part of a phrase.
_CONNECTIVES = frozenset({"in", "of", "every"})
_NUMBER_WORDS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight",
                           "nine", "ten"})


def tokenize(text: str) -> list[ProseToken]:
    tokens: list[ProseToken] = []
    add = tokens.append
    word = ProseKind.WORD
    for match in _TOKEN.finditer(text):
        group = match.lastgroup
        value = match.group()
        start, end = match.span()
        if group == "word":
            after_number = bool(tokens) and tokens[-1].kind is ProseKind.NUMBER
            add(ProseToken(word, value, start, end,
                           _is_math_word(value, after_number, tokens)))
        else:
            kind, math = _KINDS.get(group, _STOP)  # type: ignore[arg-type]
            add(ProseToken(kind, value, start, end, math))
    return tokens


#: Each group of _TOKEN but words: the kind of token it makes, and whether it is math.
_KINDS: dict[str, tuple[ProseKind, bool]] = {
    "relation": (ProseKind.RELATION, False), "number": (ProseKind.NUMBER, True),
    "superscript": (ProseKind.SUPERSCRIPT, True), "op": (ProseKind.OP, True)}
_STOP = (ProseKind.STOP, False)  # "stop" and "other"


def _is_math_word(word: str, after_number: bool, before: list[ProseToken]) -> bool:
    if word in UNITS or word in MULTIPLIER_WORDS or word == "per":
        return True
    if word in MULTIPLIER_LETTERS:
        return after_number
    if word in _FILLER:
        return bool(before) and before[-1].math and before[-1].kind is not ProseKind.OP
    return False


def find_equations(text: str) -> list[Equation]:
    """Every chain of ``=``/``≈`` in ``text`` with at least one relation.

    Cached: a card's texts are read again for every variant and every check, and the
    answer depends on the text alone."""
    return list(_find_equations_kept(text))


@lru_cache(maxsize=8192)
def _find_equations_kept(text: str) -> tuple[Equation, ...]:
    return tuple(_find_equations_afresh(text))


def _find_equations_afresh(text: str) -> list[Equation]:
    """Every chain of ``=``/``≈`` in ``text`` with at least one relation."""
    if "=" not in text and "≈" not in text:
        return []  # most prose has no worked equation: skip tokenizing it
    tokens = tokenize(text)
    equations: list[Equation] = []
    i = 0
    while i < len(tokens):
        if tokens[i].kind is not ProseKind.RELATION:
            i += 1
            continue
        relations = [i]
        # Extend the chain while the text between relations holds no clause break.
        j = i + 1
        while True:
            k = j
            while k < len(tokens) and tokens[k].kind not in (ProseKind.RELATION, ProseKind.STOP):
                k += 1
            if k < len(tokens) and tokens[k].kind is ProseKind.RELATION and k > j and (
                _one_side(tokens[j:k])
            ):
                relations.append(k)
                j = k + 1
            else:
                break
        sides = [_left_side(text, tokens, relations[0])]
        for a, b in itertools.pairwise(relations):
            sides.append(_middle_side(text, tokens[a + 1 : b]))
        sides.append(_right_side(text, tokens, relations[-1]))
        equations.append(Equation(tuple(sides), tuple(tokens[r].text for r in relations)))
        i = relations[-1] + 1
    return equations


def _one_side(between: list[ProseToken]) -> bool:
    """Whether the text between two relations is one side of a chain.

    All math (``= 16 × 10⁹ ÷ 3.35 × 10¹² ≈``) or all words (``= weight bytes ÷ bandwidth
    =``) is; numbers mixed with prose (``= 0.1 of the old step and the MLP to 0.5 ÷ 2 =``)
    is the end of one equation and the start of the next.
    """
    has_number = any(t.kind is ProseKind.NUMBER for t in between)
    has_prose = any(not t.math for t in between)
    return not (has_number and has_prose)


def _left_side(text: str, tokens: list[ProseToken], relation: int) -> Side:
    run: list[ProseToken] = []
    j = relation - 1
    while j >= 0 and tokens[j].math:
        tok = tokens[j]
        if run and run[0].kind is ProseKind.NUMBER and _ends_operand(tok):
            break  # "Llama 3 8B": two numbers side by side are not one expression
        run.insert(0, tok)
        j -= 1
    run = _after_unmatched_open(run)
    numeric = (
        bool(run)
        and _starts_quantity(run)
        and _balanced(run)
        and _has_number(run)
        and not _tied_before(tokens, relation - len(run) - 1)
    )
    return _side(text, run, numeric, tokens[relation].start)


def _right_side(text: str, tokens: list[ProseToken], relation: int) -> Side:
    run: list[ProseToken] = []
    j = relation + 1
    while j < len(tokens) and tokens[j].math:
        tok = tokens[j]
        if tok.kind is ProseKind.NUMBER and run and _ends_operand(run[-1]):
            break
        if tok.text == "(" and j + 1 < len(tokens) and tokens[j + 1].text == "per":
            break  # "= 4.8 ms (per token)": an aside, not a factor
        run.append(tok)
        j += 1
    stopped_by_word = j < len(tokens) and tokens[j].kind is ProseKind.WORD
    while run and run[-1].text == "per":
        run.pop()  # "≈ 4 GB per layer": the quantity is what comes before 'per'
    run = _before_unmatched_close(run)
    numeric = (
        bool(run)
        and _starts_quantity(run)
        and _balanced(run)
        and _has_number(run)
        and run[-1].text not in _BINARY
        and not (run[-1].text == "×" and stopped_by_word and _spaced_before(run))
        and not (run[-1].kind is ProseKind.NUMBER and _tied_after(tokens, j))
    )  # "2 × parameters" is a formula, "1.18× overall" a ratio
    return _side(text, run, numeric, tokens[relation].end)


def _middle_side(text: str, run: list[ProseToken]) -> Side:
    numeric = (
        bool(run)
        and all(t.math for t in run)
        and _starts_quantity(run)
        and _balanced(run)
        and _has_number(run)
    )
    if not run:
        return Side("", 0, 0, False)
    return _side(text, run, numeric, run[0].start)


def _side(text: str, run: list[ProseToken], numeric: bool, fallback: int) -> Side:
    if not run:
        return Side("", fallback, fallback, False)
    chars = list(text[run[0].start : run[-1].end])
    for tok in run:
        if tok.kind is ProseKind.WORD and tok.text in _FILLER:
            for n in range(tok.start, tok.end):
                chars[n - run[0].start] = " "
    return Side("".join(chars).strip(), run[0].start, run[-1].end, numeric)


def _tied_before(tokens: list[ProseToken], j: int) -> bool:
    """Whether the word at ``j``, just before a left side, ties it to math before it."""
    if j < 1 or tokens[j].kind is not ProseKind.WORD or tokens[j].text not in _CONNECTIVES:
        return False
    before = tokens[j - 1]
    if before.text == "out" and j >= 2:  # "2 out of 200"
        before = tokens[j - 2]
    if before.kind is ProseKind.WORD and before.text.lower() in _NUMBER_WORDS:
        return True  # "one in 100"
    return (before.math and before.kind is not ProseKind.OP) or before.text in _OPERAND_ENDS


def _tied_after(tokens: list[ProseToken], j: int) -> bool:
    """Whether the word at ``j``, just after a right side ending in a bare number, ties it
    to a number after it ("= 2 of 200"; not "≈ 9 ms in 2024")."""
    if j + 1 >= len(tokens) or tokens[j].kind is not ProseKind.WORD:
        return False
    if tokens[j].text == "out" and j + 2 < len(tokens) and tokens[j + 1].text == "of":
        j += 1
    return tokens[j].text in _CONNECTIVES and tokens[j + 1].kind is ProseKind.NUMBER


def _spaced_before(run: list[ProseToken]) -> bool:
    return len(run) < 2 or run[-2].end < run[-1].start


def _ends_operand(tok: ProseToken) -> bool:
    if tok.kind in (ProseKind.NUMBER, ProseKind.SUPERSCRIPT):
        return True
    if tok.kind is ProseKind.WORD:
        return tok.text != "per" and tok.text not in _FILLER
    return tok.text in _OPERAND_ENDS


def _starts_quantity(run: list[ProseToken]) -> bool:
    """A numeric side starts like a number does: ``16``, ``$3``, ``(``, ``-2``, ``million``."""
    first = run[0]
    if first.kind is ProseKind.NUMBER or first.text in MULTIPLIER_WORDS:
        return True
    if first.text in ("$", "(") or first.text in _SIGNS:
        return len(run) > 1 and (run[1].kind is ProseKind.NUMBER or run[1].text == "(")
    return False


def _has_number(run: list[ProseToken]) -> bool:
    return any(t.kind is ProseKind.NUMBER for t in run)


def _after_unmatched_open(run: list[ProseToken]) -> list[ProseToken]:
    """``batch 1 (4.8 ms ≈ 200)``: the left side starts after a '(' the prose opened."""
    open_at: list[int] = []
    for n, tok in enumerate(run):
        if tok.text == "(":
            open_at.append(n)
        elif tok.text == ")" and open_at:
            open_at.pop()
    return run[open_at[-1] + 1 :] if open_at else run


def _before_unmatched_close(run: list[ProseToken]) -> list[ProseToken]:
    """``(4.8 ms ≈ 200)``: the right side ends before a ')' the prose closes."""
    depth = 0
    for n, tok in enumerate(run):
        depth += (tok.text == "(") - (tok.text == ")")
        if depth < 0:
            return run[:n]
    return run


def _balanced(run: list[ProseToken]) -> bool:
    depth = 0
    for tok in run:
        depth += (tok.text == "(") - (tok.text == ")")
        if depth < 0:
            return False
    return depth == 0
