"""One ask of a card: its question, an input with the display unit, the echo, the verdict.

The field only shows things. Reading and grading happen in the domain (``drill.grading``,
``drill.quantities.calculator``); the screen hands the results in with :meth:`show_echo` and
:meth:`show_grade`. Enter posts :class:`AskField.Submitted` for the screen to grade.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Input, Static

from drill.packs.model import Ask

PREPARING = "preparing…"


@dataclass(frozen=True)
class Echo:
    """How typed text is read: ``text`` is the echo, ``value`` what it comes to."""

    text: str = ""
    value: str = ""
    error: str = ""


class AskField(Vertical):
    """A question, an answer input and what became of the answer."""

    DEFAULT_CSS = """
    AskField { height: auto; margin: 0 0 1 0; }
    AskField .ask-question { color: $text; text-style: bold; width: 1fr; }
    AskField .ask-row { height: 1; }
    AskField .ask-row Input { width: 1fr; max-width: 50; }
    AskField .ask-unit { width: auto; min-width: 6; padding: 0 1; color: $text-accent; }
    AskField .ask-row Input { background: $boost; }
    AskField .ask-row Input:focus { background: $primary 20%; }
    AskField .ask-echo { color: $text-muted; padding: 0 2; height: auto; display: none; }
    AskField .ask-verdict { padding: 0 2; height: auto; display: none; }
    AskField .ask-verdict.-correct { color: $text-success; }
    AskField .ask-verdict.-incorrect { color: $text-error; }
    AskField .ask-verdict.-invalid { color: $text-warning; }
    AskField.-graded Input { border: tall $panel; }
    """

    class Submitted(Message):
        """The user pressed Enter in an ask's input."""

        def __init__(self, field: AskField, answer: str) -> None:
            super().__init__()
            self.field = field
            self.answer = answer

        @property
        def control(self) -> AskField:
            return self.field

    class Typed(Message):
        """The answer text changed: the screen replies with :meth:`AskField.show_echo`."""

        def __init__(self, field: AskField, answer: str) -> None:
            super().__init__()
            self.field = field
            self.answer = answer

        @property
        def control(self) -> AskField:
            return self.field

    def __init__(self, ask: Ask, number: int) -> None:
        super().__init__(id=f"ask-{ask.id}", classes="ask-field")
        self.ask = ask
        self.number = number
        self.verdict: str | None = None
        self.waiting = False  # Enter was pressed before the reference values were ready
        self.passed_over = False  # an empty Enter: the user answers this one out loud
        #: Set by the widget holding the field to show the echo of each new text at once
        #: (:class:`Typed` still goes up, a moment later, for anyone else).
        self.on_typed: Callable[[AskField, str], None] | None = None
        # Not selecting on focus: the key that starts an answer is already in it.
        self._input = Input(placeholder=PREPARING, id=f"input-{ask.id}", compact=True,
                            select_on_focus=False)
        self._echo_line = Static("", classes="ask-echo")
        self._verdict_line = Static("", classes="ask-verdict")

    def compose(self) -> ComposeResult:
        # A Static of the field's width: the question wraps instead of being cut.
        yield Static(f"{self.number}. {self.ask.question}", classes="ask-question")
        with Horizontal(classes="ask-row"):
            yield self._input
            # "1" is how a pack says "a plain number": nothing to show beside the input.
            yield Static("" if self.ask.unit == "1" else self.ask.unit, classes="ask-unit")
        yield self._echo_line
        yield self._verdict_line

    def on_mount(self) -> None:
        # As the text changes, not when Input.Changed arrives: the echo is then drawn in
        # the same frame as the keystroke, not in a frame of its own after it.
        self.watch(self._input, "value", self._value_changed, init=False)

    @property
    def input(self) -> Input:
        return self._input

    @property
    def answer(self) -> str:
        return self._input.value

    def set_ready(self, ready: bool, problem: str = "") -> None:
        """Reference values are known (or cannot be: ``problem`` says why)."""
        if problem:
            self._input.placeholder = "cannot be graded"
            self._verdict(Content.styled(f"⚠ {problem}", "$text-warning"), "-invalid")
        else:
            self._input.placeholder = "your answer" if ready else PREPARING

    def _value_changed(self, value: str) -> None:
        if self.verdict == "invalid":  # it was about the text before this change
            self.verdict = None
            self._verdict_line.display = False
        if self.on_typed is not None:
            self.on_typed(self, value)

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        self.post_message(self.Typed(self, event.value))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.Submitted(self, event.value))

    def show_echo(self, echo: Echo) -> None:
        echo_line = self._echo_line
        echo_line.display = bool(echo.text or echo.error)
        if echo.error:
            echo_line.update(Content.styled(echo.error, "$text-warning"))
        elif echo.text:
            parts: list[tuple[str, str] | str] = [("read as ", "$text-muted"), echo.text]
            if echo.value and echo.value != echo.text:
                parts += ["  =  ", (echo.value, "bold")]
            echo_line.update(Content.assemble(*parts))
        else:
            echo_line.update("")

    def show_waiting(self) -> None:
        self.waiting = True
        self._verdict(Content.styled("grading as soon as the numbers are ready…",
                                     "$text-muted"), "")

    def show_grade(self, verdict: str, message: str, mistakes: tuple[str, ...]) -> None:
        """Show a grade: ✓, ✗ with the mistakes named, or why the text could not be read."""
        self.waiting = False
        self.verdict = verdict
        self.set_class(verdict != "invalid", "-graded")
        if verdict == "correct":
            self._verdict(Content.assemble(("✓ ", "bold"), message), "-correct")
        elif verdict == "incorrect":
            named = f"✗ {', '.join(mistakes)}: " if mistakes else "✗ "
            self._verdict(Content.assemble((named, "bold"), message), "-incorrect")
        else:
            self._verdict(Content.assemble(("? ", "bold"), message), "-invalid")
            self._echo_line.display = False  # it said the same

    def _verdict(self, content: Content, kind: str) -> None:
        line = self._verdict_line
        line.display = True
        line.remove_class("-correct", "-incorrect", "-invalid")
        if kind:
            line.add_class(kind)
        line.update(content)
