"""The review service the app and the CLI call: queue, preview, rate, undo, bury, suspend,
cram, counts and stats, over the packs' cards and the review database.

Every change is one write transaction, committed before the method returns. The state of
a card is always read inside that transaction, so two drill processes rating cards on one
database never overwrite each other's reviews.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import TypeVar

from drill.config.location import data_dir, database_path
from drill.config.settings import Settings, SettingsError, load_settings
from drill.packs.model import Card
from drill.review.interview_date import brought_forward_days
from drill.review.optimizing import follow_settings, parameters_tag
from drill.review.stats import PackProgress, Stats, activity, compute_stats, pack_progress
from drill.scheduling.clock import Clock, SystemClock, local_zone, utc_now_ms
from drill.scheduling.days import StudyDays
from drill.scheduling.memory import MemoryModel
from drill.scheduling.queue import (
    LEARN_AHEAD,
    Deck,
    Limits,
    Queue,
    QueueEntry,
    ScheduleRow,
    StudiedToday,
    build_queue,
)
from drill.scheduling.ratings import (
    QUICK_SHARE,
    Rating,
    Suggestion,
    TypedAnswer,
    suggest_rating,
)
from drill.scheduling.state import CardState, Phase
from drill.scheduling.timestamps import to_ms
from drill.storage import card_table, day_limits, interviews, review_log, stats_queries
from drill.storage.database import Database, open_database
from drill.storage.errors import DatabaseLocked
from drill.storage.interviews import StoredExplanation
from drill.storage.review_log import ReviewEntry, ReviewKind

T = TypeVar("T")

#: How often :meth:`ReviewSession.when_free` tries a change again while another program
#: holds the review database.
RETRY_EVERY_S = 1.0


class SchedulingError(Exception):
    """A request the service cannot carry out; the message is one line."""


class UnknownCard(SchedulingError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown card"


@dataclass(frozen=True, slots=True)
class Rated:
    """What a rating did."""

    key: str
    review_id: int
    before: CardState
    after: CardState

    @property
    def interval(self) -> timedelta:
        assert self.after.due is not None and self.after.last_review is not None
        return self.after.due - self.after.last_review

    @property
    def became_leech(self) -> bool:
        return self.after.leech and self.after.suspended and not self.before.suspended


@dataclass(frozen=True, slots=True)
class HomeCounts:
    """Today's figures for the home screen."""

    new: int  # new cards left today
    learning: int  # learning cards in today's queue
    review: int  # review cards left today
    done_today: int  # scheduled ratings given today (extra practice, cram, is not)
    streak: int
    next_due: datetime | None  # when a card next becomes available, if none is now

    @property
    def due(self) -> int:
        return self.learning + self.review


@dataclass(frozen=True, slots=True)
class _UndoStep:
    card_id: int
    key: str
    kind: str  # "review", "cram" (as in the log), "bury", "unbury", "suspend", "unsuspend",
    # "flag", "unflag"
    left: CardState  # the card as this step left it: undo refuses if it changed since
    review_id: int | None = None  # the log row of a rating or cram
    prior: CardState | None = None  # the card before a bury or (un)suspend


class ReviewSession:
    """Scheduling over a set of cards and a review database."""

    def __init__(
        self,
        cards: Sequence[Card],
        database: Database,
        settings: Settings | None = None,
        clock: Clock | None = None,
        *,
        fuzz: bool = True,
    ) -> None:
        self.settings = settings or Settings()
        self.clock: Clock = clock or SystemClock(self.settings.zone() or local_zone())
        self.database = database
        self.deck = Deck.of(cards, self.settings.new_card_order)
        self.model = MemoryModel(
            self.settings.desired_retention, fuzz=fuzz, leech_lapses=self.settings.leech_lapses,
            days=self.days, parameters=self.settings.fsrs_parameters,
            deadline=self.settings.interview_day(),
        )
        self.limits = Limits(self.settings.new_cards_per_day, self.settings.reviews_per_day)
        self._undo: list[_UndoStep] = []
        self._pack_decks: dict[str, Deck] = {}  # the cards of one pack, for studying it alone

    @classmethod
    def open(
        cls,
        cards: Sequence[Card],
        data: str | Path | None = None,
        clock: Clock | None = None,
        *,
        read_only: bool = False,
    ) -> ReviewSession:
        """Open the data folder (``--data``, ``$DRILL_HOME`` or the user's data folder);
        ``read_only``: never write to its review database (it is so anyway when this user
        may not write it).

        Raises ``SettingsError`` or ``StorageError`` with a one-line message.
        """
        folder = data_dir(data)
        settings = load_settings(folder)
        database = open_database(database_path(folder), read_only=read_only)
        session = cls(cards, database, settings, clock)
        try:  # states an optimize stopped half-way left worked out with other parameters
            follow_settings(session.database, settings)
        except BaseException:
            session.close()
            raise
        return session

    def close(self) -> None:
        self.database.close()

    def use_fsrs_parameters(self, parameters: Sequence[float]) -> None:
        """Schedule every later rating with these FSRS parameters (empty: the defaults),
        as ``drill optimize`` kept them; the undo history stays."""
        self.settings = replace(self.settings, fsrs_parameters=tuple(parameters))
        self.model = MemoryModel(
            self.settings.desired_retention, fuzz=self.model.fuzz,
            leech_lapses=self.settings.leech_lapses, days=self.days,
            parameters=self.settings.fsrs_parameters, deadline=self.settings.interview_day(),
        )

    def _follow_parameters(self, conn: sqlite3.Connection) -> None:
        """Use the parameters another drill just kept (``drill optimize``, the app's
        Optimize in another window) from this rating on: the database names the ones its
        memory states were worked out with (one header read), and settings.toml is read
        only when that changed and holds them."""
        tag = card_table.parameters_tag(conn)
        if tag in (0, parameters_tag(self.settings.fsrs_parameters)):
            return
        try:
            settings = load_settings(self.database.path.parent, write_default=False)
        except SettingsError:
            return  # a file being edited: keep what is in use
        if parameters_tag(settings.fsrs_parameters) == tag:
            self.use_fsrs_parameters(settings.fsrs_parameters)

    def daily_backup(self) -> Path | None:
        """Back the database up if today's study day has no backup yet (the last
        ``backup_days`` are kept); the new file, or None. Raises StorageError."""
        from drill.storage.backup import daily_backup

        today = self.days.day_of(self.now())
        return daily_backup(self.database.path, today, self.settings.backup_days)

    def __enter__(self) -> ReviewSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading ---------------------------------------------------------------------

    @property
    def days(self) -> StudyDays:
        return StudyDays(self.clock.zone, self.settings.day_start_hour)

    def now(self) -> datetime:
        return utc_now_ms(self.clock)

    def card(self, key: str) -> Card:
        return self.deck.cards[self._index(key)]

    def state(self, key: str) -> CardState:
        """The card's scheduling state (a new card's, if it was never studied)."""
        card_id = self._id(key)
        stored = self.database.read(lambda conn: card_table.load(conn, card_id))
        return stored or CardState.new(card_id, key)

    def suspended_keys(self) -> frozenset[str]:
        """The keys of every suspended card, in one read (Browse marks them)."""
        states = self.database.read(card_table.load_all)
        return frozenset(state.key for state in states if state.suspended)

    def buried_keys(self) -> frozenset[str]:
        """The keys of every card buried until a later time than now (Browse marks them)."""
        now = self.now()
        states = self.database.read(card_table.load_all)
        return frozenset(state.key for state in states
                         if state.buried_until is not None and state.buried_until > now)

    def queue(self, pack: str | None = None, at: datetime | None = None) -> Queue:
        """Today's queue, in the order to study it; of one pack's cards only when ``pack``
        is given (the day's limits still count every card studied today, as Anki's deck
        limits under the collection's do). ``at``: the queue at that instant instead of
        now, as the data stands (the start-up cache works out the next hours ahead)."""
        deck = self.deck if pack is None else self._deck_of(pack)
        now = self.now() if at is None else at
        rows, studied, limits = self.database.read(lambda conn: self._snapshot(conn, now))
        return build_queue(deck, rows, studied, now, self.days, limits)

    def _snapshot(self, conn: sqlite3.Connection, now: datetime) -> tuple[
            dict[int, ScheduleRow], StudiedToday, Limits]:
        """What the queue is built from: every card's schedule (with the cards an
        interview date brings forward due earlier), what was studied today, and today's
        limits (with the extra new cards allowed today)."""
        today = self.days.day_of(now)
        span = (to_ms(self.days.start_of(today)), to_ms(self.days.end_of(today)))
        rows = self._brought_forward(conn, {
            cid: ScheduleRow(phase, due, reps, bool(suspended), buried)
            for cid, phase, due, reps, suspended, buried in card_table.schedule_rows(conn)
        }, now)
        by_phase = stats_queries.rated_today(conn, *span)
        studied = StudiedToday(
            new=by_phase.get(Phase.NEW, 0), reviews=by_phase.get(Phase.REVIEW, 0)
        )
        extra = day_limits.extra_new(conn, today)
        limits = Limits(self.limits.new_per_day + extra, self.limits.reviews_per_day + extra)
        return rows, studied, limits

    def _brought_forward(self, conn: sqlite3.Connection, rows: dict[int, ScheduleRow],
                         now: datetime) -> dict[int, ScheduleRow]:
        """``rows`` with the due date of each card the interview date brings forward
        (:mod:`drill.review.interview_date`) moved to the start of its new study day.
        Worked out over every card of the packs, so one pack's queue agrees with the
        whole."""
        moved = brought_forward_days(conn, self.deck.ids, now,
                                     self.settings.interview_day(), self.days)
        for cid, day in moved.items():
            rows[cid] = rows[cid]._replace(due_ms=to_ms(self.days.start_of(day)))
        return rows

    def shown_again_at_once(self, key: str, pack: str | None = None) -> frozenset[Rating]:
        """The ratings after which this card is the very next one shown, before it is due:
        a learning step it is given ends within the learn-ahead window, and nothing else
        is left today (after this rating's share of the day's limits), so the queue
        brings it back at once, as Anki's does. Its button says "now" then, not "1m"."""
        deck = self.deck if pack is None else self._deck_of(pack)
        card_id = self._id(key)
        now = self.now()
        today = self.days.day_of(now)
        span = (to_ms(self.days.start_of(today)), to_ms(self.days.end_of(today)))

        def read(conn: sqlite3.Connection) -> tuple[
                dict[int, ScheduleRow], StudiedToday, Limits, CardState, bool]:
            state = card_table.load(conn, card_id) or CardState.new(card_id, key)
            reviewed = stats_queries.rated_today_in_phase(conn, card_id, Phase.REVIEW, *span)
            return (*self._snapshot(conn, now), state, reviewed)

        rows, studied, limits, state, reviewed_today = self.database.read(read)
        # This rating counts against the day's limits as the log will count it.
        studied = StudiedToday(
            new=studied.new + (state.phase is Phase.NEW),
            reviews=studied.reviews + (state.phase is Phase.REVIEW and not reviewed_today),
        )
        at_once = set()
        for rating in Rating:
            after = self.model.review(state, rating, now, 0).after
            if (after.phase is Phase.REVIEW or after.suspended or after.due is None
                    or not now < after.due <= now + LEARN_AHEAD):
                continue
            changed = {**rows, card_id: ScheduleRow(int(after.phase), to_ms(after.due),
                                                    after.reps, False, None)}
            first = build_queue(deck, changed, studied, now, self.days, limits).first
            if first is not None and first.card.key == key:
                at_once.add(rating)
        return frozenset(at_once)

    def more_new_today(self, count: int | None = None) -> int:
        """Allow ``count`` more new cards today (the daily new limit when not given), as
        Anki's "extend today's limits"; the day's total room grows by as much. Returns
        the extra allowed today in all."""
        count = self.settings.new_cards_per_day if count is None else count
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise SchedulingError(f"more new cards must be a whole number ≥ 1, got {count!r}")
        today = self.days.day_of(self.now())
        return self.database.write(lambda conn: day_limits.add_extra_new(conn, today, count))

    def _deck_of(self, pack: str) -> Deck:
        deck = self._pack_decks.get(pack)
        if deck is None:
            cards = [card for card in self.deck.cards if card.pack == pack]
            deck = self._pack_decks[pack] = Deck.of(cards, self.settings.new_card_order)
        return deck

    def next_card(self, pack: str | None = None, at: datetime | None = None
                  ) -> QueueEntry | None:
        return self.queue(pack, at).first

    def counts(self, at: datetime | None = None) -> HomeCounts:
        """Today's figures now (or at the instant ``at``, as the data stands)."""
        now, days = self.now() if at is None else at, self.days

        def read(conn: sqlite3.Connection) -> tuple[Queue, tuple[int, int]]:
            rows, studied, limits = self._snapshot(conn, now)
            return (build_queue(self.deck, rows, studied, now, days, limits),
                    activity(conn, now, days))

        queue, (done_today, streak) = self.database.read(read)
        return HomeCounts(
            new=queue.count("new"),
            learning=queue.count("learning"),
            review=queue.count("review"),
            done_today=done_today,
            streak=streak,
            next_due=None if queue.entries else queue.next_due,
        )

    def preview(self, key: str) -> dict[Rating, timedelta]:
        """The interval each rating would give the card now (for the rating buttons)."""
        return self.model.preview(self.state(key), self.now())

    def suggest(
        self, key: str, answers: Iterable[TypedAnswer], seconds: float | None = None
    ) -> Suggestion | None:
        """The rating the grader's verdicts point to, and why (``ratings.suggest_rating``);
        ``seconds`` on the card so far: every ask right in under half the answer timer
        is Easy."""
        quick = self.settings.timer_seconds * QUICK_SHARE
        return suggest_rating(answers, [ask.id for ask in self.card(key).asks], seconds, quick)

    def history(self, key: str) -> list[ReviewEntry]:
        """Every logged rating of the card, oldest first, with its typed answers."""
        card_id = self._id(key)
        return self.database.read(lambda conn: review_log.history(conn, card_id))

    def explanations(self, key: str) -> list[StoredExplanation]:
        """Every explanation written on the card (in reviews and interviews), oldest
        first, each with the rating it belongs to, if any."""
        self._index(key)  # an unknown key is an error here too
        return self.database.read(lambda conn: interviews.card_explanations(conn, key))

    def stats(self) -> Stats:
        now, days = self.now(), self.days
        deadline = self.settings.interview_day()
        return self.database.read(
            lambda conn: compute_stats(conn, self.deck, now, days, deadline))

    def pack_progress(self) -> tuple[PackProgress, ...]:
        """Each pack's cards by phase (the packs of :meth:`stats`, alone)."""
        return self.database.read(lambda conn: pack_progress(conn, self.deck))

    # -- changing --------------------------------------------------------------------

    def when_free(self, change: Callable[[], T], go_on: Callable[[], bool] = lambda: True,
                  pause: Callable[[float], object] = time.sleep) -> T | None:
        """``change()`` (a rating, a cram: any write through this session), made although
        another program holds the review database: each try gives up on the lock at once
        rather than blocking, and the next comes :data:`RETRY_EVERY_S` later (``pause``),
        for as long as ``go_on()`` says. None when it stops first: nothing was stored.
        Any other error is raised as it comes."""
        while True:
            try:
                with self.database.impatient():
                    return change()
            except DatabaseLocked:
                pause(RETRY_EVERY_S)
                if not go_on():
                    return None

    def rate(
        self,
        key: str,
        rating: Rating | int,
        duration_ms: int,
        answers: Iterable[TypedAnswer] = (),
        variant: str | None = None,
        explanations: Sequence[int] = (),
    ) -> Rated:
        """Rate a scheduled review of the card; committed before this returns.
        ``explanations``: the ids of the explanations written on the card as shown, which
        the rating's log row keeps (Browse shows them under it)."""
        rating = _rating(rating)
        card_id = self._id(key)
        answers = tuple(answers)
        _check_duration(duration_ms)

        def work(conn: sqlite3.Connection) -> Rated:
            now = self.now()  # under the write lock: the log stays in time order
            self._follow_parameters(conn)
            before = card_table.load(conn, card_id) or CardState.new(card_id, key)
            after = self.model.review(before, rating, now, duration_ms).after
            card_table.save(conn, after)
            entry = _log_entry("review", now, rating, before, after, duration_ms, variant,
                               answers)
            review_id = review_log.append(conn, entry, prior=before)
            interviews.link_to_review(conn, review_id, explanations)
            return Rated(key, review_id, before, after)

        rated = self.database.write(work)
        self._undo.append(_UndoStep(card_id, key, "review", rated.after, rated.review_id))
        return rated

    def cram(
        self,
        key: str,
        rating: Rating | int,
        duration_ms: int,
        answers: Iterable[TypedAnswer] = (),
        variant: str | None = None,
        explanations: Sequence[int] = (),
    ) -> int:
        """Log practice outside the schedule: kept in the history, schedule unchanged
        (``explanations`` as for :meth:`rate`).

        Returns the log row's id.
        """
        rating = _rating(rating)
        card_id = self._id(key)
        answers = tuple(answers)
        _check_duration(duration_ms)

        def work(conn: sqlite3.Connection) -> tuple[int, CardState]:
            now = self.now()  # under the write lock: the log stays in time order
            state = card_table.load(conn, card_id)
            if state is None:  # keep the key, so the history can be named later
                state = CardState.new(card_id, key)
                card_table.save(conn, state)
            entry = _log_entry("cram", now, rating, state, state, duration_ms, variant, answers)
            review_id = review_log.append(conn, entry, prior=None)
            interviews.link_to_review(conn, review_id, explanations)
            return review_id, state

        review_id, state = self.database.write(work)
        self._undo.append(_UndoStep(card_id, key, "cram", state, review_id))
        return review_id

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def undo_kind(self) -> str | None:
        """What the next undo takes back: "review" (scheduled), "cram", "bury", "suspend"
        or "unsuspend"; None if nothing."""
        return self._undo[-1].kind if self._undo else None

    def undo(self) -> CardState | None:
        """Undo this session's last action, as Anki's undo does: a rating or cram (restore
        the card, drop the log row), a bury, a suspend or an unsuspend.

        Returns the card's state after the undo, or None when there is nothing to undo.
        Raises SchedulingError if another drill process rated or changed the card since.
        """
        if not self._undo:
            return None
        step = self._undo[-1]

        def work(conn: sqlite3.Connection) -> CardState:
            latest = review_log.latest_id(conn, step.card_id)
            if step.review_id is not None and latest != step.review_id:
                raise SchedulingError(
                    f"cannot undo: {step.key} was rated again since (in another drill?)"
                )
            current = card_table.load(conn, step.card_id)
            # A bury or suspend leaves no log row: only the card's row shows it.
            if current is None or card_table.to_row(current) != card_table.to_row(step.left):
                raise SchedulingError(
                    f"cannot undo: {step.key} was changed since (in another drill?)"
                )
            if step.review_id is None:
                assert step.prior is not None
                card_table.save(conn, step.prior)
                return step.prior
            found, prior = review_log.prior_state(conn, step.review_id)
            if not found:  # pragma: no cover - latest_id just found it
                raise SchedulingError(f"cannot undo: the review of {step.key} is gone")
            if prior is not None:
                card_table.save(conn, prior)
            review_log.delete(conn, step.review_id)
            current = card_table.load(conn, step.card_id)
            return current or CardState.new(step.card_id, step.key)

        # The step is dropped once undone, or once it never can be (rated again since);
        # a database that refused the write (locked, unwritable) leaves it to try again.
        try:
            restored = self.database.write(work)
        except SchedulingError:
            self._undo.pop()
            raise
        self._undo.pop()
        return restored

    def bury(self, key: str) -> CardState:
        """Hide the card until the next study day starts."""
        until = self.days.end_of(self.days.day_of(self.now()))
        return self._change(key, "bury", buried_until=until)

    def suspend(self, key: str) -> CardState:
        return self._change(key, "suspend", suspended=True)

    def unsuspend(self, key: str) -> CardState:
        """Back into the schedule. A leech keeps its tag (as in Anki)."""
        return self._change(key, "unsuspend", suspended=False)

    def set_flag(self, key: str, flagged: bool) -> CardState:
        """Flag the card (or take the flag off); undoable, like a bury."""
        return self._change(key, "flag" if flagged else "unflag", flagged=flagged)

    def flagged_keys(self) -> frozenset[str]:
        """The keys of every flagged card, in one read."""
        states = self.database.read(card_table.load_all)
        return frozenset(state.key for state in states if state.flagged)

    def unbury(self, key: str) -> CardState:
        """Back in today's queue (if due), before the next study day unburies it."""
        return self._change(key, "unbury", buried_until=None)

    def _change(self, key: str, kind: str, **changes: object) -> CardState:
        """Change the card's row; undoable, like a rating."""
        card_id = self._id(key)

        def work(conn: sqlite3.Connection) -> tuple[CardState, CardState]:
            state = card_table.load(conn, card_id) or CardState.new(card_id, key)
            changed = state.with_changes(**changes)
            card_table.save(conn, changed)
            return state, changed

        before, changed = self.database.write(work)
        self._undo.append(_UndoStep(card_id, key, kind, changed, prior=before))
        return changed

    def _id(self, key: str) -> int:
        return self.deck.ids[self._index(key)]

    def _index(self, key: str) -> int:
        index = self.deck.position.get(key)
        if index is None:
            raise UnknownCard(f"no card {key!r} in the loaded packs")
        return index


def _log_entry(kind: ReviewKind, now: datetime, rating: Rating, before: CardState,
               after: CardState, duration_ms: int, variant: str | None,
               answers: tuple[TypedAnswer, ...]) -> ReviewEntry:
    """The review log row of a rating that took the card from ``before`` to ``after``
    (the same state for cram, which leaves the schedule alone)."""
    return ReviewEntry(
        time=now,
        card_id=after.card_id,
        kind=kind,
        rating=rating,
        phase_before=before.phase,
        phase_after=after.phase,
        interval_before_s=before.interval_seconds,
        interval_after_s=after.interval_seconds,
        duration_ms=duration_ms,
        stability_after=after.stability,
        difficulty_after=after.difficulty,
        variant=variant,
        answers=answers,
    )


def _check_duration(duration_ms: int) -> None:
    if isinstance(duration_ms, bool) or not isinstance(duration_ms, int) or duration_ms < 0:
        raise SchedulingError(f"duration_ms must be a whole number ≥ 0, got {duration_ms!r}")


def _rating(value: Rating | int) -> Rating:
    try:
        return Rating(value)
    except ValueError:
        raise SchedulingError(
            f"rating must be 1-4 (Again, Hard, Good, Easy), got {value!r}"
        ) from None
