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


@pytest.mark.slow
async def test_a_start_up_child_that_fails_leaves_the_app_to_load_by_itself(
    data_dir: Path, pack_dir: Path
) -> None:
    import os

    from drill.app.drill_app import DrillApp
    from drill.app.options import AppOptions
    from drill.app.prefetch import Prefetch
    from drill.app.screens.home import HomeScreen

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # a child that dies without a word
        os._exit(1)
    os.close(write_end)
    options = AppOptions(data_dir=data_dir, pack_dirs=(pack_dir,), builtin_packs=False,
                         prepare_in_background=False)
    app = DrillApp(options, prefetch=Prefetch(pid, read_end))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.ready
        assert app.screen.view.next_card is not None
        assert app.screen.view.next_card.key == "app-demo/floor"


def test_the_start_up_child_sends_home_what_the_parent_would_build(
    data_dir: Path, pack_dir: Path
) -> None:
    from drill.app.backend import Backend
    from drill.app.home_view import home_view
    from drill.app.options import AppOptions
    from drill.app.prefetch import start

    options = AppOptions(data_dir=data_dir, pack_dirs=(pack_dir,), builtin_packs=False)
    prefetch = start(options)
    assert prefetch is not None  # this platform forks
    from_child = prefetch.result()
    backend = Backend(options.data_dir, options.pack_dirs, options.clock, options.builtin_packs)
    backend.open()
    try:
        in_process = home_view(backend)
    finally:
        backend.close()
    assert from_child == in_process
    assert from_child is not None and from_child.next_card is not None


def test_home_view_survives_its_round_trip_through_json() -> None:
    import json
    from datetime import UTC, datetime

    from drill.app.home_view import HomeView, NextCard, PackLine

    view = HomeView(
        due=3, new=10, done_today=2, streak=5,
        next_card=NextCard("p/c", "Title", "priority", "new", "A scenario."),
        next_due_local=datetime(2026, 11, 30, 4, 0, tzinfo=UTC), next_due_in="5h",
        packs=(PackLine("Speed physics", 14, 1, 2, 0),), problems=("x.yaml:1:1: error: y",),
    )
    assert HomeView.from_dict(json.loads(json.dumps(view.to_dict()))) == view
