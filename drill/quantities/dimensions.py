"""Dimensions: what kind of thing a quantity is (a time, bytes, FLOP/s ...).

A dimension is a vector of integer exponents over the base dimensions below. SI's own
bases come first; drill adds information (bytes), computation (FLOPs), currency, and the
countable things of serving (tokens, requests, ...). Counts are dimensions of their own so
that ``requests/s`` is not ``tokens/s``, but a person may leave a count out of an answer
(``200/s`` for tokens/s); see :func:`without_counts`.

This module is plain Python: it is on the grading path and must stay cheap to import.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

#: Base dimension names, in vector order.
BASES: tuple[str, ...] = (
    "information",
    "computation",
    "time",
    "currency",
    "mass",
    "length",
    "current",
    "temperature",
    "token",
    "request",
    "user",
    "step",
    "kernel",
)

#: The base dimensions a person may leave out of an answer.
COUNT_BASES: frozenset[str] = frozenset({"token", "request", "user", "step", "kernel"})

#: How each base dimension is written inside a compound unit ("bytes·s/FLOP").
BASE_SYMBOLS: dict[str, str] = {
    "time": "s",
    "information": "bytes",
    "computation": "FLOP",
    "currency": "$",
    "mass": "kg",
    "length": "m",
    "current": "A",
    "temperature": "K",
    "token": "tokens",
    "request": "requests",
    "user": "users",
    "step": "steps",
    "kernel": "kernels",
    "energy": "J",
}

#: Below a fraction bar a unit reads in the singular: FLOP/byte, $/token.
_SINGULAR: dict[str, str] = {
    **BASE_SYMBOLS,
    "information": "byte",
    "token": "token",
    "request": "request",
    "user": "user",
    "step": "step",
    "kernel": "kernel",
}

Dim = tuple[int, ...]

_INDEX = {name: i for i, name in enumerate(BASES)}
DIMENSIONLESS: Dim = (0,) * len(BASES)


def dim(exponents: Mapping[str, int] | None = None, **named: int) -> Dim:
    """Build a dimension from base names: ``dim(information=1, time=-1)``."""
    vector = [0] * len(BASES)
    for name, power in {**(exponents or {}), **named}.items():
        vector[_INDEX[name]] += power
    return tuple(vector)


def multiply(a: Dim, b: Dim) -> Dim:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def divide(a: Dim, b: Dim) -> Dim:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def power(a: Dim, exponent: int) -> Dim:
    return tuple(x * exponent for x in a)


def exponents(d: Dim) -> dict[str, int]:
    """The non-zero exponents of a dimension, by base name."""
    return {BASES[i]: p for i, p in enumerate(d) if p}


@lru_cache(maxsize=1024)
def without_counts(d: Dim) -> Dim:
    """The dimension with every count (tokens, requests, ...) removed.

    Cached: the figure checks compare every figure of a text with every candidate of a
    card, and a text holds only a handful of distinct dimensions.
    """
    return tuple(0 if BASES[i] in COUNT_BASES else p for i, p in enumerate(d))


def counts_only(d: Dim) -> Dim:
    return tuple(p if BASES[i] in COUNT_BASES else 0 for i, p in enumerate(d))


def matches_leaving_out_counts(given: Dim, expected: Dim) -> bool:
    """True when ``given`` is ``expected`` with some counts left out entirely.

    ``200/s`` matches tokens/s (the token count is absent), but ``200 requests/s`` does
    not: a count that is written must be the right one.
    """
    for i, (g, e) in enumerate(zip(given, expected, strict=True)):
        if g == e:
            continue
        if BASES[i] in COUNT_BASES and g == 0:
            continue
        return False
    return True


def compatible(a: Dim, b: Dim) -> bool:
    """Same dimension, or the same once counts one side leaves out are added (either side).

    For a figure against its unit, where either may be the one without the count:
    a stated "27" for "steps", or a result in tokens/s shown in "1/s".
    """
    return a == b or matches_leaving_out_counts(a, b) or matches_leaving_out_counts(b, a)


def symbol(d: Dim) -> str:
    """A compound unit for the dimension in base symbols: ``bytes·s/FLOP``."""
    if d == DIMENSIONLESS:
        return "1"
    # Mass and length enter only through energy (J = kg·m²/s²), and drill reads J, not kg:
    # a dimension with joules in it is written with J (tokens/J, not tokens·s²/(kg·m²)).
    joules = d[_INDEX["mass"]]
    if joules and d[_INDEX["length"]] == 2 * joules:
        energy = dim(mass=1, length=2, time=-2)
        rest = tuple(a - joules * b for a, b in zip(d, energy, strict=True))
        up = [(name, p) for name, p in _named_powers(rest) if p > 0] + (
            [("energy", joules)] if joules > 0 else [])
        down = [(name, -p) for name, p in _named_powers(rest) if p < 0] + (
            [("energy", -joules)] if joules < 0 else [])
    else:
        up = [(name, p) for name, p in _named_powers(d) if p > 0]
        down = [(name, -p) for name, p in _named_powers(d) if p < 0]

    def join(parts: Iterable[tuple[str, int]], names: dict[str, str]) -> str:
        return "·".join(names[n] + (superscript(p) if p != 1 else "") for n, p in parts)

    top = join(up, BASE_SYMBOLS) if up else "1"
    if not down:
        return top
    bottom = join(down, _SINGULAR)
    return f"{top}/({bottom})" if len(down) > 1 else f"{top}/{bottom}"


def _named_powers(d: Dim) -> list[tuple[str, int]]:
    return [(BASES[i], p) for i, p in enumerate(d) if p]


_NAMED: dict[Dim, str] = {
    DIMENSIONLESS: "a plain number (a ratio)",
    dim(time=1): "a time",
    dim(time=-1): "a rate (per second)",
    dim(information=1): "an amount of data (bytes)",
    dim(information=1, time=-1): "a bandwidth (bytes/s)",
    dim(computation=1): "an amount of compute (FLOPs)",
    dim(computation=1, time=-1): "a compute rate (FLOP/s)",
    dim(computation=1, information=-1): "an arithmetic intensity (FLOP/byte)",
    dim(information=1, computation=-1): "bytes per FLOP (an inverted intensity)",
    dim(currency=1): "an amount of money",
    dim(currency=1, time=-1): "a price per unit of time ($/h)",
    dim(currency=1, token=-1): "a price per token",
    dim(token=1): "a number of tokens",
    dim(token=1, time=-1): "a token rate (tokens/s)",
    dim(request=1): "a number of requests",
    dim(request=1, time=-1): "a request rate (requests/s)",
    dim(mass=1, length=2, time=-3): "a power (W)",
    dim(mass=1, length=2, time=-2): "an energy (J)",
    dim(information=1, token=-1): "bytes per token",
}


def has_name(d: Dim) -> bool:
    """Whether the dimension is one quantities commonly have (a time, a bandwidth, ...),
    rather than a compound such as bytes·s that no figure of the field is written in."""
    return d in _NAMED


def describe(d: Dim) -> str:
    """The dimension in words for messages: ``a time``, ``a bandwidth (bytes/s)``.

    Dimensions without a common name fall back to their compound unit.
    """
    return _NAMED.get(d) or symbol(d)


_SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def superscript(n: int) -> str:
    """``n`` as a superscript exponent: 12 → "¹²", -3 → "⁻³"."""
    return str(n).translate(_SUPERSCRIPTS)
