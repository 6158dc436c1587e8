"""The Labs menu (``l`` on Home): the simulations, the roofline explorer, the exercises
and the calculator, each one key away.

It hands the chosen lab back as the name of an app action (``simulations``,
``roofline``, ``exercises``, ``calculator``); the app opens it.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

#: (key, app action, title, what it is), in the menu's order.
LABS: tuple[tuple[str, str, str, str], ...] = (
    ("s", "simulations", "Simulations", "queues, fan-out and P99s, seeded runs"),
    ("r", "roofline", "Roofline explorer", "a GEMM on a GPU's roofline"),
    ("e", "exercises", "Exercises", "write a function, check it on cases"),
    ("c", "calculator", "Calculator", "math with units (F2 anywhere)"),
)


class LabsScreen(ModalScreen[str | None]):
    DEFAULT_CSS = """
    LabsScreen { align: center middle; }
    LabsScreen #labs-box {
        width: 90%; max-width: 80; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    LabsScreen OptionList { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{action}')", title, tooltip=f"{title}: {about}")
          for key, action, title, about in LABS),
        Binding("escape,q", "close", "Close"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="labs-box"):
            yield Static(Content.styled("Labs", "bold"))
            yield OptionList(*(
                Option(Content.assemble((f"{key}  ", "bold $text-accent"), (title, "bold"),
                                        "  ", (about, "$text-muted")), id=action)
                for key, action, title, about in LABS
            ), id="labs-list")
            yield Static(Content.styled("Enter or its key opens it · Esc closes",
                                        "$text-muted"))

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_choose(self, action: str) -> None:
        self.dismiss(action)

    def action_close(self) -> None:
        self.dismiss(None)
