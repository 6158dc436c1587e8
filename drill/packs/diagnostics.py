"""Diagnostics: what is wrong with a pack, and exactly where.

Loading and checking collect these instead of raising, so one run reports every problem
of every card, each at ``FILE:LINE:COL`` like a compiler.
"""

from __future__ import annotations

from dataclasses import dataclass

from drill.packs.model import Location

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    location: Location
    severity: str  # ERROR or WARNING
    message: str
    card_key: str | None = None  # "speed-physics/q1", when the problem is in a card
    ask_id: str | None = None
    variant: str | None = None  # the card's variant the problem shows in, if not the base
    #: What kind of problem, for scripts ("unaccounted-figure"); "" for the general ones.
    code: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def __str__(self) -> str:
        subject = ""
        if self.card_key:
            subject = self.card_key
            if self.variant:
                subject += f" [variant {self.variant}]"
            if self.ask_id:
                subject += f" (ask {self.ask_id})"
            subject += ": "
        return f"{self.location}: {self.severity}: {subject}{self.message}"

    def sort_key(self) -> tuple[str, int, int]:
        return (self.location.file, self.location.line, self.location.column)

    def to_dict(self) -> dict[str, object]:
        return {
            "file": self.location.file,
            "line": self.location.line,
            "column": self.location.column,
            "severity": self.severity,
            "message": self.message,
            "code": self.code or "check",
            "card": self.card_key,
            "ask": self.ask_id,
            "variant": self.variant,
        }
