"""The scorecard at the end of a mock interview: per card the time used, the figures right
and wrong, the asks, the key points made, then what to review and why (each mistake
named, the points missed, an overrun).

Nothing was rescheduled by the interview. A card may be rated here (↑↓ picks it, 1–4
rates it): that is a review like any other, which keeps the card's explanation with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from drill.app.backend import data_errors
from drill.app.widgets.rating_bar import NAMES
from drill.scheduling.intervals import describe_interval

if TYPE_CHECKING:
    from drill.app.backend import Backend
    from drill.app.screens.interview import Answered
    from drill.explaining.interview import CardScore

KEY_WIDTH = 40  # the card's key, at most; less on a narrow terminal
FIGURES_WIDTH = 29  # what follows the key: time, figures, asks, points
RATED_WIDTH = 12  # "Good 10m", once the card is rated here
FRAME = 4  # the body's padding and the scroll bar


def key_width(screen_width: int) -> int:
    """The key's column: as wide as fits beside the figures and the rating, 12 at the
    least."""
    return max(12, min(KEY_WIDTH, screen_width - FRAME - FIGURES_WIDTH - RATED_WIDTH))


def clock_text(seconds: float) -> str:
    """``0:41``; whole seconds, as the countdown shows them."""
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def header_line(width: int = KEY_WIDTH) -> Content:
    return Content(f"{'card':<{width}} {'time':>5}  {'figures':>7}  {'asks':>4}  "
                   f"{'points':>6}")


def score_line(score: CardScore, rated: str = "", width: int = KEY_WIDTH) -> Content:
    """A card's row: its time (! past the minute), figures ✓ ✗, asks right of all, points."""
    key = score.key if len(score.key) <= width else score.key[:width - 1] + "…"
    asks = f"{score.asks_right}/{score.asks}" if score.asks else "–"
    return Content.assemble(
        (f"{key:<{width}} ", "$text-accent"),
        (f"{clock_text(score.seconds):>5}", "$text-warning" if score.over_time else ""),
        ("!" if score.over_time else " ", "$text-warning"),
        (f"{score.right:>3}✓", "$text-success"), (f"{score.wrong:>3}✗", "$text-error"
                                                    if score.wrong else "$text-muted"),
        f"  {asks:>4}  {score.covered:>3}/{score.points:<2}",
        (f"  {rated}" if rated else "", "$text-success"),
    )


def total_line(scores: Sequence[CardScore], width: int = KEY_WIDTH) -> Content:
    asks = sum(s.asks for s in scores)
    asked = f"{sum(s.asks_right for s in scores)}/{asks}" if asks else "–"
    return Content.assemble(
        (f"{'all':<{width}} ", "bold"),
        f"{clock_text(sum(s.seconds for s in scores)):>5} ",
        f"{sum(s.right for s in scores):>3}✓{sum(s.wrong for s in scores):>3}✗",
        f"  {asked:>4}  {sum(s.covered for s in scores):>3}/{sum(s.points for s in scores):<2}",
    )


def review_lines(scores: Sequence[CardScore]) -> list[tuple[Content, str]]:
    """What to review: each card worth it, then every reason (with its style class)."""
    from drill.explaining.interview import NOTHING_TO_REVIEW

    review = [s for s in scores if s.to_review]
    if not review:
        return [(Content.styled(NOTHING_TO_REVIEW, "$text-success"), "")]
    lines = [(Content.styled("To review", "bold $text-primary"), "")]
    for s in review:
        lines.append((Content.styled(s.key, "$text-accent"), ""))
        lines += [(Content.assemble(("✗ ", "$text-error"), reason), "reason")
                  for reason in s.reasons()]
    return lines


class ScorecardScreen(Screen[None]):
    CSS_PATH = "scorecard.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # One footer entry for the four (the others are the same key, rating by rating).
        Binding("1", "rate(1)", "Rate", key_display="1–4",
                tooltip="Rate the chosen card Again (a review: its schedule changes)"),
        Binding("2", "rate(2)", "Hard", show=False, tooltip="Rate the chosen card Hard"),
        Binding("3", "rate(3)", "Good", show=False, tooltip="Rate the chosen card Good"),
        Binding("4", "rate(4)", "Easy", show=False, tooltip="Rate the chosen card Easy"),
        Binding("escape,q", "back", "Home"),
    ]
    KEY_NOTES: ClassVar[tuple[tuple[str, str], ...]] = (
        ("↑ ↓", "choose a card to rate"),
    )

    def __init__(self, backend: Backend, answered: Sequence[Answered],
                 explanation_ids: Sequence[int], problem: str = "") -> None:
        """``explanation_ids``: the saved interview's explanations, one per answer (none
        if it could not be saved: ``problem`` says why)."""
        super().__init__()
        self.backend = backend
        self.answered = list(answered)
        self.explanation_ids = list(explanation_ids)
        self.problem = problem
        self.rated: dict[int, str] = {}  # row → what its rating did

    def compose(self) -> ComposeResult:
        scores = [a.score for a in self.answered]
        cards = "card" if len(scores) == 1 else "cards"
        yield Static(f"Mock interview · scorecard · {len(scores)} {cards}",
                     classes="screen-title")
        width = key_width(self.app.size.width)
        with VerticalScroll(id="scorecard-body"):
            yield Static(header_line(width), id="scorecard-header")
            yield OptionList(*(Option(score_line(s, width=width), id=f"row-{n}")
                               for n, s in enumerate(scores)), id="scorecard-cards")
            yield Static(total_line(scores, width), id="scorecard-total")
            yield Static(self._note(), id="scorecard-note")
            with Vertical(id="scorecard-review"):
                for line, kind in review_lines(scores):
                    yield Static(line, classes=kind)
        yield Footer()

    def _note(self) -> Content:
        """Whether the interview was saved, and what has been rescheduled (only what was
        rated here)."""
        if self.problem:
            return Content.styled(self.problem, "$text-error")
        rated = len(self.rated)
        done = ("No card was rescheduled" if not rated else
                f"{rated} rated here, as {'a review' if rated == 1 else 'reviews'}; the "
                "others keep their schedule")
        return Content.styled(f"Saved: Stats shows your interviews. {done}; ↑↓ and 1–4 "
                              "rate a card.", "$text-muted")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_resize(self) -> None:
        """The key's column follows the terminal's width."""
        width = key_width(self.size.width)
        scores = [a.score for a in self.answered]
        self.query_one("#scorecard-header", Static).update(header_line(width))
        self.query_one("#scorecard-total", Static).update(total_line(scores, width))
        listed = self.query_one(OptionList)
        for row, score in enumerate(scores):
            listed.replace_option_prompt(f"row-{row}",
                                         score_line(score, self.rated.get(row, ""), width))

    def action_rate(self, rating: int) -> None:
        row = self.query_one(OptionList).highlighted
        if row is None or row >= len(self.answered):
            return
        if row in self.rated:
            self.notify("That card is rated already.", severity="warning", timeout=3)
            return
        answered = self.answered[row]
        card = answered.card
        kept = [self.explanation_ids[row]] if row < len(self.explanation_ids) else []
        try:
            saved = self.backend.rate(card.key, rating, answered.score.seconds,
                                      answered.answers, variant=card.variant,
                                      explanations=kept)
        except data_errors() as error:
            self.notify(str(error), title="Not rated", severity="error", markup=False)
            return
        interval = describe_interval(saved.interval) if saved.interval else ""
        when = f" · again in {interval}" if interval else ""
        self.rated[row] = f"{NAMES[rating]} {interval}".rstrip()
        self.query_one(OptionList).replace_option_prompt(
            f"row-{row}", score_line(answered.score, self.rated[row],
                                     key_width(self.size.width)))
        self.notify(f"{card.key}: {NAMES[rating]}{when}", timeout=3)
        self.query_one("#scorecard-note", Static).update(self._note())

    def action_back(self) -> None:
        self.dismiss(None)
