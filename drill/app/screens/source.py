"""A small modal: where a card is written (file:line) and the lines around it."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from drill.packs.model import Card

CONTEXT_LINES = 8


def excerpt(path: Path, line: int, after: int = CONTEXT_LINES) -> Content:
    """The card's first lines in its file, numbered, the card's own line marked."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError as error:
        return Content.styled(f"cannot read the file: {error.strerror or error}", "$text-error")
    start = max(0, line - 1)
    shown = []
    for number in range(start, min(len(lines), start + after)):
        style = "bold" if number == start else "$text-muted"
        shown.append(Content.assemble((f"{number + 1:>5} │ ", "$text-muted"),
                                      (lines[number], style)))
    return Content("\n").join(shown)


class SourceScreen(ModalScreen[None]):
    CSS_PATH = "source.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,e,q,enter", "close", "Close")]

    def __init__(self, card: Card, path: Path | None = None) -> None:
        super().__init__()
        self.card = card
        self.path = path or Path(card.where.file)  # the pack file, to show its lines

    def compose(self) -> ComposeResult:
        where = self.card.where
        with Vertical(id="source-box"):
            yield Static(Content.assemble(("Source of ", "$text-muted"), (self.card.key, "bold")))
            yield Static(Content.styled(str(where), "$text-accent"), id="source-location")
            if where.line:
                yield Static(excerpt(self.path, where.line), id="source-excerpt")
            yield Static(Content.styled("Esc to close", "$text-muted"))

    def on_click(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
