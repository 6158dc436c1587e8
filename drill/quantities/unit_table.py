"""The catalog of units drill understands, as plain data.

Every spelling a person may type maps to a :class:`Unit`: its canonical symbol, its size
in base units and its dimension. :mod:`drill.symbolic.unit_system` builds sympy's quantities
from this
same table, so the fast path and the algebra cannot drift apart (a test compares them).
"""

from __future__ import annotations

from dataclasses import dataclass

from drill.quantities.dimensions import Dim, dim


@dataclass(frozen=True, slots=True)
class Unit:
    symbol: str  # how drill writes it: "GB", "TB/s" is two units
    scale: float  # its size in base units (s, byte, FLOP, USD, one count)
    dim: Dim
    name: str  # spelled out, for sympy and for messages


TIME = dim(time=1)
INFORMATION = dim(information=1)
COMPUTATION = dim(computation=1)
COMPUTE_RATE = dim(computation=1, time=-1)
CURRENCY = dim(currency=1)
POWER = dim(mass=1, length=2, time=-3)
ENERGY = dim(mass=1, length=2, time=-2)
FREQUENCY = dim(time=-1)

UNITS: dict[str, Unit] = {}
#: Canonical units, one per symbol, in catalog order (sympy builds one Quantity each).
CANONICAL: dict[str, Unit] = {}


def _add(symbol: str, scale: float, dimension: Dim, name: str, *aliases: str) -> None:
    unit = Unit(symbol, scale, dimension, name)
    CANONICAL[symbol] = unit
    for spelling in (symbol, *aliases):
        if spelling in UNITS:
            raise ValueError(f"unit spelling {spelling!r} defined twice")
        UNITS[spelling] = unit


_DECIMAL = [("k", "kilo", 1e3), ("M", "mega", 1e6), ("G", "giga", 1e9), ("T", "tera", 1e12),
            ("P", "peta", 1e15), ("E", "exa", 1e18)]
_BINARY = [("Ki", "kibi", 2**10), ("Mi", "mebi", 2**20), ("Gi", "gibi", 2**30),
           ("Ti", "tebi", 2**40), ("Pi", "pebi", 2**50)]

# Information: the case of B/b matters (byte vs bit).
_add("B", 1.0, INFORMATION, "byte", "byte", "bytes")
_add("b", 0.125, INFORMATION, "bit", "bit", "bits")
for p, word, factor in _DECIMAL:
    extra = ("KB",) if p == "k" else ()
    _add(f"{p}B", factor, INFORMATION, f"{word}byte", f"{word}byte", f"{word}bytes", *extra)
    extra_bits = ("Kb",) if p == "k" else ()
    _add(f"{p}b", factor / 8, INFORMATION, f"{word}bit", f"{word}bit", f"{word}bits",
         f"{p}bit", *extra_bits)
for p, word, factor in _BINARY:
    _add(f"{p}B", float(factor), INFORMATION, f"{word}byte", f"{word}byte", f"{word}bytes")
    _add(f"{p}b", factor / 8, INFORMATION, f"{word}bit", f"{word}bit", f"{word}bits")

# Time.
_add("ns", 1e-9, TIME, "nanosecond", "nanosecond", "nanoseconds", "nsec",
     "nsecs", "nanosec", "nanosecs")
_add("µs", 1e-6, TIME, "microsecond", "us", "μs", "microsecond", "microseconds", "usec",
     "usecs", "microsec", "microsecs")
_add("ms", 1e-3, TIME, "millisecond", "millisecond", "milliseconds", "msec",
     "msecs", "millisec", "millisecs")
_add("s", 1.0, TIME, "second", "sec", "secs", "second", "seconds")
_add("min", 60.0, TIME, "minute", "mins", "minute", "minutes")
_add("h", 3600.0, TIME, "hour", "hr", "hrs", "hour", "hours")
_add("day", 86400.0, TIME, "day", "days")
_add("week", 604800.0, TIME, "week", "weeks")

# Compute: FLOP and FLOPs count operations; FLOPS (capital S) is a rate.
_add("FLOP", 1.0, COMPUTATION, "flop", "FLOPs", "flop", "Flop", "Flops")
_add("FLOPS", 1.0, COMPUTE_RATE, "flops_rate", "flops")  # "FLOP/s" parses as FLOP ÷ s
for p, word, factor in _DECIMAL:
    _add(f"{p}FLOP", factor, COMPUTATION, f"{word}flop", f"{p}FLOPs", f"{p}flop")
    _add(f"{p}FLOPS", factor, COMPUTE_RATE, f"{word}flops_rate", f"{p}flops")

# Money.
_add("$", 1.0, CURRENCY, "usd", "USD", "dollar", "dollars")
_add("¢", 0.01, CURRENCY, "cent", "cent", "cents")

# Counts a person may leave out of an answer.
_add("tokens", 1.0, dim(token=1), "token", "token", "tok", "toks",
     "t")  # "t/s", as serving dashboards write tokens per second
_add("requests", 1.0, dim(request=1), "request", "request", "req", "reqs")
_add("users", 1.0, dim(user=1), "user", "user")
_add("steps", 1.0, dim(step=1), "step", "step")
_add("kernels", 1.0, dim(kernel=1), "kernel", "kernel")

# Count nouns that only say what was counted: "119 conversations", "8 GPUs", "32 layers".
# They weigh one and carry no dimension of their own, so "64 GPUs × 80 GB" is bytes; the
# serving counts above (tokens, requests, users, steps, kernels) stay dimensions, since
# "requests/s" for a token rate is a real slip.
LABEL_NOUNS: dict[str, tuple[str, ...]] = {
    "conversations": ("conversation", "convos", "convo", "chats", "chat"),
    "sequences": ("sequence", "seqs", "seq"),
    "queries": ("query",),
    "sessions": ("session",),
    "prompts": ("prompt",),
    "streams": ("stream",),
    "GPUs": ("GPU", "gpus", "gpu"),
    "layers": ("layer",),
    "heads": ("head",),
    "batches": ("batch",),
    "items": ("item",),
    "samples": ("sample",),
    "calls": ("call",),
    "replicas": ("replica",),
    "nodes": ("node",),
    "experts": ("expert",),
}
for _noun, _aliases in LABEL_NOUNS.items():
    _add(_noun, 1.0, dim(), _noun.lower(), *_aliases)

# Rates written as one word, as dashboards and datasheets do: "5,300 TPS", "3.35 TBps",
# "400 Gbps" (B for bytes, b for bits, as everywhere else), "50 QPS".
_add("TPS", 1.0, dim(token=1, time=-1), "tokens_per_second", "tps")
_add("QPS", 1.0, dim(request=1, time=-1), "requests_per_second", "qps", "RPS", "rps")
for p, word, factor in [("", "", 1.0), *_DECIMAL]:
    _add(f"{p}Bps", factor, dim(information=1, time=-1), f"{word}bytes_per_second")
    _add(f"{p}bps", factor / 8, dim(information=1, time=-1), f"{word}bits_per_second")

# Ratios.
_add("%", 0.01, dim(), "percent", "percent", "pct")
_add("×", 1.0, dim(), "times", "x")

# Power, energy, frequency (GPU power caps, clocks).
_add("W", 1.0, POWER, "watt", "watt", "watts")
_add("kW", 1e3, POWER, "kilowatt", "kilowatt", "kilowatts")
_add("J", 1.0, ENERGY, "joule", "joule", "joules")
_add("Hz", 1.0, FREQUENCY, "hertz", "hertz")
for p, word, factor in _DECIMAL[:3]:
    _add(f"{p}Hz", factor, FREQUENCY, f"{word}hertz")

#: Number words and letter multipliers: ``200k tokens``, ``$0.19 per million tokens``.
#: The single letters count only right after a number, where they cannot be a unit.
MULTIPLIER_WORDS: dict[str, float] = {
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
}
MULTIPLIER_LETTERS: dict[str, float] = {"k": 1e3, "K": 1e3, "M": 1e6}

#: Units written before the number (``$3``) rather than after it.
PREFIX_UNITS = frozenset({"$"})


def lookup(spelling: str) -> Unit | None:
    return UNITS.get(spelling)


def all_spellings() -> list[str]:
    return [*UNITS, *MULTIPLIER_WORDS]
