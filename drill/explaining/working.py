"""Products and quotients worked out loud: "two thousand times 128 KiB, about 262 MB",
"3.35 TB/s times 15 ms gives 50 GB", "a thousand times two hundred, so two hundred
thousand tokens".

A figure that follows a run of figures joined by "times" or "over", with only a few
linking words between ("so", "that's about", "is roughly"), and that equals what the run
gives is the speaker's own working: it follows from what was just said, whatever quantity
of the card it happens to be near. Only the numbers said are multiplied and divided, left
to right, as floats; nothing is evaluated, and a run is at most a few figures long.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from drill.checking.figures import Figure
from drill.checking.tolerance import relative_off

#: What may join two figures of a run: one product or quotient, said or written.
_OPERATOR = re.compile(r"\s*(thousand|million|billion|trillion)?\s*"
                       r"(times|x|×|\*|·|over|divided\s+by|/|÷)\s*", re.IGNORECASE)
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
#: Words that may stand between a run and what it gives ("so that's about").
_LINKS = frozenset({
    "that's", "that", "is", "which", "gives", "give", "you", "get", "equals", "comes",
    "to", "makes", "so", "about", "roughly", "around", "approximately", "nearly",
    "almost", "just", "call", "it", "it's", "or", "some", "and", "under", "over",
    "a", "bit", "little", "=", "≈", "~", "then",
})
_LINK_WORD = re.compile(r"[^\s,:=≈~]+|[=≈~]")
#: How many figures a run may join, and how many linking words may follow it.
MAX_RUN, MAX_LINKS = 5, 6


def worked_out(text: str, figures: Sequence[Figure], tolerance: float) -> frozenset[int]:
    """The indexes of the figures of ``text`` that equal the product or quotient said
    just before them (see the module)."""
    found = set()
    for index in range(2, len(figures)):
        if not _linked(text[figures[index - 1].end:figures[index].start]):
            continue
        value = _run_value(text, figures, index - 1)
        if value is None:
            continue
        said = figures[index].value.value
        slack = max(tolerance, figures[index].precision)
        if value > 0 and said > 0 and relative_off(said, value) <= slack:
            found.add(index)
    return frozenset(found)


def _linked(between: str) -> bool:
    """Whether ``between`` only links a run to what it gives ("so that's about")."""
    if len(between) > 60 or re.search(r"[.;!?]", between):
        return False
    words = _LINK_WORD.findall(between.casefold())
    return len(words) <= MAX_LINKS and all(word in _LINKS for word in words)


def _run_value(text: str, figures: Sequence[Figure], last: int) -> float | None:
    """What the run of figures ending at ``figures[last]`` gives, or None when no two
    figures are joined there."""
    first = last
    ops: list[str] = []
    scales = [1.0]  # a scale word the figure reader left off ("8.03 billion times")
    while first > 0 and last - first + 1 < MAX_RUN:
        gap = text[figures[first - 1].end:figures[first].start]
        joined = _OPERATOR.fullmatch(gap) if len(gap) <= 24 else None
        if joined is None:
            break
        ops.insert(0, joined.group(2).casefold())
        scales.insert(0, _SCALES.get((joined.group(1) or "").casefold(), 1.0))
        first -= 1
    if not ops:
        return None
    value = figures[first].value.value * scales[0]
    for op, figure, scale in zip(ops, figures[first + 1:last + 1], scales[1:], strict=True):
        operand = figure.value.value * scale
        if op in ("over", "/", "÷") or op.startswith("divided"):
            if operand == 0:
                return None
            value /= operand
        else:
            value *= operand
    return value
