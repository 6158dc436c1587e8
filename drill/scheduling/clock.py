"""Where "now" comes from, and which time zone the user's days are in.

Everything that depends on the time takes a :class:`Clock`, so tests can fix it. Times are
UTC inside drill (fsrs insists on ``timezone.utc``); the zone only decides where a local
day starts.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class Clock(Protocol):
    @property
    def zone(self) -> tzinfo: ...

    def now(self) -> datetime:
        """The current instant, timezone-aware."""
        ...


def utc_now_ms(clock: Clock) -> datetime:
    """The clock's instant in ``timezone.utc``, truncated to whole milliseconds.

    The database stores epoch milliseconds; truncating here means the state computed in
    memory is exactly the state read back later.
    """
    now = clock.now()
    if now.tzinfo is None:
        raise ValueError("the clock must return timezone-aware datetimes")
    now = now.astimezone(UTC)
    return now.replace(microsecond=now.microsecond // 1000 * 1000)


@dataclass
class SystemClock:
    """The real time, with the user's local zone (or the one given)."""

    zone: tzinfo = field(default_factory=lambda: local_zone())

    def now(self) -> datetime:
        return datetime.now(UTC)


@dataclass
class FixedClock:
    """A clock that only moves when told to (tests, benchmarks)."""

    instant: datetime
    zone: tzinfo = UTC

    def __post_init__(self) -> None:
        if self.instant.tzinfo is None:
            raise ValueError("FixedClock needs a timezone-aware datetime")

    def now(self) -> datetime:
        return self.instant

    def advance(self, delta: timedelta) -> None:
        self.instant = self.instant + delta

    def set(self, instant: datetime) -> None:
        if instant.tzinfo is None:
            raise ValueError("FixedClock needs a timezone-aware datetime")
        self.instant = instant


def local_zone() -> tzinfo:
    """The system's time zone as an IANA zone, so DST changes are followed.

    ``datetime.now().astimezone()`` gives only today's fixed offset, which would put the
    day boundary an hour off for half the year; so look for the zone's name first.
    """
    name = os.environ.get("TZ", "").lstrip(":")
    if name:
        zone = _zone_named(name)
        if zone is not None:
            return zone
    try:
        target = str(Path("/etc/localtime").resolve())
    except OSError:
        target = ""
    if "zoneinfo/" in target:
        zone = _zone_named(target.split("zoneinfo/", 1)[1])
        if zone is not None:
            return zone
    try:
        zone = _zone_named(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    except OSError:
        zone = None
    if zone is not None:
        return zone
    # Last resort (Windows without tzdata): today's offset, without DST changes.
    fallback = datetime.now().astimezone().tzinfo
    return fallback if fallback is not None else UTC


def _zone_named(name: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None
