"""Reading a pack's formulas: drill's math syntax, plus names and a few functions.

A formula (``weights / bandwidth``, ``max(prefill, decode) + 2 ms``) is typed math as an
answer is, with two additions that only formulas get: the names of a card's givens and
results, and calls of a short whitelist of functions (:data:`FUNCTIONS`). Everything else
is refused with the column it starts at; nothing in the text is ever run.

A name of the card wins over a unit of the same spelling (a given called ``batch`` or
``k``), in formulas only; answers are read without names.

How it reads: the text is cut at every name, function call and argument comma; the
pieces between are tokenized by the answer lexer (so numbers, units and operators read
exactly as in an answer), and a parser that extends the answer parser only where a name
or a call stands builds the tree. Answers never reach this module.
"""

from __future__ import annotations

import difflib
import keyword
import math
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass

from drill.quantities.parsing.errors import ParseError
from drill.quantities.parsing.lexer import MAX_TEXT, Kind, Token, strip_approximation, tokenize
from drill.quantities.parsing.nodes import ATOM, BinOp, Measure, Negate, Node, Number, Power, UnitOp
from drill.quantities.parsing.parser import TIMES_WORDS, _Parser, suggest_units
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.unit_table import MULTIPLIER_LETTERS, MULTIPLIER_WORDS, UNITS

#: Each allowed function with how many arguments it takes: (fewest, most; None: any).
FUNCTIONS: dict[str, tuple[int, int | None]] = {
    "min": (2, None), "max": (2, None), "sqrt": (1, 1), "log": (1, 1), "exp": (1, 1),
    "ceil": (1, 1), "floor": (1, 1), "round": (1, 1),
}
_ALLOWED = ", ".join(FUNCTIONS)
# A run of name characters that does not continue a number or a word ("2B", "µs", "1e9").
_NAME_RUN = re.compile(r"(?<![\w.])[A-Za-z_][A-Za-z0-9_]*")
# A comma between a digit and exactly three digits groups thousands ("1,000"); any other
# comma separates a function's arguments.
_THOUSANDS = re.compile(r"(?<=[0-9]),(?=[0-9]{3}(?![0-9]))")
_CODE_WORDS = frozenset({*keyword.kwlist, "eval", "exec", "compile", "open", "os", "sys",
                         "print", "getattr", "setattr", "globals", "locals", "subprocess"})


@dataclass(frozen=True, slots=True)
class Name(Node):
    """A given or a result of the card, by name."""

    name: str
    start: int

    def evaluate(self) -> Quantity:
        raise QuantityError(f"'{self.name}' stands for a value of the card: it is worked "
                            f"out by the card's formulas")

    def echo(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Call(Node):
    """One of :data:`FUNCTIONS` applied to its arguments: ``max(a, b)``."""

    function: str
    arguments: tuple[Node, ...]
    start: int
    precedence = ATOM

    def evaluate(self) -> Quantity:
        raise QuantityError(f"{self.function}() is worked out by the card's formulas")

    def echo(self) -> str:
        return f"{self.function}({', '.join(a.echo() for a in self.arguments)})"

    def children(self) -> tuple[Node, ...]:
        return self.arguments


@dataclass(frozen=True, slots=True)
class Formula:
    """A formula that was read: its text, its tree, and where each name it uses starts."""

    text: str
    tree: Node
    name_positions: dict[str, int]  # name → column of its first use, in order of use

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.name_positions)


def read_formula(text: str, names: Collection[str]) -> Formula:
    """Read ``text`` as a formula over ``names``; every failure is a :class:`ParseError`."""
    if len(text) > MAX_TEXT:
        raise ParseError(
            f"the formula is too long ({len(text):,} characters; the limit is {MAX_TEXT:,})", 0)
    tokens = _formula_tokens(text, names)
    if tokens[0].kind is Kind.END:
        raise ParseError("the formula is empty: write math over the card's givens, such as "
                         "weights / bandwidth", 0)
    try:
        tree = _FormulaParser(tokens, frozenset(names)).parse()
    except RecursionError:
        raise ParseError("the formula nests too deeply", 0) from None
    positions: dict[str, int] = {}
    for node in tree.walk():
        if isinstance(node, Name):
            positions.setdefault(node.name, node.start)
    return Formula(text, tree, positions)


def is_reserved(name: str) -> bool:
    """Whether ``name`` is part of a formula's syntax (``per``, ``x``, ``max``), so it
    cannot also be a given's or a result's name.

    A unit's or a number word's spelling may be a name (``batch``, ``layers``, ``k``):
    in the card's formulas the name wins, as the card's own words should.
    """
    return name in TIMES_WORDS or name == "per" or name in FUNCTIONS


def evaluate_formula(formula: Formula, values: Mapping[str, Quantity]) -> Quantity:
    """A formula's value for ``values`` (each name's quantity), with fast quantities only:
    for showing a given made of givens before sympy is loaded. Raises QuantityError."""
    return _value(formula.tree, values)


def _value(node: Node, values: Mapping[str, Quantity]) -> Quantity:
    if isinstance(node, Name):
        if node.name not in values:
            raise QuantityError(f"'{node.name}' has no value")
        return values[node.name]
    if isinstance(node, Call):
        return _call(node.function, [_value(a, values) for a in node.arguments])
    if isinstance(node, BinOp | UnitOp):
        left, right = _value(node.left, values), _value(node.right, values)
        if node.op == "+":
            return left + right
        if node.op == "-":
            return left - right
        if node.op in ("*", "·"):
            return left * right
        return left / right if node.op == "/" else left**right
    if isinstance(node, Measure):
        return _value(node.amount, values) * _value(node.unit, values)
    if isinstance(node, Negate):
        return -_value(node.operand, values)
    if isinstance(node, Power):
        return _value(node.base, values) ** _value(node.exponent, values)
    return node.evaluate()  # numbers and units


def _call(function: str, arguments: list[Quantity]) -> Quantity:
    if function in ("min", "max"):
        first = arguments[0]
        if any(a.dim != first.dim for a in arguments):
            raise QuantityError(f"{function}() compares things of different kinds")
        pick = min if function == "min" else max
        return Quantity(pick(a.value for a in arguments), first.dim)
    (argument,) = arguments
    if function == "sqrt":
        return argument**0.5
    if not argument.dimensionless:
        raise QuantityError(f"{function}() needs a plain number")
    try:
        value = _PLAIN[function](argument.value)
    except (ValueError, OverflowError):
        raise QuantityError(f"{function}() of {argument.value:g} is no number") from None
    return Quantity(float(value))


_PLAIN: dict[str, Callable[[float], float]] = {
    "log": math.log, "exp": math.exp, "ceil": math.ceil, "floor": math.floor,
    "round": lambda value: math.floor(value + 0.5),
}


# -- tokens ----------------------------------------------------------------------------
def _formula_tokens(text: str, names: Collection[str]) -> list[Token]:
    tokens: list[Token] = []
    cursor = 0
    for kind, start, end in _pieces(text, names):
        tokens += _math_tokens(text[cursor:start], cursor)
        if kind == ",":
            tokens.append(Token(Kind.OP, ",", start, end))
        else:
            tokens.append(Token(Kind.WORD, text[start:end], start, end))
        cursor = end
    tokens += _math_tokens(text[cursor:], cursor)
    tokens.append(Token(Kind.END, "", len(text), len(text)))
    return tokens


def _pieces(text: str, names: Collection[str]) -> Iterator[tuple[str, int, int]]:
    """Each name, function and argument comma of ``text``: (kind, start, end), in order."""
    found: list[tuple[str, int, int]] = []
    thousands = {m.start() for m in _THOUSANDS.finditer(text)}
    found += [(",", i, i + 1) for i, ch in enumerate(text) if ch == "," and i not in thousands]
    for match in _NAME_RUN.finditer(text):
        word, start = match.group(), match.start()
        follows = text[match.end():].lstrip()[:1]
        if word in names:
            found.append(("name", start, match.end()))
        elif word in FUNCTIONS and follows == "(":
            found.append(("function", start, match.end()))
        elif follows == "(" and (word not in UNITS or word.startswith("_")):
            raise _refused_call(word, start)
        elif word in FUNCTIONS:
            raise ParseError(f"{word} is a function: write {word}(...), its arguments in "
                             f"parentheses", start)
        elif not _is_math_word(word):
            raise _unknown_name(word, start, names)
        elif follows == ".":
            raise _code(word, start)
    yield from sorted(found, key=lambda piece: piece[1])


def _is_math_word(word: str) -> bool:
    return (word in UNITS or word in MULTIPLIER_WORDS or word in MULTIPLIER_LETTERS
            or word in TIMES_WORDS or word == "per"
            # "Mtok": a multiplier letter before a count, as price sheets write it
            or (word[:1] in MULTIPLIER_LETTERS and word[1:] in UNITS))


def _math_tokens(piece: str, offset: int) -> list[Token]:
    """The answer lexer's tokens of the math between two names, placed in the formula."""
    if not piece.strip():
        return []
    for i, ch in enumerate(piece):
        if ch in "≈~=":
            raise ParseError(f"'{ch}' has no place in a formula: write only the math that "
                             f"works the value out", offset + i)
        if ch in "'\"[]{}:;.@!" and not (ch == "." and _in_number(piece, i)):
            raise _code_character(ch, offset + i)
    if strip_approximation(piece)[0] != piece.lstrip():
        raise ParseError("words such as 'about' have no place in a formula", offset)
    try:
        tokens = tokenize(piece)
    except ParseError as error:
        raise ParseError(error.message, offset + error.position) from None
    return [Token(t.kind, t.text, t.start + offset, t.end + offset, t.value, t.attached)
            for t in tokens[:-1]]


def _in_number(piece: str, i: int) -> bool:
    before = piece[i - 1] if i else ""
    after = piece[i + 1] if i + 1 < len(piece) else ""
    return before.isdigit() or after.isdigit()


# -- errors ----------------------------------------------------------------------------
def _unknown_name(word: str, start: int, names: Collection[str]) -> ParseError:
    if word in _CODE_WORDS or word.startswith("__"):
        return _code(word, start)
    close = difflib.get_close_matches(word, sorted(names), n=2, cutoff=0.6)
    close = close or suggest_units(word, 2)
    hint = f" (did you mean {' or '.join(close)}?)" if close else ""
    known = f"; the card has {', '.join(sorted(names))}" if names and not close else ""
    return ParseError(f"unknown name '{word}'{hint}: a formula may use the card's givens and "
                      f"results, units and numbers{known}", start)


def _refused_call(word: str, start: int) -> ParseError:
    if word in _CODE_WORDS or word.startswith("_"):
        return _code(word, start)
    return ParseError(f"'{word}' is not a function a formula may use: the functions are "
                      f"{_ALLOWED}", start)


def _code(word: str, start: int) -> ParseError:
    return ParseError(f"'{word}' looks like code: a formula is math over the card's givens "
                      f"(functions: {_ALLOWED}), and drill never runs anything in it", start)


def _code_character(ch: str, start: int) -> ParseError:
    return ParseError(f"'{ch}' has no place in a formula: it is math over the card's givens "
                      f"and results (functions: {_ALLOWED}), never code", start)


# -- the parser ------------------------------------------------------------------------
class _FormulaParser(_Parser):
    """The answer parser, with a card's names and function calls as atoms."""

    def __init__(self, tokens: list[Token], names: frozenset[str]) -> None:
        super().__init__(tokens, {})
        self.formula_names = names

    def atom(self) -> Node:
        tok = self.tok
        if tok.kind is Kind.WORD and tok.text in self.formula_names:
            self.advance()
            return Name(tok.text, tok.start)
        if tok.kind is Kind.WORD and tok.text in FUNCTIONS and self.peek().is_op("("):
            return self.call()
        if tok.is_op(","):
            raise ParseError("a ',' may only separate a function's arguments: max(a, b)",
                             tok.start)
        return super().atom()

    def call(self) -> Call:
        name = self.advance()
        opening = self.advance()
        self.enter()
        arguments = [self.sum()]
        while self.tok.is_op(","):
            self.advance()
            arguments.append(self.sum())
        self.leave()
        if not self.tok.is_op(")"):
            if self.tok.kind is Kind.END:
                raise ParseError(f"the '(' of {name.text}() is never closed: add ')'",
                                 opening.start)
            raise self.unexpected()
        self.advance()
        fewest, most = FUNCTIONS[name.text]
        if len(arguments) < fewest or (most is not None and len(arguments) > most):
            wanted = (f"{fewest} or more arguments" if most is None
                      else "one argument" if most == 1 else f"{most} arguments")
            raise ParseError(f"{name.text}() takes {wanted}, not {len(arguments)}", name.start)
        return Call(name.text, tuple(arguments), name.start)

    def multipliers(self, amount: Number) -> Number:
        # "2 k" with a given named k is 2 × k, not 2,000.
        if self.tok.kind is Kind.WORD and self.tok.text in self.formula_names:
            return amount
        return super().multipliers(amount)

    def unexpected(self) -> ParseError:
        if self.tok.is_op(","):
            return ParseError("a ',' may only separate a function's arguments: max(a, b)",
                              self.tok.start)
        return super().unexpected()

    def is_unit(self, tok: Token) -> bool:
        if tok.kind is Kind.WORD and (tok.text in self.formula_names or tok.text in FUNCTIONS):
            return False
        return super().is_unit(tok)

    def starts_operand(self, tok: Token) -> bool:
        if tok.kind is Kind.WORD and (tok.text in self.formula_names or tok.text in FUNCTIONS):
            return True
        return super().starts_operand(tok)
