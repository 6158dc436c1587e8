"""Shown instead of Home when the review data cannot be opened.

A corrupt, locked or newer-version database, or a bad settings file: the domain's own
one-line message names the file. Nothing has been written; the user fixes it and quits.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static


class ProblemScreen(Screen[None]):
    CSS_PATH = "problem.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape,enter", "quit", "Quit"),
    ]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="problem-box"):
            yield Static("drill cannot open your review data", id="problem-title")
            yield Static(Content(self.message), id="problem-message")
            yield Static(
                "Nothing was changed or overwritten. Fix or move the file named above, or "
                "start drill with another data folder (--data DIR), then try again.",
                id="problem-help",
            )
        yield Footer()

    def action_quit(self) -> None:
        self.app.exit(1, return_code=1)  # drill exits 1: it could not do its job
