"""What the Home screen shows, as plain data, worked out from the open backend.

Plain so it can be built in a worker thread (at start-up, while Home is drawn) and handed
to the screen in a message. :class:`HomeShape` is what is known before that, at once: how
much room Home's sections keep, so that the figures fill them without moving anything.
Nothing here imports Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drill.app.backend import Backend
    from drill.config.settings import Settings


@dataclass(frozen=True)
class PackLine:
    title: str
    new: int
    learning: int
    review: int
    suspended: int

    @property
    def total(self) -> int:
        return self.new + self.learning + self.review + self.suspended


@dataclass(frozen=True)
class NextCard:
    key: str
    title: str
    priority: str
    kind: str  # new, learning, review
    scenario: str
    variant: str = ""  # the variant this review shows ("" for the base card)


@dataclass(frozen=True)
class HomeView:
    due: int = 0
    new: int = 0
    done_today: int = 0
    streak: int = 0
    next_card: NextCard | None = None
    next_due_local: datetime | None = None  # when a card is next due, in the user's zone
    next_due_in: str = ""  # "5h"
    packs: tuple[PackLine, ...] = ()
    problems: tuple[str, ...] = ()  # broken packs, "file:line:col: error: ..."
    error: str = ""  # the review data cannot be opened at all
    interview_in: int | None = None  # study days to the interview (settings), if one is set


def home_view(backend: Backend) -> HomeView:
    """Today's figures from the open backend."""
    from drill.scheduling.deadline import days_left
    from drill.scheduling.intervals import describe_interval

    session = backend.session
    now = session.now()
    counts = session.counts(now)
    entry = session.next_card(at=now)
    next_card = None
    if entry is not None:
        card = entry.card
        next_card = NextCard(card.key, card.title, card.priority, entry.kind,
                             " ".join(card.scenario.split()),
                             backend.variant_name_to_show(card) or "")
    next_due_local, next_due_in = None, ""
    if counts.next_due is not None:
        next_due_local = counts.next_due.astimezone(session.clock.zone)
        next_due_in = describe_interval(counts.next_due - now)
    titles = {pack.id: pack.title for pack in backend.library.packs}
    packs = tuple(
        PackLine(titles.get(p.pack, p.pack), p.new, p.learning, p.review, p.suspended)
        for p in session.pack_progress()
    )
    return HomeView(counts.due, counts.new, counts.done_today, counts.streak, next_card,
                    next_due_local, next_due_in, packs, tuple(backend.problems()),
                    interview_in=days_left(session.days.day_of(now),
                                           session.settings.interview_day()))


@dataclass(frozen=True)
class HomeShape:
    """What Home will hold, known before the review data is open: one line a pack file, and
    whether the counts row has the days to the interview. A guess that turns out wrong (a
    broken pack file) costs a redraw, nothing else."""

    packs: int = 0
    interview: bool = False


def home_shape(data: Path, pack_dirs: Sequence[Path], builtin: bool,
               settings: Settings | None) -> HomeShape:
    """Home's shape from the pack folders' listings and the settings alone (no pack is
    read: that is the worker's, after the first frame)."""
    from drill.packs.locate import builtin_packs_dir, pack_files
    from drill.solving.sources import resolve_sources

    sources = resolve_sources(data, settings, pack_dirs, include_builtin=builtin)
    folders = [*([builtin_packs_dir()] if builtin else []), *sources.pack_folders]
    interview = settings is not None and bool(settings.interview_date)
    return HomeShape(sum(len(pack_files(folder)) for folder in folders), interview)
