"""Whether a typed working could be how a card's mistake is made: blame only what shows.

Two mistakes of an ask can share a value (``16 GB ÷ 989 TFLOPS`` and a prefill that
forgot its prompt both come to 0.0162 ms), and a right-looking working can land near a
mistake by chance (the weights alone are within 5% of the weights plus one user's KV).
So a card's mistake is named for a worked answer only when the working does not
contradict the mistake's formula: the kinds of quantity it puts above and below the line,
and, when every quantity typed is one of the card's givens, which givens it used.
A bare number shows no working; it is never contradicted (and never asserted).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from drill.grading.target import Known
from drill.quantities import dimensions as dims
from drill.quantities.parsing.nodes import BinOp, Measure, Negate, Node, Number, UnitRef
from drill.quantities.quantity import Quantity

#: Two figures are one given when they agree this closely (rounding in the typing).
_SAME_GIVEN = 2e-3
_AMOUNTS = ("information", "computation", "currency")


def shows_working(tree: Node) -> bool:
    """Whether the answer is worked (``16 GB / 3.35 TB/s``) rather than one figure
    (``4.8 ms``, ``$4.17 per million tokens``)."""
    return any(isinstance(node, BinOp) and node.style != "per" for node in tree.walk())


def contradicts(tree: Node, uses: Sequence[tuple[str, int]],
                knowns: Sequence[Known]) -> bool:
    """True when the working ``tree`` cannot be how the mistake with ``uses`` was made."""
    leaves = [(q, side) for q, side in _leaves(tree, 1) if not q.dimensionless]
    if not leaves or not uses:
        return False
    givens = {k.name: k.value for k in knowns if k.uses == (k.name,)}
    # Amounts above the line that the mistake never puts there: "FLOP ÷ FLOP/s" is not
    # "bytes ÷ FLOP/s". Only bytes, FLOPs and money: a time or a rate above may be a
    # figure worked out along the way from the very givens the mistake uses.
    mistake_amounts = {_amount(givens[name].dim) for name, side in uses
                       if side == 1 and name in givens} - {None}
    typed_amounts = {_amount(value.dim) for value, side in leaves if side == 1} - {None}
    if typed_amounts and mistake_amounts and not typed_amounts & mistake_amounts:
        return True
    return _leaves_out_a_given(tree, leaves, uses, knowns, givens)


def _amount(dimension: dims.Dim) -> str | None:
    for name in _AMOUNTS:
        if dimension == dims.dim({name: 1}):
            return name
    return None


def _leaves_out_a_given(tree: Node, leaves: list[tuple[Quantity, int]],
                        uses: Sequence[tuple[str, int]], knowns: Sequence[Known],
                        givens: Mapping[str, Quantity]) -> bool:
    """When every quantity typed is one of the card's figures (a given, or a result such
    as the 4.78 ms floor), the working used exactly their givens: a mistake that needs
    another dimensioned given (one user's KV) is not what was done."""
    used: set[str] = set()
    for value, _ in leaves:
        matched = [k for k in knowns if _same(value, k.value)]
        if not matched:
            return False  # a figure of the learner's own: which givens it holds is unknown
        for known in matched:
            used.update(known.uses)
    numbers = [node.value for node in tree.walk() if isinstance(node, Number)]
    for name, _ in uses:
        given = givens.get(name)
        if given is None or dims.without_counts(given.dim) == dims.DIMENSIONLESS:
            continue
        if name in used or any(_close(number, given.value) for number in numbers):
            continue
        return True
    return False


def _leaves(node: Node, side: int) -> Iterator[tuple[Quantity, int]]:
    """Every quantity of the working with its side of the line."""
    if isinstance(node, BinOp):
        if node.op == "/":
            yield from _leaves(node.left, side)
            yield from _leaves(node.right, -side)
        else:
            yield from _leaves(node.left, side)
            yield from _leaves(node.right, side)
        return
    if isinstance(node, Negate):
        yield from _leaves(node.operand, side)
        return
    if isinstance(node, Measure | UnitRef):
        try:
            yield node.evaluate(), side
        except ValueError:
            return
    # Numbers weigh nothing here; powers and recalled values are left out.


def _same(value: Quantity, known: Quantity) -> bool:
    """One figure, counts aside: "32 tokens" is the batch of 32."""
    return (dims.without_counts(value.dim) == dims.without_counts(known.dim)
            and _close(value.value, known.value))


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= _SAME_GIVEN * abs(b)
