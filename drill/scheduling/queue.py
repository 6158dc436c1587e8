"""The day's queue, as Anki builds it.

Order: learning cards that are due now, then review cards due today (oldest first), then
new cards (priority before solid; across packs one from each in turn, or pack after pack,
as ``new_card_order`` says), then learning cards due within the
learn-ahead window (shown only when nothing else is left, as Anki does). Review cards and
new cards together stop at the daily review limit, new cards also at the daily new limit;
cards already studied today count against both. A follow-up card is new-eligible only once
its parent has been reviewed. Suspended and buried cards are left out.

Pure: the caller reads the database (one query) and passes a snapshot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal, NamedTuple

from drill.packs.model import Card
from drill.scheduling.days import StudyDays
from drill.scheduling.state import Phase
from drill.scheduling.timestamps import from_ms, to_ms

LEARN_AHEAD = timedelta(minutes=20)  # Anki's default learn-ahead limit

EntryKind = Literal["learning", "review", "new"]


class ScheduleRow(NamedTuple):
    """The columns of a card's row the queue needs (times in epoch ms)."""

    phase: int
    due_ms: int | None
    reps: int
    suspended: bool
    buried_until_ms: int | None


@dataclass(frozen=True, slots=True)
class Limits:
    new_per_day: int = 10
    reviews_per_day: int = 200


@dataclass(frozen=True, slots=True)
class StudiedToday:
    """Distinct cards studied today that came in as new, and as review cards."""

    new: int = 0
    reviews: int = 0


@dataclass(frozen=True, slots=True)
class QueueEntry:
    card: Card
    kind: EntryKind
    due: datetime | None  # None for a new card


@dataclass(frozen=True, slots=True)
class Queue:
    entries: tuple[QueueEntry, ...]
    #: When a card not in ``entries`` next becomes available (None: nothing scheduled).
    next_due: datetime | None

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def first(self) -> QueueEntry | None:
        return self.entries[0] if self.entries else None

    def count(self, kind: EntryKind) -> int:
        return sum(1 for entry in self.entries if entry.kind == kind)


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards, with their ids and the order new cards are introduced in, worked out once."""

    cards: tuple[Card, ...]
    ids: tuple[int, ...]
    position: Mapping[str, int]  # key → index in ``cards``
    new_order: tuple[int, ...]  # indexes into ``cards``: priority first, then pack order
    parent_ids: tuple[int | None, ...]

    @classmethod
    def of(cls, cards: Sequence[Card], new_card_order: str = "interleaved") -> Deck:
        from drill.scheduling.ids import card_id

        cards = tuple(cards)
        ids = tuple(card_id(card.key) for card in cards)
        by_key = {card.key: index for index, card in enumerate(cards)}
        new_order = new_card_positions(cards, interleaved=new_card_order == "interleaved")
        parent_ids = tuple(
            card_id(f"{card.pack}/{card.parent}") if card.parent else None for card in cards
        )
        return cls(cards, ids, by_key, new_order, parent_ids)


def new_card_positions(cards: Sequence[Card], *, interleaved: bool) -> tuple[int, ...]:
    """Indexes of ``cards`` in the order new ones are introduced: priority cards first,
    then the rest. Within each, either one card from each pack in turn (packs in the
    order loaded, each pack's cards in its own order) or every card of a pack in turn."""
    def rank(index: int) -> tuple[int, ...]:
        card = cards[index]
        if not interleaved:
            return (not card.is_priority, index)
        # the card's place among its pack's cards of the same tier, then the pack's place
        return (not card.is_priority, turn[index], pack_place[card.pack])

    pack_place: dict[str, int] = {}
    seen: dict[tuple[str, bool], int] = {}
    turn: dict[int, int] = {}
    for index, card in enumerate(cards):
        pack_place.setdefault(card.pack, len(pack_place))
        tier = (card.pack, card.is_priority)
        turn[index] = seen.get(tier, 0)
        seen[tier] = turn[index] + 1
    return tuple(sorted(range(len(cards)), key=rank))


def build_queue(
    deck: Deck,
    rows: Mapping[int, ScheduleRow],
    studied: StudiedToday,
    now: datetime,
    days: StudyDays,
    limits: Limits,
) -> Queue:
    now_ms = to_ms(now)
    end_ms = to_ms(days.end_of(days.day_of(now)))
    ahead_ms = to_ms(now + LEARN_AHEAD)
    learning_now: list[tuple[int, int]] = []  # (due, index)
    learning_ahead: list[tuple[int, int]] = []
    reviews: list[tuple[int, int]] = []
    new: list[int] = []
    later: list[int] = []  # when cards left out for now become available
    next_review_ms: int | None = None  # the earliest review due after today

    for index, cid in enumerate(deck.ids):
        row = rows.get(cid)
        if row is not None:
            if row.suspended:
                continue
            if row.buried_until_ms is not None and row.buried_until_ms > now_ms:
                later.append(row.buried_until_ms)
                continue
        if row is None or row.phase == Phase.NEW:
            new.append(index)
            continue
        due = row.due_ms if row.due_ms is not None else now_ms
        if row.phase == Phase.REVIEW:
            if due < end_ms:
                reviews.append((due, index))
            elif next_review_ms is None or due < next_review_ms:
                next_review_ms = due
        elif due <= now_ms:
            learning_now.append((due, index))
        elif due <= ahead_ms:
            learning_ahead.append((due, index))
        else:
            later.append(due)

    if next_review_ms is not None:  # available from the start of its study day
        later.append(to_ms(days.start_of(days.day_of(from_ms(next_review_ms)))))
    new_set = set(new)
    eligible_new = [
        index
        for index in deck.new_order
        if index in new_set and _parent_seen(deck.parent_ids[index], rows)
    ]
    learning_now.sort()
    learning_ahead.sort()
    reviews.sort()

    room = max(0, limits.reviews_per_day - studied.reviews - studied.new)
    shown_reviews = reviews[:room]
    room_new = max(0, min(limits.new_per_day - studied.new, room - len(shown_reviews)))
    shown_new = eligible_new[:room_new]
    if len(shown_reviews) < len(reviews) or len(shown_new) < len(eligible_new):
        later.append(end_ms)  # the limits reset when the next day starts

    entries = [
        *(QueueEntry(deck.cards[i], "learning", from_ms(d)) for d, i in learning_now),
        *(QueueEntry(deck.cards[i], "review", from_ms(d)) for d, i in shown_reviews),
        *(QueueEntry(deck.cards[i], "new", None) for i in shown_new),
        *(QueueEntry(deck.cards[i], "learning", from_ms(d)) for d, i in learning_ahead),
    ]
    return Queue(tuple(entries), from_ms(min(later)) if later else None)


def _parent_seen(parent_id: int | None, rows: Mapping[int, ScheduleRow]) -> bool:
    if parent_id is None:
        return True
    parent = rows.get(parent_id)
    return parent is not None and parent.reps > 0
