"""What loading one pack file gives: the pack, every problem, and the cards left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from drill.packs.diagnostics import Diagnostic
from drill.packs.model import Card, Pack


@dataclass(frozen=True, slots=True)
class UnloadedCard:
    """A card with a schema error that could still be built, and whether the error is in
    what its numbers are worked out from (givens, formulas, solver, scenario, variants):
    then solving it would only repeat that error in other words."""

    card: Card
    inputs_broken: bool


@dataclass(frozen=True, slots=True)
class LoadResult:
    """One file, loaded: its pack (None when the file is unusable) and every problem."""

    path: Path
    display: str  # the file name as messages show it
    text: str  # the file's text ("" when it could not be read): the checker locates prose
    pack: Pack | None
    diagnostics: tuple[Diagnostic, ...]
    cards_found: int = 0  # cards in the file, broken ones included
    #: Cards built despite an error of their own or of the pack's header: left out of the
    #: pack, but the checker still checks what it can of them.
    unloaded: tuple[UnloadedCard, ...] = ()

    @property
    def ok(self) -> bool:
        return self.pack is not None and not any(d.is_error for d in self.diagnostics)
