"""Today's queue through the service, on a real database and a fixed clock in New York."""

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock
from drill.scheduling.ratings import Rating
from drill.scheduling.state import Phase

NEW_YORK = ZoneInfo("America/New_York")
Factory = Callable[..., ReviewSession]
CardFactory = Callable[..., Card]


def keys(session: ReviewSession) -> list[str]:
    return [entry.card.key for entry in session.queue().entries]


def test_new_cards_priority_first_then_pack_order(
    make_session: Factory, make_card: CardFactory
) -> None:
    cards = [
        make_card("a", "s1", 0),
        make_card("a", "p1", 1, priority=True),
        make_card("b", "s2", 0),
        make_card("b", "p2", 1, priority=True),
    ]
    session = make_session(cards)
    assert keys(session) == ["a/p1", "b/p2", "a/s1", "b/s2"]
    assert {entry.kind for entry in session.queue().entries} == {"new"}


def test_new_cards_of_several_packs_interleave_by_default_or_follow_pack_order(
    make_session: Factory, make_card: CardFactory
) -> None:
    # a built-in pack of three and a user's own pack of two, loaded after it
    cards = [make_card("built", f"b{i}", i) for i in range(3)]
    cards += [make_card("mine", f"m{i}", i) for i in range(2)]
    cards.append(make_card("mine", "urgent", 2, priority=True))
    interleaved = ["mine/urgent", "built/b0", "mine/m0", "built/b1", "mine/m1", "built/b2"]
    assert keys(make_session(cards)) == interleaved
    in_packs = ["mine/urgent", "built/b0", "built/b1", "built/b2", "mine/m0", "mine/m1"]
    assert keys(make_session(cards, new_card_order="packs")) == in_packs


def test_daily_new_limit_counts_cards_started_today(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    cards = [make_card("a", f"c{i}", i) for i in range(6)]
    session = make_session(cards, new_cards_per_day=3)
    assert keys(session) == ["a/c0", "a/c1", "a/c2"]
    session.rate("a/c0", Rating.GOOD, 1000)  # now learning, due in 10 minutes
    assert [e.card.key for e in session.queue().entries if e.kind == "new"] == ["a/c1", "a/c2"]
    clock.advance(timedelta(minutes=30))
    assert keys(session)[0] == "a/c0"  # learning cards that are due come first
    # The next study day starts at 4 am: three new cards again.
    clock.set(datetime(2025, 6, 11, 4, 0, tzinfo=NEW_YORK))
    new = [e.card.key for e in session.queue().entries if e.kind == "new"]
    assert new == ["a/c1", "a/c2", "a/c3"]


def test_due_reviews_come_before_new_cards_and_share_the_review_limit(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    cards = [make_card("a", f"r{i}", i) for i in range(4)] + [
        make_card("b", f"n{i}", i) for i in range(4)
    ]
    session = make_session(cards, new_cards_per_day=10, reviews_per_day=5)
    for i in range(4):
        session.rate(f"a/r{i}", Rating.EASY, 1000)  # straight to review, due in 8 days
    clock.advance(timedelta(days=9))
    # 5 a day in all: the 4 reviews, then one new card.
    assert [(e.card.key, e.kind) for e in session.queue().entries] == [
        ("a/r0", "review"), ("a/r1", "review"), ("a/r2", "review"), ("a/r3", "review"),
        ("b/n0", "new"),
    ]
    session.rate("a/r0", Rating.GOOD, 1000)
    session.rate("b/n0", Rating.GOOD, 1000)  # now a learning card, due in 10 minutes
    # Two of five used: the three reviews left fill the day; no new card fits.
    kinds = [e.kind for e in session.queue().entries]
    assert kinds.count("review") == 3 and "new" not in kinds


def test_review_limit_cuts_the_reviews_themselves(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    session = make_session([make_card("a", f"r{i}", i) for i in range(4)], reviews_per_day=2)
    for i in range(2):  # two new cards a day fit the limit of 2
        session.rate(f"a/r{i}", Rating.EASY, 1000)
    clock.advance(timedelta(days=1))
    for i in range(2, 4):
        session.rate(f"a/r{i}", Rating.EASY, 1000)
    clock.advance(timedelta(days=20))  # all four overdue
    assert [(e.card.key, e.kind) for e in session.queue().entries] == [
        ("a/r0", "review"), ("a/r1", "review")  # the oldest due first
    ]


def test_follow_up_comes_only_after_its_parent_was_seen(
    make_session: Factory, make_card: CardFactory
) -> None:
    cards = [
        make_card("a", "q1", 0, priority=True),
        make_card("a", "q1-follow-up", 1, priority=True, parent="q1"),
        make_card("a", "q2", 2),
    ]
    session = make_session(cards)
    assert keys(session) == ["a/q1", "a/q2"]
    session.rate("a/q1", Rating.GOOD, 1000)
    new = [e.card.key for e in session.queue().entries if e.kind == "new"]
    assert new == ["a/q1-follow-up", "a/q2"]


def test_a_review_card_is_due_from_the_start_of_its_study_day_across_dst(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    # Rated Easy at 22:00 EST on 1 March 2025 (= 2 March 03:00 UTC): due 8 days later,
    # 10 March 03:00 UTC, which is 9 March 23:00 EDT (the DST switch day). That study day
    # began at 4:00 EDT on 9 March = 08:00 UTC, an hour earlier in UTC than the day before.
    session = make_session([make_card("a", "c", 0)])
    clock.set(datetime(2025, 3, 1, 22, 0, tzinfo=NEW_YORK))
    rated = session.rate("a/c", Rating.EASY, 1000)
    assert rated.after.due == datetime(2025, 3, 10, 3, 0, tzinfo=UTC)
    clock.set(datetime(2025, 3, 9, 7, 59, tzinfo=UTC))
    assert keys(session) == []
    clock.set(datetime(2025, 3, 9, 8, 0, tzinfo=UTC))
    assert keys(session) == ["a/c"]


def test_november_switch_day_keeps_the_boundary_at_4_am_local(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    # Rated Easy at 23:00 EDT on 24 October (= 25 Oct 03:00 UTC): due 2 November 03:00 UTC,
    # which is 1 November 23:00 EDT. On 2 November the day starts at 4:00 EST = 09:00 UTC.
    session = make_session([make_card("a", "c", 0), make_card("a", "d", 1)])
    clock.set(datetime(2025, 10, 24, 23, 0, tzinfo=NEW_YORK))
    session.rate("a/c", Rating.EASY, 1000)
    session.bury("a/d")  # buried until 25 October 4:00 EDT
    clock.set(datetime(2025, 11, 2, 8, 30, tzinfo=UTC))  # 3:30 EST: still 1 November
    assert session.stats().today.isoformat() == "2025-11-01"
    assert keys(session) == ["a/c", "a/d"]
    session.bury("a/c")
    assert session.state("a/c").buried_until == datetime(2025, 11, 2, 9, 0, tzinfo=UTC)


def test_learning_cards_due_soon_are_shown_when_nothing_else_is_left(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    session = make_session([make_card("a", "c", 0)])
    session.rate("a/c", Rating.GOOD, 1000)  # next step in 10 minutes
    # Within Anki's 20-minute learn-ahead window: offered now rather than waiting.
    assert [(e.card.key, e.kind) for e in session.queue().entries] == [("a/c", "learning")]
    session.rate("a/c", Rating.GOOD, 1000)  # graduates: due in days
    queue = session.queue()
    assert queue.entries == ()
    assert queue.next_due is not None and queue.next_due > clock.now()


def test_bury_hides_a_card_until_the_next_study_day(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    session = make_session([make_card("a", "c1", 0), make_card("a", "c2", 1)])
    state = session.bury("a/c1")
    # Noon on 10 June: the next study day starts 11 June 4:00 EDT.
    assert state.buried_until == datetime(2025, 6, 11, 4, 0, tzinfo=NEW_YORK)
    assert keys(session) == ["a/c2"]
    clock.set(datetime(2025, 6, 11, 3, 59, tzinfo=NEW_YORK))
    assert keys(session) == ["a/c2"]
    clock.set(datetime(2025, 6, 11, 4, 0, tzinfo=NEW_YORK))
    assert keys(session) == ["a/c1", "a/c2"]


def test_suspend_and_unsuspend(make_session: Factory, make_card: CardFactory) -> None:
    session = make_session([make_card("a", "c1", 0), make_card("a", "c2", 1)])
    session.suspend("a/c1")
    assert keys(session) == ["a/c2"]
    assert session.state("a/c1").suspended
    session.unsuspend("a/c1")
    assert keys(session) == ["a/c1", "a/c2"]


def test_suspended_keys_names_the_suspended_cards_only(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c1", 0), make_card("a", "c2", 1),
                            make_card("a", "c3", 2)])
    assert session.suspended_keys() == frozenset()
    session.suspend("a/c1")
    session.suspend("a/c3")
    session.rate("a/c2", Rating.GOOD, 1000)  # stored, not suspended
    assert session.suspended_keys() == {"a/c1", "a/c3"}
    session.unsuspend("a/c1")
    assert session.suspended_keys() == {"a/c3"}


def test_a_card_lapsing_eight_times_is_tagged_suspended_and_listed(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    session = make_session([make_card("a", "weak", 0)], leech_lapses=8)
    session.rate("a/weak", Rating.EASY, 1000)
    for lapse in range(1, 9):
        state = session.state("a/weak")
        assert state.phase is Phase.REVIEW and not state.suspended and state.due is not None
        clock.set(state.due)
        rated = session.rate("a/weak", Rating.AGAIN, 1000)
        assert rated.after.lapses == lapse
        assert rated.became_leech == (lapse == 8)
        if lapse < 8:
            clock.advance(timedelta(minutes=10))
            session.rate("a/weak", Rating.GOOD, 1000)  # relearned
    assert session.state("a/weak").suspended and session.state("a/weak").leech
    clock.advance(timedelta(days=30))
    assert keys(session) == []
    leeches = session.stats().leeches
    assert [(x.key, x.lapses, x.suspended) for x in leeches] == [("a/weak", 8, True)]


def test_counts_for_the_home_screen(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    session = make_session([make_card("a", f"c{i}", i) for i in range(3)], new_cards_per_day=2)
    counts = session.counts()
    assert (counts.new, counts.due, counts.done_today, counts.streak) == (2, 0, 0, 0)
    session.rate("a/c0", Rating.EASY, 1000)
    session.rate("a/c1", Rating.EASY, 1000)
    counts = session.counts()
    # Both new cards of the day used; both are review cards now, due in 8 days.
    assert (counts.new, counts.due, counts.done_today, counts.streak) == (0, 0, 2, 1)
    # The third card becomes available when the next study day starts (11 June 4:00).
    assert counts.next_due == datetime(2025, 6, 11, 4, 0, tzinfo=NEW_YORK)


def test_unknown_cards_are_refused_by_name(make_session: Factory, make_card: CardFactory) -> None:
    import pytest

    from drill.review.session import UnknownCard

    session = make_session([make_card("a", "c", 0)])
    with pytest.raises(UnknownCard, match="a/nope"):
        session.rate("a/nope", Rating.GOOD, 1000)


def test_done_today_leaves_out_extra_practice(
    make_session: Factory, make_card: CardFactory
) -> None:
    """Extra practice (cram) is logged but leaves the schedule as it was: it is no card
    done for the day, though it keeps the streak."""
    session = make_session([make_card("a", f"c{i}", i) for i in range(2)])
    session.cram("a/c1", Rating.GOOD, 1000)
    counts = session.counts()
    assert (counts.done_today, counts.streak) == (0, 1)
    session.rate("a/c0", Rating.GOOD, 1000)
    session.cram("a/c0", Rating.AGAIN, 1000)
    counts = session.counts()
    assert (counts.done_today, counts.streak) == (1, 1)
