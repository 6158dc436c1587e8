"""The front and back of one card: scenario, an input per ask, and the revealed answer.

It reads each answer as it is typed (the echo) and grades it on Enter, through the
backend; an answer entered before the card's numbers are worked out is graded as soon as
they are. Each grade goes up to the screen as :class:`CardView.Graded`.

``ans`` in an answer stands for the calculator's last result: the screen hands down the
app's :class:`~drill.quantities.calculator.Scratchpad`, read at each keystroke.

The card's numbers (:class:`~drill.app.backend.Prepared`) come down from the screen, with
the card and again when they are ready; numbers this widget has to work out itself go up
as :class:`~drill.app.messages.CardWorkedOut`.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual import on
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Static
from textual.worker import WorkerCancelled

from drill.app.messages import CardWorkedOut
from drill.app.widgets.ask_field import AskField, Echo
from drill.app.widgets.reveal import answer_text

if TYPE_CHECKING:
    from drill.app.backend import Backend, Prepared
    from drill.grading import Earlier, Grade
    from drill.packs.model import Card
    from drill.quantities.calculator import Scratchpad
    from drill.quantities.quantity import Quantity


class CardView(VerticalScroll):
    DEFAULT_CSS = """
    CardView { height: 1fr; padding: 0 1; }
    CardView #card-title { margin: 1 0 0 0; }
    CardView #card-scenario { margin: 0 0 1 0; }
    CardView .hint { color: $text-muted; margin: 0 0 1 0; }
    CardView #reveal-link { margin: 0 0 1 0; color: $text-muted; }
    CardView #card-reveal {
        display: none; border-top: solid $primary; padding: 1 0 0 0; margin: 0 0 1 0;
    }
    """

    # Never focused itself: with no input focused the screen's shortcuts take every key
    # (PageUp/PageDown and the mouse still scroll it).
    can_focus = False

    class Graded(Message):
        """An answer was graded (readable answers only: invalid text is not an answer).

        ``showing`` is :attr:`CardView.showing` when it was graded: the message travels
        up after the fact, and the card may have been replaced meanwhile.
        """

        def __init__(self, grade: Grade, showing: int) -> None:
            super().__init__()
            self.grade = grade
            self.showing = showing

    class Finished(Message):
        """Every ask has been answered (or passed over with an empty Enter)."""

        def __init__(self, showing: int) -> None:
            super().__init__()
            self.showing = showing  # as in Graded

    def __init__(self, backend: Backend, scratchpad: Scratchpad | None = None, *,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.backend = backend
        self.scratchpad = scratchpad  # its last result is what "ans" stands for
        self.card: Card | None = None
        self.prepared: Prepared | None = None  # the card's numbers, None until ready
        self.pending: dict[str, str] = {}  # ask id → answer typed before targets were ready
        self.revealed = False
        # While one card's widgets give way to the next, messages (numbers prepared in the
        # background, a late echo) must not reach the fields on their way out.
        self._swapping = False
        self.showing = 0  # counts the cards shown, so late messages can tell whose they are

    async def show(self, card: Card, prepared: Prepared | None = None) -> None:
        """Show a card, front only; inputs wait for its numbers if they are not ready."""
        self.card, self.pending, self.revealed = card, {}, False
        self.prepared = prepared if prepared and prepared.key == card.shown_key else None
        self.showing += 1
        self._swapping = True
        try:
            await self._replace_widgets(card)
        finally:
            self._swapping = False
        self.scroll_home(animate=False)
        self.apply_prepared()

    async def _replace_widgets(self, card: Card) -> None:
        await self.remove_children()
        widgets: list[Static | AskField] = [
            Static(Content.styled(card.title, "bold"), id="card-title"),
            Static(card.scenario.strip(), id="card-scenario"),
        ]
        fields = [AskField(ask, n) for n, ask in enumerate(card.asks, 1)]
        for field in fields:
            field.on_typed = self._typed
        widgets += fields
        if not card.asks:
            widgets.append(Static("No number to type here: answer out loud, then Space.",
                                  classes="hint"))
        widgets.append(Static(
            Content.from_markup("[@click=screen.reveal]▶ Show the answer[/]  (Space)"),
            id="reveal-link",
        ))
        widgets.append(Static(id="card-reveal"))
        await self.mount_all(widgets)

    async def show_message(self, message: Content) -> None:
        self.card = None
        self._swapping = True
        try:
            await self.remove_children()
            await self.mount(Static(message, id="card-done"))
        finally:
            self._swapping = False

    @property
    def fields(self) -> list[AskField]:
        """The current card's answer fields (none while cards are being swapped)."""
        return [] if self._swapping else list(self.query(AskField))

    def typed(self) -> dict[str, tuple[str, bool, bool]]:
        """Each ask's text, whether it was graded, and whether it was passed over: what
        :meth:`restore` puts back when a rating of the card is undone."""
        return {field.ask.id: (field.answer, field.verdict is not None, field.passed_over)
                for field in self.fields}

    def restore(self, typed: dict[str, tuple[str, bool, bool]]) -> None:
        """Put back the answers :meth:`typed` took, graded again where they were graded
        (the grades go to no one: the screen keeps the answers it had)."""
        for field in self.fields:
            text, graded, passed_over = typed.get(field.ask.id, ("", False, False))
            field.input.value = text
            field.passed_over = passed_over
            grade = self._grade_now(field, text) if graded and text.strip() else None
            if grade is not None:
                self._shown(field, grade)

    def current_field(self) -> AskField | None:
        """The ask an answer typed now belongs to: the first not yet answered nor passed
        over (None when every ask is done)."""
        for field in self.fields:
            if field.verdict in (None, "invalid") and not field.waiting \
                    and not field.passed_over:
                return field
        return None

    # -- numbers, echo and grades --------------------------------------------------------

    def show_prepared(self, prepared: Prepared) -> None:
        """The numbers of the card shown arrived: ready the inputs, grade what waits."""
        if self.card is not None and prepared.key == self.card.shown_key:
            self.prepared = prepared
            self.apply_prepared()

    def apply_prepared(self) -> None:
        """Ready the inputs for the card's numbers (or their lack), grade what waits."""
        if self.card is None:
            return
        prepared = self.prepared
        for field in self.fields:
            if prepared is None:
                field.set_ready(False)
                continue
            problem = prepared.problems.get(field.ask.id) or prepared.error
            field.set_ready(field.ask.id in prepared.targets, problem)
            if field.ask.id in self.pending:
                self._grade(field, self.pending.pop(field.ask.id))
            elif field.answer:
                self._echo(field, field.answer)
        if self.revealed:
            self.reveal()

    def _grade_now(self, field: AskField, answer: str) -> Grade | None:
        prepared = self.prepared
        target = prepared.targets.get(field.ask.id) if prepared else None
        if target is None:
            return None
        try:
            return self.backend.grade(answer, target, self._last_result(),
                                      self._earlier(field))
        except Exception as error:  # a grader bug costs this answer, not the session
            from drill.grading import Grade, Shown, Verdict

            shown = Shown(target.reference.value, target.unit, "")
            return Grade(target.card, target.ask, answer, Verdict.INVALID,
                         f"cannot grade this: {error}", shown)

    def _earlier(self, field: AskField) -> list[Earlier]:
        """The card's asks before ``field`` answered wrong, as the learner answered them:
        a right method on one of their figures is named, not marked wrong twice."""
        from drill.grading import Earlier
        from drill.quantities.units import unit_quantity

        prepared = self.prepared
        earlier: list[Earlier] = []
        if prepared is None:
            return earlier
        for index, before in enumerate(self.fields, start=1):
            if before is field:
                break
            target = prepared.targets.get(before.ask.id)
            if before.verdict != "incorrect" or target is None:
                continue
            graded = self.backend.grade(before.answer, target, self._last_result())
            parsed = graded.parsed
            if parsed is None or parsed.unit != target.unit:
                continue
            typed = unit_quantity(target.unit) * parsed.value
            earlier.append(Earlier(f"ask {index}", typed, target.reference, target.unit))
        return earlier

    def _last_result(self) -> Quantity | None:
        return self.scratchpad.last if self.scratchpad is not None else None

    async def grade_waiting(self) -> list[Grade]:
        """Grade the answers still waiting for the card's numbers, working them out now (off
        the screen's thread) if the background has not yet; the readable grades are
        returned rather than posted, so a rating made at once still carries them."""
        if self.card is None or not self.pending:
            return []
        card, waiting, self.pending = self.card, self.pending, {}
        if self.prepared is None:
            worker = self.run_worker(partial(self.backend.prepare_safely, card), thread=True,
                                     group="grade-waiting")
            try:
                prepared = await worker.wait()
            except WorkerCancelled:
                return []  # the widget went meanwhile
            self.post_message(CardWorkedOut(prepared))
            if self.card is not card:
                return []  # replaced while its numbers were worked out
            self.prepared = self.prepared or prepared  # the app's may have come meanwhile
        grades = []
        for field in self.fields:
            answer = waiting.get(field.ask.id)
            grade = self._grade_now(field, answer) if answer is not None else None
            if grade is not None and self._shown(field, grade):
                grades.append(grade)
        return grades

    def _typed(self, field: AskField, answer: str) -> None:
        """A field's text changed (its ``on_typed``): echo how it reads, at once."""
        if field in self.fields:  # not a field of a card already gone
            self._echo(field, answer)

    def _echo(self, field: AskField, answer: str) -> None:
        if not answer.strip():
            field.show_echo(Echo())
            return
        grade = self._grade_now(field, answer)
        if grade is not None:
            if grade.parsed is not None:
                echo = grade.parsed.echo
                field.show_echo(Echo(f"{echo} [{grade.recalled}]" if grade.recalled else echo,
                                     grade.parsed.text))
            else:
                field.show_echo(Echo(error=grade.message))
            return
        from drill.quantities.calculator import calculate  # the parser alone: no sympy

        result = calculate(answer, last=self._last_result())
        field.show_echo(Echo(result.echo, result.text, result.error))

    @on(AskField.Submitted)
    def _submitted(self, event: AskField.Submitted) -> None:
        if event.field not in self.fields:
            return  # Enter on a card already gone
        if not event.answer.strip():
            event.field.passed_over = True
            if not self.focus_after(event.field):
                self.post_message(self.Finished(self.showing))
            return
        prepared = self.prepared
        if prepared is not None and event.field.ask.id not in prepared.targets:
            return  # this ask cannot be graded; the field says why
        self._grade(event.field, event.answer)

    def _grade(self, field: AskField, answer: str) -> None:
        grade = self._grade_now(field, answer)
        if grade is None:
            self.pending[field.ask.id] = answer
            field.show_waiting()
            return
        if not self._shown(field, grade):
            return  # not an answer: the field says why, and keeps the focus
        self.post_message(self.Graded(grade, self.showing))
        if not self.focus_after(field):
            self.post_message(self.Finished(self.showing))

    @staticmethod
    def _shown(field: AskField, grade: Grade) -> bool:
        """Show ``grade`` in its field; whether it is an answer (invalid text is not)."""
        field.show_grade(grade.verdict.value, grade.message, grade.mistakes)
        return grade.verdict.value != "invalid"

    def focus_after(self, field: AskField) -> bool:
        """Focus the next ask not yet answered nor passed over; False when there is none."""
        fields = self.fields
        later = fields[fields.index(field) + 1:] + fields[: fields.index(field)]
        for other in later:
            if other.verdict is None and not other.waiting and not other.passed_over:
                other.input.focus()
                other.scroll_visible()
                return True
        return False

    # -- the back ------------------------------------------------------------------------

    def reveal(self) -> None:
        if self.card is None or self._swapping:
            return
        self.revealed = True
        panel = self.query_one("#card-reveal", Static)
        panel.update(answer_text(self.card, self.prepared))
        panel.display = True
        self.query_one("#reveal-link", Static).display = False
        self.call_after_refresh(panel.scroll_visible, top=True, animate=False)
