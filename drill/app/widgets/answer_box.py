"""The box an answer is written in, as it would be said: a TextArea whose paste stays put.

Textual's TextArea focuses itself after a paste, a moment later (``Widget.focus`` waits its
turn in the app's queue). A Tab that came in the same read as the paste has moved on to
the asks by then, and that late focus brought the cursor back, so the numbers typed next
landed in the answer. Here a paste goes into the box, where the cursor is, and leaves the
focus where the keys after it put it.
"""

from __future__ import annotations

from textual import events
from textual.widgets import TextArea


class AnswerBox(TextArea):
    def on_paste(self, event: events.Paste) -> None:
        event.prevent_default()  # TextArea's own handler, with its late focus
        if self.read_only:
            return
        result = self.replace(event.text, *self.selection, maintain_selection_offset=False)
        self.move_cursor(result.end_location)
