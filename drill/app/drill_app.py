"""The app object: global keys, the command palette, and the screens' shared state."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from drill.calculator import Scratchpad


@dataclass(frozen=True)
class AppOptions:
    """Everything the app takes from outside; tests fix the clocks here."""

    data_dir: Path | None = None  # None: $DRILL_HOME or the user data folder
    pack_dirs: tuple[Path, ...] = ()
    #: The answer timer's clock, in seconds; a constant freezes the timer (snapshots).
    timer_clock: Callable[[], float] = time.monotonic
    #: The instant "now" for scheduling; None means the system clock.
    now: Callable[[], object] | None = None
    #: Load sympy and work out reference values in a background thread after the first
    #: screen is up. Tests turn it off and call ``prepare_now`` to stay deterministic.
    prepare_in_background: bool = True
    extra: dict[str, object] = field(default_factory=dict)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> AppOptions:
        data = getattr(args, "data", None)
        packs = getattr(args, "packs", None) or ()
        return cls(data_dir=Path(data) if data else None, pack_dirs=tuple(map(Path, packs)))


class DrillApp(App[int]):
    """drill's terminal app: Home, Review, Calculator, Browse, Stats."""

    TITLE = "drill"
    CSS_PATH = "drill_app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: these work even while an answer input has focus.
        Binding("f2", "calculator", "Calc", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
    ]

    def __init__(self, options: AppOptions | None = None) -> None:
        super().__init__()
        self.options = options or AppOptions()
        self.scratchpad = Scratchpad()

    def on_mount(self) -> None:
        from drill.app.screens.calculator import CalculatorScreen

        self.push_screen(CalculatorScreen(self.scratchpad))

    def action_calculator(self) -> None:
        """Open the calculator over the current screen, or close it if it is showing."""
        from drill.app.screens.calculator import CalculatorScreen

        if isinstance(self.screen, CalculatorScreen):
            self.screen.dismiss(None)
            return
        self.push_screen(CalculatorScreen(self.scratchpad))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Calculator", "Work out math with units (F2)", self.action_calculator)
