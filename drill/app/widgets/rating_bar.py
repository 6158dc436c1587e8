"""The four rating buttons, each with the interval it would give; the suggestion stands out.

Every label is shown whole at every width: each button is as wide as its label, and when
the four do not fit in a row the labels drop their " · " (at 60 columns "1 Again 10m").
Below the buttons a note says why the suggested rating is suggested (and about the
follow-up card).
"""

from __future__ import annotations

from collections.abc import Mapping

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Static

NAMES = {1: "Again", 2: "Hard", 3: "Good", 4: "Easy"}
BUTTON_PADDING = 2  # a compact button's padding, one column each side
BUTTON_GAP = 1  # the margin after each button


def button_labels(intervals: Mapping[int, str] | None, width: int) -> dict[int, str]:
    """Each rating's label, in the widest form whose four buttons fit in ``width``."""
    def labels(separator: str) -> dict[int, str]:
        return {
            rating: f"{rating} {name}"
            + (f"{separator}{intervals[rating]}" if intervals and rating in intervals else "")
            for rating, name in NAMES.items()
        }

    wide = labels(" · ")
    if row_width(wide) <= width:
        return wide
    return labels(" ")


def row_width(labels: Mapping[int, str]) -> int:
    """The columns the four buttons take with these labels."""
    return sum(len(label) + BUTTON_PADDING + BUTTON_GAP for label in labels.values())


class RatingBar(Vertical):
    DEFAULT_CSS = """
    RatingBar { height: auto; width: 1fr; }
    RatingBar #rating-buttons { height: 1; width: 1fr; }
    RatingBar Button { margin: 0 1 0 0; min-width: 0; }
    RatingBar Button.-suggested { background: $accent; color: $text; text-style: bold; }
    RatingBar #rating-note { width: 1fr; height: auto; color: $text-muted; display: none; }
    """

    suggested: reactive[int | None] = reactive(None)

    class Chosen(Message):
        def __init__(self, rating: int) -> None:
            super().__init__()
            self.rating = rating

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._intervals: dict[int, str] | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="rating-buttons"):
            for rating, name in NAMES.items():
                yield Button(f"{rating} {name}", id=f"rate-{rating}", compact=True)
        yield Static("", id="rating-note")

    def show_intervals(self, intervals: Mapping[int, str] | None) -> None:
        """Label each button with its interval; None for cram (the schedule stays)."""
        self._intervals = dict(intervals) if intervals is not None else None
        self._label()

    def on_resize(self) -> None:
        self._label()

    def _label(self) -> None:
        width = self.content_size.width or self.app.size.width
        for rating, label in button_labels(self._intervals, width).items():
            button = self.query_one(f"#rate-{rating}", Button)
            button.label = label
            # As wide as its label, set each time: a label that grows ("1m" to "10m")
            # must not be cut to the width the button had.
            button.styles.width = len(label) + BUTTON_PADDING

    def note(self, text: str) -> None:
        note = self.query_one("#rating-note", Static)
        note.update(text)
        note.display = bool(text)

    def watch_suggested(self, suggested: int | None) -> None:
        for rating in NAMES:
            self.query_one(f"#rate-{rating}", Button).set_class(rating == suggested, "-suggested")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id and event.button.id.startswith("rate-"):
            self.post_message(self.Chosen(int(event.button.id.removeprefix("rate-"))))
