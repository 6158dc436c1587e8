"""What one rating does to a card, via fsrs with its default FSRS-6 parameters.

Expected figures come from FSRS's definitions, not from running the code: learning steps
are 1 and 10 minutes (Hard on the first step waits their mean, 5.5 minutes); the first
rating sets stability to w[rating-1] (Good 2.3065, Easy 8.2956 days); at a desired
retention of 0.9 the next interval is the stability rounded to whole days, because FSRS
defines stability as the interval at which recall falls to 90%.
"""

from datetime import UTC, datetime, timedelta

import pytest

from drill.scheduling.memory import MemoryModel
from drill.scheduling.ratings import Rating
from drill.scheduling.state import CardState, Phase

NOW = datetime(2025, 6, 10, 16, 0, tzinfo=UTC)
MODEL = MemoryModel(0.9, fuzz=False)


def new_card() -> CardState:
    return CardState.new(42, "pack/card")


def test_new_card_rated_good_goes_to_the_second_learning_step() -> None:
    after = MODEL.review(new_card(), Rating.GOOD, NOW, 30_000).after
    assert after.phase is Phase.LEARNING
    assert after.step == 1
    assert after.due == NOW + timedelta(minutes=10)
    assert after.stability == pytest.approx(2.3065)
    assert after.reps == 1 and after.lapses == 0


def test_new_card_again_and_hard_stay_on_the_first_step() -> None:
    again = MODEL.review(new_card(), Rating.AGAIN, NOW, 0).after
    hard = MODEL.review(new_card(), Rating.HARD, NOW, 0).after
    assert (again.phase, again.step, again.due) == (Phase.LEARNING, 0, NOW + timedelta(minutes=1))
    assert (hard.phase, hard.step) == (Phase.LEARNING, 0)
    assert hard.due == NOW + timedelta(minutes=5, seconds=30)


def test_new_card_rated_easy_graduates_at_once() -> None:
    after = MODEL.review(new_card(), Rating.EASY, NOW, 0).after
    assert after.phase is Phase.REVIEW
    assert after.due == NOW + timedelta(days=8)  # round(8.2956)


def test_new_to_learning_to_review_to_relearning_and_back() -> None:
    card = MODEL.review(new_card(), Rating.GOOD, NOW, 0).after
    later = NOW + timedelta(minutes=10)
    card = MODEL.review(card, Rating.GOOD, later, 0).after
    assert card.phase is Phase.REVIEW and card.step is None
    # Same-day Good cannot lower stability (FSRS clamps the short-term factor at 1).
    assert card.due == later + timedelta(days=2)  # round(2.3065)
    review_time = card.due
    lapsed = MODEL.review(card, Rating.AGAIN, review_time, 0).after
    assert lapsed.phase is Phase.RELEARNING
    assert lapsed.lapses == 1
    assert lapsed.due == review_time + timedelta(minutes=10)
    assert lapsed.stability is not None and card.stability is not None
    assert lapsed.stability < card.stability
    relearned = MODEL.review(lapsed, Rating.GOOD, lapsed.due, 0).after
    assert relearned.phase is Phase.REVIEW
    assert relearned.lapses == 1  # only a review card rated Again lapses
    assert relearned.reps == 4


def test_hard_is_a_pass_for_a_review_card() -> None:
    card = MODEL.review(new_card(), Rating.EASY, NOW, 0).after
    assert card.due is not None
    hard = MODEL.review(card, Rating.HARD, card.due, 0).after
    assert hard.phase is Phase.REVIEW and hard.lapses == 0


def review_card(lapses: int) -> CardState:
    return CardState(
        card_id=7, key="p/c", phase=Phase.REVIEW, stability=20.0, difficulty=6.0,
        due=NOW, last_review=NOW - timedelta(days=20), reps=30, lapses=lapses,
    )


def test_the_eighth_lapse_makes_a_leech_which_is_tagged_and_suspended() -> None:
    seventh = MODEL.review(review_card(6), Rating.AGAIN, NOW, 0)
    assert seventh.after.lapses == 7 and not seventh.after.leech and not seventh.became_leech
    eighth = MODEL.review(review_card(7), Rating.AGAIN, NOW, 0)
    assert eighth.after.lapses == 8
    assert eighth.after.leech and eighth.after.suspended and eighth.became_leech


def test_after_the_threshold_every_fourth_lapse_marks_the_leech_again() -> None:
    # Anki: at the threshold, then every half threshold (8, 12, 16, ...).
    assert not MODEL.review(review_card(8), Rating.AGAIN, NOW, 0).became_leech  # 9th
    assert MODEL.review(review_card(11), Rating.AGAIN, NOW, 0).became_leech  # 12th


def test_preview_gives_each_ratings_interval_and_matches_the_rating() -> None:
    fuzzed = MemoryModel(0.9, fuzz=True)
    card = review_card(0)
    preview = fuzzed.preview(card, NOW)
    for rating in Rating:
        assert preview[rating] == fuzzed.review(card, rating, NOW, 0).interval
    assert preview[Rating.AGAIN] == timedelta(minutes=10)
    assert preview[Rating.HARD] < preview[Rating.GOOD] < preview[Rating.EASY]


def test_fuzz_stays_within_fsrs_range_and_varies_between_cards() -> None:
    # Interval 20 days unfuzzed: fsrs's range is ±(1 + 0.15·4.5 + 0.1·13) = ±2.975 days.
    fuzzed = MemoryModel(0.9, fuzz=True)
    plain = MODEL.review(review_card(0), Rating.GOOD, NOW, 0).interval.days
    seen = set()
    for card_id in range(200):
        card = review_card(0).with_changes(card_id=card_id)
        days = fuzzed.review(card, Rating.GOOD, NOW, 0).interval.days
        seen.add(days)
        delta = 1 + sum(
            f * max(min(plain, end) - start, 0)
            for start, end, f in ((2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, 1e9, 0.05))
        )
        assert round(plain - delta) <= days <= round(plain + delta)
    assert len(seen) > 1


def test_review_times_must_be_utc() -> None:
    from zoneinfo import ZoneInfo

    with pytest.raises(ValueError):
        MODEL.review(new_card(), Rating.GOOD, NOW.astimezone(ZoneInfo("Europe/Berlin")), 0)


def test_retention_outside_zero_and_one_is_refused() -> None:
    with pytest.raises(ValueError):
        MemoryModel(1.2)
