"""An interview date: intervals capped before it, and cards due past it brought forward.

A review given before the interview's study day gets at most :func:`deadline_cap` days, so
the card comes back at least twice more, the last time before the day (the rating's rule,
in :mod:`drill.scheduling.memory`). Cards FSRS scheduled without the date in mind are
brought forward by :func:`brought_forward`:

- **Which.** A review card due on the day before the interview or later: seen there, it
  would come back at most once before the day, or not at all. A card due earlier keeps
  its date (seen then, the capped interval brings it back once more before the day).
- **To when.** Into the first ``deadline_cap(today)`` study days from today (the span the
  cap gives a review today), so each still has room for its second review before the
  day. Each study day takes a share of ``ceil(n / span)`` of the ``n`` owed cards, the card
  FSRS has due soonest first (the least stable), then by id: place ``k`` is due on
  ``today + k // share``. No day gets the whole pile, and a few owed cards come one a day.
- **Stable.** The places are counted over the cards owed as the study day began: a card
  already reviewed today keeps its place (as the caller passes it, from its state before
  that review), so finishing today's share does not pull tomorrow's into today. While each
  day's share is done, no card's day moves earlier from one day to the next; one may move
  later when the share shrinks, never past the span.
- **Only a view.** Nothing is written: the card's row and the review log keep the FSRS
  schedule, and the queue and the counts read the earlier day. A card brought forward and
  reviewed gets a new log row as any review does, with the capped interval.
- **Then FSRS again.** With fewer than two study days left (the day before the interview,
  the day itself, after it) no card is brought forward and no interval is capped.

Pure: the caller reads the cards and passes them in.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta

from drill.scheduling.days import StudyDays


def days_left(today: date, deadline: date | None) -> int | None:
    """Study days from ``today`` to the interview (0 on its day); None with none set or
    once it has passed."""
    if deadline is None or deadline < today:
        return None
    return (deadline - today).days


def deadline_cap(today: date, deadline: date | None) -> int | None:
    """The longest interval (in days) a review on study day ``today`` may get before the
    interview on ``deadline``: short enough that the card comes back at least twice more
    with its last review before the day, as Anki users get from deadline add-ons. None
    with no deadline, or when it is tomorrow or past (nothing fits before it)."""
    if deadline is None:
        return None
    left = (deadline - today).days
    if left < 2:
        return None
    return max(1, (left - 1) // 2)


def brought_forward(
    waiting: Iterable[tuple[int, datetime]],
    now: datetime,
    deadline: date | None,
    days: StudyDays,
    done_today: Iterable[tuple[int, datetime]] = (),
) -> dict[int, date]:
    """The study day each card brought forward is now due on, by card id; the cards left
    out keep their own due dates.

    ``waiting``: (id, due) of the review cards to schedule (not suspended) last reviewed
    before today; ``done_today``: (id, due) of the cards reviewed today, as they stood
    before their first review today (review cards, not suspended), which keep their
    places. Times in UTC.
    """
    today = days.day_of(now)
    span = deadline_cap(today, deadline)
    if span is None or deadline is None:
        return {}
    last_fit = deadline - timedelta(days=2)  # a review then leaves room for one more
    owed = sorted(
        (due, card_id, is_waiting)
        for pairs, is_waiting in ((waiting, True), (done_today, False))
        for card_id, due in pairs
        if days.day_of(due) > last_fit
    )
    share = -(-len(owed) // span)  # a day's share: the owed cards over the span, rounded up
    return {
        card_id: today + timedelta(days=place // share)
        for place, (_due, card_id, is_waiting) in enumerate(owed)
        if is_waiting
    }
