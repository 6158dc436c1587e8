"""drill's intervals against Anki's own FSRS engine, on replayed rating histories.

``fsrs_rs_python`` is the Rust core Anki schedules with. Anki hands it the card's past
ratings with the study days between them (a study day starts at the day-start hour, 4 am
here) and takes the intervals of the next rating from it, then keeps Hard, Good and Easy
at least a day apart. The reference below does exactly that; drill must agree on every
review of a card in review, whatever the time of day of each rating.
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import fsrs_rs_python as anki
import pytest

from drill.scheduling.days import StudyDays
from drill.scheduling.memory import MemoryModel
from drill.scheduling.ratings import Rating
from drill.scheduling.state import CardState, Phase

ZONE = ZoneInfo("America/New_York")  # it has DST changes, in March and November
DAYS = StudyDays(ZONE, start_hour=4)
RETENTION = 0.9
MAXIMUM = 36500  # days: Anki's (and drill's) longest interval
ENGINE = anki.FSRS(anki.DEFAULT_PARAMETERS)
Review = tuple[datetime, Rating]


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZONE).astimezone(UTC)


def anki_next(history: list[Review], when: datetime) -> tuple[dict[Rating, int], float]:
    """Anki's intervals (study days) for a rating at ``when``, and the stability before."""
    reviews, last_day = [], None
    for time, rating in history:
        day = DAYS.day_of(time)
        reviews.append(anki.FSRSReview(int(rating), 0 if last_day is None else
                                       (day - last_day).days))
        last_day = day
    assert last_day is not None
    state = ENGINE.memory_state(anki.FSRSItem(reviews))
    states = ENGINE.next_states(state, RETENTION, (DAYS.day_of(when) - last_day).days)
    hard = min(MAXIMUM, max(1, round(states.hard.interval)))
    good = min(MAXIMUM, max(hard + 1, round(states.good.interval)))
    easy = min(MAXIMUM, max(good + 1, round(states.easy.interval)))
    return {Rating.HARD: hard, Rating.GOOD: good, Rating.EASY: easy}, state.stability


def drill_days(model: MemoryModel, state: CardState, when: datetime) -> dict[Rating, int]:
    """The study days each passing rating gives in drill (what its buttons show)."""
    shown = {}
    for rating in (Rating.HARD, Rating.GOOD, Rating.EASY):
        due = model.review(state, rating, when, 0).after.due
        assert due is not None
        shown[rating] = (DAYS.day_of(due) - DAYS.day_of(when)).days
    return shown


def replay(history: list[Review]) -> list[tuple[dict[Rating, int], dict[Rating, int]]]:
    """(drill, Anki) intervals at each rating of the history given to a card in review;
    drill's stability is checked against Anki's on the way."""
    model = MemoryModel(RETENTION, fuzz=False, days=DAYS)
    state = CardState.new(1, "pack/card")
    compared = []
    for index, (when, rating) in enumerate(history):
        if state.phase is Phase.REVIEW:
            theirs, stability = anki_next(history[:index], when)
            assert state.stability == pytest.approx(stability, rel=1e-4)
            compared.append((drill_days(model, state, when), theirs))
        state = model.review(state, rating, when, 0).after
    return compared


def test_the_issues_history_gives_eleven_days_as_in_anki() -> None:
    # Good at 21:00 and 21:10 (graduates: due in 2 days), then Good at 08:00 on the due
    # day: two study days have passed, though only 34 h 50 min, "one day" by the clock.
    first = date(2025, 6, 10)
    history = [(at(first, 21), Rating.GOOD), (at(first, 21, 10), Rating.GOOD)]
    [(ours, theirs)] = replay([*history, (at(first + timedelta(days=2), 8), Rating.GOOD)])
    assert theirs[Rating.GOOD] == 11
    assert ours == theirs


def test_reviews_earlier_and_later_in_the_day_than_the_last_one() -> None:
    d = date(2025, 6, 10)
    history = [
        (at(d, 21), Rating.GOOD), (at(d, 21, 10), Rating.GOOD),  # due d+2
        (at(d + timedelta(days=2), 23, 30), Rating.GOOD),  # later in the day than the last
        (at(d + timedelta(days=14), 7), Rating.HARD),  # earlier
        # 02:30 belongs to the study day before (it starts at 4 am)
        (at(d + timedelta(days=30), 2, 30), Rating.EASY),
        (at(d + timedelta(days=80), 4, 5), Rating.GOOD),  # just after the boundary
    ]
    compared = replay(history)
    assert len(compared) == 4
    for ours, theirs in compared:
        assert ours == theirs


def test_a_lapse_relearned_the_same_evening_then_reviewed_on_later_days() -> None:
    d = date(2025, 6, 10)
    history = [
        (at(d, 9), Rating.EASY),  # graduates at once: 8 days
        (at(d + timedelta(days=8), 22), Rating.AGAIN),  # relearning, 10 minutes
        (at(d + timedelta(days=8), 22, 12), Rating.GOOD),  # back in review
        (at(d + timedelta(days=10), 6), Rating.GOOD),
        (at(d + timedelta(days=10), 18), Rating.GOOD),  # again the same study day
        (at(d + timedelta(days=25), 12), Rating.HARD),
    ]
    for ours, theirs in replay(history):
        assert ours == theirs


def test_a_history_across_the_spring_dst_change() -> None:
    d = date(2025, 3, 6)  # clocks go forward on 9 March in New York
    history = [
        (at(d, 20), Rating.GOOD), (at(d, 20, 10), Rating.GOOD),
        (at(date(2025, 3, 9), 5), Rating.GOOD),
        (at(date(2025, 3, 20), 3, 50), Rating.GOOD),
    ]
    for ours, theirs in replay(history):
        assert ours == theirs


@pytest.mark.parametrize("seed", range(12))
def test_random_histories_at_random_times_of_day(seed: int) -> None:
    """Reviews on, before and after the due day, at any hour, with every rating."""
    chooser = random.Random(seed)
    model = MemoryModel(RETENTION, fuzz=False, days=DAYS)
    state = CardState.new(1, "pack/card")
    when = at(date(2025, 1, 5), chooser.randrange(24), chooser.randrange(60))
    history: list[Review] = []
    for _ in range(10):  # fewer: stability would pass a century, where the two differ
        rating = chooser.choices(list(Rating), weights=(2, 2, 5, 1))[0]
        history.append((when, rating))
        state = model.review(state, rating, when, 0).after
        assert state.due is not None
        due_day = DAYS.day_of(state.due)
        if state.phase is Phase.REVIEW:  # on the due day, give or take a few days
            day = due_day + timedelta(days=chooser.randint(-1, 3))
            day = max(day, DAYS.day_of(when))
            hour = chooser.randrange(24)
            when = max(at(day, hour, chooser.randrange(60)), when + timedelta(minutes=1))
        else:  # a learning step: once it is due
            when = state.due + timedelta(minutes=chooser.randint(0, 90))
    compared = replay(history)
    assert compared, "the history never reached review"
    for ours, theirs in compared:
        assert ours == theirs


def test_hard_good_and_easy_stay_a_day_apart_in_review() -> None:
    # A card whose three passing stabilities round to the same day: stability 1.2 days,
    # reviewed on the day after. Without Anki's rule all three would say 1 day.
    model = MemoryModel(RETENTION, fuzz=False, days=DAYS)
    card = CardState(card_id=3, key="p/c", phase=Phase.REVIEW, stability=0.3,
                     difficulty=9.5, due=at(date(2025, 6, 11), 9),
                     last_review=at(date(2025, 6, 10), 9), reps=5)
    shown = drill_days(model, card, at(date(2025, 6, 11), 9))
    assert shown[Rating.HARD] >= 1
    assert shown[Rating.GOOD] >= shown[Rating.HARD] + 1
    assert shown[Rating.EASY] >= shown[Rating.GOOD] + 1
