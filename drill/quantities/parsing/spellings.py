"""Ways people type math that the grammar does not name: LaTeX, decimal commas, number
words, percentiles, as text the tokenizer reads, and where each character came from.

Each rewrite keeps a map from the rewritten text back to the typed one, so an error still
points at what was typed. Nothing here evaluates anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Respelled:
    """Text as the tokenizer reads it; ``origin[i]`` is the typed column of its ``i``-th
    character (one more entry for the end)."""

    text: str
    origin: tuple[int, ...]

    def typed_column(self, position: int) -> int:
        return self.origin[min(max(position, 0), len(self.origin) - 1)]


class _Builder:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.origin: list[int] = []

    def add(self, text: str, at: int) -> None:
        self.parts.append(text)
        self.origin.extend([at] * len(text))

    def add_typed(self, text: str, start: int) -> None:
        self.parts.append(text)
        self.origin.extend(range(start, start + len(text)))

    def done(self, end: int) -> Respelled:
        return Respelled("".join(self.parts), (*self.origin, end))


#: LaTeX commands with a plain spelling; the ones that only space or size map to "".
_LATEX_WORDS = {
    "times": "×", "cdot": "·", "div": "÷", "approx": "≈", "sim": "~", "simeq": "≈",
    "%": "%", "$": "$", ",": " ", ";": " ", ":": " ", "!": "", " ": " ", "quad": " ",
    "left": "", "right": "", "mu": "µ", "cdotp": "·", "ast": "*",
    # Math delimiters: \( ... \) and \[ ... \] only say "this is math".
    "(": "", ")": "", "[": "", "]": "",
}
_LATEX_GROUPS = frozenset({"mathrm", "text", "textrm", "mathit", "operatorname", "mbox",
                           "textnormal", "mathsf", "textit", "unit"})
_LATEX_FRACTIONS = frozenset({"frac", "dfrac", "tfrac"})
_COMMAND = re.compile(r"\\([A-Za-z]+|[,;:! %$()\[\]])")


def _group(text: str, i: int) -> tuple[int, int] | None:
    """The braces ``{...}`` starting at ``i`` (after spaces): (inner start, close index)."""
    while i < len(text) and text[i] == " ":
        i += 1
    if i >= len(text) or text[i] != "{":
        return None
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return i + 1, j
    return None


def without_latex(text: str) -> Respelled:
    """``\\frac{16}{3.35}\\,\\mathrm{ms}`` as ``(16)/(3.35) ms``; other text unchanged."""
    out = _Builder()
    _latex_into(out, text, 0, len(text))
    return out.done(len(text))


def _latex_into(out: _Builder, text: str, start: int, end: int) -> None:
    i = start
    while i < end:
        ch = text[i]
        if ch == "\\":
            match = _COMMAND.match(text, i)
            if match is None:
                out.add_typed(ch, i)
                i += 1
                continue
            name = match.group(1)
            after = match.end()
            if name in _LATEX_FRACTIONS:
                top = _group(text, after)
                bottom = _group(text, top[1] + 1) if top else None
                if top and bottom:
                    out.add("((", i)
                    _latex_into(out, text, top[0], top[1])
                    out.add(")/(", top[1])
                    _latex_into(out, text, bottom[0], bottom[1])
                    out.add("))", bottom[1])
                    i = bottom[1] + 1
                    continue
            elif name in _LATEX_GROUPS:
                inner = _group(text, after)
                if inner:
                    _latex_into(out, text, inner[0], inner[1])
                    i = inner[1] + 1
                    continue
            elif name in _LATEX_WORDS:
                out.add(_LATEX_WORDS[name], i)
                i = after
                continue
            out.add_typed(text[i:after], i)  # unknown: left for the tokenizer to refuse
            i = after
        elif ch == "^" and (inner := _group(text, i + 1)) is not None and re.fullmatch(
                r"[+-]?[0-9]+", text[inner[0]:inner[1]].strip()):
            # "10^{12}" as "10^12", so "3.35 \times 10^{12}" stays one number.
            out.add_typed("^", i)
            out.add_typed(text[inner[0]:inner[1]], inner[0])
            i = inner[1] + 1
        elif ch in "{}":
            out.add("(" if ch == "{" else ")", i)
            i += 1
        else:
            out.add_typed(ch, i)
            i += 1


def respell(text: str) -> Respelled:
    """Text as the tokenizer reads it (LaTeX as plain math), with its map."""
    if "\\" not in text and "^{" not in text:
        return Respelled(text, (*range(len(text)), len(text)))
    stripped = text.strip()
    if stripped.startswith("$") and stripped.endswith("$") and len(stripped) > 1:
        # "$x$" is LaTeX's math mode, not dollars, when the text holds LaTeX.
        first, last = text.index("$"), text.rindex("$")
        inner = without_latex(text[first + 1:last])
        return Respelled(inner.text, tuple(first + 1 + o for o in inner.origin))
    return without_latex(text)


# -- numbers in words ------------------------------------------------------------------
_UNITS_WORDS = {w: i for i, w in enumerate(
    ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
     "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
     "eighteen", "nineteen"])}
_TENS_WORDS = {w: 10 * (i + 2) for i, w in enumerate(
    ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"])}
_FRACTION_WORDS = {"half": 0.5, "halves": 0.5, "third": 1 / 3, "thirds": 1 / 3,
                   "quarter": 0.25, "quarters": 0.25, "fifth": 0.2, "fifths": 0.2,
                   "tenth": 0.1, "tenths": 0.1}
_ARTICLE_BEFORE = frozenset({"half", "third", "quarter", "fifth", "tenth", "hundred",
                             "dozen"})
_WORD = re.compile(r"[A-Za-z]+")


def number_words(text: str, i: int) -> tuple[int, float] | None:
    """A number written in words starting at ``i``: (end, value), or None.

    ``one hundred nineteen``, ``twenty-five``, ``a quarter``, ``three quarters``,
    ``one and a half``. ``thousand``, ``million`` ... are left to follow as multipliers.
    """
    words: list[tuple[str, int, int]] = []
    j = i
    while True:
        match = _WORD.match(text, j)
        if match is None:
            break
        word = match.group().lower()
        known = (word in _UNITS_WORDS or word in _TENS_WORDS or word in _FRACTION_WORDS
                 or word in ("hundred", "dozen", "a", "an", "and"))
        if not known:
            break
        words.append((word, match.start(), match.end()))
        k = match.end()
        while k < len(text) and text[k] in " -":
            k += 1
        j = k
    # Trim words that cannot end a number ("and", "a").
    while words and words[-1][0] in ("and", "a", "an"):
        words.pop()
    if not words:
        return None
    value = _words_value([w for w, _, _ in words])
    if value is None:
        return None
    return words[-1][2], value


def _words_value(words: list[str]) -> float | None:
    value: float | None = None
    before = ""  # the kind of the word before: "unit", "tens", "hundred"
    for i, word in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        ends_after = i + 2 == len(words)
        if word == "and":
            continue
        if word in ("a", "an"):
            if after in _FRACTION_WORDS and ends_after:  # "a quarter", "one and a half"
                return (value or 0.0) + _FRACTION_WORDS[after]
            if after not in _ARTICLE_BEFORE or value is not None:
                return None
            value = 1.0
        elif word in _UNITS_WORDS or word in _TENS_WORDS:
            kind = "unit" if word in _UNITS_WORDS else "tens"
            # "one one" or "five twenty" is no number: refused, never summed.
            if before == "unit" or (kind == "tens" and before == "tens"):
                return None
            value = (value or 0.0) + _UNITS_WORDS.get(word, _TENS_WORDS.get(word, 0))
            before = kind
        elif word in ("hundred", "dozen"):
            if before == "hundred":
                return None
            value = (1.0 if value is None else value) * (100 if word == "hundred" else 12)
            before = "hundred"
        elif word in _FRACTION_WORDS:
            if i + 1 != len(words):
                return None
            return (1.0 if value is None else value) * _FRACTION_WORDS[word]
        else:
            return None
    return value
