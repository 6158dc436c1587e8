"""What Home offers to study besides the whole day: one pack, or a filtered set of cards.

A pack is studied on its own schedule (its part of today's queue). A filtered set (the
flagged cards, the leeches, or the cards of one frequent mistake) is extra practice: its
cards come in the order given and their schedule stays as it is (leeches are suspended;
a mistake's cards are mostly not due).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from drill.review.session import ReviewSession

SetKind = Literal["pack", "flagged", "leeches", "mistake"]
MISTAKE_SETS = 5  # the most frequent mistakes offered as sets


@dataclass(frozen=True, slots=True)
class StudySet:
    """One thing to study: a pack (scheduled) or a list of cards (extra practice)."""

    kind: SetKind
    title: str
    detail: str  # what is in it now, in a few words
    pack: str | None = None  # for kind "pack"
    keys: tuple[str, ...] = ()  # for the filtered sets, in the order to show them

    @property
    def scheduled(self) -> bool:
        return self.kind == "pack"

    @property
    def empty(self) -> bool:
        return not self.keys if not self.scheduled else self.detail.startswith("nothing")


def study_sets(session: ReviewSession, pack_titles: dict[str, str]) -> list[StudySet]:
    """Each pack with what is due in it today, then the flagged cards, the leeches and
    the cards of each frequent mistake (only sets with cards in them)."""
    sets = []
    for pack, title in pack_titles.items():
        queue = session.queue(pack)
        due, new = queue.count("learning") + queue.count("review"), queue.count("new")
        detail = f"{due} due · {new} new" if due or new else "nothing due now"
        sets.append(StudySet("pack", title, detail, pack=pack))
    stats = session.stats()
    known = set(session.deck.position)
    flagged = session.flagged_keys()
    flagged_keys = tuple(card.key for card in session.deck.cards if card.key in flagged)
    if flagged_keys:
        sets.append(StudySet("flagged", "Flagged",
                             f"{len(flagged_keys)} card{'s' if len(flagged_keys) != 1 else ''}"
                             " · extra practice", keys=flagged_keys))
    leeches = tuple(leech.key for leech in stats.leeches if leech.key in known)
    if leeches:
        sets.append(StudySet("leeches", "Leeches",
                             f"{len(leeches)} card{'s' if len(leeches) != 1 else ''} · "
                             "extra practice", keys=leeches))
    for mistake in stats.mistakes[:MISTAKE_SETS]:
        keys = tuple(key for key in mistake.cards if key in known)
        if keys:
            sets.append(StudySet("mistake", f"Mistake: {mistake.id}",
                                 f"{len(keys)} card{'s' if len(keys) != 1 else ''} · "
                                 "extra practice", keys=keys))
    return sets
