"""The calculator's body: a history of lines worked out, the live echo, the input.

One widget for both places the calculator shows: beside the card on a wide review screen
(:class:`~drill.app.screens.review.ReviewScreen` docks it on the right) and in the
calculator overlay (:class:`~drill.app.screens.calculator.CalculatorScreen`). The history
lives in the :class:`~drill.quantities.calculator.Scratchpad` it is given (the app's),
so it survives closing the panel, and its last result is what ``ans`` stands for in an
answer box.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Input, OptionList, Static
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
        return Content.styled("Math with units: 16 GB / 3.35 TB/s · ans: the last result, "
                              "in answers too", "$text-muted")
    if result.error:
        return Content.styled(f"✗ {result.error}", "$text-error")
    return Content.assemble(
        ("read as ", "$text-muted"), result.echo, "  =  ", (result.text, "bold")
    )


class CalculatorPanel(Vertical):
    """Work out expressions with units; Enter keeps a line in the history."""

    DEFAULT_CSS = """
    CalculatorPanel { height: 1fr; }
    CalculatorPanel #calc-title { padding: 0 1; text-style: bold; }
    CalculatorPanel #calc-history {
        height: 1fr; border: round $primary 50%; background: $surface;
    }
    CalculatorPanel #calc-echo { height: auto; min-height: 1; padding: 0 1; }
    CalculatorPanel #calc-entry { height: auto; }
    CalculatorPanel #calc-input { width: 1fr; }
    CalculatorPanel #calc-to { width: 14; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "recall(-1)", "Earlier", show=False),
        Binding("down", "recall(1)", "Later", show=False),
        Binding("ctrl+l", "clear_history", "Clear", tooltip="Clear the calculator's history"),
    ]

    def __init__(self, pad: Scratchpad, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.pad = pad
        self._recall_index = len(pad.history)

    def compose(self) -> ComposeResult:
        yield Static("Calculator", id="calc-title")
        yield OptionList(id="calc-history")
        yield Static(id="calc-echo")
        with Horizontal(id="calc-entry"):
            yield Input(placeholder="16 GB / 3.35 TB/s", id="calc-input")
            yield Input(placeholder="to unit", id="calc-to")

    def on_mount(self) -> None:
        self.show_history()

    def show_history(self) -> None:
        """The history as the scratchpad has it now (another panel may have added to it
        while this one was hidden)."""
        history = self.query_one("#calc-history", OptionList)
        history.clear_options()
        history.add_options(Option(describe_result(r)) for r in self.pad.history)
        history.highlighted = len(self.pad.history) - 1 if self.pad.history else None
        history.scroll_end(animate=False)
        self._recall_index = len(self.pad.history)
        self._show_echo()

    @property
    def entry(self) -> Input:
        return self.query_one("#calc-input", Input)

    @property
    def _to_unit(self) -> str | None:
        return self.query_one("#calc-to", Input).value.strip() or None

    def _show_echo(self) -> None:
        result = self.pad.calculate(self.entry.value, self._to_unit)
        self.query_one("#calc-echo", Static).update(live_echo(result))

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        event.stop()  # the calculator's text, not an answer's
        self._show_echo()

    @on(Input.Submitted)
    def _entered(self, event: Input.Submitted) -> None:
        event.stop()
        entry = self.entry
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
        event.stop()
        entry = self.entry
        entry.value = self.pad.history[event.option_index].expression
        entry.focus()
        entry.cursor_position = len(entry.value)

    def action_recall(self, step: int) -> None:
        """Up and Down in the input walk through earlier lines, as in a shell."""
        entry = self.entry
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
