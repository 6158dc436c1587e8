"""Second readings of a typed answer, tried only when the first cannot be what was meant.

A person writes ``16/3.35 ms`` and means (16 ÷ 3.35) ms; writes ``64 users × 537 MB`` and
means 34.4 GB, the users only saying what was counted; answers a "%" ask with ``0.25``
and means a quarter. Read literally, each has another dimension or size than the ask, and
would be graded as a slip that was never made. Each reading here is well defined, is tried
only when the literal one does not fit the ask, and says in one line how it read the text.

What stays strict: a count that *replaces* the asked one (``200 requests/s`` for a token
rate) is a real slip, and no reading here changes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drill.quantities import dimensions as dims
from drill.quantities.parsing.nodes import BinOp, Measure, Negate, Node, Number, Recalled, UnitRef
from drill.quantities.quantity import Quantity


@dataclass(frozen=True, slots=True)
class Rewritten:
    """Answer text said another way before reading, and the note that says so."""

    text: str
    note: str


#: "18% faster", "1.18x faster", "2× slower": speed-ups in words.
_FASTER = re.compile(
    r"^\s*(?:[≈~]|about|roughly|around)?\s*(?P<n>\d+(?:\.\d+)?)\s*(?P<how>%|x|×|times)\s*"
    r"(?P<word>faster|quicker|speed-?up|slower)\s*\.?\s*$", re.IGNORECASE)


#: "17.6%" alone: on a speed-up ask above 1, a gain.
_GAIN = re.compile(r"^\s*(?:[≈~]|about|roughly|around)?\s*(?P<n>\d+(?:\.\d+)?)\s*%\s*\.?\s*$")


def gain_in_percent(text: str, reference: float) -> Rewritten | None:
    """``17.6%`` on a speed-up ask whose answer is above 1 is a 17.6% gain, 1.176×: a
    slowdown to 0.176× is no answer anyone means there. None otherwise."""
    match = _GAIN.match(text)
    if match is None or reference <= 1 or float(match["n"]) >= 100:
        return None
    factor = 1 + float(match["n"]) / 100
    shown = f"{factor:.6g}×"
    return Rewritten(shown, f"'{match.group(0).strip()}' is read as a gain: {shown}")


def speedup_in_words(text: str) -> Rewritten | None:
    """``18% faster`` as 1.18×, ``2× faster`` as 2×, ``2× slower`` as 0.5×; None when the
    text is not a speed-up in words. Only for asks in ×."""
    match = _FASTER.match(text)
    if match is None:
        return None
    number = float(match["n"])
    percent = match["how"] == "%"
    slower = match["word"].lower() == "slower"
    if percent and slower:
        return None  # "20% slower" is 0.8× or 1 ÷ 1.2: no single reading is fair
    factor = 1 + number / 100 if percent else number
    if slower:
        if factor == 0:
            return None
        factor = 1 / factor
    shown = f"{factor:.6g}×"
    return Rewritten(shown, f"'{match.group(0).strip()}' is read as {shown}")


def has_a_number(tree: Node) -> bool:
    """Whether the answer holds any number at all: ``ms`` alone is a unit, not an answer,
    and so is ``$ per million tokens`` (a number after ``per`` only sizes the unit)."""
    if isinstance(tree, BinOp) and tree.style == "per":
        return has_a_number(tree.left)
    return any(isinstance(node, Number | Recalled) for node in tree.walk())


def trailing_unit(tree: Node) -> tuple[Node, str] | None:
    """``16/3.35 ms`` as (16 ÷ 3.35) ms: the unit after plain-number arithmetic applied to
    all of it. None unless every other operand is a plain number and the tree is
    arithmetic (× and ÷) ending in that one quantity."""
    if not isinstance(tree, BinOp) or tree.op not in "*/" or tree.style == "per":
        return None
    last = _rightmost(tree)
    if not isinstance(last, Measure) or not _plain(last.amount):
        return None
    if any(isinstance(n, UnitRef | Recalled) and not _inside(n, last) for n in tree.walk()):
        return None
    bare = _replace_rightmost(tree, last.amount)
    regrouped = Measure(bare, last.unit)
    return regrouped, f"read as ({bare.echo()}) {last.unit.echo()}"


def counts_as_labels(value: Quantity, expected: dims.Dim) -> tuple[Quantity, str] | None:
    """``64 users × 537 MB`` as 34.4 GB: counts above the line that the ask does not have
    only say what was counted. None when anything else differs, or when a count is below
    the line or is one the ask has (then it is a claim, not a label)."""
    if value.dim == expected:
        return None
    extra = dims.divide(value.dim, expected)
    if extra == dims.DIMENSIONLESS or dims.counts_only(extra) != extra:
        return None
    names = []
    for i, power in enumerate(extra):
        if power == 0:
            continue
        if power < 0 or expected[i] != 0:
            return None
        names.append(dims.BASES[i] + "s")
    return Quantity(value.value, expected), f"'{' and '.join(names)}' read as a label"


def is_plain_arithmetic(tree: Node) -> bool:
    """Only numbers and operators: ``0.25``, ``1.2/4.8``, ``1.2/4.8*100``."""
    return not any(isinstance(node, UnitRef | Recalled) for node in tree.walk())


def _plain(node: Node) -> bool:
    if isinstance(node, Negate):
        node = node.operand
    return isinstance(node, Number)


def _rightmost(node: Node) -> Node:
    while isinstance(node, BinOp) and node.op in "*/" and node.style != "per":
        node = node.right
    return node


def _replace_rightmost(node: Node, replacement: Node) -> Node:
    if isinstance(node, BinOp) and node.op in "*/" and node.style != "per":
        return BinOp(node.op, node.left, _replace_rightmost(node.right, replacement),
                     node.style)
    return replacement


def _inside(node: Node, container: Node) -> bool:
    return any(child is node for child in container.walk())
