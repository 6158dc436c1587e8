"""Explain mode in the app: a multi-line box for the minute's answer, checked on Ctrl+S.

The result marks each wrong figure with the right one and the mistake, and lists the
card's key points made and missed. The screen gets its two doors to the domain passed
in (``check`` and ``save``): the text is saved, as the learner's own writing, when it is
checked.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static, TextArea

if TYPE_CHECKING:
    from drill.explaining.explain import Explanation
    from drill.packs.model import Card


def result_content(result: Explanation) -> Content:
    """The check as styled lines: wrong figures first, then the points."""
    if result.refused:
        return Content.styled(result.refused, "$text-warning")
    parts: list[Content] = []
    verdicts = [f.verdict for f in result.figures]
    again = (f" · {verdicts.count('again')} said again", "$text-muted") if "again" in verdicts \
        else ""
    parts.append(Content.assemble(
        ("figures ", "bold"), (f"{verdicts.count('right')} right", "$text-success"), " · ",
        (f"{verdicts.count('wrong')} wrong", "$text-error" if result.wrong else "$text-muted"),
        again))
    for figure in result.wrong:
        parts.append(Content.assemble(("✗ ", "$text-error"), (figure.text, "bold"),
                                      f": {figure.mistake}"))
    for equation in result.equations:
        if equation.verdict == "wrong":
            parts.append(Content.assemble(("✗ ", "$text-error"), equation.message or ""))
    parts += [Content.styled(note, "$text-muted") for note in result.notes()]
    if result.points:
        parts.append(Content.styled(f"key points {len(result.covered)} of "
                                    f"{len(result.points)}", "bold"))
        for point in result.points:
            if point.covered:
                parts.append(Content.assemble(("✓ ", "$text-success"), point.text,
                                              (f"  ({', '.join(point.matched)})", "$text-muted")))
            else:
                parts.append(Content.assemble(("✗ ", "$text-error"), point.text))
    return Content("\n").join(parts)


class ExplainScreen(ModalScreen[None]):
    """The explain box over a card."""

    CSS_PATH = "explain.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "check", "Check", priority=True),
        Binding("escape", "close", "Close", priority=True),
    ]

    def __init__(self, card: Card, check: Callable[[str], Explanation],
                 save: Callable[[Explanation, float], str | None]) -> None:
        super().__init__()
        self.card = card
        self.check = check
        self.save = save
        self.opened = time.monotonic()
        self.result: Explanation | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="explain-box"):
            yield Static(Content.assemble(("Explain ", "$text-muted"),
                                          (self.card.shown_key, "bold"),
                                          ("  say it as you would in a minute", "$text-muted")))
            yield TextArea(id="explain-text", soft_wrap=True, show_line_numbers=False)
            with VerticalScroll(id="explain-result"):
                yield Static(Content.styled("Ctrl+S checks the figures and key points; "
                                            "Esc closes", "$text-muted"), id="explain-verdict")

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def action_check(self) -> None:
        text = self.query_one(TextArea).text
        result = self.check(text)
        self.result = result
        self.query_one("#explain-verdict", Static).update(result_content(result))
        if result.refused is None:
            problem = self.save(result, time.monotonic() - self.opened)
            if problem:
                self.notify(problem, severity="error")

    def action_close(self) -> None:
        self.dismiss(None)
