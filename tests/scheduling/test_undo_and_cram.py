"""Undo of the last rating, cram outside the schedule, and the card's history."""

from collections.abc import Callable
from datetime import timedelta

import pytest

from drill.packs.model import Card
from drill.review.session import ReviewSession, SchedulingError
from drill.scheduling.clock import FixedClock
from drill.scheduling.ratings import Rating, TypedAnswer
from drill.scheduling.state import Phase
from drill.storage.errors import DatabaseLocked

Factory = Callable[..., ReviewSession]
CardFactory = Callable[..., Card]

WRONG = TypedAnswer("decode_floor", "16 GB / 989 TFLOPS", "incorrect", ("bytes-over-flops",))
RIGHT = TypedAnswer("decode_floor", "4.8 ms", "correct")


def revlog_count(session: ReviewSession) -> int:
    return int(session.database.read(
        lambda c: c.execute("SELECT COUNT(*) FROM revlog").fetchone()[0]))


def test_undo_restores_the_state_and_removes_the_log_row_and_answers(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    session = make_session([make_card("a", "c", 0)])
    session.rate("a/c", Rating.GOOD, 1000)
    clock.advance(timedelta(minutes=10))
    before = session.state("a/c")
    session.rate("a/c", Rating.AGAIN, 2000, [WRONG, RIGHT], variant="seed-7")
    assert revlog_count(session) == 2
    restored = session.undo()
    assert restored == before
    assert session.state("a/c") == before
    assert revlog_count(session) == 1
    answers = session.database.read(
        lambda c: c.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
        + c.execute("SELECT COUNT(*) FROM answer_mistakes").fetchone()[0]
    )
    assert answers == 0


def test_undo_goes_back_step_by_step_to_a_new_card(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c", 0)], new_cards_per_day=1)
    session.rate("a/c", Rating.GOOD, 1000)
    session.rate("a/c", Rating.GOOD, 1000)
    assert session.state("a/c").phase is Phase.REVIEW
    session.undo()
    assert session.state("a/c").phase is Phase.LEARNING
    session.undo()
    assert session.state("a/c").phase is Phase.NEW
    # The new card counts as not started today again.
    assert [e.kind for e in session.queue().entries] == ["new"]
    assert session.undo() is None
    assert not session.can_undo


def test_undo_of_the_leech_rating_unsuspends_the_card(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    session = make_session([make_card("a", "c", 0)], leech_lapses=1)
    session.rate("a/c", Rating.EASY, 1000)
    clock.advance(timedelta(days=8))
    assert session.rate("a/c", Rating.AGAIN, 1000).became_leech
    session.undo()
    state = session.state("a/c")
    assert not state.suspended and not state.leech and state.lapses == 0


def test_undo_refuses_when_another_process_rated_the_card_since(
    make_session: Factory, make_card: CardFactory
) -> None:
    cards = [make_card("a", "c", 0)]
    mine, theirs = make_session(cards), make_session(cards)
    mine.rate("a/c", Rating.GOOD, 1000)
    theirs.rate("a/c", Rating.GOOD, 1000)
    with pytest.raises(SchedulingError, match="rated again"):
        mine.undo()
    assert revlog_count(mine) == 2


def test_an_undo_the_database_refused_for_a_while_can_be_tried_again(
    make_session: Factory, make_card: CardFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = make_session([make_card("a", "c", 0)])
    session.rate("a/c", Rating.GOOD, 1000)
    real_write = session.database.write
    calls = 0

    def locked_once(work: Callable[..., object]) -> object:
        nonlocal calls
        calls += 1
        if calls == 1:  # what a write meets when another program holds the lock too long
            raise DatabaseLocked(session.database.path, "is locked by another program")
        return real_write(work)

    monkeypatch.setattr(session.database, "write", locked_once)
    with pytest.raises(DatabaseLocked):
        session.undo()
    assert session.can_undo  # nothing changed on disk, so the rating can still be undone
    assert session.undo() is not None
    assert session.state("a/c").phase is Phase.NEW
    assert revlog_count(session) == 0


def test_cram_is_logged_but_leaves_the_schedule_alone(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    session = make_session([make_card("a", "c", 0), make_card("a", "fresh", 1)])
    session.rate("a/c", Rating.EASY, 1000)
    before = session.state("a/c")
    clock.advance(timedelta(days=1))
    session.cram("a/c", Rating.AGAIN, 3000, [WRONG])
    session.cram("a/fresh", Rating.GOOD, 3000)
    assert session.state("a/c") == before
    assert session.state("a/fresh").phase is Phase.NEW
    history = session.history("a/c")
    assert [(h.kind, h.rating) for h in history] == [
        ("review", Rating.EASY), ("cram", Rating.AGAIN)
    ]
    assert history[1].answers == (WRONG,)
    # A crammed card that was never studied is still new in the queue.
    assert [e.card.key for e in session.queue().entries] == ["a/fresh"]


def test_history_keeps_answers_verdicts_mistakes_variant_and_duration(
    make_session: Factory, make_card: CardFactory, clock: FixedClock
) -> None:
    session = make_session([make_card("a", "c", 0)])
    rated = session.rate("a/c", Rating.AGAIN, 61_500, [WRONG, RIGHT], variant="v3")
    (entry,) = session.history("a/c")
    assert entry.id == rated.review_id
    assert entry.answers == (WRONG, RIGHT)
    assert entry.variant == "v3"
    assert entry.duration_ms == 61_500
    assert entry.time == clock.now()
    assert (entry.phase_before, entry.phase_after) == (Phase.NEW, Phase.LEARNING)
    assert (entry.interval_before_s, entry.interval_after_s) == (0, 60)


def test_negative_durations_are_refused(make_session: Factory, make_card: CardFactory) -> None:
    session = make_session([make_card("a", "c", 0)])
    with pytest.raises(SchedulingError):
        session.rate("a/c", Rating.GOOD, -1)
    assert revlog_count(session) == 0


def test_ratings_outside_one_to_four_are_refused(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c", 0)])
    for bad in (0, 5):
        with pytest.raises(SchedulingError, match="1-4"):
            session.rate("a/c", bad, 1000)
    assert revlog_count(session) == 0


def test_suggestion_uses_the_cards_asks(make_session: Factory) -> None:
    from drill.packs.model import Ask

    card = Card(pack="a", id="c", title="t", priority="solid", scenario="s",
                asks=(Ask("decode_floor", "q?", "ms", "decode_floor"),
                      Ask("rate", "q?", "tokens/s", "rate")))
    session = make_session([card])  # the answer timer is 60 s: under 30 s is quick

    def rating(answers: list[TypedAnswer], seconds: float | None = None) -> Rating | None:
        suggestion = session.suggest("a/c", answers, seconds)
        return suggestion.rating if suggestion else None

    both = [RIGHT, TypedAnswer("rate", "200/s", "correct")]
    assert rating([RIGHT]) is Rating.HARD  # one ask of two right
    assert rating(both, 45) is Rating.GOOD
    assert rating(both, 20) is Rating.EASY
    assert rating([WRONG]) is Rating.AGAIN
    assert rating([]) is None


def test_undo_says_whether_it_takes_back_a_review_or_a_cram(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c", 0)])
    assert session.undo_kind is None
    session.rate("a/c", Rating.GOOD, 1000)
    session.cram("a/c", Rating.AGAIN, 1000)
    assert session.undo_kind == "cram"
    session.undo()
    assert session.undo_kind == "review"
    session.undo()
    assert session.undo_kind is None



def test_undo_after_a_suspend_takes_back_the_suspend_first(
    make_session: Factory, make_card: CardFactory
) -> None:
    # Found in the audit: undo went straight to the rating before the suspend and restored
    # the card as it was before that rating, so the suspension vanished without a word.
    session = make_session([make_card("a", "c", 0)])
    session.rate("a/c", Rating.GOOD, 1000)
    rated = session.state("a/c")
    session.suspend("a/c")
    assert session.undo_kind == "suspend"
    assert session.undo() == rated
    assert session.state("a/c") == rated and revlog_count(session) == 1
    assert session.undo_kind == "review"
    session.undo()
    assert session.state("a/c").phase is Phase.NEW


def test_undo_after_a_bury_brings_that_card_back_today(
    make_session: Factory, make_card: CardFactory
) -> None:
    # Anki's undo takes back the last action: after rating x and burying y, y comes back
    # and x keeps its rating.
    session = make_session([make_card("a", "x", 0), make_card("a", "y", 1)])
    session.rate("a/x", Rating.GOOD, 1000)
    session.bury("a/y")
    assert [e.card.key for e in session.queue().entries if e.kind == "new"] == []
    restored = session.undo()
    assert restored is not None and restored.key == "a/y" and restored.buried_until is None
    assert [e.card.key for e in session.queue().entries if e.kind == "new"] == ["a/y"]
    assert session.state("a/x").reps == 1 and revlog_count(session) == 1


def test_undo_after_an_unsuspend_suspends_again(
    make_session: Factory, make_card: CardFactory
) -> None:
    session = make_session([make_card("a", "c", 0)])
    session.suspend("a/c")
    session.unsuspend("a/c")
    assert session.undo_kind == "unsuspend"
    assert session.undo() == session.state("a/c")
    assert session.state("a/c").suspended
    session.undo()
    assert not session.state("a/c").suspended and not session.can_undo


def test_undo_refuses_when_another_process_suspended_the_card_since(
    make_session: Factory, make_card: CardFactory
) -> None:
    # The log alone does not show a suspend or bury: the card's row must be as left.
    cards = [make_card("a", "c", 0)]
    mine, theirs = make_session(cards), make_session(cards)
    mine.rate("a/c", Rating.GOOD, 1000)
    theirs.suspend("a/c")
    with pytest.raises(SchedulingError, match="changed since"):
        mine.undo()
    assert mine.state("a/c").suspended and revlog_count(mine) == 1
    assert not mine.can_undo


def test_undo_of_a_bury_refuses_when_another_process_rated_the_card_since(
    make_session: Factory, make_card: CardFactory
) -> None:
    cards = [make_card("a", "c", 0)]
    mine, theirs = make_session(cards), make_session(cards)
    mine.bury("a/c")
    theirs.rate("a/c", Rating.GOOD, 1000)
    with pytest.raises(SchedulingError, match="changed since"):
        mine.undo()
    assert mine.state("a/c").reps == 1
