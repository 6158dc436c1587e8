"""The back of a card: the 60-second answer, key numbers, the tip, each ask's reference."""

from __future__ import annotations

from textual.content import Content

from drill.app.backend import Prepared
from drill.packs.model import Card


def answer_text(card: Card, prepared: Prepared | None) -> Content:
    """Everything the reveal shows, as one block of text."""
    blocks: list[Content] = []
    if card.answer:
        blocks.append(_section("The answer", [Content(f"• {point}") for point in card.answer]))
    if card.key_numbers:
        blocks.append(_section("Key numbers", [Content(f"• {n}") for n in card.key_numbers]))
    if card.tip:
        blocks.append(_section("Tip", [Content.styled(card.tip, "italic")]))
    if card.asks:
        blocks.append(_section("Reference values", reference_lines(card, prepared)))
    if not blocks:
        blocks.append(Content.styled("This card has no written answer.", "$text-muted"))
    return Content("\n\n").join(blocks)


def reference_lines(card: Card, prepared: Prepared | None) -> list[Content]:
    """Per ask, named as on the front ("1. <question>"): the reference in its display
    unit, then how it is worked out."""
    if prepared is None:
        return [Content.styled("working out the reference values…", "$text-muted")]
    if prepared.error:
        return [Content.styled(prepared.error, "$text-warning")]
    lines: list[Content] = []
    for number, ask in enumerate(card.asks, 1):
        lines.append(Content.styled(f"{number}. {ask.question}", "bold"))
        target = prepared.targets.get(ask.id)
        if target is None:
            problem = prepared.problems.get(ask.id, "no reference value")
            lines.append(Content.styled(f"    {problem}", "$text-warning"))
            continue
        from drill.grading.target import expected_side

        lines.append(Content.assemble(
            "    ", (expected_side(target).text, "bold $text-success"),
        ))
        for working in working_of(prepared, ask.value):
            lines.append(Content.styled(f"    {working}", "$text-muted"))
    return lines


def working_of(prepared: Prepared, result: str) -> list[str]:
    """How a solver result is worked out: "weights ÷ bandwidth = 16 GB ÷ 3.35 TB/s = 4.78 ms"."""
    if prepared.solution is None:
        return []
    found = prepared.solution.results.get(result)
    return [found.working] if found is not None and found.working else []


def _section(title: str, lines: list[Content]) -> Content:
    return Content("\n").join([Content.styled(title, "bold $text-primary"), *lines])
