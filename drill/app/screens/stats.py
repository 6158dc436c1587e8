"""Stats: what ``drill stats`` reports, with pictures where they read better than numbers.

The figures come from the backend it is given, once, when it is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from drill.app.backend import data_errors
from drill.app.messages import BackendFailed
from drill.app.widgets.charts import BarChart, Heatmap
from drill.app.widgets.figure_row import FigureRow

if TYPE_CHECKING:
    from drill.app.backend import Backend, Optimized
    from drill.review.stats import MistakeCount, Stats


def summary_figures(stats: Stats) -> list[tuple[str, str]]:
    """The figures of ``drill stats``, for a row that wraps between figures only."""
    rate = stats.retention.rate
    retention = f"{rate:.0%}" if rate is not None else "–"
    return [
        (f"{stats.reviews_today}", "today"),
        (f"{stats.reviews_total}", "total"),
        (f"{stats.streak} d", "streak"),
        (retention, "retention (30 d)"),
        (f"{stats.due_today}", "due"),
        (f"{stats.due_tomorrow}", "tomorrow"),
    ]


def mistake_lines(mistakes: tuple[MistakeCount, ...], width: int = 20) -> list[Content]:
    """The most frequent mistakes as bars, with the cards they happened on."""
    top = max((m.count for m in mistakes), default=0)
    lines = []
    for mistake in mistakes:
        bar = "█" * max(1, round(mistake.count * width / top)) if top else ""
        cards = ", ".join(key.split("/", 1)[-1] for key in mistake.cards[:4])
        more = f" +{len(mistake.cards) - 4}" if len(mistake.cards) > 4 else ""
        lines.append(Content.assemble(
            (f"{mistake.id[:24]:<25}", "bold"), (f"{bar:<{width}}", "$error"),
            f" {mistake.count:>3}  ", (cards + more, "$text-muted"),
        ))
    return lines or [Content.styled("No mistakes logged yet.", "$text-muted")]


class StatsScreen(Screen[None]):
    CSS_PATH = "stats.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back"),
        Binding("o", "optimize", "Optimize FSRS",
                tooltip="Fit FSRS's parameters to your own reviews, as drill optimize does"),
    ]

    def __init__(self, backend: Backend) -> None:
        super().__init__()
        self.backend = backend

    def compose(self) -> ComposeResult:
        yield Static("Stats", classes="screen-title")
        try:
            stats = self.backend.session.stats()
        except data_errors() as error:
            self.post_message(BackendFailed(str(error)))
            return
        with VerticalScroll(id="stats-body"):
            yield FigureRow(summary_figures(stats), id="stats-summary")
            yield Static("Reviews per day", classes="section-title")
            yield Heatmap({d.day: d.count for d in stats.history}, stats.today, id="heatmap")
            yield Static("Most frequent mistakes", classes="section-title")
            yield Static(Content("\n").join(mistake_lines(stats.mistakes)), id="mistakes")
            yield Static("Due in the days ahead", classes="section-title")
            yield BarChart(
                [d.count for d in stats.forecast],
                [d.day.strftime("%a") for d in stats.forecast],
                id="forecast",
            )
            yield Static("Packs", classes="section-title")
            yield Static(Content("\n").join(self._pack_lines(stats)), id="stats-packs")
            yield from self._interviews()
            if stats.leeches:
                yield Static("Leeches (forgotten again and again: suspended)",
                             classes="section-title")
                yield Static("\n".join(f"{leech.key}: {leech.lapses} lapses"
                                       for leech in stats.leeches), id="leeches")
            if stats.orphans:
                yield Static("History of cards no longer in any pack", classes="section-title")
                yield Static("\n".join(f"{o.key}: {o.reviews} reviews" for o in stats.orphans),
                             id="orphans")
        yield Footer()

    def _interviews(self) -> ComposeResult:
        """The mock interviews and their scores (a section of its own)."""
        from drill.app.widgets.interview_history import InterviewHistory

        try:
            interviews = self.backend.interview_history()
        except data_errors() as error:
            self.post_message(BackendFailed(str(error)))
            return
        yield Static("Mock interviews (score: figures, asks and points right)",
                     classes="section-title")
        yield InterviewHistory(interviews, self.backend.session.clock.zone, id="interviews")

    def _pack_lines(self, stats: Stats) -> list[Content]:
        from drill.app.screens.home import progress_bar

        titles = {pack.id: pack.title for pack in self.backend.library.packs}
        return [
            Content.assemble((f"{titles.get(p.pack, p.pack)[:22]:<23}", "bold"), progress_bar(p),
                             (f" {p.new} new · {p.learning} learning · {p.review} review",
                              "$text-muted"))
            for p in stats.packs
        ]

    def action_back(self) -> None:
        self.dismiss(None)

    # -- Optimize: drill optimize from here ----------------------------------------------

    def action_optimize(self) -> None:
        self.notify("Fitting FSRS to your reviews…", timeout=3)
        self.run_worker(self._optimize, thread=True, exclusive=True, group="optimize")

    def _optimize(self) -> None:
        outcome = self.backend.optimize()  # in a thread: the fit can take a few seconds
        self.app.call_from_thread(self._optimized, outcome)

    def _optimized(self, outcome: Optimized) -> None:
        if outcome.parameters is not None:
            self.backend.session.use_fsrs_parameters(outcome.parameters)
        # The figures stay on the screen, at the top (a toast is too narrow for a table).
        text = "\n".join(outcome.lines)
        shown = self.query("#optimize-result")
        if shown:
            shown.first(Static).update(text)
        else:
            body = self.query_one("#stats-body", VerticalScroll)
            body.mount(Static(text, id="optimize-result"), before=0)
            body.scroll_home(animate=False)
        saved = outcome.parameters is not None
        self.notify("Fitted, saved and in use." if saved else outcome.lines[-1],
                    title="FSRS parameters", timeout=5,
                    severity="information" if saved else "warning")
