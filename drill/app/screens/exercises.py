"""Exercises: the build-it-yourself functions of ``drill exercise``, inside the app.

The list shows each exercise and whether its file is started; ``s`` writes the starter
file (as ``drill exercise start`` does, into the data folder's ``exercises/``; a file
already there is the user's work and is kept), ``e`` opens it in ``$EDITOR`` (the app
steps aside while the editor runs), ``c`` checks it with the same runner as the CLI (in a
worker thread: the learner's program runs in another process, under time and memory
limits, and the screen stays live) and shows each case's result.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from drill.labs.exercises import EXERCISES, Exercise, starter_path

if TYPE_CHECKING:
    from drill.labs.exercise_runner import CheckReport


def report_content(report: CheckReport) -> Content:
    """The CLI's report lines, passes in green and failures in red."""
    from drill.labs.exercise_report import report_lines

    styles = {"  pass": "$text-success", "  FAIL": "bold $text-error"}
    lines = []
    for line in report_lines(report):
        style = next((s for start, s in styles.items() if line.startswith(start)), "")
        if line.startswith(("All ", "Your file could not be used")) or " cases pass." in line:
            style = "bold $text-success" if report.passed else "bold $text-error"
        lines.append(Content.styled(line, style) if style else Content(line))
    return Content("\n").join(lines)


def reflowed(text: str) -> str:
    """Paragraphs as one line each, for the screen to wrap at its width (the statement
    is written with line breaks for the starter file)."""
    paragraphs = (" ".join(part.split()) for part in text.split("\n\n"))
    return "\n\n".join(paragraph for paragraph in paragraphs if paragraph)


def run_editor(command: list[str]) -> str | None:
    """Run the editor (an argument list: no shell) and wait for it; the problem, if any."""
    try:
        finished = subprocess.run(command, check=False)
    except OSError as error:
        return f"cannot run {command[0]}: {error.strerror or error}"
    if finished.returncode != 0:
        return f"{command[0]} ended with exit code {finished.returncode}"
    return None


class ExercisesScreen(Screen[None]):
    """Pick an exercise; start, edit and check its file."""

    CSS_PATH = "exercises.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", "Start", tooltip="Write the exercise's starter file (yours "
                "is kept if it exists)"),
        Binding("e", "edit", "Edit", tooltip="Open the exercise's file in $EDITOR"),
        Binding("c", "check", "Check", tooltip="Run your file on every case, in a separate "
                "process with limits"),
        Binding("escape,q", "back", "Back"),
        Binding("pageup", "scroll_body(-1)", "Page up", show=False),
        Binding("pagedown", "scroll_body(1)", "Page down", show=False),
    ]
    KEY_NOTES: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Enter", "open the exercise's file in $EDITOR (written first if need be)"),
    )

    def __init__(self, folder: Path) -> None:
        """``folder``: where the exercise files are (the data folder's ``exercises/``)."""
        super().__init__()
        self.folder = folder
        self.exercises = list(EXERCISES.values())
        self.checking = False

    def compose(self) -> ComposeResult:
        yield Static("Exercises", classes="screen-title")
        yield OptionList(*(Option(self._label(e), id=e.name) for e in self.exercises),
                         id="exercise-list")
        with VerticalScroll(id="exercise-body"):
            yield Static(id="exercise-detail")
            yield Static(id="exercise-report")
        yield Footer()

    def on_mount(self) -> None:
        choices = self.query_one("#exercise-list", OptionList)
        choices.highlighted = 0
        choices.focus()
        self._show_detail()

    @property
    def exercise(self) -> Exercise:
        index = self.query_one("#exercise-list", OptionList).highlighted or 0
        return self.exercises[index]

    def path(self, exercise: Exercise) -> Path:
        return starter_path(exercise, self.folder)

    def _label(self, exercise: Exercise) -> Content:
        started = self.path(exercise).is_file()
        return Content.assemble(
            ("started " if started else "new     ", "$text-success" if started
             else "$text-muted"), (f"{exercise.name:<10}", "bold"), exercise.title,
        )

    def _refresh_labels(self) -> None:
        choices = self.query_one("#exercise-list", OptionList)
        for exercise in self.exercises:
            choices.replace_option_prompt(exercise.name, self._label(exercise))

    def _show_detail(self, exercise: Exercise | None = None, statement: bool = True) -> None:
        """An exercise's statement and file (the highlighted one's by default); without the
        statement when a check's report takes the room (moving to another exercise brings
        it back)."""
        exercise = exercise or self.exercise
        path = self.path(exercise)
        where = (f"Your file: {path}" if path.is_file()
                 else f"Not started: s writes {path}")
        about: list[str | tuple[str, str]] = [(exercise.title, "bold"), "\n"]
        if statement:
            about += ["\n", reflowed(exercise.statement), "\n\n",
                      (f"Write {exercise.function}(); for example {exercise.example}.",
                       "$text-muted"), "\n"]
        about += [(where, "$text-accent"), "\n",
                  ("s start · e edit in $EDITOR · c check", "$text-muted")]
        self.query_one("#exercise-detail", Static).update(Content.assemble(*about))
        if statement:
            self.query_one("#exercise-report", Static).update("")

    @on(OptionList.OptionHighlighted, "#exercise-list")
    def _highlighted(self) -> None:
        if not self.checking:
            self._show_detail()

    @on(OptionList.OptionSelected, "#exercise-list")
    def _selected(self) -> None:
        self.action_edit()

    # -- start, edit, check ---------------------------------------------------------------

    def _start(self, exercise: Exercise) -> Path | None:
        """Write the starter file unless there is one; its path, or None on failure."""
        from drill.labs.exercises import write_starter

        path = self.path(exercise)
        if path.is_file():
            return path
        try:
            write_starter(exercise, self.folder)
        except FileExistsError:
            pass  # written meanwhile (another drill): it is the user's now
        except OSError as error:
            self.notify(f"cannot write {path}: {error.strerror or error}",
                        title="Not started", severity="error", markup=False)
            return None
        self._refresh_labels()
        self._show_detail()
        return path

    def action_start(self) -> None:
        exercise = self.exercise
        existed = self.path(exercise).is_file()
        path = self._start(exercise)
        if path is None:
            return
        if existed:
            self.notify(f"{path} is already started; your file is kept.", timeout=4,
                        markup=False)
        else:
            self.notify(f"Wrote {path}. e edits it, c checks it.", timeout=5, markup=False)

    def action_edit(self) -> None:
        from textual.app import SuspendNotSupported

        from drill.authoring.editor import (
            NoEditor,
            editor_command,
            editor_setting,
            installed_editor,
        )

        path = self._start(self.exercise)
        if path is None:
            return
        setting = editor_setting(os.environ) or installed_editor()
        found = editor_command(setting, path, None)
        if isinstance(found, NoEditor):
            self.notify(f"{found.reason}. The file is {path}.", title="No editor",
                        severity="warning", timeout=8, markup=False)
            return
        command = list(found.argv)
        try:
            with self.app.suspend():
                problem = run_editor(command)
        except SuspendNotSupported:
            self.notify(f"This terminal cannot hand over to an editor: open {path} "
                        "yourself, then press c.", severity="warning", timeout=8,
                        markup=False)
            return
        self.refresh()
        if problem:
            self.notify(problem, title="Editor", severity="warning", markup=False)
        else:
            self.notify("Saved? c checks it.", timeout=3)

    def action_check(self) -> None:
        if self.checking:
            return
        exercise = self.exercise
        path = self.path(exercise)
        if not path.is_file():
            self.notify(f"Start it first (s): there is no {path} yet.", severity="warning",
                        timeout=5, markup=False)
            return
        self.checking = True
        self.query_one("#exercise-report", Static).update(Content.styled(
            f"Checking {path.name}: each case runs in a separate process…", "$text-muted"))
        self._check(exercise, path)

    class Checked(Message):
        """The check's report, or (``error``) why the file could not be checked."""

        def __init__(self, report: CheckReport | None, error: str = "") -> None:
            super().__init__()
            self.report, self.error = report, error

    @work(thread=True, exclusive=True, group="exercise-check")
    def _check(self, exercise: Exercise, path: Path) -> None:
        """The runner in a thread: the learner's program may take seconds (or hang, until
        its time limit), and the screen must not wait with it."""
        from drill.labs.exercise_runner import CheckError, check_file
        from drill.solving.solve import SolveError

        try:
            report = check_file(exercise, path)
        except (CheckError, SolveError) as error:
            self.post_message(self.Checked(None, str(error)))
            return
        self.post_message(self.Checked(report))

    @on(Checked)
    def _checked(self, message: Checked) -> None:
        self.checking = False
        shown = self.query_one("#exercise-report", Static)
        if message.report is None:
            shown.update(Content.styled(f"Not checked: {message.error}", "$text-error"))
            return
        self._show_detail(message.report.exercise, statement=False)  # the one checked
        shown.update(report_content(message.report))
        self.query_one("#exercise-body", VerticalScroll).scroll_home(animate=False)

    def action_scroll_body(self, pages: int) -> None:
        body = self.query_one("#exercise-body", VerticalScroll)
        if pages < 0:
            body.scroll_page_up()
        else:
            body.scroll_page_down()

    def action_back(self) -> None:
        self.dismiss(None)
