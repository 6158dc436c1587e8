"""The app's adapter to the domain: what is the app's own, nothing that merely forwards.

Screens call the review service (:class:`~drill.review.session.ReviewSession`, as
``backend.session``) directly for the schedule, the history and the changes, and catch
its errors with :func:`data_errors`. What lives here is what the app adds: opening and
reloading the packs and the review data, the read-only notice and the daily backup, error
translation (:class:`BackendError`, :class:`StartupError`), ratings as the screen gives
them (with a retry while another program holds the database), and the preparation of
cards off the screen's thread: :meth:`Backend.prepare` (sympy: solve a card, build its
grading targets) runs in a worker thread and touches nothing but the card it is given.

Imports of the heavy domain modules sit inside the methods that need them, so the first
screen never pays for sympy.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeVar

if TYPE_CHECKING:
    from drill.config.settings import Settings
    from drill.explaining.explain import Explanation
    from drill.explaining.interview import Question
    from drill.grading import Earlier, Grade, Target
    from drill.packs.library import Library
    from drill.packs.model import Card
    from drill.quantities.quantity import Quantity
    from drill.review.session import ReviewSession
    from drill.review.study_sets import StudySet
    from drill.scheduling.clock import Clock
    from drill.scheduling.ratings import Rating, TypedAnswer
    from drill.solving.solve import Solution
    from drill.solving.sources import Sources
    from drill.storage.app_claim import AppClaim
    from drill.storage.interviews import ExplanationRow, InterviewSummary, StoredExplanation


P = ParamSpec("P")
T = TypeVar("T")


class BackendError(Exception):
    """The review data could not be read or written just now (locked by another program,
    gone, corrupt): the domain's one-line message, naming the file. Nothing half-done
    was stored (every change is one transaction). ``locked``: another program held the
    database, so the same call may well succeed in a moment."""

    def __init__(self, message: str, *, locked: bool = False) -> None:
        super().__init__(message)
        self.locked = locked


@dataclass(frozen=True)
class Saved:
    """A rating, committed: the interval it gave (None for cram), and the lapses that
    made the card a leech (None when it did not become one)."""

    interval: timedelta | None
    leech_lapses: int | None = None


def _storage_errors(method: Callable[P, T]) -> Callable[P, T]:
    """Turn the domain's storage and scheduling errors into :class:`BackendError`."""

    @functools.wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> T:
        from drill.review.session import SchedulingError
        from drill.storage.errors import DatabaseLocked, StorageError

        try:
            return method(*args, **kwargs)
        except (StorageError, SchedulingError) as error:
            raise BackendError(str(error), locked=isinstance(error, DatabaseLocked)) from None

    return call


def data_errors() -> tuple[type[Exception], ...]:
    """What a call to the review service (or to :class:`Backend`) raises when the review
    data cannot be used just now (locked, gone, damaged, a card it does not know): each
    with a one-line message naming the file. Imported when an error is caught, not before,
    so the first screen does not load the domain."""
    from drill.review.session import SchedulingError
    from drill.storage.errors import StorageError

    return (BackendError, StorageError, SchedulingError)


class StartupError(Exception):
    """The review data cannot be opened (corrupt or locked database, bad settings).

    The message is the domain's own one-line message, naming the file; nothing was
    written.
    """


@dataclass(frozen=True)
class Prepared:
    """What grading and the reveal need for one card, worked out once (with sympy)."""

    key: str
    targets: Mapping[str, Target] = field(default_factory=dict)  # by ask id
    solution: Solution | None = None
    problems: Mapping[str, str] = field(default_factory=dict)  # ask id → why not gradable
    error: str = ""  # the card could not be solved at all


@dataclass(frozen=True)
class Optimized:
    """What fitting FSRS to the review history gave: lines to show, and the parameters
    kept in settings.toml (None when nothing changed)."""

    lines: tuple[str, ...]
    parameters: tuple[float, ...] | None = None


class Backend:
    """Holds the loaded library and the open review session."""

    def __init__(
        self,
        data_dir: Path | None = None,
        pack_dirs: Sequence[Path] = (),
        clock: Clock | None = None,
        builtin_packs: bool = True,
        solver_dirs: Sequence[Path] = (),
        run_solver_code: bool = True,
        read_only: bool = False,
    ) -> None:
        """``read_only``: open the review data for reading only (it is so anyway when this
        user may not write it)."""
        self.data_dir = data_dir
        self.pack_dirs = tuple(pack_dirs)
        self.clock = clock
        self.builtin_packs = builtin_packs
        self.solver_dirs = tuple(solver_dirs)
        self.run_solver_code = run_solver_code
        self.read_only = read_only
        self._library: Library | None = None
        self._checked: tuple[str, ...] = ()  # drill check's findings at the last reload
        self._session: ReviewSession | None = None
        self._claim: AppClaim | None = None  # this app's hold on the data folder

    # -- opening ---------------------------------------------------------------------

    def open(self) -> None:
        """Load the packs and open the review data; raises :class:`StartupError`."""
        from drill.config.location import data_dir
        from drill.config.settings import SettingsError
        from drill.review.session import ReviewSession
        from drill.storage.app_claim import claim_folder
        from drill.storage.errors import StorageError

        self._library = self._load_library()
        try:
            self._claim = claim_folder(data_dir(self.data_dir))  # one app per folder
            self._session = ReviewSession.open(self.cards, self.data_dir, self.clock,
                                               read_only=self.read_only)
        except (StorageError, SettingsError) as error:
            self.close()
            raise StartupError(str(error)) from None

    def sources(self) -> Sources:
        """Every pack source: the data folder's "packs" folder, settings.toml's packs and
        solvers, then --packs and --solvers (drill.solving.sources)."""
        from drill.config.location import data_dir
        from drill.config.settings import SettingsError, load_settings
        from drill.solving.sources import resolve_sources

        folder = data_dir(self.data_dir)
        try:
            settings = load_settings(folder, write_default=False)
        except SettingsError:
            settings = None  # opening the review data reports it
        return resolve_sources(folder, settings, self.pack_dirs, self.solver_dirs,
                               include_builtin=self.builtin_packs)

    def _load_library(self) -> Library:
        from drill.solving.sources import load_sources

        sources = self.sources()
        if not self.run_solver_code:
            sources = dataclasses.replace(sources, solver_folders=())
        return load_sources(sources)

    def reload(self) -> None:
        """Read the pack files again; the session goes on with the new cards."""
        from drill.review.session import ReviewSession

        old = self.session
        self._library = self._load_library()
        self._checked = _check_user_packs(self._library)
        # Same database and settings, new cards (the undo history starts afresh).
        self._session = ReviewSession(self.cards, old.database, old.settings, old.clock)

    def read_only_notice(self) -> str:
        """"" when the review data can be written; else what a read-only session means."""
        database = self.session.database
        if not database.read_only:
            return ""
        return (f"{database.path} is read-only for you: this is a read-only session. "
                "Browse, stats and the calculator work; ratings are not saved (make the file "
                "writable, then start drill again, to study)")

    def daily_backup(self) -> str:
        """Today's backup of the review data, if not made yet: "" or the problem, one line
        (any thread: it opens a connection of its own)."""
        from drill.storage.errors import StorageError

        if self.session.database.read_only:
            return ""  # nothing changes, and the copy would fail on the same permissions
        try:
            self.session.daily_backup()
        except StorageError as error:
            return f"No backup today: {error}"
        return ""

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
        if self._claim is not None:
            self._claim.release()
            self._claim = None

    @property
    def is_open(self) -> bool:
        return self._session is not None

    @property
    def library(self) -> Library:
        assert self._library is not None, "Backend.open() first"
        return self._library

    @property
    def session(self) -> ReviewSession:
        assert self._session is not None, "Backend.open() first"
        return self._session

    @property
    def cards(self) -> Sequence[Card]:
        return self.library.cards

    @property
    def settings(self) -> Settings:
        return self.session.settings

    def problems(self) -> list[str]:
        """Every error in the packs, one line each, naming file and line: the loader's,
        and after a reload everything ``drill check`` finds in the user's own packs."""
        checked = set(self._checked)
        # The loader's errors the check does not repeat (solver modules, the built-in
        # packs), then the check's own list, which has each file's root causes first.
        found = [line for line in (str(d) for d in self.library.diagnostics if d.is_error)
                 if line not in checked]
        return [*found, *self._checked]

    def card(self, key: str) -> Card | None:
        return self.library.card(key)

    def pack_path(self, card: Card) -> Path | None:
        pack = self.library.pack(card.pack)
        return pack.path if pack is not None else None

    # -- the schedule ------------------------------------------------------------------

    def optimize(self) -> Optimized:
        """Fit FSRS to the review history (Anki's engine) and keep the fit in settings.toml
        when it predicts the history better. Any thread: it reads the database on a
        connection of its own; :meth:`use_fsrs_parameters` then switches the session."""
        from drill.config.location import data_dir
        from drill.config.settings import SettingsError
        from drill.review.optimizing import fit_history, fit_lines, save_fit
        from drill.scheduling.fitting import TooFewReviews
        from drill.storage.errors import StorageError

        folder = data_dir(self.data_dir)
        try:
            result = fit_history(folder)
            lines = fit_lines(result, defaults_in_use=not self.settings.fsrs_parameters)
            if not result.better:
                return Optimized((*lines, "Kept the parameters in use: the fitted ones do "
                                          "not predict your history better."))
            recomputed = save_fit(folder, result, self.session.days.day_of(self.session.now()))
        except TooFewReviews as error:
            return Optimized((f"Not yet: {error}.",))
        except (SettingsError, StorageError) as error:
            return Optimized((f"Cannot optimize: {error}",))
        return Optimized((*lines, f"Saved in settings.toml: ratings use them from now on, "
                                  f"and {recomputed} cards' memory states were worked out "
                                  "again (drill optimize --reset goes back to the defaults)."),
                         result.parameters)

    @_storage_errors
    def left_today(self) -> tuple[int, int]:
        """(due, new) left in today's queue: the review heading's two figures, without
        the day's ratings and streak that :meth:`counts` reads from the whole log."""
        queue = self.session.queue()
        return queue.count("learning") + queue.count("review"), queue.count("new")

    @_storage_errors
    def study_sets(self) -> list[StudySet]:
        """What Home offers to study: each pack, the leeches, each frequent mistake."""
        from drill.review.study_sets import study_sets

        titles = {pack.id: pack.title for pack in self.library.packs}
        return study_sets(self.session, titles)

    @_storage_errors
    def preview(self, key: str, pack: str | None = None) -> dict[Rating, str]:
        """Each rating's interval as its button shows it: "now" when learn-ahead brings
        the card straight back (studying ``pack`` alone, when given)."""
        from drill.scheduling.intervals import describe_interval

        at_once = self.session.shown_again_at_once(key, pack)
        return {r: "now" if r in at_once else describe_interval(t)
                for r, t in self.session.preview(key).items()}

    @_storage_errors
    def rate(self, key: str, rating: int, seconds: float, answers: Iterable[TypedAnswer],
             cram: bool = False, variant: str | None = None, wait: bool = True,
             explanations: Sequence[int] = ()) -> Saved:
        """Log the rating (committed at once), the variant shown and the explanations
        written on it (their ids). ``wait=False``: give up at once, rather than after the
        busy timeout, if another program holds the lock."""
        save = partial(self._rate, key, rating, seconds, tuple(answers), cram, variant,
                       explanations)
        if wait:
            return save()
        with self.session.database.impatient():
            return save()

    @_storage_errors
    def rate_when_free(self, go_on: Callable[[], bool], key: str, rating: int,
                       seconds: float, answers: Iterable[TypedAnswer], cram: bool = False,
                       variant: str | None = None, explanations: Sequence[int] = ()
                       ) -> Saved | None:
        """:meth:`rate` while another program holds the database: tried again until the
        lock goes, for as long as ``go_on()`` says (None when it stopped first: nothing was
        stored). Blocks: call it from a worker thread."""
        return self.session.when_free(
            partial(self._rate, key, rating, seconds, tuple(answers), cram, variant,
                    explanations), go_on)

    def _rate(self, key: str, rating: int, seconds: float, answers: Sequence[TypedAnswer],
              cram: bool, variant: str | None, explanations: Sequence[int]) -> Saved:
        duration = max(0, round(seconds * 1000))
        if cram:
            self.session.cram(key, rating, duration, answers, variant=variant,
                              explanations=explanations)
            return Saved(None)
        rated = self.session.rate(key, rating, duration, answers, variant=variant,
                                  explanations=explanations)
        return Saved(rated.interval, rated.after.lapses if rated.became_leech else None)

    def variant_name_to_show(self, card: Card) -> str | None:
        """Which variant this review of ``card`` shows (None: its base): the base the first
        time, a fresh variant on later reviews (setting ``variants``), never the one the
        last logged review showed. Solves nothing."""
        from drill.review.session import SchedulingError
        from drill.solving.variant_choice import variant_after
        from drill.storage.errors import StorageError

        if not card.variants or not self.settings.variants:
            return None
        try:
            shown = [entry.variant for entry in self.session.history(card.key)]
        except (StorageError, SchedulingError):
            return None
        return variant_after(card, shown)

    def variant_to_show(self, card: Card) -> Card:
        """The card as this review shows it (see :meth:`variant_name_to_show`); the base if
        the variant cannot be worked out (a variant is a nicety, never a reason to fail)."""
        return self.shown(card, self.variant_name_to_show(card))

    @_storage_errors
    def toggle_flag(self, key: str) -> bool:
        """Flag the card, or take its flag off; whether it is flagged now."""
        return self.session.set_flag(key, not self.session.state(key).flagged).flagged

    def explain(self, card: Card, text: str) -> Explanation:
        """Check ``text`` as an explanation of ``card`` as shown (its variant's numbers)."""
        from drill.explaining.explain import explain, worked_card, worked_parent

        base = self.card(card.key) or card
        shown, solution = worked_card(base, card.variant)
        return explain(shown, solution, text, worked_parent(shown, self.card))

    @_storage_errors
    def save_explanation(self, card: Card, result: Explanation, seconds: float) -> int:
        """Keep the learner's text and how it scored (outside any interview); its id,
        for the rating of the card to keep (:meth:`rate`)."""
        from drill.explaining.interview import explanation_row
        from drill.storage.interviews import save_explanation

        row = explanation_row(card, result, seconds)
        session = self.session
        return session.database.write(lambda conn: save_explanation(conn, session.now(), row))

    # -- mock interviews ------------------------------------------------------------------

    @_storage_errors
    def interview_questions(self, count: int, rng: random.Random) -> list[Question]:
        """The interview's cards: weighted by priority and weak spots, fresh variants."""
        from drill.explaining.interview import draw

        return draw(self.session.database, self.cards, count, rng)

    def interview_follow_up(self, card: Card, rng: random.Random) -> Question | None:
        """The card's follow-up, as the interviewer's next question (None if it has none)."""
        from drill.explaining.interview import follow_up

        return follow_up(card, self.card, rng)

    def shown(self, card: Card, variant: str | None) -> Card:
        """``card`` as ``variant`` shows it; the base when the variant cannot be worked out
        (a variant is a nicety, never a reason to fail)."""
        if variant is None:
            return card
        from drill.solving.solve import SolveError
        from drill.solving.variants import VariantError, render_variant

        try:
            return render_variant(card, variant, cached=True)
        except (VariantError, SolveError):
            return card

    @_storage_errors
    def save_interview(self, started_ms: int, finished_ms: int,
                       rows: Sequence[ExplanationRow]) -> tuple[int, list[StoredExplanation]]:
        """Keep the interview and its explanations (one transaction); reschedules nothing."""
        from drill.explaining.interview import save

        return save(self.session.database, started_ms, finished_ms, rows)

    @_storage_errors
    def keep_interview_answer(self, interview_id: int | None, started_ms: int, when_ms: int,
                              position: int, row: ExplanationRow) -> tuple[int, int]:
        """Keep one interview answer as it is checked; the interview's id (made with the
        first) and the explanation's."""
        from drill.explaining.interview import keep_answer

        return keep_answer(self.session.database, interview_id, started_ms, when_ms,
                           position, row)

    @_storage_errors
    def finish_interview(self, interview_id: int, finished_ms: int) -> None:
        from drill.explaining.interview import finish

        finish(self.session.database, interview_id, finished_ms)

    @_storage_errors
    def interview_history(self, limit: int = 30) -> list[InterviewSummary]:
        """The latest interviews, newest first, each with its totals and score."""
        from drill.storage.interviews import interview_history

        return self.session.database.read(lambda conn: interview_history(conn, limit))

    # -- answers -------------------------------------------------------------------------

    @staticmethod
    def typed_answer(grade: Grade) -> TypedAnswer:
        from drill.scheduling.ratings import TypedAnswer

        # What was typed, and what ``ans`` stood for when it was used.
        return TypedAnswer(grade.ask, grade.recorded_answer, grade.verdict.value,
                           grade.mistakes)

    @staticmethod
    def grade(answer: str, target: Target, last: Quantity | None = None,
              earlier: Sequence[Earlier] = ()) -> Grade:
        """``last``: the calculator's last result, what ``ans`` in the answer stands for;
        ``earlier``: the card's asks answered before this one."""
        from drill.grading import grade

        return grade(answer, target, last, earlier)

    @staticmethod
    def prepare(card: Card) -> Prepared:
        """Solve the card and build each ask's target (sympy; run it in a worker thread)."""
        from drill.grading import TargetError
        from drill.grading.adapter import target_for
        from drill.solving.cache import solve_cached
        from drill.solving.solve import SolveError

        key = card.shown_key  # a variant's numbers are not its base's
        if not card.asks:
            return Prepared(key)
        try:
            solution = solve_cached(card)
        except SolveError as error:
            return Prepared(key, error=str(error))
        targets: dict[str, Target] = {}
        problems: dict[str, str] = {}
        for ask in card.asks:
            try:
                # The whole solution, not its values: the grader reads which givens each
                # mistake is made of.
                targets[ask.id] = target_for(card, ask, solution)
            except TargetError as error:
                problems[ask.id] = str(error)
        return Prepared(key, targets, solution, problems)

    def prepare_safely(self, card: Card) -> Prepared:
        """:meth:`prepare`, but a solver that fails costs one card its grading, not the
        app its life: its error becomes the card's (shown to the user, never a traceback)."""
        try:
            return self.prepare(card)
        except Exception as error:
            return Prepared(card.shown_key,
                            error=f"{card.key}: cannot work out its numbers: {error}")


def _check_user_packs(library: Library) -> tuple[str, ...]:
    """What ``drill check`` reports about each pack file that is not built in (the built-in
    packs are checked before they ship), errors only, one line each, in its order: a file
    that gave no pack (a broken header) is checked too, for the cards below it."""
    from drill.checking import check_files
    from drill.packs.locate import builtin_packs_dir

    builtin = builtin_packs_dir().resolve()
    files = [(path, display) for path, display in library.files
             if builtin not in path.resolve().parents]
    return tuple(str(d) for report in check_files(files) for d in report.diagnostics
                 if d.is_error)
