"""The cards an interview date brings forward, read from the review database.

The rule is :func:`drill.scheduling.deadline.brought_forward`'s; this reads what it needs in
the caller's transaction: the review cards as they stand, and each card reviewed today as
it stood before its first review today (the log keeps that state for undo), so the places
stay as the study day began. Nothing is written.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import date, datetime

from drill.scheduling.days import StudyDays
from drill.scheduling.deadline import brought_forward, deadline_cap
from drill.scheduling.state import CardState, Phase
from drill.storage import card_table, review_log


def brought_forward_days(conn: sqlite3.Connection, ids: Iterable[int], now: datetime,
                         deadline: date | None, days: StudyDays) -> dict[int, date]:
    """The new study day of each card of ``ids`` the interview on ``deadline`` brings
    forward (none without a date, or with fewer than two study days left)."""
    today = days.day_of(now)
    if deadline_cap(today, deadline) is None:
        return {}
    start = days.start_of(today)
    wanted = set(ids)
    waiting = [
        (state.card_id, state.due)
        for state in card_table.load_all(conn)
        if state.card_id in wanted and _scheduled(state)
        and state.last_review is not None and state.last_review < start
        and state.due is not None
    ]
    done = [
        (card_id, state.due)
        for card_id, state in review_log.states_before(conn, start).items()
        if card_id in wanted and _scheduled(state) and state.due is not None
    ]
    return brought_forward(waiting, now, deadline, days, done)


def _scheduled(state: CardState) -> bool:
    return state.phase is Phase.REVIEW and not state.suspended
