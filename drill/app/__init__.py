"""The Textual app: what ``drill`` with no subcommand opens.

A thin layer over the domain modules: screens show and ask, calling the review service
(through :mod:`drill.app.backend`, which opens it and adds what is the app's own).
Importing this package is cheap; Textual loads in :func:`run_app`.
"""

from __future__ import annotations

import argparse
import os
import sys


def run_app(args: argparse.Namespace) -> int:
    """Open the app with the command line's options; the exit code when it closes."""
    try:
        return _run(args)
    except KeyboardInterrupt:  # Ctrl+C before Textual took the keyboard
        return 130


def _run(args: argparse.Namespace) -> int:
    from drill.app.options import AppOptions
    from drill.packs.locate import missing_folders

    options = AppOptions.from_args(args)
    missing = [("--packs", folder) for folder in missing_folders(list(options.pack_dirs))]
    missing += [("--solvers", folder) for folder in missing_folders(list(options.solver_dirs))]
    if missing:
        for option, folder in missing:
            print(f"drill: error: {option} {folder}: no such folder", file=sys.stderr)
        return 2
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        # Drawn into a pipe or a file, the app would be escape codes nobody can use.
        print("drill: error: the app needs a terminal (standard input and output are not "
              "one here); run a command instead, such as 'drill stats' (drill --help lists "
              "them)", file=sys.stderr)
        return 2
    if os.environ.get("TERM", "") == "dumb":
        # A dumb terminal (Emacs's shell buffer, some CI logs) moves no cursor and shows
        # no colour: the full-screen app would be a stream of escape codes there too.
        print("drill: error: the app needs a terminal that can draw (TERM=dumb cannot); "
              "run a command instead, such as 'drill stats' (drill --help lists them)",
              file=sys.stderr)
        return 2
    from drill.app.drill_app import DrillApp

    app = DrillApp(options)
    result = app.run()
    return result if isinstance(result, int) else app.return_code or 0
