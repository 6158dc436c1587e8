"""Messages the app sends its screens."""

from __future__ import annotations

from textual.message import Message


class CardPrepared(Message):
    """A card's reference values and grading targets are ready (see ``Backend.prepare``)."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key


class ScheduleChanged(Message):
    """Ratings, undo, bury, suspend or a reload changed what is due: refresh counts."""


class BackendReady(Message):
    """The review data is open in this process: screens may now act on it."""


class PacksReloaded(Message):
    """The pack files were read again: cards a screen holds may have changed or gone."""
