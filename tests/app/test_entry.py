"""How ``drill`` with no command reaches the app, and what it leaves alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from drill.cli import app_arguments

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_help_imports_neither_textual_nor_sympy() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "drill", "--help"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    assert "With no command" in done.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert "argparse" in imported  # the import log is really there
    assert not {m for m in imported if m.split(".")[0] in ("textual", "sympy")}


def test_only_app_options_take_the_fast_path() -> None:
    assert app_arguments([]) is not None
    args = app_arguments(["--data", "d", "--packs", "p", "--packs", "q"])
    assert args is not None and args.data == "d" and args.command is None
    assert [str(p) for p in args.packs] == ["p", "q"]
    for argv in (["calc", "1"], ["--help"], ["--version"], ["--data"], ["--bogus"],
                 ["--data", "d", "stats"]):
        assert app_arguments(argv) is None, argv  # the full parser decides


@pytest.mark.slow
def test_unknown_option_is_a_usage_error() -> None:
    done = subprocess.run([sys.executable, "-m", "drill", "--bogus"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert "--bogus" in done.stderr


@pytest.mark.slow
def test_a_missing_packs_folder_is_a_usage_error(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "drill", "--data", str(tmp_path), "--packs", str(tmp_path / "no")],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert done.returncode == 2
    assert "no such folder" in done.stderr


async def test_home_draws_at_once_and_its_figures_come_from_the_opening_worker(
    data_dir: Path, pack_dir: Path
) -> None:
    from textual.widgets import Static

    from drill.app.drill_app import DrillApp
    from drill.app.options import AppOptions
    from drill.app.screens.home import HomeScreen
    from testkit import until_open

    options = AppOptions(data_dir=data_dir, pack_dirs=(pack_dir,), builtin_packs=False,
                         prepare_in_background=True)
    app = DrillApp(options)
    async with app.run_test(size=(80, 24)) as pilot:
        home = app.screen
        assert isinstance(home, HomeScreen)
        await until_open(app, pilot)
        await pilot.pause()
        assert home.view is not None and home.view.next_card is not None
        assert home.view.next_card.key == "app-demo/floor"
        counts = str(home.query_one("#home-counts").render())
        next_card = str(home.query_one("#home-next", Static).render())
        # The pack's four cards less the follow-up, which comes after its card only.
        assert "0 due" in counts and "3 new" in counts, counts
        assert "app-demo/floor" in next_card


@pytest.mark.slow
def test_a_dumb_terminal_is_refused_like_a_pipe(tmp_path: Path) -> None:
    """TERM=dumb (Emacs's shell, some CI logs) cannot draw a full screen: one line on
    stderr and exit 2, as for a pipe, and nothing drawn on the terminal."""
    import os
    import pty

    main, terminal = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "drill"], cwd=ROOT, stdin=terminal, stdout=terminal,
            stderr=subprocess.PIPE, text=True, timeout=120,
            env={**os.environ, "TERM": "dumb", "DRILL_HOME": str(tmp_path)})
        os.set_blocking(main, False)
        try:
            drawn = os.read(main, 65536)
        except BlockingIOError:
            drawn = b""
    finally:
        os.close(terminal)
        os.close(main)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "drill: error: the app needs a terminal that can draw (TERM=dumb cannot); run a "
        "command instead, such as 'drill stats' (drill --help lists them)"]
    assert drawn == b""
