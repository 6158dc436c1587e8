"""e on a card: its pack file in $EDITOR at the card's line, the packs reloaded after.

Textual's test driver cannot hand the terminal over (``App.suspend`` refuses under it), so
the editor itself runs under a driver that can: the headless one, told that it may
suspend, with the app driven by its autopilot as ``run_test`` drives it. The editor is a
small script named ``nano`` that logs its arguments and edits the card's title.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.drivers.headless_driver import HeadlessDriver
from textual.pilot import Pilot
from textual.widgets import Static

from drill.app.screens.review import ReviewScreen
from drill.app.screens.source import SourceScreen
from testkit import APP_PACKS, MakeApp

pytestmark = pytest.mark.slow

TITLE = "title: Can one user get 300 tokens/s?"
EDITED = "title: Edited, can one user get 300 tokens/s?"


class HandingOverDriver(HeadlessDriver):
    """The headless driver, able to hand the terminal over (there is none to hand)."""

    @property
    def can_suspend(self) -> bool:
        return True

    def suspend_application_mode(self) -> None:
        pass

    def resume_application_mode(self) -> None:
        pass


def toasts(app: Any) -> str:
    """The notices on screen (under a modal, too)."""
    return " ".join(str(toast.render()) for screen in app.screen_stack
                    for toast in screen.query("Toast"))


@pytest.fixture
def own_pack(tmp_path: Path) -> Path:
    """A copy of the app tests' pack folder, for the editor to change."""
    folder = tmp_path / "packs"
    shutil.copytree(APP_PACKS, folder)
    return folder


def fake_nano(folder: Path, log: Path) -> Path:
    """An editor called nano: it logs its arguments, one a line, and edits the title."""
    script = folder / "nano"
    script.write_text(f"""#!{sys.executable}
import sys
from pathlib import Path
Path({str(log)!r}).write_text("\\n".join(sys.argv[1:]))
pack = Path(sys.argv[-1])
pack.write_text(pack.read_text().replace({TITLE!r}, {EDITED!r}))
""")
    script.chmod(0o755)
    return script


async def test_e_opens_the_editor_at_the_cards_line_then_reloads(
    make_app: MakeApp, own_pack: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "editor-arguments"
    monkeypatch.setenv("EDITOR", str(fake_nano(tmp_path, log)))
    pack_file = own_pack / "app-demo.yaml"
    card_line = pack_file.read_text().splitlines().index("  - id: floor") + 1
    app = make_app(pack_dirs=(own_pack,))
    app.driver_class = HandingOverDriver
    seen: dict[str, Any] = {}

    async def drive(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        seen["key"] = review.card.key
        await pilot.press("e")
        await pilot.pause()
        await pilot.pause()
        seen["screen"] = app.screen
        seen["shown"] = review.card.title if review.card else None
        reloaded = app.backend.card("app-demo/floor")
        seen["title"] = reloaded.title if reloaded else None
        seen["toasts"] = toasts(app)
        app.exit()

    await app.run_async(headless=False, size=(80, 24), auto_pilot=drive)
    assert seen["key"] == "app-demo/floor"
    assert log.read_text().splitlines() == [f"+{card_line}", str(pack_file)]
    assert "Edited, can one user" in pack_file.read_text()
    # The pack was read again: the card is as the editor left it, on screen too.
    assert seen["title"] == seen["shown"] == "Edited, can one user get 300 tokens/s?"
    assert isinstance(seen["screen"], ReviewScreen)
    assert "Reloaded" in seen["toasts"]


async def test_without_an_editor_e_says_how_to_set_one_and_shows_the_file(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, SourceScreen)  # file and line, as before, and why
        note = str(app.screen.query_one("#source-note", Static).render())
        assert note == "no editor set: set $EDITOR (or $VISUAL), e.g. export EDITOR=vim"


async def test_where_the_terminal_cannot_be_handed_over_e_says_so(
    make_app: MakeApp, own_pack: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "editor-arguments"
    monkeypatch.setenv("EDITOR", str(fake_nano(tmp_path, log)))
    app = make_app(pack_dirs=(own_pack,))
    async with app.run_test(size=(80, 24)) as pilot:  # Textual's test driver
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, SourceScreen)
        note = str(app.screen.query_one("#source-note", Static).render())
        assert note.startswith("This terminal cannot be handed to an editor")
    assert not log.exists()  # no editor was started


async def test_question_mark_on_the_review_lists_e(make_app: MakeApp) -> None:
    from drill.app.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        listed = str(app.screen.query_one("#help-keys", Static).render())
        rows = {row.split(maxsplit=1)[0]: row for row in listed.lower().splitlines()}
        assert "the card's file in $editor at its line" in rows["e"]
