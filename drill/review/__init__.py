"""The review service: the day's study over the scheduler and the review database.

``session`` is what the app and the CLI call (queue, preview, rate, undo, bury, suspend,
cram, counts); ``stats`` computes what ``drill stats`` reports. Both compose
:mod:`drill.scheduling` (FSRS and the queue, no I/O) with :mod:`drill.storage` (all SQL).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drill.review.session import (
        HomeCounts,
        Rated,
        ReviewSession,
        SchedulingError,
        UnknownCard,
    )
    from drill.review.stats import (
        Stats,
    )

# The public face loads lazily (PEP 562): importing one module of the package must not
# import the rest, so start-up paths pay only for what they use.
_HOMES = {
    "HomeCounts": "drill.review.session",
    "Rated": "drill.review.session",
    "ReviewSession": "drill.review.session",
    "SchedulingError": "drill.review.session",
    "UnknownCard": "drill.review.session",
    "Stats": "drill.review.stats",
}
__all__ = [
    "HomeCounts",
    "Rated",
    "ReviewSession",
    "SchedulingError",
    "Stats",
    "UnknownCard",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
