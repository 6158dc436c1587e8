"""The Textual app: what ``drill`` with no subcommand opens.

A thin layer over the domain modules: screens show and ask, and every action goes through
:mod:`drill.app.backend`. Importing this package is cheap; Textual loads in :func:`run_app`.
"""

from __future__ import annotations

import argparse


def run_app(args: argparse.Namespace) -> int:
    """Open the app with the command line's options; the exit code when it closes."""
    from drill.app.drill_app import AppOptions, DrillApp

    app = DrillApp(AppOptions.from_args(args))
    code = app.run()
    return code if isinstance(code, int) else 0
