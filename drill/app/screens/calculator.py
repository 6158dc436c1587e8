"""The unit-aware scratchpad (``drill calc``) as a screen, reachable from anywhere.

It sits on top of whatever screen was showing, so a user can work a number out mid-card
and go back (Escape) to the card, its timer still running. The history lives in a
:class:`~drill.quantities.calculator.Scratchpad` owned by the app, so it survives closing
the screen.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from drill.quantities.calculator import CalcResult, Scratchpad


def describe_result(result: CalcResult) -> Content:
    """One history entry: the typed text, then the value or the error, then the echo."""
    if result.error:
        return Content.assemble(
            (result.expression, "bold"), "\n  ", (f"✗ {result.error}", "$text-error")
        )
    return Content.assemble(
        (result.expression, "bold"),
        "  =  ",
        (result.text, "bold $text-success"),
        "\n  ",
        (f"read as {result.echo} · {result.dimension}", "$text-muted"),
    )


def live_echo(result: CalcResult) -> Content:
    """The line under the input while typing: how the text is read, and its value."""
    if not result.expression.strip():
        return Content.styled("Type math with units: 16 GB / 3.35 TB/s  ·  ans is the last "
                              "result", "$text-muted")
    if result.error:
        return Content.styled(f"✗ {result.error}", "$text-error")
    return Content.assemble(
        ("read as ", "$text-muted"), result.echo, "  =  ", (result.text, "bold")
    )


class CalculatorScreen(Screen[None]):
    """Work out expressions with units; Enter keeps a line in the history."""

    CSS_PATH = "calculator.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),  # from the history list (not while typing)
        Binding("up", "recall(-1)", "Earlier", show=False),
        Binding("down", "recall(1)", "Later", show=False),
        Binding("ctrl+l", "clear_history", "Clear"),
    ]

    def __init__(self, pad: Scratchpad) -> None:
        super().__init__()
        self.pad = pad
        self._recall_index = len(pad.history)

    def compose(self) -> ComposeResult:
        yield Static("Calculator", id="calc-title", classes="screen-title")
        yield OptionList(id="calc-history")
        yield Static(id="calc-echo")
        with Horizontal(id="calc-entry"):
            yield Input(placeholder="16 GB / 3.35 TB/s", id="calc-input")
            yield Input(placeholder="to unit", id="calc-to")
        yield Footer()

    def on_mount(self) -> None:
        history = self.query_one("#calc-history", OptionList)
        history.add_options(Option(describe_result(r)) for r in self.pad.history)
        history.highlighted = len(self.pad.history) - 1 if self.pad.history else None
        history.scroll_end(animate=False)
        self._show_echo()
        self.query_one("#calc-input", Input).focus()

    @property
    def _to_unit(self) -> str | None:
        return self.query_one("#calc-to", Input).value.strip() or None

    def _show_echo(self) -> None:
        text = self.query_one("#calc-input", Input).value
        result = self.pad.calculate(text, self._to_unit)
        self.query_one("#calc-echo", Static).update(live_echo(result))

    @on(Input.Changed)
    def _typed(self) -> None:
        self._show_echo()

    @on(Input.Submitted)
    def _entered(self) -> None:
        entry = self.query_one("#calc-input", Input)
        if not entry.value.strip():
            return
        result = self.pad.enter(entry.value, self._to_unit)
        history = self.query_one("#calc-history", OptionList)
        history.add_option(Option(describe_result(result)))
        history.highlighted = history.option_count - 1
        history.scroll_end(animate=False)
        self._recall_index = len(self.pad.history)
        entry.value = ""
        entry.focus()

    @on(OptionList.OptionSelected, "#calc-history")
    def _reuse(self, event: OptionList.OptionSelected) -> None:
        """Picking a past line puts its text back in the input, to edit and run again."""
        entry = self.query_one("#calc-input", Input)
        entry.value = self.pad.history[event.option_index].expression
        entry.focus()
        entry.cursor_position = len(entry.value)

    def action_recall(self, step: int) -> None:
        """Up and Down in the input walk through earlier lines, as in a shell."""
        entry = self.query_one("#calc-input", Input)
        if not entry.has_focus or not self.pad.history:
            return
        self._recall_index = max(0, min(len(self.pad.history), self._recall_index + step))
        if self._recall_index == len(self.pad.history):
            entry.value = ""
        else:
            entry.value = self.pad.history[self._recall_index].expression
        entry.cursor_position = len(entry.value)

    def action_clear_history(self) -> None:
        self.pad.history.clear()
        self._recall_index = 0
        self.query_one("#calc-history", OptionList).clear_options()

    def action_close(self) -> None:
        self.dismiss(None)
