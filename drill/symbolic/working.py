"""Writing a solver's sympy formula the way a person writes working on a whiteboard.

``weights/bandwidth`` becomes ``weights ÷ bandwidth``, and with the givens substituted
``16 GB ÷ 3.35 TB/s``: ÷ and × rather than / and *, numbers with thousands commas, units
by their drill symbols. The substituted form is meant to be read back by drill's parser.

Imports sympy: only :mod:`drill.solving.solve` loads this, and only when it solves.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import sympy

from drill.symbolic.unit_system import is_unit_atom, unit_of

ADD, MUL, POW, ATOM = 1, 2, 3, 4
_FUNCTIONS = {"Max": "max", "Min": "min", "ceiling": "ceil", "floor": "floor", "exp": "exp",
              "log": "ln", "Round": "round", "ErlangC": "erlang_c"}
# A substituted given needs parentheses when it is itself an expression ("16 GB + 4 GB"),
# not when it is one quantity ("3.35 TB/s", "3×", "$3/h").
_OPERATOR = re.compile(r"\s[-+−÷*×/·^]\s|[()]|\bper\b")
_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def formula_text(expr: sympy.Expr, names: Mapping[sympy.Symbol, str] | None = None) -> str:
    """``expr`` in ÷/× notation; ``names`` replaces symbols (by given texts, say)."""
    return _render(_as_sympy(expr), names or {})[0]


def _as_sympy(expr: object) -> sympy.Basic:
    """A solver may return a plain number; nothing here ever goes through sympify, which
    would also read strings as code."""
    if isinstance(expr, sympy.Basic):
        return expr
    if isinstance(expr, int) and not isinstance(expr, bool):
        return sympy.Integer(expr)
    if isinstance(expr, float):
        return sympy.Float(expr)
    raise TypeError(f"a formula must be a sympy expression or a number, not {type(expr).__name__}")


def _render(expr: sympy.Basic, names: Mapping[sympy.Symbol, str]) -> tuple[str, int]:
    if isinstance(expr, sympy.Symbol):
        text = names.get(expr, expr.name)
        return text, (ADD if _OPERATOR.search(text) else ATOM)
    if is_unit_atom(expr):
        unit = unit_of(expr)
        return (unit.symbol if unit is not None else str(expr)), ATOM
    if expr.is_Number:
        return _number(expr)
    if expr.is_Add:
        return _sum(expr, names), ADD
    if expr.is_Mul:
        return _product(expr, names)
    if expr.is_Pow:
        return _power(expr, names)
    if isinstance(expr, sympy.Abs):
        return f"|{_render(expr.args[0], names)[0]}|", ATOM
    name = _FUNCTIONS.get(type(expr).__name__, type(expr).__name__)
    inner = ", ".join(_render(arg, names)[0] for arg in expr.args)
    return f"{name}({inner})", ATOM


def _wrap(part: tuple[str, int], needed: int) -> str:
    text, precedence = part
    return f"({text})" if precedence < needed else text


def _number(expr: sympy.Basic) -> tuple[str, int]:
    if expr.is_Integer:
        n = int(expr)
        if abs(n) >= 10_000 and str(abs(n)).rstrip("0") == "1":
            text = "10" + str(len(str(abs(n))) - 1).translate(_SUPERSCRIPT)
            return ("-" + text if n < 0 else text), (ADD if n < 0 else ATOM)
        return f"{n:,}", (ADD if n < 0 else ATOM)
    if expr.is_Rational:
        p, q = int(expr.p), int(expr.q)
        return f"{p:,} ÷ {q:,}", MUL
    value = float(expr)
    text = f"{value:.6g}"
    if "e" in text:
        mantissa, exponent = text.split("e")
        text = f"{mantissa} × 10{str(int(exponent)).translate(_SUPERSCRIPT)}"
        return text, MUL
    return text, (ADD if value < 0 else ATOM)


def _sum(expr: sympy.Basic, names: Mapping[sympy.Symbol, str]) -> str:
    parts: list[str] = []
    terms = expr.as_ordered_terms()
    # Lead with a positive term: "1 − fraction", not "−fraction + 1".
    terms.sort(key=lambda term: bool(term.could_extract_minus_sign()))
    for term in terms:
        negative = term.could_extract_minus_sign()
        text = _wrap(_render(-term if negative else term, names), MUL)
        if not parts:
            parts.append(f"−{text}" if negative else text)
        else:
            parts.append(f" − {text}" if negative else f" + {text}")
    return "".join(parts)


def _product(expr: sympy.Basic, names: Mapping[sympy.Symbol, str]) -> tuple[str, int]:
    coefficient, factors = expr.as_coeff_mul()
    sign = ""
    if coefficient < 0:
        sign, coefficient = "−", -coefficient
    top: list[sympy.Basic] = []
    bottom: list[sympy.Basic] = []
    if coefficient.is_Rational and not coefficient.is_Integer:
        if coefficient.p != 1:
            top.append(sympy.Integer(coefficient.p))
        bottom.append(sympy.Integer(coefficient.q))
    elif coefficient != 1:
        top.append(coefficient)
    for factor in factors:
        base, exponent = factor.as_base_exp()
        if exponent.is_number and exponent.is_negative:
            bottom.append(base if exponent == -1 else base ** (-exponent))
        else:
            top.append(factor)
    numerator = " × ".join(_wrap(_render(f, names), MUL) for f in top) or "1"
    if len(top) > 1 and sign:
        numerator = f"({numerator})"
    text = sign + numerator
    if bottom:
        parts = [_render(f, names) for f in bottom]
        if len(parts) == 1:
            denominator = _wrap(parts[0], MUL)
        else:
            denominator = "(" + " × ".join(_wrap(p, MUL) for p in parts) + ")"
        text = f"{text} ÷ {denominator}"
    return text, MUL


def _power(expr: sympy.Basic, names: Mapping[sympy.Symbol, str]) -> tuple[str, int]:
    base, exponent = expr.args
    if exponent == sympy.Rational(1, 2):
        return f"sqrt({_render(base, names)[0]})", ATOM
    if exponent.is_number and exponent.is_negative:
        inverse = base if exponent == -1 else base ** (-exponent)
        return f"1 ÷ {_wrap(_render(inverse, names), POW)}", MUL
    base_text = _render(base, names)
    if base_text[1] == ATOM and " " in base_text[0]:
        base_text = (base_text[0], MUL)  # "(3.35 TB/s)^2", not "3.35 TB/s^2"
    return f"{_wrap(base_text, ATOM)}^{_wrap(_render(exponent, names), ATOM)}", POW
