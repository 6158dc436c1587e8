"""``e`` on a card: its pack file in the user's editor at the card's line, the packs
reloaded when the editor closes; or, where no editor can be run, a small modal with where
the card is written (file:line) and the lines around it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult, SuspendNotSupported
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
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

    def __init__(self, card: Card, path: Path | None = None, note: str = "") -> None:
        """``note``: why the file was not opened in the editor (shown first)."""
        super().__init__()
        self.card = card
        self.path = path or Path(card.where.file)  # the pack file, to show its lines
        self.note = note

    def compose(self) -> ComposeResult:
        where = self.card.where
        with Vertical(id="source-box"):
            if self.note:
                yield Static(Content.styled(self.note, "$text-warning"), id="source-note")
            yield Static(Content.assemble(("Source of ", "$text-muted"), (self.card.key, "bold")))
            yield Static(Content.styled(str(where), "$text-accent"), id="source-location")
            if where.line:
                yield Static(excerpt(self.path, where.line), id="source-excerpt")
            yield Static(Content.styled("Esc to close", "$text-muted"))

    def on_click(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


async def edit_card(screen: Screen[Any], card: Card, path: Path | None) -> None:
    """Open the card's file in ``$VISUAL`` or ``$EDITOR`` at its line, with the terminal
    handed over, then reload the packs as ``r`` does (the checker's findings show, or
    "Reloaded"). Without an editor, on a read-only file, or where the terminal cannot be
    handed over, show the file and line instead, with why."""
    from drill.authoring.editor import (
        EditorCommand,
        NoEditor,
        edit_problem,
        editor_command,
        editor_setting,
    )
    from drill.packs.locate import installed_packs_dir

    file = path or Path(card.where.file)
    line = card.where.line or None
    problem = edit_problem(file, installed_packs_dir())
    command = None if problem else editor_command(editor_setting(os.environ), file, line)
    if isinstance(command, NoEditor):
        problem = command.reason
    if problem is not None or not isinstance(command, EditorCommand):
        screen.app.push_screen(SourceScreen(card, path, note=problem or ""))
        return
    try:
        with screen.app.suspend():
            # An argument list, never a shell: see drill.authoring.editor.
            finished = subprocess.run(command.argv, check=False)
    except SuspendNotSupported:
        screen.app.push_screen(SourceScreen(card, path, note=(
            "This terminal cannot be handed to an editor: open the file yourself, then r on "
            "Home reloads it")))
        return
    except OSError as error:
        screen.notify(f"Cannot run {command.argv[0]}: {error.strerror or error}",
                      severity="error", timeout=8)
        return
    if finished.returncode != 0:
        screen.notify(f"{command.program} exited with status {finished.returncode}",
                      severity="warning", timeout=6)
    if not command.at_line and line is not None:
        screen.notify(f"{command.program} was opened at the top: the card is at line {line}",
                      timeout=6)
    await screen.app.run_action("reload_packs")
