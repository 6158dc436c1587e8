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


#: What each column may hold; anything else is a hand edit drill cannot read.
_TIMES = ("due", "last_review", "buried_until")
_WHOLE = ("id", "reps", "lapses", "suspended", "leech")
_OPTIONAL_WHOLE = ("step", *_TIMES)
_OPTIONAL_REAL = ("stability", "difficulty")
_PHASES = frozenset(int(phase) for phase in Phase)


def check_values(names: Iterable[str], row: tuple[Any, ...]) -> None:
    """Raise ValueError naming the first column whose value drill cannot read.

    The database (:mod:`drill.storage.database`) reports it as a damaged file, by name.
    """
    values = dict(zip(names, row, strict=True))
    key = values.get("key", values.get("id"))
    for name, value in values.items():
        whole = isinstance(value, int) and not isinstance(value, bool)
        if name == "key":
            fine = isinstance(value, str)
        elif name == "phase":
            fine = whole and value in _PHASES
        elif name in _WHOLE:
            fine = whole
        elif name in _OPTIONAL_WHOLE:
            # Beyond ±10^14 ms (about 3,000 years) a time is no date Python can hold.
            fine = value is None or (whole and abs(value) < 10**14)
        elif name in _OPTIONAL_REAL:
            fine = value is None or isinstance(value, int | float)
        else:
            fine = True
        if not fine:
            raise ValueError(f"the card {key!r} has {name} = {value!r}, which drill "
                             "never writes")


def from_row(row: tuple[Any, ...]) -> CardState:
    check_values(_NAMES, row)
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
    rows = list(conn.execute(
        "SELECT id, phase, due, reps, suspended, buried_until FROM cards"))
    for row in rows:
        check_values(_SCHEDULE_NAMES, row)
    return rows


_SCHEDULE_NAMES = ("id", "phase", "due", "reps", "suspended", "buried_until")


def parameters_tag(conn: sqlite3.Connection) -> int:
    """Which FSRS parameters the memory states were last worked out with, as a number
    (:func:`drill.review.optimizing.parameters_tag`); 0 if never recorded. Kept in the
    database header's user version, which SQLite writes in the same transaction."""
    return int(conn.execute("PRAGMA user_version").fetchall()[0][0])


def set_parameters_tag(conn: sqlite3.Connection, tag: int) -> None:
    conn.execute(f"PRAGMA user_version = {int(tag)}").fetchall()
