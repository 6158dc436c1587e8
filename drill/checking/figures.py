"""Finding every figure written in a card's prose: a number with the units that follow it.

``roughly 4.8 ms to stream 16 GB`` holds two figures, ``4.8 ms`` and ``16 GB``;
``$0.19 per million tokens`` is one, and so is ``8 × 10¹² FLOP``. A number that is part
of a name is not a figure: ``H100``, ``BF16``, ``Q1``, ``Llama 3 8B`` (every catalog name
is masked first), ``pack 01``, ``lesson 4``, ``4th``. Each figure keeps the ways it can be
read (``70B`` is 70 billion or 70 bytes; ``8K`` is 8,192 or 8,000) and how precisely it
is written (``4.8`` is good to ±0.05, ``2,000`` to ±0.5).

Pure text work over the equation tokenizer and the safe math reader: nothing is evaluated
as code.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from functools import lru_cache

from drill.checking.equations import ProseKind, ProseToken, tokenize
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.quantities.unit_table import MULTIPLIER_LETTERS, MULTIPLIER_WORDS, UNITS

#: Words after which a number names something rather than measuring it ("pack 03").
NAME_WORDS = frozenset({
    "pack", "packs", "lesson", "lessons", "chapter", "chapters", "question", "questions",
    "card", "cards", "section", "figure", "table", "part", "version", "gen", "generation",
    "llama", "qwen", "mistral", "gpt", "gemma", "phi", "deepseek", "hbm", "nvlink", "pcie",
    "exercise", "step", "ask", "level", "tier",
})
_ORDINAL = re.compile(r"(?:st|nd|rd|th)\b")
#: A unit that is also a common short word: a unit only when glued to the number ("2x").
_AMBIGUOUS_UNITS = frozenset({"x", "b"})


_PRODUCT = frozenset({"×", "*", "·"})


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure in the text: where it is, what it says, and how precisely."""

    start: int
    end: int
    text: str  # as written ("4.8 ms", "$3/h")
    readings: tuple[Quantity, ...]  # every way it may be read, as written first
    precision: float  # half the last written digit, relative to the number (0.05/4.8)
    has_unit: bool  # a unit with a dimension (not a bare number, %, ×)
    bare: bool  # a number and nothing after it: no unit, no %, no ×

    @property
    def value(self) -> Quantity:
        return self.readings[0]


#: The figures read from one text at most: a card's text holds a few dozen; a text with
#: thousands (a generated or pasted one) would take minutes to read whole, so the rest are
#: passed over (the checker says how many numbers the text holds beyond).
MAX_FIGURES = 500


def find_figures(text: str, names: tuple[str, ...] = ()) -> list[Figure]:
    """Every figure in ``text`` (the first :data:`MAX_FIGURES`), in order; ``names``
    (catalog names) are masked first.

    Cached: a card's texts are read again for every variant and every check, and the
    answer depends on the text alone."""
    return list(_find_figures_kept(text, names))


@lru_cache(maxsize=8192)
def _find_figures_kept(text: str, names: tuple[str, ...] = ()) -> tuple[Figure, ...]:
    return tuple(_find_figures_afresh(text, names))


def _find_figures_afresh(text: str, names: tuple[str, ...] = ()) -> list[Figure]:
    """Every figure in ``text``, in order; ``names`` (catalog names) are masked first."""
    masked = _mask_names(text, names)
    tokens = tokenize(masked)
    figures: list[Figure] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.kind is not ProseKind.NUMBER or _is_name(masked, tokens, i):
            i += 1
            continue
        figure, i = _figure_at(masked, tokens, i)
        if figure is not None:
            figures.append(figure)
            if len(figures) == MAX_FIGURES:
                break
    return figures


@lru_cache(maxsize=64)
def _name_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    words = sorted({n for n in names if n}, key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(w) for w in words) + r")(?![\w])",
                      re.IGNORECASE)


def _mask_names(text: str, names: tuple[str, ...]) -> str:
    """``text`` with each catalog name's characters replaced by letters (same length)."""
    pattern = _name_pattern(names)
    if pattern is None:
        return text
    return pattern.sub(lambda m: "N" * len(m.group()), text)


def _is_name(text: str, tokens: list[ProseToken], i: int) -> bool:
    tok = tokens[i]
    before = text[tok.start - 1] if tok.start else " "
    if before.isalpha() or before in "_#":
        return True  # H100, BF16, Q1, P99
    if before in "-–" and tok.start >= 2 and text[tok.start - 2].isalpha():
        word = re.search(r"[\w.]+$", text[: tok.start - 1])
        # Llama-3, top-1, GPT-4, FP-8 are names; batch-1 is a batch of one.
        if word and (word.group().lower() in NAME_WORDS or sum(ch.isupper() for ch in
                                                                word.group()) >= 2):
            return True
    if before == "." and tok.start >= 2 and text[tok.start - 2].isalnum():
        return True  # the ".5" of Qwen2.5 was taken with its name; "v1.2"
    if tok.text.startswith(".") and before.isalnum():
        return True  # the ".99" of P99.99: the rest of a name whose digits came first
    after = text[tok.end : tok.end + 3]
    if _ORDINAL.match(after):
        return True
    if after[:1].isalpha() and not _glued_unit(text, tok):
        return True  # "3a", "8xH100" reads as a name, not "8 x"
    # "pack 03", "lesson 4"
    return bool(i) and tokens[i - 1].kind is ProseKind.WORD and tokens[i - 1].text.lower() in (
        NAME_WORDS)


def _glued_unit(text: str, tok: ProseToken) -> bool:
    """Whether letters right after a number are a unit or multiplier ("4.8ms", "70B")."""
    match = re.match(r"[^\W\d_][\w/]*", text[tok.end:])
    if not match:
        return False
    word = re.match(r"[^\W\d_]+", match.group())
    assert word is not None
    return word.group() in UNITS or word.group() in MULTIPLIER_LETTERS or word.group() in (
        "x", "×")


def _figure_at(text: str, tokens: list[ProseToken], i: int) -> tuple[Figure | None, int]:
    """The figure starting with the number at ``tokens[i]`` and the index after it."""
    first = tokens[i]
    start = first.start
    dollar = i and tokens[i - 1].text == "$" and tokens[i - 1].end == first.start
    if dollar:
        start = tokens[i - 1].start
    j = i + 1
    # "8 × 10¹²": a power of ten belongs to the number.
    if (j + 2 < len(tokens) and tokens[j].text == "×" and _power_of_ten(tokens, j + 1)):
        j += 3
    elif first.text == "10" and _power_of_ten(tokens, i):
        j += 1  # "10⁹" on its own
    end_of_number = j
    j = _unit_run(text, tokens, j)
    written = text[start : tokens[j - 1].end]
    readings = _readings(text, tokens, start, i, end_of_number, j)
    if not readings:
        return None, j
    how_precise = precision(first.text)
    has_unit = dims.without_counts(readings[0].dim) != dims.DIMENSIONLESS
    bare = j == end_of_number and not dollar
    if (i and tokens[i - 1].text in _PRODUCT and not dollar and j > end_of_number
            and tokens[end_of_number].text not in ("%", "×")):
        # "2 × 8 × 10⁹ × 8,000 FLOP": the unit may be the product's, the number a bare
        # factor; or the number's own, as in "16 × $4/h × 720 h" (a month in hours): it
        # is read both ways, the bare factor first. A percent is the number's own: "2,200
        # × 98%" is 0.98 of 2,200.
        number = text[start : tokens[end_of_number - 1].end]
        with contextlib.suppress(ParseError):
            return Figure(start, tokens[end_of_number - 1].end, number,
                          (read(number).value, *readings), how_precise, False, True
                          ), end_of_number
    return Figure(start, tokens[j - 1].end, written, tuple(readings), how_precise, has_unit,
                  bare), j


def _power_of_ten(tokens: list[ProseToken], j: int) -> bool:
    """Whether ``tokens[j]`` is a 10 with a superscript glued to it ("10¹²")."""
    return (j + 1 < len(tokens) and tokens[j].text == "10"
            and tokens[j + 1].kind is ProseKind.SUPERSCRIPT
            and tokens[j + 1].start == tokens[j].end)


def _unit_run(text: str, tokens: list[ProseToken], j: int) -> int:
    """The index after the units that follow a number ("ms", "TB/s", "per million tokens")."""
    while j < len(tokens):
        tok = tokens[j]
        glued = tok.start == tokens[j - 1].end
        if tok.kind is ProseKind.WORD:
            if tok.text in MULTIPLIER_WORDS or (glued and tok.text in MULTIPLIER_LETTERS
                                                and tokens[j - 1].kind is ProseKind.NUMBER):
                j += 1
                continue
            if tok.text in UNITS and (glued or tok.text not in _AMBIGUOUS_UNITS):
                j += 1
                continue
            if tok.text == "per" and j + 1 < len(tokens) and (
                    tokens[j + 1].text in UNITS or tokens[j + 1].text in MULTIPLIER_WORDS):
                j += 1
                continue
            if glued and tok.text in ("B", "K"):
                j += 1
                continue
            break
        if (tok.kind is ProseKind.OP and tok.text in ("/", "·") and glued
                and j + 1 < len(tokens) and tokens[j + 1].start == tok.end
                and tokens[j + 1].text in UNITS):
            j += 1
            continue
        if tok.kind is ProseKind.OP and tok.text in ("%", "¢") and glued:
            j += 1
            continue
        if tok.kind is ProseKind.OP and tok.text == "×" and glued:
            j += 1
            continue
        if tok.kind is ProseKind.SUPERSCRIPT and glued and tokens[j - 1].kind is ProseKind.WORD:
            j += 1
            continue
        break
    return j


def _readings(text: str, tokens: list[ProseToken], start: int, i: int, number_end: int,
              end: int) -> list[Quantity]:
    """The ways to read the figure: as written (shortened from the right until the math
    reader takes it), then with a glued B as billions and a glued K as 1,024."""
    found: list[Quantity] = []
    for stop in range(end, number_end - 1, -1):
        span = text[start : tokens[stop - 1].end]
        options = [span]
        if re.search(r"(?<=\d)B\b", span):
            options.append(re.sub(r"(?<=\d)B\b", " billion", span))
        if re.search(r"(?<=\d)[kK]\b", span):
            options.append(re.sub(r"(?<=\d)[kK]\b", " × 1024", span))
        for option in options:
            with contextlib.suppress(ParseError):
                found.append(read(option.replace("×10", "× 10")).value)
        if found:
            return found
    return found


def precision(number: str) -> float:
    """Half the last written digit, relative to the number: 4.8 → 0.05/4.8, 16 → 0.5/16.

    A whole number is taken as exact to its last digit, zeros included (2,000 is not
    "about 2,000"): a figure that is only about that is a range or a rounding to mark.
    """
    digits = number.replace(",", "")
    mantissa = digits.lower().partition("e")[0]
    step = 10.0 ** -len(mantissa.split(".")[1]) if "." in mantissa else 1.0
    value = float(mantissa) if mantissa not in ("", ".") else 0.0
    if value == 0:
        return 0.5
    # The exponent scales the step and the number alike, so it cancels: "5e-324" has no
    # scale a float could divide by.
    return (step / 2) / value
