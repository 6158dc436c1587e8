"""The study day: it starts at a local hour (4 am by default), as in Anki.

A review at 1 am still belongs to the evening before. Days are counted on the local wall
clock, so a day with a DST change is 23 or 25 hours long and the boundary stays at 4 am.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo


@dataclass(frozen=True, slots=True)
class StudyDays:
    zone: tzinfo
    start_hour: int = 4

    def __post_init__(self) -> None:
        if not 0 <= self.start_hour <= 23:
            raise ValueError(f"start_hour must be 0..23, got {self.start_hour}")

    def day_of(self, instant: datetime) -> date:
        """The study day an instant belongs to."""
        local = instant.astimezone(self.zone)
        # Wall-clock arithmetic on purpose: the boundary is "4:00 on the clock".
        shifted = local.replace(tzinfo=None) - timedelta(hours=self.start_hour)
        return shifted.date()

    def start_of(self, day: date) -> datetime:
        """The UTC instant a study day begins.

        If the start hour falls into a DST gap (it does not exist that day), the day
        begins at the first instant after the gap; ``day_of`` agrees with this.
        """
        local = datetime.combine(day, time(self.start_hour), tzinfo=self.zone)
        start = local.astimezone(UTC)
        # In a gap, fold=0 reads the wall time with the offset from before the change,
        # which lands after the gap: the first instant whose day is `day`. Check it.
        if self.day_of(start) != day:  # pragma: no cover - guards odd zone data
            start = local.replace(fold=1).astimezone(UTC)
        return start

    def end_of(self, day: date) -> datetime:
        """The UTC instant the next study day begins."""
        return self.start_of(day + timedelta(days=1))
