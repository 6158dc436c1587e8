"""Browse: find cards by text or id, see a card's history, cram it outside the schedule.

It reads and changes the review data through the backend it is given; a cram is the
app's to start (:class:`~drill.app.messages.ReviewWanted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from drill.app.backend import data_errors
from drill.app.messages import PacksReloaded, ReviewWanted, backend_failures_go_up
from drill.explaining.text_guard import visible
from drill.storage.interviews import StoredExplanation

if TYPE_CHECKING:
    from drill.app.backend import Backend
    from drill.packs.model import Card
    from drill.scheduling.state import CardState
    from drill.storage.review_log import ReviewEntry

RATING_NAMES = {1: "Again", 2: "Hard", 3: "Good", 4: "Easy"}
VERDICT_MARKS = {"correct": ("✓", "$text-success"), "incorrect": ("✗", "$text-error"),
                 "invalid": ("?", "$text-warning")}


def matches(card: Card, words: list[str]) -> bool:
    """Every word appears in the card's key or text (case does not matter)."""
    haystack = " ".join([card.key, *(text for _, text in card.texts())]).lower()
    return all(word in haystack for word in words)


def state_line(state: CardState, now_text: str) -> Content:
    parts: list[tuple[str, str] | str] = [(state.phase.label, "bold")]
    if state.due is not None:
        parts.append(f" · due {now_text}")
    reviews = "review" if state.reps == 1 else "reviews"
    lapses = "lapse" if state.lapses == 1 else "lapses"
    parts.append(f" · {state.reps} {reviews} · {state.lapses} {lapses}")
    if state.suspended:
        parts.append((" · suspended", "$text-error"))
    if state.leech:
        parts.append((" · leech", "$text-error"))
    return Content.assemble(*parts)


def card_prompt(card: Card, suspended: bool, buried: bool = False,
                flagged: bool = False) -> Content:
    """A line of the list: key and title, and a mark on a suspended, buried or flagged
    card (as Anki colours them), so it can be found to unsuspend or unbury."""
    return Content.assemble((f"{card.key:<28}", "$text-accent"), card.title,
                            (" · suspended", "$text-warning") if suspended else "",
                            (" · buried", "$text-muted") if buried else "",
                            (" · ⚑ flagged", "$text-warning") if flagged else "")


def explanation_lines(kept: StoredExplanation, indent: str = "    ",
                      variant_shown: bool = False) -> list[Content]:
    """An explanation under its review: how it scored, the learner's text, what was wrong
    (``variant_shown``: the line above names its variant already)."""
    row = kept.row
    figures = f"figures {row.figures_right} right, {row.figures_wrong} wrong"
    points = f" · key points {row.points_covered} of {row.points_total}" if row.points_total else ""
    lines = [Content.assemble(indent, ("✎ explained", "bold"),
                              (f" · {figures}{points}", "$text-muted"),
                              (f" · variant {row.variant}" if row.variant and not variant_shown
                               else "", "$text-muted"))]
    # Stored as written: shown with control and bidi characters as escapes, never obeyed.
    lines += [Content.assemble(indent, "  ", (visible(line), "italic"))
              for line in row.text.splitlines() if line.strip()]
    lines += [Content.assemble(indent, "  ", ("✗ ", "$text-error"), visible(mistake))
              for mistake in row.mistakes]
    return lines


def history_lines(entries: list[ReviewEntry], zone: tzinfo, card: Card,
                  explanations: Sequence[StoredExplanation] = ()) -> list[Content]:
    """Newest first: when, the rating, how long, the variant shown, then every typed
    answer and its mistakes, named by the ask's number on the card (as the review shows
    them; the pack's id only for an ask no longer on the card), then the explanation
    written on it. An explanation that belongs to no rating (never rated, or given in a
    mock interview) has a line of its own at its time."""
    numbers = {ask.id: f"{n}." for n, ask in enumerate(card.asks, start=1)}
    by_review: dict[int, list[StoredExplanation]] = {}
    for kept in explanations:
        if kept.review_id is not None:
            by_review.setdefault(kept.review_id, []).append(kept)
    shown = {entry.id for entry in entries}
    alone = [kept for kept in explanations
             if kept.review_id is None or kept.review_id not in shown]
    # Newest first; at one time (a stopped clock), the later row first.
    events: list[tuple[datetime, int, int, ReviewEntry | StoredExplanation]] = [
        *((entry.time, 0, n, entry) for n, entry in enumerate(entries)),
        *((kept.time, 1, kept.id, kept) for kept in alone)]
    lines: list[Content] = []
    for when_utc, _, _, event in sorted(events, key=lambda e: e[:3], reverse=True):
        when = (when_utc.astimezone(zone).strftime("%Y-%m-%d %H:%M"), "$text-muted")
        if isinstance(event, StoredExplanation):
            what = "Mock interview" if event.interview_id is not None else "Not rated"
            lines.append(Content.assemble(when, "  ", (what, "bold"),
                                          f"  {event.row.duration_ms / 1000:.0f} s"))
            lines += explanation_lines(event)
            continue
        entry = event
        kind = " (cram)" if entry.kind == "cram" else ""
        lines.append(Content.assemble(
            when, "  ",
            (RATING_NAMES.get(int(entry.rating), str(entry.rating)), "bold"),
            f"{kind}  {entry.duration_ms / 1000:.0f} s",
            (f"  variant {entry.variant}" if entry.variant else "", "$text-muted"),
        ))
        for answer in entry.answers:
            mark, style = VERDICT_MARKS.get(answer.verdict, ("·", ""))
            mistakes = f"  {visible(', '.join(answer.mistakes))}" if answer.mistakes else ""
            lines.append(Content.assemble(
                "    ", (mark, style),
                f" {visible(numbers.get(answer.ask_id, answer.ask_id + ':'))} ",
                (visible(answer.text), "italic"),
                (mistakes, "$text-error"),
            ))
        for kept in by_review.get(entry.id, ()):
            lines += explanation_lines(kept, variant_shown=kept.row.variant == entry.variant)
    return lines


class BrowseScreen(Screen[None]):
    CSS_PATH = "browse.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("q", "back", "Back", show=False),  # as on the other screens (not while typing)
        Binding("c", "cram", "Cram"),
        Binding("s", "toggle_suspend", "Suspend/unsuspend"),
        Binding("u", "unbury", "Unbury", tooltip="Back in today's study: a card buried until "
                "tomorrow"),
        Binding("e", "source", "Edit",
                tooltip="The card's file in $EDITOR at its line; the packs reload after"),
        Binding("slash", "search", "Search"),
        Binding("down", "to_list", "List", show=False),
    ]

    def __init__(self, backend: Backend) -> None:
        super().__init__()
        self.backend = backend
        self.shown: list[Card] = []

    def compose(self) -> ComposeResult:
        yield Static("Browse", id="browse-title", classes="screen-title")
        yield Input(placeholder="search by text or id (q1, KV cache, Amdahl…)", id="browse-search",
                    compact=True)
        yield OptionList(id="browse-cards")
        with VerticalScroll(id="browse-detail"):
            yield Static(id="browse-card")
        yield Footer()

    def on_mount(self) -> None:
        cards = self.query_one("#browse-cards", OptionList)
        cards.border_title = "Enter/c cram · s suspend · u unbury · e source"
        self._filter("")
        self.query_one("#browse-search", Input).focus()

    @on(Input.Changed, "#browse-search")
    def _searched(self, event: Input.Changed) -> None:
        self._filter(event.value)

    @on(Input.Submitted, "#browse-search")
    def action_to_list(self) -> None:
        self.query_one("#browse-cards", OptionList).focus()

    def action_search(self) -> None:
        self.query_one("#browse-search", Input).focus()

    def _filter(self, text: str) -> None:
        words = text.lower().split()
        self.shown = [card for card in self.backend.cards if matches(card, words)]
        cards = self.query_one("#browse-cards", OptionList)
        cards.clear_options()
        suspended, buried, flagged = (self._suspended_keys(), self._buried_keys(),
                                      self._flagged_keys())
        cards.add_options(Option(card_prompt(card, card.key in suspended, card.key in buried,
                                             card.key in flagged), id=card.key)
                          for card in self.shown)
        self.query_one("#browse-title", Static).update(
            f"Browse · {len(self.shown)} of {len(self.backend.cards)} cards"
        )
        if self.shown:
            cards.highlighted = 0
        self._show_detail()

    def _suspended_keys(self) -> frozenset[str]:
        try:
            return self.backend.session.suspended_keys()
        except data_errors():
            return frozenset()  # the list still works; the detail names the trouble

    def _buried_keys(self) -> frozenset[str]:
        try:
            return self.backend.session.buried_keys()
        except data_errors():
            return frozenset()

    def _flagged_keys(self) -> frozenset[str]:
        try:
            return self.backend.session.flagged_keys()
        except data_errors():
            return frozenset()

    @on(OptionList.OptionHighlighted, "#browse-cards")
    def _highlighted(self) -> None:
        self._show_detail()

    @on(OptionList.OptionSelected, "#browse-cards")
    def _selected(self) -> None:
        self.action_cram()

    @property
    def selected(self) -> Card | None:
        index = self.query_one("#browse-cards", OptionList).highlighted
        if index is None or index >= len(self.shown):
            return None
        return self.shown[index]

    def _show_detail(self) -> None:
        detail = self.query_one("#browse-card", Static)
        card = self.selected
        if card is None:
            detail.update(Content.styled("No card matches.", "$text-muted"))
            return
        with backend_failures_go_up(self):
            detail.update(Content("\n").join(self._detail_lines(card)))

    def _detail_lines(self, card: Card) -> list[Content]:
        session = self.backend.session
        state = session.state(card.key)
        zone = session.clock.zone
        due = state.due.astimezone(zone).strftime("%Y-%m-%d %H:%M") if state.due else ""
        entries = session.history(card.key)
        explanations = session.explanations(card.key)
        ratings = f"{len(entries)} rating{'' if len(entries) == 1 else 's'}"
        lines = [
            Content.assemble((card.title, "bold")),
            Content.assemble((f"{card.key} · {card.priority} · ", "$text-muted"),
                             state_line(state, due)),
            Content.styled(str(card.where), "$text-muted"),
            Content(""),
            Content.styled(f"History ({ratings})", "bold $text-primary"),
        ]
        lines += (history_lines(entries, zone, card, explanations)
                  or [Content.styled("never reviewed", "$text-muted")])
        return lines

    def action_cram(self) -> None:
        """Practise the card now; logged in its history, its schedule unchanged."""
        card = self.selected
        if card is not None:
            self.post_message(ReviewWanted(cram=[card]))

    def action_toggle_suspend(self) -> None:
        card = self.selected
        if card is None:
            return
        session = self.backend.session
        try:
            if session.state(card.key).suspended:
                session.unsuspend(card.key)
                self.notify(f"{card.key} is back in the schedule.", timeout=3)
            else:
                session.suspend(card.key)
                self.notify(f"Suspended {card.key}.", timeout=3)
        except data_errors() as error:
            self.notify(str(error), title="Not saved", severity="error", markup=False)
        self._remark(card)

    def action_unbury(self) -> None:
        card = self.selected
        if card is None:
            return
        if card.key not in self._buried_keys():
            self.notify(f"{card.key} is not buried.", timeout=3)
            return
        try:
            self.backend.session.unbury(card.key)
            self.notify(f"{card.key} is back in today's study.", timeout=3)
        except data_errors() as error:
            self.notify(str(error), title="Not saved", severity="error", markup=False)
        self._remark(card)

    def _remark(self, card: Card) -> None:
        """The card's marks in the list, and its detail, as the database has them now."""
        cards = self.query_one("#browse-cards", OptionList)
        cards.replace_option_prompt(card.key, card_prompt(
            card, card.key in self._suspended_keys(), card.key in self._buried_keys(),
            card.key in self._flagged_keys()))
        self._show_detail()

    async def action_source(self) -> None:
        from drill.app.screens.source import edit_card

        card = self.selected
        if card is not None:
            await edit_card(self, card, self.backend.pack_path(card))

    def on_screen_resume(self) -> None:
        self._show_detail()

    def on_packs_reloaded(self, _: PacksReloaded) -> None:
        self._filter(self.query_one("#browse-search", Input).value)

    def action_back(self) -> None:
        self.dismiss(None)
