"""The four rating buttons, each with the interval it would give; the suggestion stands out."""

from __future__ import annotations

from collections.abc import Mapping

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Static

NAMES = {1: "Again", 2: "Hard", 3: "Good", 4: "Easy"}


class RatingBar(Horizontal):
    DEFAULT_CSS = """
    RatingBar { height: 1; width: 1fr; }
    RatingBar Button { margin: 0 1 0 0; min-width: 14; }
    RatingBar Button.-suggested { background: $accent; color: $text; text-style: bold; }
    RatingBar #rating-note { width: 1fr; color: $text-muted; padding: 0 1; }
    """

    suggested: reactive[int | None] = reactive(None)

    class Chosen(Message):
        def __init__(self, rating: int) -> None:
            super().__init__()
            self.rating = rating

    def compose(self) -> ComposeResult:
        for rating, name in NAMES.items():
            yield Button(f"{rating} {name}", id=f"rate-{rating}", compact=True)
        yield Static("", id="rating-note")

    def show_intervals(self, intervals: Mapping[int, str] | None) -> None:
        """Label each button with its interval; None for cram (the schedule stays)."""
        for rating, name in NAMES.items():
            label = f"{rating} {name}"
            if intervals and rating in intervals:
                label += f" · {intervals[rating]}"
            self.query_one(f"#rate-{rating}", Button).label = label

    def note(self, text: str) -> None:
        self.query_one("#rating-note", Static).update(text)

    def focus_suggested(self) -> None:
        """Focus the suggested rating's button, or nothing when there is no suggestion."""
        if self.suggested is not None:
            self.query_one(f"#rate-{self.suggested}", Button).focus()
        else:
            self.screen.set_focus(None)

    def watch_suggested(self, suggested: int | None) -> None:
        for rating in NAMES:
            self.query_one(f"#rate-{rating}", Button).set_class(rating == suggested, "-suggested")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id and event.button.id.startswith("rate-"):
            self.post_message(self.Chosen(int(event.button.id.removeprefix("rate-"))))
