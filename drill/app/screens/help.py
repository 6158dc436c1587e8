"""The `?` screen: every key of the screen it was opened on, and what each does.

Rows come from the screen's own bindings (their tooltip, else their description), then
the screen's ``KEY_NOTES`` (keys that are not bindings, such as typing an answer), then
the keys that work everywhere. So the list cannot drift from what the keys do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

#: Keys of the app itself, on every screen.
EVERYWHERE: tuple[tuple[str, str], ...] = (
    ("?", "this list of keys"),
    ("F2", "the calculator: beside the card on a wide review, else over the screen "
           "(ans: its last result, in answers too)"),
    ("Ctrl+P", "every command, and the themes"),
    ("Ctrl+Q", "quit"),
)


def key_rows(screen: Screen[object]) -> list[tuple[str, str]]:
    """(key, what it does) for each key of ``screen``, in the order it declares them."""
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    bindings: Iterable[BindingType] = type(screen).BINDINGS
    for binding in bindings:
        if not isinstance(binding, Binding) or not binding.description:
            continue
        keys = " · ".join(
            screen.app.get_key_display(dataclasses.replace(binding, key=key.strip()))
            for key in binding.key.split(",")
        )
        what = binding.tooltip or binding.description
        if keys in seen:
            continue
        seen.add(keys)
        rows.append((keys, what[0].lower() + what[1:]))
    notes: Sequence[tuple[str, str]] = getattr(screen, "KEY_NOTES", ())
    rows.extend(notes)
    rows.extend(EVERYWHERE)
    return rows


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen #help-box {
        width: 90%; max-width: 90; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    HelpScreen #help-title { margin: 0 0 1 0; text-style: bold; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q,enter", "close", "Close"),
    ]

    def __init__(self, title: str, rows: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.rows = list(rows)

    def compose(self) -> ComposeResult:
        width = max((len(key) for key, _ in self.rows), default=4) + 2
        lines = [
            Content.assemble((key.ljust(width), "bold $text-accent"), what)
            for key, what in self.rows
        ]
        with VerticalScroll(id="help-box"):
            yield Static(f"Keys: {self.title_text}", id="help-title")
            yield Static(Content("\n").join(lines), id="help-keys")
            yield Static(Content.styled("Esc or ? closes this list", "$text-muted"))

    def action_close(self) -> None:
        self.dismiss(None)
