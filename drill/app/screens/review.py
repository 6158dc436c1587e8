"""Review: one card at a time, from today's queue (or a cram list, outside the schedule).

Per card: the scenario and a countdown; an input per ask, echoing how the text is read
and graded on Enter; Space reveals the answer; 1–4 rate (each button shows its interval,
the grader's suggestion highlighted). Everything it decides comes from the backend.

The app builds it with what it needs (the backend, the cards' numbers as the app's worker
prepares them, the options) and hears its requests as messages
(:mod:`drill.app.messages`): numbers to work out, numbers worked out here to keep, the
roofline explorer to open, review data that failed.

The key model: a card opens with no input focused, so the single-key shortcuts work
whenever the user is not typing; the first keystroke of an answer (anything that is not
a shortcut) starts typing into the ask it belongs to. Esc stops typing, and otherwise
goes back, on every card. A card is never rated before its answer shows: Enter after the
last ask (or a rating key) reveals it first; then Enter takes the suggested rating.

The calculator (F2) shows beside the card when the terminal is wide enough
(:data:`SIDE_CALCULATOR_WIDTH`), so the card stays in view; on a narrow one the app opens
its overlay instead. Its last result is what ``ans`` stands for in an answer box.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Static
from textual.worker import get_current_worker

from drill.app.backend import BackendError, Saved, data_errors
from drill.app.messages import (
    CardPrepared,
    CardWorkedOut,
    PacksReloaded,
    PrepareCards,
    RooflineWanted,
    backend_failures_go_up,
)
from drill.app.widgets.calculator_panel import CalculatorPanel
from drill.app.widgets.card_view import CardView
from drill.app.widgets.countdown import Countdown
from drill.app.widgets.rating_bar import NAMES, RatingBar
from drill.scheduling.intervals import describe_interval

if TYPE_CHECKING:
    from drill.app.backend import Backend, Prepared
    from drill.app.options import AppOptions
    from drill.explaining.explain import Explanation
    from drill.packs.model import Card
    from drill.quantities.calculator import Scratchpad
    from drill.scheduling.ratings import Suggestion, TypedAnswer


RATE_IDS = {f"rate-{rating}": rating for rating in NAMES}
#: Keys that are shortcuts when not typing; any other printable key starts an answer.
SHORTCUT_KEYS = frozenset(" ubsefrqwg?*")
RATING_KEYS = frozenset("1234")
#: The narrowest screen that shows the calculator beside the card (the card keeps 80).
SIDE_CALCULATOR_WIDTH = 120
# What undo took back when it was not a rating (see ReviewSession.undo_kind).
_UNDONE_CHANGES = {"bury": "bury", "suspend": "suspension", "unsuspend": "unsuspension",
                   "unbury": "unbury", "flag": "flag", "unflag": "unflagging"}


@dataclass(frozen=True)
class _RatedView:
    """A card as it was on screen when it was rated: what undo restores."""

    key: str
    typed: dict[str, tuple[str, bool, bool]]
    answers: tuple[TypedAnswer, ...]
    seconds: float
    revealed: bool
    follow_up_next: bool
    explanations: tuple[int, ...] = ()  # written on it, kept with its rating


class _SaveEnded(Message):
    """The worker saving a rating while the database was locked is done: the rating is
    saved, or (``error``) it failed for another reason."""

    def __init__(self, card: Card, rating: int, seen: _RatedView, saved: Saved | None,
                 error: BackendError | None) -> None:
        super().__init__()
        self.card, self.rating, self.seen = card, rating, seen
        self.saved, self.error = saved, error


def message_clock() -> float:
    """Now, on the clock that stamps every Textual message's ``time`` (a key's too).

    Textual picks that clock per platform and keeps the choice private; a message made
    here is stamped by it, so the comparison with a key's time is always like for like.
    """
    return Message().time


class ReviewScreen(Screen[None]):
    CSS_PATH = "review.tcss"
    AUTO_FOCUS = ""  # nothing: a card opens with no input focused (see the key model)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "reveal", "Reveal", tooltip="Show the answer, its numbers and tip"),
        Binding("1", "rate(1)", "Again", show=False, tooltip="Rate: not recalled"),
        Binding("2", "rate(2)", "Hard", show=False, tooltip="Rate: recalled with difficulty"),
        Binding("3", "rate(3)", "Good", show=False, tooltip="Rate: recalled"),
        Binding("4", "rate(4)", "Easy", show=False, tooltip="Rate: recalled at once"),
        Binding("f", "follow_up", "Follow-up", tooltip="Take the follow-up card next"),
        Binding("u", "undo", "Undo", tooltip="Take back the last rating"),
        Binding("ctrl+z", "undo", "Undo", show=False, priority=True),  # works while typing
        # Not in the footer for lack of room at 80 columns; in the palette and help.
        Binding("b", "bury", "Bury", show=False, tooltip="Hide this card until tomorrow"),
        Binding("s", "suspend", "Suspend", show=False, tooltip="Take this card out of study"),
        Binding("asterisk", "flag", "Flag", show=False,
                tooltip="Flag this card (or take the flag off): Home studies flagged cards"),
        Binding("e", "source", "Edit", tooltip="The card's file in $EDITOR at its line; the "
                "packs reload when the editor closes"),
        # Out of the footer, which is full at 80 columns; README's key table lists it.
        Binding("w", "explain", "Explain", show=False,
                tooltip="Write your minute's answer: drill checks its figures and key points"),
        Binding("r", "roofline", "Roofline",
                tooltip="This card's GEMM on the roofline explorer (cards about intensity "
                "or batching)"),
        Binding("g", "app.specs", "Specs", show=False,
                tooltip="The specs the cards assume: GPUs, models, interconnects, sources"),
        Binding("enter", "enter", "Next", show=False,
                tooltip="Answer the next ask, show the answer, then take the suggestion"),
        Binding("escape", "leave", "Back", tooltip="Stop typing, or go back"),
        Binding("q", "back", "Back", show=False),  # as on the other screens (not while typing)
        Binding("pageup", "scroll_card(-1)", "Page up", show=False),
        Binding("pagedown", "scroll_card(1)", "Page down", show=False),
    ]

    #: Keys that are not bindings, for the ? list.
    KEY_NOTES: ClassVar[tuple[tuple[str, str], ...]] = (
        ("type", "any other key starts the answer of the current ask (the number shown "
                 "with its unit)"),
        ("Enter", "while typing: grade the answer and go to the next ask; after the last "
                  "one the answer shows; then Enter takes the suggested rating"),
        ("Esc", "stop typing (the answer stays); when not typing, back to Home"),
        ("Ctrl+Z", "undo the last rating, also while typing"),
        ("ans", "in an answer: the calculator's last result, with its unit (ans / 2, "
                "ans ms)"),
        ("F2", "the calculator beside the card (120 columns or more; else over it); "
               "F2 in it closes it, Esc goes back to the card"),
    )

    revealed: reactive[bool] = reactive(False, bindings=True)
    follow_up_next: reactive[bool] = reactive(False)

    def __init__(
        self,
        backend: Backend,
        prepared: Mapping[str, Prepared],
        options: AppOptions,
        cram: Sequence[Card] | None = None,
        first: Card | None = None,
        pack: str | None = None,
        scratchpad: Scratchpad | None = None,
    ) -> None:
        """``prepared`` is the app's, read only: the cards' numbers by ``shown_key``, as
        they come in (each announced by :class:`CardPrepared`). ``options`` gives the
        timer's clock, and whether cards are prepared in the app's worker. ``pack``: study
        this pack's part of today's queue only. ``scratchpad``: the app's calculator, shown
        beside the card, whose last result ``ans`` in an answer stands for."""
        super().__init__()
        self.backend = backend
        self.prepared = prepared
        self.options = options
        self.cram = list(cram) if cram is not None else None
        self.first = first
        self.pack = pack  # study this pack's part of today's queue only
        self.scratchpad = scratchpad
        self.card: Card | None = None
        self.kind = ""
        self.answers: list[TypedAnswer] = []
        self.explanations: list[int] = []  # saved from the explain box on this card
        # A terminal delivers keys in bursts, and a card takes a moment to be put on
        # screen: keys pressed before then were meant for the card being shown, never a
        # rating of it. ``_ready_since`` is when the current card took keys (the clock of
        # Message.time); ``_busy`` is set while a rating or a card change is under way.
        self._ready_since = math.inf
        self._busy = False
        self._typed_early: list[str] = []
        # Keys pressed before the answer was on screen never rate it (Enter twice).
        self._revealed_since = math.inf
        self._suggested: Suggestion | None = None
        self._clock_mark: tuple[object, ...] | None = None  # minute and study day shown
        # The card as it was at each rating, so an undo can put it back as it was.
        self._rated_views: list[_RatedView] = []

    # -- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        limit = self.backend.settings.timer_seconds
        with Horizontal(id="review-top"):
            yield Static(id="card-heading")
            yield Static(id="card-counts")
            yield Countdown(limit, self.options.timer_clock, id="countdown")
        with Horizontal(id="review-main"):
            yield CardView(self.backend, self.scratchpad, id="card-body")
        yield RatingBar(id="rating-bar")
        yield Footer()

    async def on_mount(self) -> None:
        self.set_interval(1.0, self.refresh_intervals_if_the_clock_moved)
        await self.show_next(self.first)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Card keys are hidden when there is no card, Follow-up when there is none, and
        bury and suspend in a cram (they are about the schedule: Browse suspends); Reveal
        once the answer shows. Undo is greyed out while there is nothing to undo."""
        if action == "undo":
            return True if self.backend.session.can_undo else None
        if action in ("reveal", "rate", "bury", "suspend", "source", "follow_up", "explain"):
            if self.card is None:
                return False
            if action == "reveal" and self.revealed:
                return False
            if action == "follow_up" and self._follow_up_card() is None:
                return False
            if action in ("bury", "suspend") and self.cram is not None:
                return False
        if action == "roofline":
            from drill.labs.card_link import is_about_roofline

            return self.card is not None and is_about_roofline(self.card)
        return True

    # -- which card --------------------------------------------------------------------

    async def show_next(self, card: Card | None = None) -> None:
        """Show ``card``, or the next one: the cram list's, else the schedule's."""
        self._busy, self._ready_since = True, math.inf
        try:
            # One layout and one frame for the whole change (the card's widgets, heading,
            # buttons, timer), not one for each step that awaits.
            with self.app.batch_update(), backend_failures_go_up(self):
                await self._show_next(card)
        finally:
            self._busy, self._ready_since = False, message_clock()
        await self._type_early_keys()

    async def _show_next(self, card: Card | None) -> None:
        kind = "cram" if self.cram is not None else ""
        if card is None and self.cram is not None:
            card = self.cram.pop(0) if self.cram else None
        elif card is None:
            entry = self.backend.session.next_card(self.pack)
            card, kind = (entry.card, entry.kind) if entry else (None, "")
        elif not kind:
            kind = self._kind_of(card)
        if card is None:
            await self._show_done()
        else:
            await self._show_card(card, kind)

    def _kind_of(self, card: Card) -> str:
        entries = self.backend.session.queue().entries
        entry = next((e for e in entries if e.card.key == card.key), None)
        if entry is not None:
            return entry.kind
        return "follow-up" if card.parent else "extra"

    async def _show_card(self, card: Card, kind: str) -> None:
        card = self.backend.variant_to_show(card)
        self.card, self.kind = card, kind
        self.answers = []
        self.explanations = []
        self.revealed = False
        self._revealed_since = math.inf
        self._suggested = None
        self.follow_up_next = False
        await self.query_one(CardView).show(card, self._prepared(card))
        self._show_heading()
        self._show_rating_options()
        countdown = self.query_one("#countdown", Countdown)
        countdown.display = True
        countdown.restart()
        self.refresh_bindings()
        self.set_focus(None)  # not typing: shortcuts work, typing starts an answer

    def _prepared(self, card: Card) -> Prepared | None:
        """The card's numbers if they are ready; if not, they are asked for."""
        prepared = self.prepared.get(card.shown_key)
        if prepared is not None:
            return prepared
        if self.options.prepare_in_background:
            self.post_message(PrepareCards([card]))  # CardPrepared says when they are
            return None
        # Without the worker, a card is solved when first shown, before it is drawn
        # (what the option promises: the screen as a test sees it is the final one).
        prepared = self.backend.prepare_safely(card)
        self.post_message(CardWorkedOut(prepared))
        return prepared

    async def _show_done(self) -> None:
        self.card = None
        counts = self.backend.session.counts()
        message = ("Cram list done." if self.cram is not None
                   else "Nothing more in this pack today." if self.pack is not None
                   else "All done for today.")
        days = "day" if counts.streak == 1 else "days"
        await self.query_one(CardView).show_message(Content.assemble(
            (message, "bold $text-success"),
            f"\n\n{counts.done_today} done today · streak {counts.streak} {days}.\n",
            ("Esc: back · u: undo the last rating", "$text-muted"),
        ))
        self.query_one("#card-heading", Static).update("")
        self.query_one("#card-counts", Static).update("")
        self.query_one("#countdown", Countdown).stop()
        self.query_one("#countdown", Countdown).display = False
        self.query_one(RatingBar).display = False
        self.set_focus(None)
        self.refresh_bindings()

    def _show_heading(self) -> None:
        assert self.card is not None
        card = self.card
        if self.cram is not None:
            left = f"{len(self.cram)} more" if self.cram else "last one"
            left += " · schedule unchanged"
        else:
            due, new = self.backend.left_today()
            left = f"{due} due · {new} new left"
        try:
            flagged = self.backend.session.state(card.key).flagged
        except data_errors():
            flagged = False  # a mark, never a reason to fail
        self.query_one("#card-heading", Static).update(Content.assemble(
            ("⚑ " if flagged else "", "bold $text-warning"),
            (card.key, "bold $text-accent"),
            (f" · {card.priority} · {self.kind}", "$text-muted"),
            (f" · variant {card.variant}" if card.variant else "", "$text-muted"),
        ))
        # Apart from the heading, which ends in an ellipsis when long: counts stay whole.
        self.query_one("#card-counts", Static).update(Content.styled(left, "$text-muted"))

    def _show_rating_options(self) -> None:
        assert self.card is not None
        bar = self.query_one(RatingBar)
        bar.display = True
        bar.suggested = None
        self._show_intervals()
        self._show_follow_up_note()

    def _show_intervals(self) -> None:
        """Each button's interval, from the clock now (what a rating now would give)."""
        if self.card is None:
            return
        bar = self.query_one(RatingBar)
        self._clock_mark = self._clock_now()
        if self.cram is not None:
            bar.show_intervals(None)
            return
        try:
            intervals = self.backend.preview(self.card.key, self.pack)
        except data_errors():
            return  # the database is busy: the labels stay until the next tick
        bar.show_intervals({int(r): text for r, text in intervals.items()})

    def _clock_now(self) -> tuple[object, ...]:
        """The minute and the study day: the intervals shown change only with these."""
        session = self.backend.session
        now = session.now()
        return (now.replace(second=0, microsecond=0), session.days.day_of(now))

    def refresh_intervals_if_the_clock_moved(self) -> None:
        """Once a second: the buttons' intervals again, if the minute or the study day
        changed since they were worked out."""
        if self.card is not None and not self._busy and self._clock_mark != self._clock_now():
            self._show_intervals()

    def _show_follow_up_note(self) -> None:
        notes = []
        if self._suggested is not None:
            notes.append(f"↵ {self._suggested.rating.label}: {self._suggested.reason}")
        if self._follow_up_card() is not None:
            notes.append("✓ follow-up next" if self.follow_up_next else "f: follow-up")
        self.query_one(RatingBar).note(" · ".join(notes))

    # -- keys that come early -------------------------------------------------------------

    def early_key(self, event: events.Key) -> bool:
        """Whether the key was pressed before this card was ready for keys (it is then
        used up here): typing goes into the card's answer and ``u`` undoes the rating
        just made; anything else is dropped, never taken as a rating, a bury or a
        reveal of a card the user has not seen yet."""
        if event.time >= self._ready_since:
            return False
        if event.is_printable and event.character:
            self._typed_early.append(event.character)
            if not self._busy:  # the card is on screen: use them (on_key does at once)
                self.call_later(self._type_early_keys)
        return True

    async def _type_early_keys(self) -> None:
        typed, self._typed_early = self._typed_early, []
        for character in typed:
            if self._busy:  # an undo below is showing a card: keep the rest for it
                self._typed_early.append(character)
            elif isinstance(self.focused, Input):
                self.focused.insert_text_at_cursor(character)
            elif character == "u":
                await self.action_undo()
            elif character not in SHORTCUT_KEYS:
                self._start_answer(character)

    def _start_answer(self, character: str) -> bool:
        """Start typing the current ask's answer with ``character``; False if none waits."""
        if self.card is None or self.revealed:
            return False
        ask = self.query_one(CardView).current_field()
        if ask is None:
            return False
        # Focus at once (Widget.focus waits for the next idle): the keys right behind
        # this one must find the input focused, or a space would reveal the card.
        self.set_focus(ask.input)
        ask.input.insert_text_at_cursor(character)
        ask.scroll_visible(animate=False)
        return True

    async def on_key(self, event: events.Key) -> None:
        if self.early_key(event):
            event.stop()
            event.prevent_default()
            if not self._busy:
                await self._type_early_keys()
            return
        focused = self.focused
        if isinstance(focused, Input):
            # Typing: the input takes the keys itself (Esc and Ctrl+Z still work). A
            # printable key seen here was sent before the input had focus (the key that
            # started the answer moved it): it belongs in the answer too.
            if event.is_printable and event.character:
                event.stop()
                event.prevent_default()
                focused.insert_text_at_cursor(event.character)
            return
        character = event.character if event.is_printable else None
        if character in RATING_KEYS and self.revealed:
            if event.time < self._revealed_since:  # pressed before the answer showed
                event.stop()
                event.prevent_default()
            return  # a rating: the binding takes it
        if character and character not in SHORTCUT_KEYS and self._start_answer(character):
            event.stop()
            event.prevent_default()
            return
        if event.key == "enter" and isinstance(focused, Button) and focused.id in RATE_IDS:
            # Rate now rather than through the button's own message, which would come
            # after keys pressed later (a "2" right behind the Enter would rate first).
            event.stop()
            event.prevent_default()
            await self.action_rate(RATE_IDS[focused.id])
        elif event.key == "enter":
            event.stop()
            event.prevent_default()
            if event.time >= self._revealed_since or not self.revealed:
                await self.action_enter()

    # -- answers and the reveal ----------------------------------------------------------

    def on_card_prepared(self, message: CardPrepared) -> None:
        prepared = self.prepared.get(message.key)
        if self.card is not None and message.key == self.card.shown_key and prepared:
            self.query_one(CardView).show_prepared(prepared)

    async def on_packs_reloaded(self, _: PacksReloaded) -> None:
        """The packs were read again: show the current card as it is written now (its
        numbers worked out afresh), or move on if it is gone."""
        backend = self.backend
        if self.cram is not None:
            fresh = (backend.card(card.key) for card in self.cram)
            self.cram = [card for card in fresh if card is not None]
        if self.card is None or self._busy:
            return
        card = backend.card(self.card.key)
        if card is None:
            self.notify(f"{self.card.key} is no longer in the packs.", severity="warning",
                        timeout=5)
        await self.show_next(card)

    @on(CardView.Graded)
    def _graded(self, event: CardView.Graded) -> None:
        if self.card is None or event.showing != self.query_one(CardView).showing:
            return  # a grade of the card before, arriving after it was rated
        self.answers.append(self.backend.typed_answer(event.grade))
        self._show_suggestion()

    def _show_suggestion(self) -> None:
        assert self.card is not None
        seconds = self.query_one("#countdown", Countdown).elapsed
        self._suggested = self.backend.session.suggest(self.card.key, self.answers, seconds)
        bar = self.query_one(RatingBar)
        bar.suggested = int(self._suggested.rating) if self._suggested else None
        self._show_follow_up_note()

    @on(CardView.Finished)
    def _finished(self, event: CardView.Finished) -> None:
        """After the last ask the answer shows; then Enter takes the suggested rating."""
        if event.showing == self.query_one(CardView).showing:  # not the card before's
            self.action_reveal()

    async def action_enter(self) -> None:
        """Enter when not typing: the next ask waiting for an answer, else the answer,
        then the suggested rating (with none, 1–4 decide)."""
        if self.card is None or self._busy:
            return
        if not self.revealed:
            ask = self.query_one(CardView).current_field()
            if ask is not None:
                ask.input.focus()
                ask.scroll_visible(animate=False)
            else:
                self.action_reveal()
        elif self._suggested is not None:
            await self.action_rate(int(self._suggested.rating))
        else:
            self.notify("Nothing typed to suggest a rating from: rate it with 1–4.",
                        timeout=4)

    def action_reveal(self) -> None:
        if self.card is not None and not self._busy:
            self.revealed = True

    def watch_revealed(self, revealed: bool) -> None:
        if revealed:
            self._revealed_since = message_clock()
            self.query_one(CardView).reveal()
            if isinstance(self.focused, Input):
                self.set_focus(None)

    # -- rating and the rest -------------------------------------------------------------------

    @on(RatingBar.Chosen)
    async def _chosen(self, event: RatingBar.Chosen) -> None:
        if event.time >= self._ready_since:  # a click on this card's buttons
            await self.action_rate(event.rating)

    async def action_rate(self, rating: int) -> None:
        card = self.card
        if card is None or self._busy:
            return
        if not self.revealed:  # never rated before its answer was shown
            self.action_reveal()
            return
        countdown = self.query_one("#countdown", Countdown)
        seconds = countdown.stop()
        backend = self.backend
        view = self.query_one(CardView)
        if view.pending:  # typed before the numbers were ready: grade it, then rate
            self._busy = True
            try:
                grades = await view.grade_waiting()
            finally:
                self._busy = False
            if self.card is not card:
                return
            self.answers.extend(backend.typed_answer(grade) for grade in grades)
        seen = _RatedView(card.key, view.typed(), tuple(self.answers), seconds, self.revealed,
                          self.follow_up_next, tuple(self.explanations))
        try:  # at once if the database is free; never waiting on the screen's thread
            saved = backend.rate(card.key, rating, seconds, self.answers,
                                 cram=self.cram is not None, variant=card.variant, wait=False,
                                 explanations=seen.explanations)
        except BackendError as error:
            if error.locked:
                self._busy, self._ready_since = True, math.inf  # keys wait, as on a swap
                self.notify("Another program holds the review database: saving this rating "
                            "as soon as it lets go…", title="Saving", severity="warning",
                            timeout=60)
                self._save_when_free(card, rating, seen)
            else:
                self._not_saved(error)
            return
        await self._saved(card, rating, saved, seen)

    def _not_saved(self, error: BackendError) -> None:
        """Nothing was stored: the card stays, with its answers, to be rated again."""
        self.query_one("#countdown", Countdown).running = True
        self.notify(f"{error}. The card stays, to be rated again.", title="Rating not saved",
                    severity="error", timeout=10, markup=False)

    @work(thread=True, exclusive=True, group="save")
    def _save_when_free(self, card: Card, rating: int, seen: _RatedView) -> None:
        """Another program holds the database: the review service tries again until it
        lets go, in a thread, so the screen never freezes; the card stays until its rating
        is saved (or the screen goes, which cancels this worker)."""
        worker = get_current_worker()
        try:
            saved = self.backend.rate_when_free(
                lambda: not worker.is_cancelled, card.key, rating, seen.seconds, seen.answers,
                cram=self.cram is not None, variant=card.variant,
                explanations=seen.explanations)
        except BackendError as error:
            self.post_message(_SaveEnded(card, rating, seen, None, error))
            return
        self.post_message(_SaveEnded(card, rating, seen, saved, None))

    @on(_SaveEnded)
    async def _save_ended(self, message: _SaveEnded) -> None:
        self._busy, self._ready_since = False, message_clock()
        self.app.clear_notifications()
        if message.error is not None:
            self._not_saved(message.error)
        elif message.saved is not None:
            await self._saved(message.card, message.rating, message.saved, message.seen)

    async def _saved(self, card: Card, rating: int, saved: Saved, seen: _RatedView) -> None:
        """The rating is committed: say what it did and show the next card."""
        self._rated_views.append(seen)
        interval = saved.interval
        when = (f"again in {describe_interval(interval)}" if interval
                else "cram")
        if saved.leech_lapses is not None:
            self.notify(f"{card.key}: suspended as a leech after {saved.leech_lapses} lapses; "
                        "unsuspend it from Browse.", title="Leech", severity="warning",
                        timeout=8, markup=False)
        else:
            self.notify(f"{card.key}: {NAMES[rating]} · {when}", timeout=3)
        follow = self._follow_up_card() if self.follow_up_next else None
        with backend_failures_go_up(self):
            if follow is not None and self._suspended(follow):
                follow = None
        await self.show_next(follow)

    def _follow_up_card(self) -> Card | None:
        if self.card is None or not self.card.follow_up:
            return None
        return self.backend.card(f"{self.card.pack}/{self.card.follow_up}")

    def _suspended(self, card: Card) -> bool:
        """Suspended cards stay out of study; a cram changes no schedule, so it may show them."""
        return self.cram is None and self.backend.session.state(card.key).suspended

    def action_roofline(self) -> None:
        self.post_message(RooflineWanted(self.card))

    # -- the calculator beside the card --------------------------------------------------

    @property
    def side_calculator(self) -> CalculatorPanel | None:
        """The calculator panel beside the card, when it is showing."""
        panel = next(iter(self.query(CalculatorPanel)), None)
        return panel if panel is not None and panel.display else None

    async def toggle_side_calculator(self) -> bool:
        """F2 on a wide screen: open the calculator beside the card (typing into it),
        go back into it, or close it when typing in it. False when the screen is too
        narrow for a panel (the app opens its overlay then)."""
        if self.scratchpad is None or self.size.width < SIDE_CALCULATOR_WIDTH:
            return False
        panel = next(iter(self.query(CalculatorPanel)), None)
        if panel is None:
            panel = CalculatorPanel(self.scratchpad, id="side-calculator")
            await self.query_one("#review-main", Horizontal).mount(panel)
        elif panel.display and panel.has_focus_within:
            panel.display = False
            self.set_focus(None)  # back to the card: its shortcuts work again
            return True
        elif not panel.display:
            panel.show_history()  # the overlay may have added lines meanwhile
        panel.display = True
        self.set_focus(panel.entry)
        return True

    def on_resize(self, event: events.Resize) -> None:
        """Narrowed below the panel's width: the card takes the room back (F2 opens the
        overlay from now on)."""
        panel = self.side_calculator
        if panel is not None and event.size.width < SIDE_CALCULATOR_WIDTH:
            if panel.has_focus_within:
                self.set_focus(None)
            panel.display = False

    def action_follow_up(self) -> None:
        if self._busy:
            return
        follow = self._follow_up_card()
        if follow is None:
            self.notify("This card has no follow-up.", severity="warning", timeout=3)
            return
        with backend_failures_go_up(self):
            if self._suspended(follow):
                self.notify(f"{follow.key} is suspended: unsuspend it in Browse to take it.",
                            severity="warning", timeout=5)
                return
            self.follow_up_next = not self.follow_up_next

    def watch_follow_up_next(self) -> None:
        if self.is_mounted and self.query(RatingBar):
            self._show_follow_up_note()

    async def action_undo(self) -> None:
        try:
            await self._undo()
        finally:
            self.refresh_bindings()  # Undo greys out once there is nothing left to undo

    async def _undo(self) -> None:
        if self._busy:
            return
        session = self.backend.session
        if not session.can_undo:
            self.notify("Nothing to undo.", severity="warning", timeout=3)
            return
        kind = session.undo_kind
        try:
            undone = session.undo()
        except data_errors() as error:
            self.notify(str(error), title="Not undone", severity="error", markup=False)
            return
        key = undone.key if undone is not None else None
        card = self.backend.card(key) if key else None
        if kind in _UNDONE_CHANGES:  # a bury or (un)suspend: nothing was rated
            self.notify(f"Undid the {_UNDONE_CHANGES[kind]} of {key}.", timeout=3)
            if self.cram is None and card is not None and kind in ("bury", "suspend"):
                await self.show_next(card)  # back in today's queue, as Anki shows it
            return
        if (kind == "cram") != (self.cram is not None):
            # Rated in the other kind of session (cram here, a scheduled review there, or
            # the other way round): undone, but not shown here as what it was not.
            if kind == "cram":
                self.notify(f"Undid the cram of {key}.", timeout=3)
            else:
                self.notify(f"Undid the last rating of {key}; it is due again.", timeout=4)
            if self.cram is None and self.card is None:
                await self.show_next()  # "All done" may have a card again
            return
        self.notify(f"Undid the last rating of {key}.", timeout=3)
        if card is not None:
            if self.cram is not None and self.card is not None:
                self.cram.insert(0, self.card)
            await self.show_next(card)
            self._restore_view(key)

    def _restore_view(self, key: str | None) -> None:
        """The undone card as it was when rated: its answers, verdicts, timer, reveal."""
        # The latest view of that card (ratings made elsewhere left no view here).
        index = next((i for i in reversed(range(len(self._rated_views)))
                      if self._rated_views[i].key == key), None)
        if index is None or self.card is None or self.card.key != key:
            return
        seen = self._rated_views[index]
        del self._rated_views[index:]
        self.query_one(CardView).restore(seen.typed)
        self.answers = list(seen.answers)
        self.explanations = list(seen.explanations)
        self.follow_up_next = seen.follow_up_next
        self.query_one("#countdown", Countdown).restart(seen.seconds)
        if self.answers:
            self._show_suggestion()
        if seen.revealed:
            self.action_reveal()
        self.set_focus(None)

    async def action_bury(self) -> None:
        if self.card is None or self.cram is not None or self._busy:
            return
        try:
            self.backend.session.bury(self.card.key)
        except data_errors() as error:
            self.notify(str(error), title="Not buried", severity="error", markup=False)
            return
        self.notify(f"Buried {self.card.key} until tomorrow.", timeout=3)
        await self.show_next()

    def action_flag(self) -> None:
        if self.card is None or self._busy:
            return
        try:
            flagged = self.backend.toggle_flag(self.card.key)
        except data_errors() as error:
            self.notify(str(error), title="Not saved", severity="error", markup=False)
            return
        self.notify(f"Flagged {self.card.key}." if flagged
                    else f"Took the flag off {self.card.key}.", timeout=3)
        self._show_heading()
        self.refresh_bindings()

    async def action_suspend(self) -> None:
        if self.card is None or self.cram is not None or self._busy:
            return
        try:
            self.backend.session.suspend(self.card.key)
        except data_errors() as error:
            self.notify(str(error), title="Not suspended", severity="error", markup=False)
            return
        self.notify(f"Suspended {self.card.key}; unsuspend it in Browse.", timeout=4)
        await self.show_next()

    async def action_source(self) -> None:
        from drill.app.screens.source import edit_card

        if self.card is not None:
            await edit_card(self, self.card, self.backend.pack_path(self.card))

    def action_explain(self) -> None:
        """Open the explain box on the card shown (its variant included)."""
        from drill.app.screens.explain import ExplainScreen

        card = self.card
        if card is None:
            return
        backend = self.backend
        kept = self.explanations  # this card's: its rating keeps them

        def save(result: Explanation, seconds: float) -> str | None:
            try:
                kept.append(backend.save_explanation(card, result, seconds))
            except data_errors() as error:
                return f"the explanation was not saved: {error}"
            return None

        self.app.push_screen(ExplainScreen(card, lambda text: backend.explain(card, text), save))

    def action_scroll_card(self, pages: int) -> None:
        body = self.query_one(CardView)
        if pages < 0:
            body.scroll_page_up()
        else:
            body.scroll_page_down()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_leave(self) -> None:
        """Esc: stop typing (the answer stays); when not typing, go back."""
        if isinstance(self.focused, Input):
            self.set_focus(None)
        else:
            self.dismiss(None)
