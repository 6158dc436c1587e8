"""Stable integer ids for cards.

The database keys a card by a 63-bit integer derived from its key ("pack/card"), so its
history survives edits to its text and is the same in every process. Python's ``hash()``
is salted per process, so it would give a new id at every start; sha256 does not.
"""

from __future__ import annotations

import hashlib


def card_id(key: str) -> int:
    """The card's id: the first 8 bytes of sha256(key), shifted to fit a signed 64-bit int.

    63 bits keep the value positive in SQLite's INTEGER; a collision among a few thousand
    cards has a probability near 10^-12.
    """
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1
