"""Hidden files a killed drill left half-written, and removing them.

A file drill replaces whole (a backup, a restored database, settings.toml) is first
written under a hidden name holding the writer's process id, then renamed. A kill in
between leaves that file behind; the next drill to write there removes every such file
whose writer is gone.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path


def remove_unfinished(folder: Path, pattern: re.Pattern[str]) -> None:
    """Remove each file of ``folder`` whose name ``pattern`` matches whole, with the
    writer's process id as its first group, unless that process is still running."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        found = pattern.fullmatch(name)
        if found and not running(int(found.group(1))):
            with contextlib.suppress(OSError):
                (folder / name).unlink()


def running(pid: int) -> bool:
    """Whether process ``pid`` exists (this one always does)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # another user's process, or cannot tell: leave its files
    return True
