"""Studying one pack, the leeches, or the cards of a mistake."""

from collections.abc import Callable
from datetime import timedelta

from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.review.study_sets import study_sets
from drill.scheduling.clock import FixedClock
from drill.scheduling.ratings import Rating, TypedAnswer
from drill.scheduling.state import CardState, Phase
from drill.storage import card_table

Factory = Callable[..., ReviewSession]
CardFactory = Callable[..., Card]


def test_a_packs_queue_holds_its_cards_only_within_the_days_limits(
    make_session: Factory, make_card: CardFactory
) -> None:
    cards = [make_card("a", f"a{i}", i) for i in range(3)]
    cards += [make_card("b", f"b{i}", i) for i in range(3)]
    session = make_session(cards, new_cards_per_day=4)
    assert [e.card.key for e in session.queue("b").entries] == ["b/b0", "b/b1", "b/b2"]
    session.rate("a/a0", Rating.GOOD, 1000)
    session.rate("a/a1", Rating.GOOD, 1000)
    # two new cards studied today (in pack a) leave room for two more, in b too
    assert [e.card.key for e in session.queue("b").entries if e.kind == "new"] == \
        ["b/b0", "b/b1"]
    entry = session.next_card("b")
    assert entry is not None and entry.card.key == "b/b0"


def test_the_sets_offer_each_pack_then_leeches_then_frequent_mistakes(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    cards = [make_card("a", "a0", 0), make_card("a", "a1", 1), make_card("b", "b0", 0)]
    session = make_session(cards)
    wrong = TypedAnswer("x", "16 GB / 989 TFLOPS", "incorrect", ("bytes-over-flops",))
    session.rate("a/a1", Rating.AGAIN, 1000, [wrong])
    leech = CardState(card_id=session.deck.ids[2], key="b/b0", phase=Phase.REVIEW,
                      stability=2.0, difficulty=9.0, due=clock.now() + timedelta(days=3),
                      last_review=clock.now(), reps=30,
                      lapses=8, suspended=True, leech=True)
    session.database.write(lambda conn: card_table.save(conn, leech))
    sets = study_sets(session, {"a": "Pack A", "b": "Pack B"})
    assert [(s.kind, s.title) for s in sets] == [
        ("pack", "Pack A"), ("pack", "Pack B"), ("leeches", "Leeches"),
        ("mistake", "Mistake: bytes-over-flops"),
    ]
    pack_a, pack_b, leeches, mistake = sets
    assert pack_a.detail == "1 due · 1 new"  # a1 relearning, a0 new
    assert pack_b.detail == "nothing due now" and pack_b.empty
    assert leeches.keys == ("b/b0",) and not leeches.scheduled
    assert mistake.keys == ("a/a1",)


def test_more_new_cards_today_raises_the_limit_for_this_study_day_only(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    cards = [make_card("a", f"c{i}", i) for i in range(8)]
    session = make_session(cards, new_cards_per_day=2)
    for key in ("a/c0", "a/c1"):
        session.rate(key, Rating.EASY, 1000)
    assert session.queue().count("new") == 0  # the day's two are done
    assert session.more_new_today(3) == 3
    assert [e.card.key for e in session.queue().entries] == ["a/c2", "a/c3", "a/c4"]
    assert session.more_new_today() == 5  # the daily limit again: 2 more
    assert session.queue().count("new") == 5
    clock.advance(timedelta(days=1))  # a new study day: back to the daily limit
    assert session.queue().count("new") == 2


def test_a_flag_is_kept_through_ratings_undone_and_offered_as_a_set(
    make_session: Factory, make_card: CardFactory
) -> None:
    cards = [make_card("a", "a0", 0), make_card("a", "a1", 1)]
    session = make_session(cards)
    session.set_flag("a/a1", True)
    session.rate("a/a1", Rating.GOOD, 1000)
    assert session.state("a/a1").flagged  # a rating leaves the flag alone
    session.undo()
    assert session.state("a/a1").flagged and session.state("a/a1").reps == 0
    assert session.flagged_keys() == {"a/a1"}
    sets = study_sets(session, {"a": "Pack A"})
    assert [(s.kind, s.keys) for s in sets] == [("pack", ()), ("flagged", ("a/a1",))]
    session.undo()  # the flag itself
    assert not session.state("a/a1").flagged
