"""A precedence parser from tokens to a syntax tree, built from a whitelist.

Grammar, loosest first (``docs/math-syntax.md`` has it with examples)::

    sum      := product (("+" | "-") product)*
    product  := unary ((("*" | "×" | "·" | "/" | "÷") unary) | unary)*   # juxtaposition
    unary    := ("-" | "+") unary | rate
    rate     := power ("per" power)*
    power    := postfix (("^" | "**") exponent units?)?
    exponent := ("-" | "+") exponent | (number | postfix) (("^" | "**") exponent)?
    postfix  := atom superscript?
    atom     := number multiplier* (ratio | units)? | "$" number ... | "(" sum ")" | units
              | number-word units? | name
    units    := unit-power (("/" | "·" | "*") unit-power)*   # only while units follow

An exponent is one signed number or bracket, so ``2^30 bytes`` is (2³⁰) bytes,
``3.5^2 per 4`` is 3.5² ÷ 4 and ``2^10 %`` is 1,024%, as with superscripts.

A number followed by units is one quantity, so ``16 GB / 3.35 TB/s`` is
16 GB ÷ (3.35 TB/s), as a person means it. ``per`` divides by the one quantity or unit
phrase after it, tighter than × and ÷: ``$3 per hour / 200 tokens/s`` is
($3 per hour) ÷ (200 tokens/s), and ``100 tokens per second × 60 s`` is 6,000 tokens.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping

from drill.quantities import dimensions as dims
from drill.quantities.parsing.errors import ParseError
from drill.quantities.parsing.lexer import Kind, Token, tokenize
from drill.quantities.parsing.nodes import (
    APPLIED,
    Applied,
    BinOp,
    Measure,
    Negate,
    Node,
    Number,
    Power,
    Recalled,
    UnitOp,
    UnitRef,
)
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.unit_table import (
    MULTIPLIER_LETTERS,
    MULTIPLIER_WORDS,
    PREFIX_UNITS,
    UNITS,
    all_spellings,
)

MAX_DEPTH = 60
#: Words that mean ×: a ratio after a number ("25 times", "3x"), a product between two.
TIMES_WORDS = frozenset({"x", "X", "times"})


def parse(text: str, names: Mapping[str, Quantity | None] | None = None) -> Node:
    """Read ``text`` into a syntax tree, or raise :class:`ParseError`.

    ``names`` are words that stand for values (the calculator's ``ans``); None as a value
    means the name is known but has nothing to stand for yet. Graded answers get none.
    """
    tokens = tokenize(text)
    if tokens[0].kind is Kind.END:
        raise ParseError("there is nothing to read: type a number, such as 4.8 ms", 0)
    parser = _Parser(tokens, names or {})
    parser.source = text
    return parser.parse()


def suggest_units(word: str, limit: int = 3) -> list[str]:
    """Known spellings closest to an unknown unit, best first."""
    spellings = all_spellings()
    exact_case = [s for s in spellings if s.lower() == word.lower()]
    close = difflib.get_close_matches(word, spellings, n=limit, cutoff=0.6)
    lowered = {s.lower(): s for s in spellings}
    close_lower = difflib.get_close_matches(word.lower(), list(lowered), n=limit, cutoff=0.6)
    ranked: list[str] = []
    for s in [*exact_case, *close, *(lowered[c] for c in close_lower)]:
        if s not in ranked:
            ranked.append(s)
    return ranked[:limit]


def unknown_unit_error(word: str, position: int) -> ParseError:
    suggestions = suggest_units(word)
    hint = f" (did you mean {', '.join(suggestions)}?)" if suggestions else ""
    return ParseError(f"unknown unit '{word}'{hint}", position)


class _Parser:
    def __init__(self, tokens: list[Token], names: Mapping[str, Quantity | None]) -> None:
        self.tokens = tokens
        self.names = names
        self.i = 0
        self.depth = 0
        #: The text as typed, so a message quotes what was typed ("**", not "^").
        self.source = ""

    # -- token helpers --------------------------------------------------------------
    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def peek(self, ahead: int = 1) -> Token:
        return self.tokens[min(self.i + ahead, len(self.tokens) - 1)]

    def advance(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ParseError(f"the expression nests too deeply (the limit is {MAX_DEPTH})",
                             self.tok.start)

    def leave(self) -> None:
        self.depth -= 1

    # -- grammar --------------------------------------------------------------------
    def parse(self) -> Node:
        node = self.sum()
        if self.tok.kind is not Kind.END:
            raise self.unexpected()
        return node

    def sum(self) -> Node:
        self.enter()
        node = self.product()
        while self.tok.is_op("+", "-"):
            op = self.advance().text
            node = BinOp(op, node, self.product())
        self.leave()
        return node

    def product(self) -> Node:
        node = self.unary()
        while True:
            tok = self.tok
            if tok.is_op("*", "·", "/", "÷") or self.is_times(tok):
                self.advance()
                op = "/" if tok.text in ("/", "÷") else "*"
                node = BinOp(op, node, self.unary())
            elif tok.kind is Kind.NUMBER and (later := self.later_time(node)) is not None:
                node = BinOp("+", node, later)  # "6 min 40 s": a time in two units
            elif tok.kind is Kind.NUMBER:
                # "4 300" is a typo far more often than a product: a stray digit after
                # "TB/s" once turned 20.9 ms into 62.7 ms without a word.
                before = self.tokens[self.i - 1]
                if (before.kind is Kind.NUMBER and before.text.isdigit()
                        and len(before.text) <= 3 and len(tok.text) == 3
                        and tok.text.isdigit()):
                    grouped = f"{before.text},{tok.text} or {before.text}{tok.text}"
                    raise ParseError(
                        f"two numbers side by side ('{before.text} {tok.text}'): to group "
                        f"thousands write {grouped}; to multiply, put × between them",
                        tok.start)
                raise ParseError(
                    f"two numbers side by side ('{node.echo()} {tok.text}'): write one "
                    f"number, or put × between them", tok.start)
            elif self.starts_operand(tok):
                node = BinOp("*", node, self.unary(), style="implicit")
            else:
                return node

    def later_time(self, node: Node) -> Node | None:
        """The next part of a time said in several units, largest first ("40 s" after
        "6 min"); None, with nothing read, where what follows is no such part."""
        size = _time_size(_last_part(node))
        if size is None:
            return None
        start, depth = self.i, self.depth
        try:
            later: Node | None = self.unary()
        except ParseError:
            later = None
        smaller = None if later is None else _time_size(later)
        if smaller is None or smaller >= size:
            self.i, self.depth = start, depth
            return None
        return later

    def unary(self) -> Node:
        if self.tok.is_op("-", "+"):
            sign = self.advance().text
            self.enter()
            operand = self.unary()
            self.leave()
            return Negate(operand) if sign == "-" else operand
        return self.rate()

    def rate(self) -> Node:
        """``$3 per hour``: ``per`` takes the one quantity or unit phrase after it."""
        node = self.power()
        while self.tok.kind is Kind.WORD and self.tok.text == "per":
            at = self.advance()
            after = self.tokens[self.i]
            if after.kind is Kind.END or (after.kind is Kind.OP and not after.is_op("(")):
                raise ParseError("'per' needs what it divides by after it "
                                 "(per hour, per million tokens)", at.start)
            node = BinOp("/", node, self.power(), style="per")
        return node

    def power(self) -> Node:
        base = self.postfix()
        if self.tok.is_op("^"):
            self.advance()
            self.enter()
            exponent = self.exponent()
            self.leave()
            node: Node = Power(base, exponent)
            if not any(isinstance(n, UnitRef) for n in base.walk()):
                # "2^30 bytes" is one quantity, as "1073741824 bytes" would be.
                node = self.quantity(node)
            return node
        return base

    def exponent(self) -> Node:
        """What ``^`` raises to: a signed number, a bracket or a name, never the units or
        ``per`` that follow it (``10^-3 s`` is 10⁻³ seconds)."""
        if self.tok.is_op("-", "+"):
            sign = self.advance().text
            self.enter()
            operand = self.exponent()
            self.leave()
            return Negate(operand) if sign == "-" else operand
        tok = self.tok
        node: Node
        if tok.kind is Kind.NUMBER:
            self.advance()
            node = Number(tok.value, tok.text)
        else:
            node = self.postfix()
        if self.tok.is_op("^"):
            self.advance()
            self.enter()
            node = Power(node, self.exponent())
            self.leave()
        return node

    def postfix(self) -> Node:
        node = self.atom()
        if self.tok.kind is Kind.SUPERSCRIPT:
            sup = self.advance()
            node = Power(node, Number(sup.value, _format_int(int(sup.value))))
        return node

    def atom(self) -> Node:
        tok = self.tok
        if tok.kind is Kind.NUMBER:
            return self.quantity(self.number())
        if tok.kind is Kind.SYMBOL and tok.text in PREFIX_UNITS:
            return self.prefixed_quantity()
        if tok.is_op("("):
            self.advance()
            inner = self.sum()
            if not self.tok.is_op(")"):
                raise ParseError("a '(' is never closed: add ')'", tok.start)
            self.advance()
            return inner
        if tok.kind is Kind.WORD and tok.text in MULTIPLIER_LETTERS and self.follows_per():
            # "$4.17 per M tokens", "$/Mtok": after a division the letter is one million.
            self.advance()
            amount = self.multipliers(Number(MULTIPLIER_LETTERS[tok.text], f"1{tok.text}"))
            return self.quantity(amount)
        if tok.kind is Kind.WORD and tok.text in MULTIPLIER_WORDS:
            self.advance()
            amount = self.multipliers(Number(MULTIPLIER_WORDS[tok.text], tok.text))
            return self.quantity(amount)
        if tok.kind is Kind.WORD and tok.text in self.names:
            return self.recalled()
        if self.is_applied(tok):
            self.advance()
            self.enter()
            operand = self.atom()  # the bracket, read whole
            self.leave()
            return Applied(tok.text, operand)
        if self.is_unit(tok):
            return self.units()
        raise self.unexpected()

    def is_applied(self, tok: Token) -> bool:
        """``floor(`` and the like: a function of the answer grammar and its bracket."""
        index = self.tokens.index(tok) if tok is not self.tok else self.i
        after = self.tokens[min(index + 1, len(self.tokens) - 1)]
        return tok.kind is Kind.WORD and tok.text in APPLIED and after.is_op("(")

    def recalled(self) -> Node:
        tok = self.advance()
        value = self.names[tok.text]
        if value is None:
            raise ParseError(f"'{tok.text}' has no value yet: it stands for the calculator's "
                             "last result", tok.start)
        return Recalled(tok.text, value)

    def number(self) -> Node:
        tok = self.advance()
        return self.multipliers(Number(tok.value, tok.text))

    def multipliers(self, amount: Number) -> Number:
        """Fold ``k``, ``M``, ``million`` ... that follow a number into it."""
        value, text = amount.value, amount.text
        while self.tok.kind is Kind.WORD and (
            self.tok.text in MULTIPLIER_WORDS or self.tok.text in MULTIPLIER_LETTERS
        ):
            word = self.advance()
            factor = MULTIPLIER_WORDS.get(word.text) or MULTIPLIER_LETTERS[word.text]
            value *= factor
            text = f"{text}{word.text}" if word.attached else f"{text} {word.text}"
        if abs(value) > 1e300:
            raise ParseError("the number is too large to work with", self.tok.start)
        return Number(value, text)

    def quantity(self, amount: Node) -> Node:
        tok = self.tok
        if self.is_ratio_marker(tok):
            self.advance()
            return Measure(amount, UnitRef(UNITS["×"]))
        if self.is_unit(tok):
            return Measure(amount, self.units())
        return amount

    def prefixed_quantity(self) -> Node:
        """``$3``, ``$3/h``, ``$0.19 per million tokens``."""
        sign = self.advance()
        if self.tok.kind is not Kind.NUMBER:
            # A bare "$" is a unit of its own ("--to $/h").
            self.i -= 1
            return self.units()
        amount = self.number()
        unit: Node = UnitRef(UNITS[sign.text], sign.text)
        unit = self.unit_tail(unit)
        return Measure(amount, unit)

    def units(self) -> Node:
        return self.unit_tail(self.unit_power())

    def unit_tail(self, unit: Node) -> Node:
        while (self.tok.is_op("/", "·", "*") or self.is_times(self.tok)) and self.is_unit(
            self.peek()
        ) and not self.starts_prefixed_amount(1):
            op = "/" if self.advance().text == "/" else "·"
            unit = UnitOp(op, unit, self.unit_power())
        return unit

    def unit_power(self) -> Node:
        tok = self.advance()
        unit: Node = UnitRef(UNITS[tok.text], tok.text)
        if tok.kind is Kind.SYMBOL:
            # "99%^10" is (99%)¹⁰, as a person means it: a power after $, % or ¢ belongs
            # to the whole quantity, never to the symbol alone.
            return unit
        if self.tok.kind is Kind.SUPERSCRIPT:
            sup = self.advance()
            unit = UnitOp("^", unit, Number(sup.value, _format_int(int(sup.value))))
        elif self.tok.is_op("^") and (
            self.peek().kind is Kind.NUMBER
            or (self.peek().is_op("-") and self.peek(2).kind is Kind.NUMBER)
        ):
            self.advance()
            negative = self.tok.is_op("-")
            if negative:
                self.advance()
            num = self.advance()
            value = -num.value if negative else num.value
            unit = UnitOp("^", unit, Number(value, ("-" if negative else "") + num.text))
        return unit

    # -- classification -------------------------------------------------------------
    def is_unit(self, tok: Token) -> bool:
        if tok.kind is Kind.SYMBOL:
            return tok.text in UNITS and tok.text != "×"
        if tok.kind is not Kind.WORD or tok.text == "per":
            return False
        if tok.text in TIMES_WORDS:
            return False
        if tok.text in UNITS:
            return True
        if tok.text in MULTIPLIER_WORDS or tok.text in MULTIPLIER_LETTERS:
            return False
        if tok.text in self.names or (tok.text in APPLIED and self.is_applied(tok)):
            return False
        raise unknown_unit_error(tok.text, tok.start)

    def follows_per(self) -> bool:
        before = self.tokens[self.i - 1] if self.i else None
        return before is not None and (
            before.is_op("/", "÷") or (before.kind is Kind.WORD and before.text == "per"))

    def starts_prefixed_amount(self, ahead: int) -> bool:
        """``$0.19`` at ``ahead``: a new amount, never more of the unit before it."""
        sign, after = self.peek(ahead), self.peek(ahead + 1)
        return (sign.kind is Kind.SYMBOL and sign.text in PREFIX_UNITS
                and after.kind is Kind.NUMBER)

    def is_times(self, tok: Token) -> bool:
        """``×`` or ``x`` used as multiplication (rather than as 1.25×)."""
        if not ((tok.kind is Kind.SYMBOL and tok.text == "×") or
                (tok.kind is Kind.WORD and tok.text in TIMES_WORDS)):
            return False
        return self.starts_operand(self.peek()) or self.signed_operand(tok)

    def signed_operand(self, times: Token) -> bool:
        """Whether signs and an operand follow ``times``: ``2 × -3`` and ``2 × - 3`` are
        products; only ``2× - 3``, the mark against its number and the sign spaced, is a
        ratio less three."""
        ahead = 1
        while self.peek(ahead).is_op("-", "+"):
            ahead += 1
        if ahead == 1 or not self.starts_operand(self.peek(ahead)):
            return False
        return not times.attached or self.peek(ahead).attached

    def is_ratio_marker(self, tok: Token) -> bool:
        if not ((tok.kind is Kind.SYMBOL and tok.text == "×") or
                (tok.kind is Kind.WORD and tok.text in TIMES_WORDS)):
            return False
        return not self.is_times(tok)

    def starts_operand(self, tok: Token) -> bool:
        if tok.kind in (Kind.NUMBER,):
            return True
        if tok.is_op("("):
            return True
        if tok.kind is Kind.SYMBOL:
            return tok.text in PREFIX_UNITS or (tok.text in UNITS and tok.text != "×")
        if tok.kind is Kind.WORD:
            if tok.text == "per" or tok.text in TIMES_WORDS:
                return False
            if tok.text in APPLIED and self.is_applied(tok):
                return True
            return tok.text in MULTIPLIER_WORDS or tok.text in self.names or self.is_unit(tok)
        return False

    def unexpected(self) -> ParseError:
        tok = self.tok
        if tok.kind is Kind.END:
            return ParseError("the expression ends too soon", tok.start)
        if tok.is_op(")"):
            return ParseError("this ')' has no matching '('", tok.start)
        if tok.kind is Kind.WORD:
            if tok.text in MULTIPLIER_LETTERS:
                return ParseError(f"'{tok.text}' must follow a number (200k, 15.5 M)", tok.start)
            return unknown_unit_error(tok.text, tok.start)
        typed = self.source[tok.start:tok.end] if self.source else ""
        shown = typed if typed.strip() else tok.text
        return ParseError(f"unexpected '{shown}'", tok.start)


def _format_int(n: int) -> str:
    return str(n)


def _last_part(node: Node) -> Node:
    """The last of the parts a time said in several units is read as ("30 s" of "2 h
    5 min 30 s"); any other node itself."""
    return _last_part(node.right) if isinstance(node, BinOp) and node.op == "+" else node


def _time_size(node: Node) -> float | None:
    """The size in seconds of the unit of a number with a unit of time ("6 min": 60);
    None for any other node."""
    if not isinstance(node, Measure) or not isinstance(node.amount, Number):
        return None
    try:
        unit = node.unit.evaluate()
    except QuantityError:
        return None
    return unit.value if unit.dim == dims.dim(time=1) else None
