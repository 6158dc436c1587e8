"""FSRS parameters fitted to the user's own review history, as Anki's "Optimize" does.

The history is the review log turned into what Anki's FSRS engine trains on: per card, its
scheduled ratings, oldest first, each with the study days since the one before (0 for the
first and for another rating on the same study day; days start at the day-start hour, as
the scheduler counts them). Every rating that came on a later study day than the card's
previous one is one training item: the card's history up to it, and whether it was
recalled. Cram is left out (it does not change the schedule, and Anki leaves it out too).

The fit and the scores come from ``fsrs_rs_python``, Anki's own Rust FSRS core, imported
only inside :func:`fit`: nothing on the way to a card loads it. Its scores are the ones
Anki shows beside its parameters: log loss (lower is better) and RMSE over bins of
similar cards (lower is better).

Pure apart from that engine: the caller reads the log and passes it in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

from drill.scheduling.days import StudyDays
from drill.scheduling.ratings import Rating
from drill.scheduling.state import Phase

if TYPE_CHECKING:
    from fsrs_rs_python import FSRSItem

#: Training items (ratings a study day or more after the card's previous one) a fit needs.
#: Anki's engine fits every parameter only from this many on; with fewer it returns the
#: defaults or fits the first four alone, so drill asks for them before it starts.
MIN_REVIEWS = 64

#: One card's history as the engine reads it: (rating 1-4, study days since the last one).
History = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class LoggedRating:
    """One scheduled rating of the review log, as much of it as fitting needs."""

    card_id: int
    time: datetime  # UTC
    rating: Rating
    phase_before: Phase


@dataclass(frozen=True, slots=True)
class Evaluation:
    """How well a set of parameters predicts the history (lower is better, both)."""

    log_loss: float
    rmse_bins: float  # a share: 0.05 is 5%


@dataclass(frozen=True, slots=True)
class Fit:
    """Parameters fitted to a history, and the current ones, each scored on it."""

    parameters: tuple[float, ...]
    current: tuple[float, ...]
    after: Evaluation  # the fitted parameters
    before: Evaluation  # the current ones
    reviews: int  # training items
    cards: int  # cards with at least one

    @property
    def better(self) -> bool:
        """The fitted parameters predict the history better than the current ones."""
        return self.after.log_loss < self.before.log_loss


class TooFewReviews(Exception):
    """Not enough history to fit; the message is one line saying how many there are."""

    def __init__(self, have: int, need: int = MIN_REVIEWS) -> None:
        super().__init__(
            f"{have} of your reviews came a study day or more after the card's previous "
            f"one; fitting FSRS to your history needs at least {need} such reviews"
        )
        self.have = have
        self.need = need


def card_histories(ratings: Iterable[LoggedRating], days: StudyDays) -> list[History]:
    """Each card's scheduled ratings with the study days between them.

    ``ratings`` in time order per card. A history starts at a rating of the card as new;
    a card whose log does not begin there (its first ratings are gone) is left out until
    it is new again, as Anki leaves out a card whose learning was not logged.
    """
    return list(histories_by_card(ratings, days).values())


def histories_by_card(ratings: Iterable[LoggedRating], days: StudyDays) -> dict[int, History]:
    """:func:`card_histories`, by card id."""
    by_card: dict[int, list[tuple[int, int]]] = {}
    last_day: dict[int, date] = {}
    for logged in ratings:
        day = days.day_of(logged.time)
        if logged.phase_before is Phase.NEW:
            by_card[logged.card_id] = [(int(logged.rating), 0)]
        elif logged.card_id in by_card:
            gap = (day - last_day[logged.card_id]).days
            by_card[logged.card_id].append((int(logged.rating), max(0, gap)))
        else:
            continue
        last_day[logged.card_id] = day
    return {card_id: tuple(history) for card_id, history in by_card.items()}


def memory_states(histories: Mapping[int, History],
                  parameters: Sequence[float]) -> dict[int, tuple[float, float]]:
    """Each card's (stability, difficulty) after its history, with these parameters:
    what Anki recomputes for every card when its parameters change."""
    import fsrs_rs_python as engine

    ids = [card_id for card_id, history in histories.items() if history]
    items = [engine.FSRSItem([engine.FSRSReview(r, t) for r, t in histories[card_id]])
             for card_id in ids]
    states = engine.FSRS(list(parameters)).memory_state_batch(items) if items else []
    return {card_id: (state.stability, state.difficulty)
            for card_id, state in zip(ids, states, strict=True)}


def training_items(histories: Iterable[History]) -> list[History]:
    """One item per rating on a later study day than the card's previous one: the card's
    history up to and including it (same-day ratings stay in as history)."""
    return [
        history[: index + 1]
        for history in histories
        for index in range(1, len(history))
        if history[index][1] > 0
    ]


def fit(histories: Sequence[History], current: Sequence[float]) -> Fit:
    """Fit FSRS to the histories with Anki's engine, and score the fit and ``current``
    (the parameters in use) on the same items. Raises :class:`TooFewReviews`."""
    items = training_items(histories)
    if len(items) < MIN_REVIEWS:
        raise TooFewReviews(len(items))
    import fsrs_rs_python as engine

    converted = [engine.FSRSItem([engine.FSRSReview(r, t) for r, t in item]) for item in items]
    # To 4 decimals, as Anki shows them: what is shown, saved and scheduled with is one.
    fitted = tuple(round(p, 4) for p in engine.FSRS(list(current)).compute_parameters(converted))
    return Fit(
        parameters=fitted,
        current=tuple(current),
        after=_evaluate(fitted, converted),
        before=_evaluate(current, converted),
        reviews=len(items),
        cards=sum(1 for history in histories if any(t > 0 for _r, t in history[1:])),
    )


def _evaluate(parameters: Sequence[float], items: Sequence[FSRSItem]) -> Evaluation:
    import fsrs_rs_python as engine

    scores = engine.FSRS(list(parameters)).evaluate(items)
    return Evaluation(scores.log_loss, scores.rmse_bins)
