"""The Exercises screen and the Labs menu: list, start, edit, check, from Home's keys.

The solutions are written by the tests themselves: Amdahl's law done right (overall
speedup 1 ÷ (untouched share + Σ share ÷ factor)), and done with the classic slip of
adding the speedups, which for 30% at 3× and 50% at 2× gives 3 + 2 = 5 instead of
1 ÷ (0.2 + 0.1 + 0.25) = 1.82.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from drill.app.drill_app import DrillApp
from drill.app.screens.exercises import ExercisesScreen, reflowed, run_editor
from drill.app.screens.home import HomeScreen
from drill.app.screens.labs import LabsScreen
from drill.app.screens.roofline import RooflineScreen
from drill.app.screens.simulations import SimulationScreen

pytestmark = pytest.mark.slow

MakeApp = Callable[..., DrillApp]

RIGHT = '''
def overall_speedup(parts):
    if sum(share for share, _ in parts) > 1 + 1e-9:
        raise ValueError("more than the whole run")
    left = 1 - sum(share for share, _ in parts)
    return 1 / (left + sum(share / factor for share, factor in parts))
'''


def held(gate: Path) -> str:
    """RIGHT, but each case waits until ``gate`` exists: the check runs until the test
    has seen it running and opens the gate."""
    return f'''
import os
import time


def overall_speedup(parts):
    while not os.path.exists({str(gate)!r}):
        time.sleep(0.01)
''' + RIGHT.split("def overall_speedup(parts):", 1)[1]


SPEEDUPS_ADDED = '''
def overall_speedup(parts):
    if sum(share for share, _ in parts) > 1 + 1e-9:
        raise ValueError("more than the whole run")
    return float(sum(factor for _, factor in parts)) if parts else 1.0
'''


def text(app: DrillApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def toasts(app: DrillApp) -> str:

    return " ".join(str(toast.render()) for toast in app.screen.query("Toast"))


async def open_exercises(pilot: Pilot[Any], app: DrillApp) -> ExercisesScreen:
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(app.screen, LabsScreen)
    await pilot.press("e")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ExercisesScreen)
    return screen


async def test_the_labs_menu_opens_each_lab_from_home(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for key, screen_type in (("s", SimulationScreen), ("r", RooflineScreen),
                                 ("e", ExercisesScreen)):
            await pilot.press("l", key)
            await pilot.pause()
            assert isinstance(app.screen, screen_type)
            app.screen.workers.cancel_all()
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
        await pilot.press("l", "escape")  # closing the menu opens nothing
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_the_list_shows_every_exercise_and_whether_it_is_started(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_exercises(pilot, app)
        listed = screen.query_one("#exercise-list", OptionList)
        prompts = [str(listed.get_option_at_index(i).prompt) for i in
                   range(listed.option_count)]
        assert len(prompts) == 2
        assert "amdahl" in prompts[0] and "Amdahl's law" in prompts[0]
        assert "roofline" in prompts[1] and prompts[1].startswith("new")
        # The statement reads as paragraphs, whatever the starter file's line breaks.
        assert "a part that took a fraction f of the time" in text(app, "#exercise-detail")


async def test_start_writes_the_starter_and_keeps_a_file_already_there(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_exercises(pilot, app)
        starter = screen.folder / "amdahl.py"
        await pilot.press("s")
        await pilot.pause()
        written = starter.read_text(encoding="utf-8")
        assert "def overall_speedup(parts: list[list[float]]) -> float:" in written
        assert "raise NotImplementedError" in written
        listed = screen.query_one("#exercise-list", OptionList)
        assert str(listed.get_option_at_index(0).prompt).startswith("started")
        starter.write_text(RIGHT, encoding="utf-8")  # the learner's work
        await pilot.press("s")
        await pilot.pause()
        assert starter.read_text(encoding="utf-8") == RIGHT


async def test_check_runs_the_file_and_shows_each_case(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_exercises(pilot, app)
        screen.folder.mkdir(parents=True)
        gate = screen.folder / "go"
        (screen.folder / "amdahl.py").write_text(held(gate), encoding="utf-8")
        await pilot.press("c")
        await pilot.pause()
        assert screen.checking and "Checking amdahl.py" in text(app, "#exercise-report")
        await pilot.press("down")  # the screen takes keys while the file runs
        assert screen.query_one("#exercise-list", OptionList).highlighted == 1
        assert screen.checking
        gate.touch()
        await screen.workers.wait_for_complete()
        await pilot.pause()
        report = text(app, "#exercise-report")
        assert "pass  7  attention 30% at 3× and the MLP 50% at 2×" in report
        assert "All 13 cases pass." in report
        assert "amdahl.py" in text(app, "#exercise-detail")  # said of the file checked
        await pilot.press("up")

        (screen.folder / "amdahl.py").write_text(SPEEDUPS_ADDED, encoding="utf-8")
        await pilot.press("c")
        await pilot.pause()
        await screen.workers.wait_for_complete()
        await pilot.pause()
        report = text(app, "#exercise-report")
        assert "FAIL  7  attention 30% at 3× and the MLP 50% at 2×" in report
        assert "got       5.0" in report
        assert "hint      speedups do not add" in report
        assert "pass  1  no optimization at all" in report  # [] → 1.0 is right
        assert "cases pass." in report and "All 13" not in report


async def test_check_before_start_says_to_start(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_exercises(pilot, app)
        await pilot.press("down", "c")
        await pilot.pause()
        assert not (screen.folder / "roofline.py").exists()
        assert "Start it first" in toasts(app)


async def test_edit_where_the_terminal_cannot_hand_over_names_the_file(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The test terminal cannot suspend the app: the screen says where the file is.
    monkeypatch.setenv("EDITOR", "vi")
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_exercises(pilot, app)
        await pilot.press("e")
        await pilot.pause()
        assert (screen.folder / "amdahl.py").is_file()  # started first
        assert "cannot hand over to an editor" in toasts(app)
        assert "amdahl.py" in toasts(app)


def test_the_editor_runs_as_an_argument_list(tmp_path: Path) -> None:
    # A stand-in editor that appends its arguments to the file it is given.
    editor = tmp_path / "editor.py"
    editor.write_text("import sys\nopen(sys.argv[-1], 'a').write(repr(sys.argv[1:]))\n")
    target = tmp_path / "my file; rm -rf x.py"
    target.write_text("")
    assert run_editor([sys.executable, str(editor), "--wait", str(target)]) is None
    assert target.read_text() == repr(["--wait", str(target)])


def test_an_editor_that_fails_or_is_missing_is_reported(tmp_path: Path) -> None:
    assert run_editor([sys.executable, "-c", "raise SystemExit(3)"]) == \
        f"{sys.executable} ended with exit code 3"
    problem = run_editor([str(tmp_path / "no-such-editor")])
    assert problem is not None and problem.startswith("cannot run")


def test_statements_are_reflowed_into_paragraphs() -> None:
    assert reflowed("one\ntwo\n\nthree\n") == "one two\n\nthree"


async def test_question_mark_lists_the_labs_keys(make_app: MakeApp) -> None:
    from drill.app.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        listed = text(app, "#help-keys")
        assert "l  " in listed and "simulations, the roofline explorer, the exercises" in listed
        assert "read the pack files again" in listed  # out of the footer, still listed
        await pilot.press("escape")
        await open_exercises(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        listed = text(app, "#help-keys")
        for key, what in (("s", "write the exercise's starter file"),
                          ("e", "open the exercise's file in $editor"),
                          ("c", "run your file on every case")):
            assert f"{key}  " in listed.lower() and what in listed.lower(), (key, what)
