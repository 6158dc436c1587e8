"""Where "now" comes from, and which time zone the user's days are in.

Everything that depends on the time takes a :class:`Clock`, so tests can fix it. Times are
UTC inside drill (fsrs insists on ``timezone.utc``); the zone only decides where a local
day starts.
"""

from __future__ import annotations

import io
import os
import struct
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
        zone = _zone_named(name) or posix_zone(name)
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


def posix_zone(spec: str) -> ZoneInfo | None:
    """The zone a POSIX ``TZ`` string describes (``JST-9``: nine hours east of UTC;
    ``EST5EDT,M3.2.0,M11.1.0`` with its summer-time rules), or None if it is not one.

    zoneinfo reads such a string only as the footer of a compiled zone file (TZif, RFC
    8536), which gives the rules for every time after the file's last transition: so it
    gets a file of its own with one transition, long before any review.
    """
    if not spec or not spec.isascii() or "/" in spec:
        return None
    counts = struct.pack(">6l", 0, 0, 0, 1, 1, 4)  # one transition, one type, "UTC\0"
    placeholder = struct.pack(">lBB", 0, 0, 0) + b"UTC\0"
    data = (b"TZif2" + bytes(15) + counts + struct.pack(">l", -(2**31)) + b"\0" + placeholder
            + b"TZif2" + bytes(15) + counts + struct.pack(">q", -(2**59)) + b"\0" + placeholder
            + b"\n" + spec.encode() + b"\n")
    try:
        return ZoneInfo.from_file(io.BytesIO(data), key=spec)
    except (ValueError, OSError):
        return None


def _zone_named(name: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None
