"""Home: today's counts, the streak, the next card, and each pack's progress.

The first screen, so it is drawn with a handful of plain widgets (no sympy, no parser, no
buttons to style), from plain data (:class:`HomeView`). At start-up it shows before the
review data is open: its figures come with :class:`BackendReady`, from the app's worker.
Links in the text are clickable.

Every section keeps, from the first frame, the room its figures will take (the packs one
line each, the next card the most a card's text takes at this width, see
:class:`HomeShape`): when they come, Textual redraws those sections once, where they are,
instead of laying the screen out and drawing it twice over a slow link.

Its figures come again from the backend it is given after a session, a reload, a change.
Starting a review is the app's to do: Enter and x are the app's actions, run at once (keys
typed straight after Enter reach the new card); a study set chosen with p goes up as
:class:`ReviewWanted`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Protocol

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Footer, Static

from drill.app.home_view import HomeShape, HomeView, PackLine
from drill.app.messages import (
    BackendReady,
    ReviewWanted,
    ScheduleChanged,
    backend_failures_go_up,
)
from drill.app.widgets.figure_row import FigureRow

if TYPE_CHECKING:
    from drill.app.backend import Backend
    from drill.review.study_sets import StudySet

BAR_WIDTH = 16
#: The most of a card's scenario Home shows; a longer one ends in "…".
SCENARIO_LIMIT = 240
#: Between two figures of the counts row.
COUNTS_SEPARATOR = "   ·   "


class CardsByState(Protocol):
    """A pack's cards by state: Home's PackLine and the domain's PackProgress both are."""

    @property
    def new(self) -> int: ...
    @property
    def learning(self) -> int: ...
    @property
    def review(self) -> int: ...
    @property
    def suspended(self) -> int: ...
    @property
    def total(self) -> int: ...


def progress_bar(progress: CardsByState, width: int = BAR_WIDTH) -> Content:
    """A stacked bar: review (green), learning (yellow), suspended (red), new (dim)."""
    total = progress.total or 1
    cells: list[tuple[str, str]] = []
    used = 0
    for count, colour in ((progress.review, "$success"), (progress.learning, "$warning"),
                          (progress.suspended, "$error")):
        n = min(round(count * width / total), width - used)
        if count and not n and used < width:
            n = 1  # a small share still shows
        cells.append(("█" * n, colour))
        used += n
    cells.append(("░" * (width - used), "$text-muted"))
    return Content.assemble(*cells)


#: The widest the packs' name column gets: with the bar and the counts, a line still fits
#: 80 columns; a longer title ends in "…".
NAME_COLUMN = 22


def pack_title(title: str, width: int) -> str:
    """``title`` in a column of ``width`` characters, cut with "…" if it is longer."""
    return title if len(title) <= width else title[:width - 1] + "…"


def pack_lines(packs: tuple[PackLine, ...]) -> Content:
    width = min(NAME_COLUMN, max((len(pack.title) for pack in packs), default=0))
    lines = [
        Content.assemble(
            (f"{pack_title(pack.title, width):<{width}} ", "bold"), progress_bar(pack), " ",
            (f"{pack.new} new · {pack.learning} learning · {pack.review} review",
             "$text-muted"),
            (f" · {pack.suspended} suspended" if pack.suspended else "", "$text-error"),
        )
        for pack in packs
    ]
    return Content("\n").join(lines or [Content.styled("No packs loaded.", "$text-warning")])


def next_text(view: HomeView) -> Content:
    card = view.next_card
    if card is not None:
        scenario = card.scenario
        if len(scenario) > SCENARIO_LIMIT:
            scenario = scenario[:SCENARIO_LIMIT - 1] + "…"
        title = card.title
        if card.variant:  # its text is worked out with sympy, which Home does without
            title = f"A variant of: {card.title}"
            scenario = (f"This time with other givens (variant {card.variant}), so every "
                        "number changes: work them out afresh.")
        return Content.assemble(
            ("Up next  ", "$text-muted"), (card.key, "$text-accent"),
            (f" · {card.priority} · {card.kind}\n", "$text-muted"),
            (title, "bold"), "\n", (scenario, "$text-muted"), "\n\n",
            Content.from_markup("[@click=app.review]▶ Start review[/]  (Enter)"),
        )
    if view.next_due_local is not None:
        when = view.next_due_local.strftime("%a %H:%M")
        return Content.assemble(
            ("Nothing due now. ", "bold"), f"The next card is due {when} (in {view.next_due_in}).",
            "\n\n", Content.from_markup("[@click=app.extra]▶ Extra practice[/]  (x)"),
            (": go over cards without changing their schedule.", "$text-muted"),
        )
    return Content.assemble(
        ("Nothing to study. ", "bold"),
        ("No card is scheduled: add packs, or unsuspend cards in Browse.", "$text-muted"),
    )


def count_figures(view: HomeView) -> list[tuple[str, str]]:
    """Today's figures for the counts row (it wraps between figures, never inside one)."""
    days = "day" if view.streak == 1 else "days"
    figures = [(f"{view.due}", "due"), (f"{view.new}", "new"),
               (f"{view.done_today}", "done today"), (f"{view.streak} {days}", "streak")]
    if view.interview_in is not None:
        left = "day" if view.interview_in == 1 else "days"
        figures.append((f"{view.interview_in} {left}", "to the interview"))
    return figures


def next_rows(width: int) -> int:
    """The rows the next card's section keeps at ``width`` columns: its heading, title,
    blank line and link, and the longest scenario, wrapped (eight columns a line spared
    for the words that do not fit at a line's end)."""
    return 4 + math.ceil(SCENARIO_LIMIT / max(width - 8, 8))


class Section(Static):
    """A Static that keeps at least ``rows(width)`` rows, blank below its text if it is
    shorter: a section whose size the figures do not change."""

    def __init__(self, rows: Callable[[int], int], id: str) -> None:
        super().__init__(id=id)
        self.rows = rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(super().get_content_height(container, viewport, width), self.rows(width))


class HomeScreen(Screen[None]):
    """Today at a glance; Enter starts the session."""

    # home.tcss is loaded with the app's styles (see DrillApp.CSS_PATH), for speed.
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "app.review", "Review", tooltip="Study today's cards"),
        Binding("x", "app.extra", "Extra",
                tooltip="Extra practice: cards without changing their schedule"),
        Binding("n", "more_new", "More new", show=False,
                tooltip="More new cards today: the daily new limit once more"),
        Binding("p", "study", "Study…",
                tooltip="Study one pack, the leeches, or the cards of a frequent mistake"),
        # Out of the footer, kept for the keys every day needs; ? and the palette list it.
        Binding("i", "app.interview", "Interview", show=False,
                tooltip="A mock interview: a few cards, a minute each, then a scorecard "
                "(nothing rescheduled unless you rate a card there)"),
        Binding("b", "app.browse", "Browse"),
        Binding("t", "app.stats", "Stats"),
        # Out of the footer, which is full at 80 columns; README's key table lists it.
        Binding("g", "app.specs", "Specs", show=False,
                tooltip="The specs the cards assume: GPUs, models, interconnects, sources"),
        Binding("l", "app.labs", "Labs…",
                tooltip="Simulations, the roofline explorer, the exercises, the calculator"),
        # Out of the footer, for Labs' room at 80 columns; in ? and the palette.
        Binding("r", "app.reload_packs", "Reload", show=False, tooltip="Read the pack "
                "files again"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, view: HomeView | None, backend: Backend, ready: bool = False,
                 shape: HomeShape | None = None) -> None:
        """``view``: the figures, None until BackendReady brings them. ``ready``: the
        backend is open; if not, BackendReady says when. ``shape``: what they will
        fill, so the sections keep that room from the first frame."""
        super().__init__()
        self.view = view
        self.shape = shape or HomeShape()
        self.backend = backend
        self.ready = ready
        self._waiting: list[Callable[[], object]] = []  # keys pressed before ready

    def compose(self) -> ComposeResult:
        yield Static("drill · today", classes="screen-title")
        packs = self.shape.packs
        labels = count_figures(HomeView(interview_in=0 if self.shape.interview else None))
        yield FigureRow(separator=COUNTS_SEPARATOR, room=labels, id="home-counts")
        yield Section(next_rows, id="home-next")
        yield Static("Packs", classes="section-title")
        yield Section(lambda _: packs, id="home-packs")
        yield Static(id="home-problems")
        yield Footer()

    def on_mount(self) -> None:
        if self.view is not None:
            self.show(self.view)
        else:
            self.query_one("#home-next", Static).update(
                Content.styled("Opening today's cards…", "$text-muted"))
        self._scrollbar_from_the_start()

    def on_resize(self) -> None:
        self._scrollbar_from_the_start()

    def _scrollbar_from_the_start(self) -> None:
        """A scrollbar from the first layout when the sections (their room kept) are taller
        than the terminal: Textual finds that it needs one only after laying the screen out,
        and then lays it out and draws it whole a second time."""
        size = self.app.size
        taller = self.get_content_height(size, size, size.width) > size.height
        self.styles.overflow_y = "scroll" if taller else "auto"

    def show(self, view: HomeView) -> None:
        self.view = view
        self.query_one("#home-counts", FigureRow).show(count_figures(view))
        self.query_one("#home-next", Static).update(next_text(view))
        self.query_one("#home-packs", Static).update(pack_lines(view.packs))
        problems = self.query_one("#home-problems", Static)
        problems.display = bool(view.problems)
        problems.update(Content("\n").join(
            [Content.styled("Problems in the packs (their other cards still work)", "bold"),
             *(Content.styled(p, "$text-error") for p in view.problems[:5])]
        ))

    def refresh_view(self) -> None:
        """Figures again from the open backend (after a session, a reload …)."""
        if self.ready:
            from drill.app.home_view import home_view

            with backend_failures_go_up(self):
                self.show(home_view(self.backend))

    def on_screen_resume(self) -> None:
        if self.is_mounted and self.ready:
            self.refresh_view()

    def on_backend_ready(self, message: BackendReady) -> None:
        self.ready = True
        if message.view is not None:
            self.show(message.view)
        else:
            self.refresh_view()
        waiting, self._waiting = self._waiting, []
        for callback in waiting:
            callback()

    def on_schedule_changed(self, _: ScheduleChanged) -> None:
        self.refresh_view()

    # Home's own keys need the review data open: one pressed before it is (just after
    # start-up) acts as soon as BackendReady comes.

    def _when_ready(self, callback: Callable[[], object]) -> None:
        if self.ready:
            callback()
        else:
            self._waiting.append(callback)

    def action_more_new(self) -> None:
        self._when_ready(self._more_new)

    def _more_new(self) -> None:
        from drill.app.backend import data_errors

        try:
            extra = self.backend.session.more_new_today()
        except data_errors() as error:
            self.notify(str(error), title="Not changed", severity="error", markup=False)
            return
        self.notify(f"{extra} more new cards allowed today.", timeout=4)
        self.refresh_view()

    def action_study(self) -> None:
        self._when_ready(self._choose_set)

    def _choose_set(self) -> None:
        from drill.app.screens.study import StudyScreen

        with backend_failures_go_up(self):
            self.app.push_screen(StudyScreen(self.backend.study_sets()), self._study)

    def _study(self, chosen: StudySet | None) -> None:
        if chosen is None:
            return
        if chosen.scheduled:
            self.post_message(ReviewWanted(pack=chosen.pack))
            return
        with backend_failures_go_up(self):
            cards = [card for key in chosen.keys if (card := self.backend.card(key))]
            if cards:
                self.post_message(ReviewWanted(cram=cards))
