"""Short, Anki-style texts for intervals: "1m", "10m", "3h", "4d", "2.5mo", "1.2y"."""

from __future__ import annotations

from datetime import timedelta


def describe_interval(interval: timedelta) -> str:
    seconds = max(0.0, interval.total_seconds())
    minutes = seconds / 60
    hours = minutes / 60
    days = hours / 24
    if seconds < 60:
        return f"{round(seconds)}s"
    if minutes < 60:
        return f"{round(minutes)}m"
    if hours < 24:
        return f"{_trim(hours)}h"
    if days < 30:
        return f"{round(days)}d"
    if days < 365:
        return f"{_trim(days / 30)}mo"
    return f"{_trim(days / 365)}y"


def _trim(value: float) -> str:
    """One decimal, without a trailing ".0": 1.5, 2, 10."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text
