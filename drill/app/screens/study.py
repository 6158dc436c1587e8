"""Choose what to study: one pack (on its schedule) or a filtered set (extra practice).

The sets come from the domain (``drill.review.study_sets``); this modal lists them and
hands the chosen one back to Home.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from drill.review.study_sets import StudySet


class StudyScreen(ModalScreen[StudySet | None]):
    DEFAULT_CSS = """
    StudyScreen { align: center middle; }
    StudyScreen #study-box {
        width: 90%; max-width: 80; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    StudyScreen OptionList { height: auto; max-height: 20; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", "Close")]

    def __init__(self, sets: Sequence[StudySet]) -> None:
        super().__init__()
        self.sets = list(sets)

    def compose(self) -> ComposeResult:
        with Vertical(id="study-box"):
            yield Static(Content.styled("Study…", "bold"))
            yield OptionList(*(
                Option(Content.assemble((s.title, "bold"), "  ", (s.detail, "$text-muted")),
                       id=str(index), disabled=s.empty)
                for index, s in enumerate(self.sets)
            ), id="study-sets")
            yield Static(Content.styled("Enter studies it · Esc closes", "$text-muted"))

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.sets[int(event.option.id or 0)])

    def action_close(self) -> None:
        self.dismiss(None)
