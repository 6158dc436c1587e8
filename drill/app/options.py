"""The app's options: what it takes from the command line (and what tests fix).

Plain data, without Textual: the command line builds them before the app is imported.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drill.scheduling.clock import Clock


@dataclass(frozen=True)
class AppOptions:
    data_dir: Path | None = None  # None: $DRILL_HOME or the user data folder
    pack_dirs: tuple[Path, ...] = ()
    #: The answer timer's clock, in seconds; a constant freezes the timer (snapshots).
    timer_clock: Callable[[], float] = time.monotonic
    #: The scheduling clock (fixed in tests); None means the system clock.
    clock: Clock | None = None
    #: Open the review data and solve cards in worker threads once the first screen is
    #: up. Off, the data is opened before the first frame and each card is solved when
    #: first shown, before it is drawn (tests: deterministic screens).
    prepare_in_background: bool = True
    #: Load the packs that come with drill (tests use their own pack alone).
    builtin_packs: bool = True
    #: Folders of the user's own solver modules (--solvers; settings.toml adds its own).
    solver_dirs: tuple[Path, ...] = ()
    #: Open the review data for reading only (it is so anyway when this user may not
    #: write it): a read-only session.
    read_only: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> AppOptions:
        data = getattr(args, "data", None)
        packs = getattr(args, "packs", None) or ()
        solvers = getattr(args, "solvers", None) or ()
        return cls(data_dir=Path(data) if data else None, pack_dirs=tuple(map(Path, packs)),
                   solver_dirs=tuple(map(Path, solvers)))
