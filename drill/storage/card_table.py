"""Rows of the ``cards`` table as :class:`CardState` values."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from typing import Any

from drill.scheduling.state import CardState, Phase
from drill.scheduling.timestamps import opt_from_ms, opt_to_ms

_NAMES = ("id", "key", "phase", "step", "stability", "difficulty", "due", "last_review",
          "reps", "lapses", "suspended", "buried_until", "leech", "flagged")
COLUMNS = ", ".join(_NAMES)


def from_row(row: tuple[Any, ...]) -> CardState:
    (card_id, key, phase, step, stability, difficulty, due, last_review, reps, lapses,
     suspended, buried_until, leech, flagged) = row
    return CardState(
        card_id=card_id,
        key=key,
        phase=Phase(phase),
        step=step,
        stability=stability,
        difficulty=difficulty,
        due=opt_from_ms(due),
        last_review=opt_from_ms(last_review),
        reps=reps,
        lapses=lapses,
        suspended=bool(suspended),
        buried_until=opt_from_ms(buried_until),
        leech=bool(leech),
        flagged=bool(flagged),
    )


def to_row(state: CardState) -> tuple[Any, ...]:
    return (
        state.card_id,
        state.key,
        int(state.phase),
        state.step,
        state.stability,
        state.difficulty,
        opt_to_ms(state.due),
        opt_to_ms(state.last_review),
        state.reps,
        state.lapses,
        int(state.suspended),
        opt_to_ms(state.buried_until),
        int(state.leech),
        int(state.flagged),
    )


def load(conn: sqlite3.Connection, card_id: int) -> CardState | None:
    row = conn.execute(f"SELECT {COLUMNS} FROM cards WHERE id = ?", (card_id,)).fetchone()
    return None if row is None else from_row(row)


def load_all(conn: sqlite3.Connection) -> list[CardState]:
    return [from_row(row) for row in conn.execute(f"SELECT {COLUMNS} FROM cards")]


# An upsert, not INSERT OR REPLACE: REPLACE deletes the row first, which the review log's
# foreign key would object to.
_UPSERT = (
    f"INSERT INTO cards ({COLUMNS}) VALUES ({', '.join('?' * len(_NAMES))}) "
    "ON CONFLICT (id) DO UPDATE SET "
    + ", ".join(f"{name} = excluded.{name}" for name in _NAMES[1:])
)


def save(conn: sqlite3.Connection, state: CardState) -> None:
    conn.execute(_UPSERT, to_row(state))


def save_many(conn: sqlite3.Connection, states: Iterable[CardState]) -> None:
    conn.executemany(_UPSERT, (to_row(state) for state in states))


def to_json(state: CardState) -> str:
    """The row as JSON: the `prior` a review log row keeps for undo."""
    return json.dumps(dict(zip(_NAMES, to_row(state), strict=True)))


def from_json(text: str) -> CardState:
    values = json.loads(text)
    values.setdefault("flagged", 0)  # kept before cards could be flagged
    return from_row(tuple(values[name] for name in _NAMES))


def schedule_rows(
    conn: sqlite3.Connection,
) -> list[tuple[int, int, int | None, int, int, int | None]]:
    """What the day's queue needs of every card: id, phase, due, reps, suspended and
    buried-until, in one query."""
    return list(conn.execute(
        "SELECT id, phase, due, reps, suspended, buried_until FROM cards"))
