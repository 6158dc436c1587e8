"""The exit codes of every ``drill`` command, defined once.

Scripts and CI read them, so they follow the common convention: 0 the command did its job,
1 it ran but the answer is "no" (a pack has errors, an answer is wrong, a file cannot be
written), 2 the command line itself is wrong, 130 interrupted by Ctrl+C (128 + SIGINT).
This module imports nothing, so any subcommand can use it without slowing ``drill --help``.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
