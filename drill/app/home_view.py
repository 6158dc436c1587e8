"""What the Home screen shows, as plain data.

Plain so it can cross a process boundary: at start-up a forked child builds it while the
parent imports Textual (see :mod:`drill.app.prefetch`). Nothing here imports Textual.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drill.app.backend import Backend


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
    theme: str = ""  # the colour theme settings.toml remembers ("" is Textual's default)

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        if self.next_due_local is not None:
            data["next_due_local"] = self.next_due_local.isoformat()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HomeView:
        """The inverse of :meth:`to_dict`; raises ValueError/TypeError/KeyError on junk."""
        card = data["next_card"]
        due = data["next_due_local"]
        return cls(
            due=int(data["due"]),
            new=int(data["new"]),
            done_today=int(data["done_today"]),
            streak=int(data["streak"]),
            next_card=NextCard(**card) if card is not None else None,
            next_due_local=datetime.fromisoformat(due) if due is not None else None,
            next_due_in=str(data["next_due_in"]),
            packs=tuple(PackLine(**line) for line in data["packs"]),
            problems=tuple(str(p) for p in data["problems"]),
            error=str(data["error"]),
            theme=str(data["theme"]),
        )


def home_view(backend: Backend) -> HomeView:
    """Today's figures from the open backend."""
    return home_view_until(backend)[0]


def home_view_until(backend: Backend, at: datetime | None = None,
                    same_data: HomeView | None = None) -> tuple[HomeView, datetime | None]:
    """The figures now (or at ``at``, as the data stands), and until when they hold if
    nothing is written (the start-up cache keeps them, :mod:`drill.app.home_cache`).
    ``same_data``: a view of the same data at another instant, whose packs' progress,
    problems and theme (none of which depend on the instant) are taken over."""
    now = backend.now() if at is None else at
    counts = backend.counts(now)
    entry = backend.next_entry(at=now)
    next_card = None
    if entry is not None:
        card = entry.card
        next_card = NextCard(card.key, card.title, card.priority, entry.kind,
                             " ".join(card.scenario.split()),
                             backend.variant_name_to_show(card) or "")
    next_due_local, next_due_in = None, ""
    if counts.next_due is not None:
        next_due_local = counts.next_due.astimezone(backend.zone)
        next_due_in = backend.describe_interval(counts.next_due - now)
    if same_data is not None:
        packs, problems, theme = same_data.packs, same_data.problems, same_data.theme
    else:
        titles = {pack.id: pack.title for pack in backend.library.packs}
        packs = tuple(
            PackLine(titles.get(p.pack, p.pack), p.new, p.learning, p.review, p.suspended)
            for p in backend.pack_progress()
        )
        problems, theme = tuple(backend.problems()), backend.settings.theme
    view = HomeView(counts.due, counts.new, counts.done_today, counts.streak, next_card,
                    next_due_local, next_due_in, packs, problems, theme=theme)
    return view, counts.unchanged_until
