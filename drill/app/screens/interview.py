"""The mock interview: a few cards, a minute each, then the scorecard.

First how many cards (1–9, Enter starts). Then per card the scenario with a live
countdown, a box for the answer as it would be said, and the card's asks to answer as
numbers; Ctrl+S stops the clock and shows the check (each wrong figure with the right one,
the key points made and missed, the asks graded) and the card's own answer. Enter asks
the next question: the card's follow-up first, as an interviewer would, then the next
card drawn. At the end (or on Esc) the interview is saved and the scorecard shown
(:mod:`drill.app.screens.scorecard`), where a card may be rated; nothing is rescheduled
otherwise.

The draw, the checks, the scores and the saving are the domain's
(:mod:`drill.explaining.interview`), through the backend it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Input, Static, TextArea
from textual.worker import Worker, WorkerState

from drill.app.backend import data_errors
from drill.app.messages import backend_failures_go_up
from drill.app.screens.explain import result_content
from drill.app.widgets.answer_box import AnswerBox
from drill.app.widgets.ask_field import AskField, Echo
from drill.app.widgets.countdown import Countdown

if TYPE_CHECKING:
    from drill.app.backend import Backend, Prepared
    from drill.explaining.explain import Explanation
    from drill.explaining.interview import CardScore, Question
    from drill.packs.model import Card
    from drill.scheduling.ratings import TypedAnswer
    from drill.storage.interviews import ExplanationRow

DEFAULT_CARDS = 5


@dataclass(frozen=True)
class Answered:
    """One question as it went: the card shown, what was typed, and its score."""

    card: Card
    answers: tuple[TypedAnswer, ...]
    score: CardScore
    row: ExplanationRow  # as the interview keeps it


class InterviewScreen(Screen[None]):
    CSS_PATH = "interview.tcss"
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "done", "Done", priority=True,
                tooltip="Stop the clock and check the answer: its figures, key points and "
                "the asks"),
        Binding("enter", "next", "Next", show=False,
                tooltip="Start the interview; after a check, the next question"),
        Binding("escape", "finish", "End",
                tooltip="End the interview now (an answer being written is checked and "
                "kept): the scorecard"),
        # Priority: a Tab right behind a paste, while the question is still being set up,
        # must still leave the answer box (the screen would otherwise focus it again).
        Binding("tab", "tab", "Next field", show=False, priority=True),
        Binding("pageup", "scroll_body(-1)", "Page up", show=False),
        Binding("pagedown", "scroll_body(1)", "Page down", show=False),
    ]
    KEY_NOTES: ClassVar[tuple[tuple[str, str], ...]] = (
        ("1–9", "before the first question: how many cards to draw"),
        ("Tab", "from the answer box to the asks and back"),
    )

    def __init__(self, backend: Backend, timer_clock: Callable[[], float],
                 prepare_now: bool = False, count: int = DEFAULT_CARDS,
                 seed: int | None = None) -> None:
        """``timer_clock``: the countdown's clock (frozen in tests); ``prepare_now``: work
        out each card's numbers before it is drawn (tests), not in a worker; ``seed``:
        the same draw and variants every time (tests)."""
        super().__init__()
        self.backend = backend
        self.timer_clock = timer_clock
        self.prepare_now = prepare_now
        self.count = count
        self.rng = random.Random(seed)
        self.phase = "intro"  # then "asking", "checked"; "done" once saved
        self.tab_pending = False  # Tab pressed before the asks were there to take it
        self.queue: list[tuple[Question, bool]] = []  # (question, is a follow-up)
        self.card: Card | None = None
        self.is_follow_up = False
        self.number = 0  # questions drawn so far (follow-ups not counted)
        self.drawn = 0
        self.prepared: Prepared | None = None
        self.answered: list[Answered] = []
        self.started_ms = 0
        self.result: Explanation | None = None
        self.interview_id: int | None = None  # made with the first answer kept
        self.saved: dict[int, int] = {}  # position in ``answered`` → its explanation's id

    def compose(self) -> ComposeResult:
        with Horizontal(id="interview-top"):
            yield Static(id="interview-heading")
            yield Countdown(self._limit(), self.timer_clock, id="interview-countdown")
        with VerticalScroll(id="interview-body"):
            yield Static(id="interview-scenario")
            yield Static(Content.styled("Your answer, as you would say it:", "bold"),
                         id="interview-label")
            yield AnswerBox(id="interview-text", soft_wrap=True, show_line_numbers=False)
            yield Vertical(id="interview-asks")
            yield Static(id="interview-result")
        yield Footer()

    @staticmethod
    def _limit() -> int:
        from drill.explaining.interview import ANSWER_SECONDS

        return ANSWER_SECONDS

    def on_mount(self) -> None:
        self._show_intro()

    # -- the intro -------------------------------------------------------------------------

    def _show_intro(self) -> None:
        countdown = self.query_one(Countdown)
        countdown.stop()
        countdown.display = False
        for widget in ("#interview-label", "#interview-text", "#interview-result"):
            self.query_one(widget).display = False
        self.query_one("#interview-heading", Static).update(
            Content.styled("Mock interview", "bold $text-accent"))
        self.query_one("#interview-scenario", Static).update(Content.assemble(
            (f"{self.count} cards", "bold"),
            " across your packs, weighted by priority and your weak spots, each in a fresh "
            "variant. For each: the scenario and a minute on the clock. Write the answer as "
            "you would say it, type the numbers it asks for, then Ctrl+S. Its follow-up "
            "comes next, as the interviewer's next question.\n\n",
            ("The interview is saved; no card is rescheduled unless you rate it on the "
             "scorecard.\n\n", "$text-muted"),
            ("1–9", "bold $text-accent"), " how many cards · ",
            ("Enter", "bold $text-accent"), " start · ",
            ("Esc", "bold $text-accent"), " back",
        ))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Done only while a question is on the clock (the footer shows what works)."""
        if action == "done":
            return self.phase == "asking"
        return True

    def _to_phase(self, phase: str) -> None:
        self.phase = phase
        self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        if self.phase == "intro" and event.character and event.character in "123456789":
            event.stop()
            self.count = int(event.character)
            self._show_intro()
        elif (self.phase == "asking" and self.focused is None and event.is_printable
              and event.character):
            # A key typed while nothing has focus (just after the question came up)
            # belongs to the answer.
            event.stop()
            text = self.query_one(TextArea)
            self.set_focus(text)
            text.insert(event.character)

    # -- asking ------------------------------------------------------------------------------

    async def action_next(self) -> None:
        if self.phase == "intro":
            with backend_failures_go_up(self):
                drawn = self.backend.interview_questions(self.count, self.rng)
                if not drawn:
                    self.notify("No cards to ask: add packs first.", severity="warning")
                    return
                self.queue = [(question, False) for question in drawn]
                self.drawn = len(drawn)
                self.started_ms = self._now_ms()
                await self._ask_next()
        elif self.phase == "checked":
            await self._ask_next()

    async def _ask_next(self) -> None:
        if not self.queue:
            self._finish()
            return
        question, self.is_follow_up = self.queue.pop(0)
        if not self.is_follow_up:
            self.number += 1
        card = self.card = self.backend.shown(question.card, question.variant)
        self._to_phase("asking")
        self.result = None
        self.prepared = self.backend.prepare_safely(card) if self.prepare_now else None
        if not self.prepare_now:
            self.run_worker(lambda: self.backend.prepare_safely(card), thread=True,
                            group="interview-prepare", exclusive=True)
        which = "Follow-up" if self.is_follow_up else f"Question {self.number} of {self.drawn}"
        self.query_one("#interview-heading", Static).update(Content.assemble(
            (which, "bold $text-accent"), (f" · {card.shown_key}", "$text-muted")))
        self.query_one("#interview-scenario", Static).update(Content.assemble(
            (card.title, "bold"), "\n", card.scenario.strip()))
        for widget in ("#interview-label", "#interview-text"):
            self.query_one(widget).display = True
        text = self.query_one(TextArea)
        text.read_only = False
        text.load_text("")
        self.tab_pending = False
        self.set_focus(text)  # a paste right behind Enter lands in the answer box
        asks = self.query_one("#interview-asks", Vertical)
        await asks.remove_children()
        fields = [AskField(ask, n) for n, ask in enumerate(card.asks, start=1)]
        await asks.mount_all(fields)
        for field in fields:
            field.set_ready(True)
        self.query_one("#interview-result", Static).display = False
        countdown = self.query_one(Countdown)
        countdown.display = True
        countdown.restart()
        self.query_one("#interview-body", VerticalScroll).scroll_home(animate=False)
        if self.tab_pending and fields:
            self.set_focus(fields[0].input)  # the Tab pressed while they were coming
        elif not isinstance(self.focused, Input):
            self.set_focus(text)  # at once: keys typed right behind Enter are the answer's
        self.tab_pending = False

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if (worker.group == "interview-prepare"
                and worker.state == WorkerState.SUCCESS and self.card is not None
                and worker.result is not None
                and worker.result.key == self.card.shown_key and self.prepared is None):
            self.prepared = worker.result

    def action_tab(self) -> None:
        """Tab: from the answer box to the first ask, on through the asks, and back."""
        if self.phase != "asking":
            self.focus_next()
            return
        fields = [f for f in self.query(AskField) if f.input.focusable]
        focused = self.focused
        if not fields:
            self.tab_pending = True  # the asks are still being mounted
            return
        inputs = [f.input for f in fields]
        if focused in inputs:
            index = inputs.index(focused)
            self.set_focus(inputs[index + 1] if index + 1 < len(inputs)
                           else self.query_one(TextArea))
        else:
            self.set_focus(inputs[0])

    @on(AskField.Typed)
    def _typed(self, event: AskField.Typed) -> None:
        from drill.quantities.calculator import calculate  # the parser alone: no sympy

        if not event.answer.strip():
            event.field.show_echo(Echo())
            return
        result = calculate(event.answer)
        event.field.show_echo(Echo(result.echo, result.text, result.error))

    @on(AskField.Submitted)
    def _submitted(self, event: AskField.Submitted) -> None:
        """Enter in an ask: the next ask, or back to the answer box after the last."""
        fields = list(self.query(AskField))
        later = fields[fields.index(event.field) + 1:] if event.field in fields else []
        # At once (Widget.focus waits for the next idle): the keys right behind the Enter
        # are the next ask's.
        self.set_focus(later[0].input if later else self.query_one(TextArea))

    def action_done(self) -> None:
        """Stop the clock; check the explanation and grade the asks."""
        if self.phase != "asking" or self.card is None:
            return
        card = self.card
        seconds = self.query_one(Countdown).stop()
        text = self.query_one(TextArea)
        text.read_only = True
        answers = self._grade_asks(card)
        with backend_failures_go_up(self):
            self.result = result = self.backend.explain(card, text.text)
        from drill.explaining.interview import explanation_row, score

        scored = score(result, seconds, answers, [ask.id for ask in card.asks])
        self.answered.append(Answered(card, tuple(answers), scored,
                                      explanation_row(card, result, seconds, scored)))
        problem = self._keep()
        if problem:
            self.notify(problem, severity="error")
        self._to_phase("checked")
        self._show_check(card, result, scored)

    def _grade_asks(self, card: Card) -> list[TypedAnswer]:
        fields = [field for field in self.query(AskField) if field.answer.strip()]
        if not fields:
            return []
        prepared = self.prepared or self.backend.prepare_safely(card)
        self.prepared = prepared
        answers = []
        for field in self.query(AskField):
            field.input.disabled = True
            target = prepared.targets.get(field.ask.id)
            if not field.answer.strip() or target is None:
                continue
            grade = self.backend.grade(field.answer, target)
            field.show_grade(grade.verdict.value, grade.message, grade.mistakes)
            answers.append(self.backend.typed_answer(grade))
        return answers

    def _show_check(self, card: Card, result: Explanation, scored: CardScore) -> None:
        parts = [Content.assemble(
            ("Time ", "bold"), f"{scored.seconds:.0f} s",
            (" (over the minute)" if scored.over_time else "", "$text-warning"))]
        if scored.asks:
            unanswered = scored.asks - scored.asks_right - scored.asks_wrong
            parts.append(Content.assemble(
                ("asks ", "bold"), (f"{scored.asks_right} right", "$text-success"), " · ",
                (f"{scored.asks_wrong} wrong", "$text-error" if scored.asks_wrong
                 else "$text-muted"),
                (f" · {unanswered} not answered" if unanswered else "", "$text-muted")))
        parts.append(result_content(result))
        if card.answer:
            parts.append(Content.styled("The card's answer", "bold"))
            parts += [Content(f"• {' '.join(point.split())}") for point in card.answer]
        if card.key_numbers:
            parts.append(Content.styled("Key numbers: ", "bold")
                         + " · ".join(" ".join(n.split()) for n in card.key_numbers))
        parts.append(Content(""))
        parts.append(Content.assemble(("Enter", "bold $text-accent"), self._next_words()))
        box = self.query_one("#interview-result", Static)
        box.update(Content("\n").join(parts))
        box.display = True
        self.set_focus(None)
        # As far down as it goes: the check at the top, or the asks' verdicts just above
        # it when the check is short.
        box.call_after_refresh(box.scroll_visible, animate=False, top=True)

    def _next_words(self) -> str:
        """What Enter does next: the follow-up (queued now), the next card, the scorecard."""
        assert self.card is not None
        if not self.is_follow_up:
            following = self.backend.interview_follow_up(self.card, self.rng)
            if following is not None:
                self.queue.insert(0, (following, True))
                return f" the follow-up: {following.card.title}"
        return " the next question" if self.queue else " the scorecard"

    def action_scroll_body(self, pages: int) -> None:
        body = self.query_one("#interview-body", VerticalScroll)
        if pages < 0:
            body.scroll_page_up()
        else:
            body.scroll_page_down()

    # -- the end -----------------------------------------------------------------------------

    def action_finish(self) -> None:
        """Esc: back from the intro; else the answer being written is checked and kept,
        and the interview ends."""
        if self.phase == "intro":
            self.dismiss(None)
            return
        typed = any(field.answer.strip() for field in self.query(AskField))
        if self.phase == "asking" and (self.query_one(TextArea).text.strip() or typed):
            self.action_done()
        self._finish()

    def _keep(self) -> str:
        """Write every checked answer not yet kept, now: quitting, a closed terminal or a
        kill then loses none. "" once all are kept, else why not (tried again later)."""
        for position, answered in enumerate(self.answered):
            if position in self.saved:
                continue
            try:
                self.interview_id, self.saved[position] = self.backend.keep_interview_answer(
                    self.interview_id, self.started_ms, self._now_ms(), position, answered.row)
            except data_errors() as error:
                return f"The answer was not saved: {error}"
        return ""

    def _now_ms(self) -> int:
        """Now on the scheduling clock (the one the review log's times are on)."""
        return int(self.backend.session.now().timestamp() * 1000)

    def _finish(self) -> None:
        if self.phase == "done":
            return
        self._to_phase("done")
        self.query_one(Countdown).stop()
        if not self.answered:
            self.dismiss(None)
            return
        from drill.app.screens.scorecard import ScorecardScreen

        problem = self._keep()
        if not problem and self.interview_id is not None:
            try:
                self.backend.finish_interview(self.interview_id, self._now_ms())
            except data_errors() as error:
                problem = f"The interview's end was not saved: {error}"
        kept: list[int] = []  # the ids in order, up to the first answer not kept
        while len(kept) in self.saved:
            kept.append(self.saved[len(kept)])
        self.app.switch_screen(ScorecardScreen(self.backend, self.answered, kept, problem))
