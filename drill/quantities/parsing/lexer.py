"""Tokenizer for typed math: ``≈ 16 × 10⁹ B ÷ 3.35 TB/s``.

Reads the text character by character; nothing is ever evaluated as code. Every token
keeps its column so errors can point at it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import Enum

from drill.quantities import dimensions as dims
from drill.quantities.parsing.errors import ParseError
from drill.quantities.parsing.spellings import number_words, respell
from drill.quantities.unit_table import MULTIPLIER_LETTERS, UNITS

MAX_TEXT = 1000
MAX_TOKENS = 400

#: Characters people type that mean the same as an ASCII operator.
_EQUIVALENT = str.maketrans({
    "\u2212": "-",  # minus sign
    "\u2013": "-",  # en dash
    "\u2217": "*",  # asterisk operator
    "\u22c5": "·",  # dot operator
    "\u2022": "·",  # bullet
    "\u00a0": " ",  # no-break space
    "\u202f": " ",  # narrow no-break space
    "\u2009": " ",  # thin space
    "\t": " ",
    "\uff04": "$",  # fullwidth dollar
})

_SUPERSCRIPT_DIGITS = {c: i for i, c in enumerate("⁰¹²³⁴⁵⁶⁷⁸⁹")}
_SUPERSCRIPT_SIGNS = {"⁻": -1, "⁺": 1}
_SINGLE_CHAR_UNITS = frozenset("$%¢×")
_OPERATORS = frozenset("+-*/÷·^()")
_APPROX_WORDS = ("approximately", "approx.", "approx", "about", "around", "roughly", "ca.")


class Kind(Enum):
    NUMBER = "number"
    WORD = "word"  # a unit, a number word, or 'per'
    SYMBOL = "symbol"  # $ % ¢ ×
    OP = "operator"
    SUPERSCRIPT = "superscript"
    END = "end"


@dataclass(frozen=True, slots=True)
class Token:
    kind: Kind
    text: str
    start: int
    end: int
    value: float = 0.0  # numbers: their value; superscripts: the exponent
    attached: bool = False  # no space before this token

    def is_op(self, *ops: str) -> bool:
        return self.kind is Kind.OP and self.text in ops


def strip_approximation(text: str) -> tuple[str, int]:
    """Drop a leading ``≈``, ``~``, ``about`` ...; return the rest and its offset."""
    offset = len(text) - len(text.lstrip())
    rest = text.lstrip()
    changed = True
    while changed:
        changed = False
        for lead in ("≈", "~", "=", *_APPROX_WORDS):
            if rest.lower().startswith(lead) and (
                not lead[-1].isalpha() or len(rest) == len(lead) or not rest[len(lead)].isalpha()
            ):
                cut = len(lead)
                stripped = rest[cut:].lstrip()
                offset += len(rest) - len(stripped)
                rest = stripped
                changed = True
    return rest, offset


#: Embeddings, overrides and isolates: refused, never silently dropped.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _without_invisible_format(text: str) -> str:
    """Without the invisible format characters a paste brings along (a byte-order mark,
    zero-width spaces and joiners, soft hyphens): they change nothing a person sees."""
    if text.isascii():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _without_full_stop(text: str) -> str:
    """``4.78 ms.`` without the sentence's full stop: only after a unit, never a digit."""
    stripped = text.rstrip()
    if stripped.endswith(".") and len(stripped) > 1 and (
        stripped[-2].isalpha() or stripped[-2] in "%$×µμ"
    ):
        return stripped[:-1]
    return text


def tokenize(text: str) -> list[Token]:
    if len(text) > MAX_TEXT:
        raise ParseError(
            f"the text is too long ({len(text):,} characters; the limit is {MAX_TEXT:,})", 0
        )
    for i, ch in enumerate(text):
        if ch in _BIDI_CONTROLS:
            # These reorder what is shown, so the text on screen is not the text read.
            raise ParseError(f"the text holds a bidirectional control (U+{ord(ch):04X})", i)
        if ch != "\t" and unicodedata.category(ch) in ("Cc", "Cs", "Co"):
            raise ParseError(f"the text holds a control character (U+{ord(ch):04X})", i)
    text = _without_invisible_format(text).translate(_EQUIVALENT)
    spelled = respell(text)
    body, offset = strip_approximation(_without_full_stop(spelled.text))
    try:
        tokens = _merge_scientific(_scan(body, offset))
    except ParseError as error:
        raise ParseError(error.message, spelled.typed_column(error.position)) from None
    if spelled.text is text:
        return tokens
    # Positions as typed, so an error under LaTeX points at what was typed.
    return [Token(t.kind, t.text, spelled.typed_column(t.start), spelled.typed_column(t.end),
                  t.value, t.attached) for t in tokens]


def _scan(text: str, offset: int) -> list[Token]:
    tokens: list[Token] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        attached = i > 0 and not text[i - 1].isspace()
        start = i + offset
        if ch.isspace():
            i += 1
            continue
        if ch in "0123456789" or (ch == "." and i + 1 < n and text[i + 1] in "0123456789"):
            j, value, shown = _scan_number(text, i)
            tokens.append(Token(Kind.NUMBER, shown, start, j + offset, value, attached))
            i = j
        elif ch in _SUPERSCRIPT_DIGITS or ch in _SUPERSCRIPT_SIGNS:
            j = i
            sign = 1
            while j < n and text[j] in _SUPERSCRIPT_SIGNS:
                sign *= _SUPERSCRIPT_SIGNS[text[j]]
                j += 1
            digits = ""
            while j < n and text[j] in _SUPERSCRIPT_DIGITS:
                digits += str(_SUPERSCRIPT_DIGITS[text[j]])
                j += 1
            if not digits:
                raise ParseError("a superscript sign needs digits after it", start)
            if len(digits) > 4:
                raise ParseError("the exponent is too large", start)
            # A float, as every token's value is: a formula's compiler reads whole
            # numbers with float.is_integer, which an int lacks before Python 3.12.
            tokens.append(Token(Kind.SUPERSCRIPT, text[i:j], start, j + offset,
                                float(sign * int(digits)), attached))
            i = j
        elif (ch.isalpha() and (words := number_words(text, i)) is not None
              and (i == 0 or not text[i - 1].isalpha())):
            j, value = words
            shown = " ".join(text[i:j].replace("-", " ").split())
            tokens.append(Token(Kind.NUMBER, shown, start, j + offset, value, attached))
            i = j
        elif ch in "Pp" and _PERCENTILE.match(text, i) and (i == 0 or not text[i - 1].isalnum()):
            # "P99.9" is the 99.9th percentile: 99.9%.
            match = _PERCENTILE.match(text, i)
            assert match is not None
            j, value, shown = _scan_number(text, i + 1)
            tokens.append(Token(Kind.NUMBER, shown, start + 1, j + offset, value, attached))
            tokens.append(Token(Kind.SYMBOL, "%", start, start + 1, attached=True))
            i = j
        elif ch.isalpha() or ch in "µμ":
            j = i
            while j < n and (text[j].isalpha() or text[j] in "µμ"):
                j += 1
            # "approx." and "ca." keep their dot only at the start, handled above.
            word = text[i:j]
            if word == "of" and tokens and tokens[-1].text == "%":
                # "1% of 200" is 1% × 200.
                tokens.append(Token(Kind.OP, "*", start, j + offset, attached=attached))
            else:
                tokens.extend(_split_word(word, start, j + offset, attached))
            i = j
        elif ch == "*" and text.startswith("**", i):
            tokens.append(Token(Kind.OP, "^", start, start + 2, attached=attached))
            i += 2
        elif ch in _SINGLE_CHAR_UNITS:
            tokens.append(Token(Kind.SYMBOL, ch, start, start + 1, attached=attached))
            i += 1
        elif ch in _OPERATORS:
            tokens.append(Token(Kind.OP, ch, start, start + 1, attached=attached))
            i += 1
        elif ch == ",":
            raise ParseError(
                "a comma may only separate thousands (1,000); write decimals with a dot", start
            )
        elif ch in "≈~=":
            raise ParseError(f"'{ch}' may only start an answer, not stand inside it", start)
        else:
            raise ParseError(f"unexpected character '{ch}'", start)
        if len(tokens) > MAX_TOKENS:
            raise ParseError(f"the text has too many parts (the limit is {MAX_TOKENS})", start)
    tokens.append(Token(Kind.END, "", n + offset, n + offset))
    return tokens


def _split_word(word: str, start: int, end: int, attached: bool) -> list[Token]:
    """A word as tokens: ``Mtok`` (price sheets' "per million tokens") is ``M`` ``tok``.

    Only a multiplier letter before a count's spelling is split, and only when the whole
    word is no unit of its own.
    """
    rest = word[1:]
    if (
        word not in UNITS
        and word[:1] in MULTIPLIER_LETTERS
        and rest in UNITS
        and dims.counts_only(UNITS[rest].dim) == UNITS[rest].dim
        and UNITS[rest].dim != dims.DIMENSIONLESS
    ):
        return [Token(Kind.WORD, word[0], start, start + 1, attached=attached),
                Token(Kind.WORD, rest, start + 1, end, attached=True)]
    return [Token(Kind.WORD, word, start, end, attached=attached)]


_PERCENTILE = re.compile(r"[Pp][0-9]{1,2}(?:\.[0-9]+)?(?![0-9A-Za-z.,])")
#: "4,8", "0,537", "15,0": a comma that cannot group thousands is a decimal comma.
_DECIMAL_COMMA = re.compile(r"([0-9]+),([0-9]+)(?![0-9]|[.,][0-9])")
_NUMBER = re.compile(r"(?:[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+)?(?:\.[0-9]+)?")
_EXPONENT = re.compile(r"[eE][+-]?[0-9]{1,6}(?![0-9])")


def _scan_number(text: str, i: int) -> tuple[int, float, str]:
    """Digits with optional thousands commas (1,000), a fraction and an e-exponent."""
    comma = _DECIMAL_COMMA.match(text, i)
    if comma is not None and not _groups_thousands(comma.group(1), comma.group(2)):
        # Unambiguous: "4,8 ms" and "0,537 GB" can only be decimals. "1,234" stays
        # thousands here; the grader says so when the other reading was meant.
        shown = f"{comma.group(1)}.{comma.group(2)}"  # the echo shows how it was read
        return comma.end(), float(shown), shown
    match = _NUMBER.match(text, i)
    assert match is not None  # the caller saw a digit or ".digit"
    j = match.end()
    exponent = _EXPONENT.match(text, j)
    if exponent:
        j = exponent.end()
    elif re.match(r"[eE][+-]?[0-9]", text[j:]):
        raise ParseError("the exponent is too large", i)
    shown = text[i:j]
    value = float(shown.replace(",", ""))
    if value == float("inf"):
        raise ParseError("the number is too large to work with", i)
    return j, value, shown


def _groups_thousands(whole: str, rest: str) -> bool:
    """Whether ``whole,rest`` can be thousands grouped: three digits after one to three
    before, the first not a zero."""
    return len(rest) == 3 and 1 <= len(whole) <= 3 and not whole.startswith("0")


def _merge_scientific(tokens: list[Token]) -> list[Token]:
    """Read ``3.35 × 10¹²`` as one number, as a person does.

    Without this, ``16 × 10⁹ ÷ 3.35 × 10¹²`` would be read left to right and come out
    a factor of 10²⁴ wrong.
    """
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        exponent, width = _scientific_tail(tokens, i)
        if (
            tok.kind is Kind.NUMBER
            and width
            and not _is_exponent(out)
            and "e" not in tok.text.lower()
        ):
            try:
                value = tok.value * 10.0**exponent
            except OverflowError:  # 10.0**400 raises rather than giving inf
                value = 0.0 if tok.value == 0 else float("inf")
            if value == float("inf"):
                raise ParseError("the number is too large to work with", tok.start)
            shown = f"{tok.text} × 10{dims.superscript(exponent)}"
            end = tokens[i + width].end
            out.append(Token(Kind.NUMBER, shown, tok.start, end, value, tok.attached))
            i += width + 1
            continue
        out.append(tok)
        i += 1
    return out


def _is_exponent(before: list[Token]) -> bool:
    """Whether the next token is an exponent (after ``^`` or ``^-``): ``2^-1 × 10^2`` is
    2⁻¹ × 10², never 2^-(1 × 10²)."""
    if before and before[-1].is_op("^"):
        return True
    return len(before) > 1 and before[-1].is_op("-", "+") and before[-2].is_op("^")


def _scientific_tail(tokens: list[Token], i: int) -> tuple[int, int]:
    """If ``× 10^k`` follows token i, return (k, tokens it spans after i); else (0, 0)."""
    if i + 3 >= len(tokens):
        return 0, 0
    times, ten = tokens[i + 1], tokens[i + 2]
    is_times = times.is_op("*", "·") or (
        times.kind is Kind.SYMBOL and times.text == "×"
    ) or (times.kind is Kind.WORD and times.text in ("x", "X", "times"))
    if not (is_times and ten.kind is Kind.NUMBER and ten.text == "10"):
        return 0, 0
    nxt = tokens[i + 3]
    if nxt.kind is Kind.SUPERSCRIPT and nxt.attached:
        return int(nxt.value), 3
    if nxt.is_op("^") and i + 4 < len(tokens):
        sign = 1
        j = i + 4
        if tokens[j].is_op("-", "+"):
            sign = -1 if tokens[j].text == "-" else 1
            j += 1
        num = tokens[j]
        if num.kind is Kind.NUMBER and num.text.isdigit() and len(num.text) <= 4:
            return sign * int(num.text), j - i
    return 0, 0

