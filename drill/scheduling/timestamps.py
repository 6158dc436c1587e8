"""Times in the database are integer epoch milliseconds, UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def to_ms(instant: datetime) -> int:
    if instant.tzinfo is None:
        raise ValueError("stored times must be timezone-aware")
    return (instant - EPOCH) // timedelta(milliseconds=1)


def from_ms(value: int) -> datetime:
    return EPOCH + timedelta(milliseconds=value)


def opt_to_ms(instant: datetime | None) -> int | None:
    return None if instant is None else to_ms(instant)


def opt_from_ms(value: int | None) -> datetime | None:
    return None if value is None else from_ms(value)
