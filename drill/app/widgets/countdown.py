"""The answer timer: counts down from the configured seconds, then keeps counting up.

An interview answer takes about a minute; past zero the timer does not stop (the user may
still be thinking) but turns another colour, so the overrun is plain to see.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.reactive import reactive
from textual.widgets import Static


def timer_text(limit: int, elapsed: float) -> str:
    """``0:47`` while time is left, ``+0:12`` once past the limit."""
    left = limit - int(elapsed)
    sign = "" if left >= 0 else "+"
    minutes, seconds = divmod(abs(left), 60)
    return f"⏱ {sign}{minutes}:{seconds:02d}"


class Countdown(Static):
    """Shows the time left from ``limit`` seconds; its clock is injected so tests freeze it."""

    DEFAULT_CSS = """
    Countdown { width: auto; padding: 0 1; text-style: bold; color: $text-success; }
    Countdown.-overtime { color: $text-warning; background: $warning-muted; }
    Countdown.-stopped { color: $text-muted; text-style: none; }
    """

    elapsed: reactive[float] = reactive(0.0)
    overtime: reactive[bool] = reactive(False)

    def __init__(self, limit: int, clock: Callable[[], float], *, id: str | None = None) -> None:
        self._shown = timer_text(limit, 0)
        super().__init__(self._shown, id=id)
        self.limit = limit
        self.clock = clock
        self.started = clock()
        self.running = True

    def on_mount(self) -> None:
        self.set_interval(0.25, self.tick)

    def tick(self) -> None:
        if self.running:
            self.elapsed = self.clock() - self.started

    def compute_overtime(self) -> bool:
        return self.elapsed > self.limit

    def watch_elapsed(self, elapsed: float) -> None:
        # It ticks four times a second, so the seconds show on time; only one tick in
        # four changes the text, and the width changes only when a digit or the sign
        # comes or goes (9:59 to 10:00, 0:00 to +0:01), the one time the timer's row has
        # to be laid out again rather than repainted.
        text = timer_text(self.limit, elapsed)
        if text != self._shown:
            # (Only ASCII digits and the sign change, after the one clock sign.)
            self.update(text, layout=len(text) != len(self._shown))
            self._shown = text

    def watch_overtime(self, overtime: bool) -> None:
        self.set_class(overtime, "-overtime")

    def restart(self, elapsed: float = 0.0) -> None:
        """Count from ``elapsed`` seconds (0 for a new card; more for one undone)."""
        self.started = self.clock() - elapsed
        self.running = True
        self.elapsed = elapsed
        self.remove_class("-stopped")

    def stop(self) -> float:
        """Freeze the display; the seconds spent on the card (for the review log)."""
        self.tick()
        self.running = False
        self.add_class("-stopped")
        return self.elapsed
