"""Home: today's counts, the streak, the next card, and each pack's progress.

This is the first screen, so it stays light: no sympy, no parser, only the schedule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from drill.app.messages import ScheduleChanged

if TYPE_CHECKING:
    from drill.scheduling.stats import PackProgress

    from drill.app.drill_app import DrillApp

BAR_WIDTH = 24


def progress_bar(progress: PackProgress, width: int = BAR_WIDTH) -> Content:
    """A stacked bar: review (green), learning (yellow), new (dim), suspended (red)."""
    total = progress.total or 1
    parts = [
        (progress.review, "$success"),
        (progress.learning, "$warning"),
        (progress.suspended, "$error"),
    ]
    cells: list[tuple[str, str]] = []
    used = 0
    for count, colour in parts:
        n = round(count * width / total)
        n = min(n, width - used)
        if count and not n and used < width:
            n = 1  # a small share still shows
        cells.append(("█" * n, colour))
        used += n
    cells.append(("░" * (width - used), "$text-muted"))
    return Content.assemble(*cells)


def tile(number: int | str, label: str) -> Content:
    return Content.assemble((f"{number}", "bold"), "\n", (label, "$text-muted"))


class HomeScreen(Screen[None]):
    """Today at a glance; Enter starts the session."""

    CSS_PATH = "home.tcss"
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "review", "Review"),
        Binding("x", "extra", "Extra practice"),
        Binding("b", "app.browse", "Browse"),
        Binding("t", "app.stats", "Stats"),
        Binding("r", "app.reload_packs", "Reload packs"),
        Binding("q", "app.quit", "Quit"),
    ]

    app: DrillApp

    def compose(self) -> ComposeResult:
        yield Static("drill · today", classes="screen-title")
        with VerticalScroll(id="home-body"):
            with Horizontal(id="home-tiles"):
                yield Static(id="tile-due", classes="tile")
                yield Static(id="tile-new", classes="tile")
                yield Static(id="tile-done", classes="tile")
                yield Static(id="tile-streak", classes="tile")
            yield Static(id="home-next")
            with Horizontal(id="home-actions"):
                yield Button("Start review", id="start", variant="primary", compact=True)
                yield Button("Extra practice", id="extra", compact=True)
            yield Static("Packs", classes="section-title")
            yield Static(id="home-packs")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_counts()

    def on_screen_resume(self) -> None:
        self.refresh_counts()

    def on_schedule_changed(self, _: ScheduleChanged) -> None:
        self.refresh_counts()

    def refresh_counts(self) -> None:
        backend = self.app.backend
        counts = backend.counts()
        entry = backend.next_entry()
        self.query_one("#tile-due", Static).update(tile(counts.due, "due"))
        self.query_one("#tile-new", Static).update(tile(counts.new, "new"))
        self.query_one("#tile-done", Static).update(tile(counts.done_today, "done today"))
        days = "day" if counts.streak == 1 else "days"
        self.query_one("#tile-streak", Static).update(tile(f"{counts.streak} {days}", "streak"))
        self.query_one("#home-next", Static).update(self._next_text(entry, counts.next_due))
        self.query_one("#start", Button).display = entry is not None
        self.query_one("#extra", Button).display = entry is None
        self._show_packs()

    def _next_text(self, entry: object, next_due: object) -> Content:
        from datetime import datetime

        from drill.scheduling.queue import QueueEntry

        if isinstance(entry, QueueEntry):
            card = entry.card
            return Content.assemble(
                ("Up next  ", "$text-muted"),
                (card.key, "$text-accent"),
                (f" · {card.priority} · {entry.kind}\n", "$text-muted"),
                (card.title, "bold"),
            )
        if isinstance(next_due, datetime):
            local = next_due.astimezone(self.app.backend.session.clock.zone)
            wait = self.app.backend.describe_interval(next_due - self.app.backend.now())
            when = local.strftime("%a %H:%M")
            return Content.assemble(
                ("Nothing due now. ", "bold"),
                f"The next card is due {when} (in {wait}).\n",
                ("Extra practice goes over cards without changing their schedule.",
                 "$text-muted"),
            )
        return Content.assemble(
            ("Nothing to study. ", "bold"),
            ("No cards are scheduled; add packs, or unsuspend cards in Browse.", "$text-muted"),
        )

    def _show_packs(self) -> None:
        backend = self.app.backend
        titles = {pack.id: pack.title for pack in backend.library.packs}
        lines: list[Content] = []
        for progress in backend.stats().packs:
            title = titles.get(progress.pack, progress.pack)
            lines.append(Content.assemble(
                (f"{title[:22]:<23}", "bold"),
                progress_bar(progress),
                (f" {progress.total} cards: {progress.new} new · {progress.learning} learning"
                 f" · {progress.review} review", "$text-muted"),
                (f" · {progress.suspended} suspended" if progress.suspended else "", "$text-error"),
            ))
        if not lines:
            lines.append(Content.styled("No packs loaded.", "$text-warning"))
        self.query_one("#home-packs", Static).update(Content("\n").join(lines))

    @on(Button.Pressed, "#start")
    def action_review(self) -> None:
        from drill.app.screens.review import ReviewScreen

        if self.app.backend.next_entry() is None:
            self.notify("Nothing is due now. Press x for extra practice.")
            return
        self.app.push_screen(ReviewScreen())

    @on(Button.Pressed, "#extra")
    def action_extra(self) -> None:
        """Cram the priority cards in pack order; nothing is rescheduled."""
        from drill.app.screens.review import ReviewScreen

        cards = [card for card in self.app.backend.cards if card.is_priority]
        if not cards:
            cards = list(self.app.backend.cards)
        if cards:
            self.app.push_screen(ReviewScreen(cram=cards))
