"""The calculator as an overlay, reachable from anywhere with F2.

It sits over whatever screen was showing (its top still in view), so a user can work a
number out mid-card and go back (Escape, or F2 again) to the card, its timer still
running. On a review screen wide enough, the calculator shows beside the card instead
(see :mod:`drill.app.widgets.calculator_panel`, the body both share). The history lives
in the app's :class:`~drill.quantities.calculator.Scratchpad`, so it survives closing.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer

from drill.app.widgets.calculator_panel import CalculatorPanel
from drill.quantities.calculator import Scratchpad


class CalculatorScreen(ModalScreen[None]):
    """The calculator over the bottom of the screen it was opened on."""

    CSS_PATH = "calculator.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),  # from the history list (not while typing)
    ]

    #: Keys of the calculator's body (its own bindings), for the ? list.
    KEY_NOTES: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Enter", "keep the line in the history; ans is its result from now on"),
        ("Up · Down", "earlier and later lines, to edit and run again"),
        ("Ctrl+L", "clear the history"),
        ("F2", "close the calculator"),
    )

    def __init__(self, pad: Scratchpad) -> None:
        super().__init__()
        self.pad = pad

    def compose(self) -> ComposeResult:
        with Vertical(id="calc-box"):
            yield CalculatorPanel(self.pad, id="calc-panel")
            yield Footer()  # in the box: docked to the screen, the box would cover it

    def on_mount(self) -> None:
        self.query_one(CalculatorPanel).entry.focus()

    def action_close(self) -> None:
        self.dismiss(None)
