"""The messages between the app and its screens: the app's news down, the screens' requests up.

Textual's rule is "attributes down, messages up": the app hands each screen what it
shows (the backend, the cards' prepared numbers, options) when it builds it, and a
screen asks for what only the app can do (open another screen, work out numbers in the
app's worker, show the problem screen) by posting one of the requests below. They
bubble from the screen to the app; no screen imports the app.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from textual.message import Message

from drill.app.backend import data_errors

if TYPE_CHECKING:
    from textual.message_pump import MessagePump
    from textual.worker import Worker

    from drill.app.backend import Prepared
    from drill.app.home_view import HomeView
    from drill.packs.model import Card

# -- from the app to its screens -------------------------------------------------------


class CardPrepared(Message):
    """A card's reference values and grading targets are ready (see ``Backend.prepare``)."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key


class ScheduleChanged(Message):
    """Ratings, undo, bury, suspend or a reload changed what is due: refresh counts."""


class BackendReady(Message):
    """The review data is open: screens may now act on it. ``view``: Home's figures, when
    they were worked out with the opening."""

    def __init__(self, view: HomeView | None = None) -> None:
        super().__init__()
        self.view = view


class PacksReloaded(Message):
    """The pack files were read again: cards a screen holds may have changed or gone."""


# -- from the app's workers to the app ------------------------------------------------


class DataOpened(Message):
    """The opening worker is done: Home's figures, or (``view.error``) why the review
    data cannot be opened."""

    def __init__(self, view: HomeView) -> None:
        super().__init__()
        self.view = view


class CardReady(Message):
    """The solving worker worked a card's numbers out (dropped if ``worker`` was cancelled
    meanwhile: a reload may have changed the card)."""

    def __init__(self, prepared: Prepared, worker: Worker[None]) -> None:
        super().__init__()
        self.prepared = prepared
        self.worker = worker


# -- from a screen (or a widget) up to the app -------------------------------------------


class PrepareCards(Message):
    """These cards are about to be shown: work out their numbers, the first ones first.

    The app answers with :class:`CardPrepared` for each card once it is ready.
    """

    def __init__(self, cards: Sequence[Card]) -> None:
        super().__init__()
        self.cards = tuple(cards)


class CardWorkedOut(Message):
    """A widget could not wait for the app's worker and worked a card's numbers out
    itself: the app keeps them, so the card is not solved twice."""

    def __init__(self, prepared: Prepared) -> None:
        super().__init__()
        self.prepared = prepared


class ReviewWanted(Message):
    """Open a review: of these cards outside the schedule (a cram), or of today's queue
    (only one pack's part of it, when ``pack`` is given)."""

    def __init__(self, cram: Sequence[Card] | None = None, pack: str | None = None) -> None:
        super().__init__()
        self.cram = tuple(cram) if cram is not None else None
        self.pack = pack


class RooflineWanted(Message):
    """Open the roofline explorer, on this card's GEMM when there is one."""

    def __init__(self, card: Card | None = None) -> None:
        super().__init__()
        self.card = card


class BackendFailed(Message):
    """The review data failed under a screen (another program locked, removed or damaged
    it): the app shows the problem screen with this one-line message."""

    def __init__(self, error: str) -> None:
        super().__init__()
        self.error = error


@contextmanager
def backend_failures_go_up(node: MessagePump) -> Iterator[None]:
    """Around a handler's calls to the review service: its errors
    (:func:`~drill.app.backend.data_errors`) become a :class:`BackendFailed` posted from
    ``node`` rather than an exception in Textual's
    message loop (which would end the app with a traceback)."""
    try:
        yield
    except data_errors() as error:
        node.post_message(BackendFailed(str(error)))
