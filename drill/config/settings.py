"""The user's settings: ``settings.toml`` in the data folder.

Read with ``tomllib`` (data, never code). A missing file is written with the defaults and
a comment per key, so the user can see what there is to change. Any bad value stops with
one line naming the file and the key; unknown keys are errors too, so a typo never passes
silently.
"""

from __future__ import annotations

import contextlib
import errno
import math
import os
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import date
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from drill.config.leftovers import remove_unfinished

SETTINGS_FILE = "settings.toml"
#: A settings file is a few hundred bytes; one larger than this is not read.
MAX_SETTINGS_BYTES = 1_000_000
#: The new settings file, written under this name first (the writer's process id).
_UNFINISHED = re.compile(r"\.settings\.toml\.(\d+)\.tmp")
BOM = b"\xef\xbb\xbf"


class SettingsError(Exception):
    """A settings file that cannot be used; the message is one line naming file and key."""


NEW_CARD_ORDERS = ("interleaved", "packs")


@dataclass(frozen=True, slots=True)
class Settings:
    desired_retention: float = 0.9
    new_cards_per_day: int = 10
    reviews_per_day: int = 200
    day_start_hour: int = 4
    timer_seconds: int = 60
    variants: bool = True
    leech_lapses: int = 8
    new_card_order: str = "interleaved"  # or "packs": each pack's new cards after the last's
    timezone: str = ""  # IANA name; "" means the system's zone
    packs: tuple[str, ...] = ()  # more pack folders (relative to the data folder)
    solvers: tuple[str, ...] = ()  # folders whose solver modules (*.py) drill may run
    theme: str = ""  # the app's colour theme; "" is Textual's default
    backup_days: int = 7  # daily backups of the review database kept; 0: none
    #: FSRS's 21 parameters, as ``drill optimize`` fitted them to the user's reviews;
    #: empty means FSRS's defaults.
    fsrs_parameters: tuple[float, ...] = ()
    #: The day of the interview ("2026-12-20"), or "" for none: until then every card is
    #: reviewed at least twice more, the last time before the day.
    interview_date: str = ""

    def interview_day(self) -> date | None:
        """The interview's day, or None when none is set."""
        return date.fromisoformat(self.interview_date) if self.interview_date else None

    def zone(self) -> ZoneInfo | None:
        """The configured zone, or None to use the system's."""
        return ZoneInfo(self.timezone) if self.timezone else None


DEFAULT_TEXT = """\
# drill settings. Delete this file to get the defaults back.

# The share of reviews you want to get right (FSRS aims for it): 0.70 to 0.99.
# Higher means more reviews per day.
desired_retention = 0.9

# At most this many new cards a day.
new_cards_per_day = 10

# At most this many cards a day in all (reviews and new cards).
reviews_per_day = 200

# The local hour (0-23) a new study day starts; a review at 1 am counts for the day before.
day_start_hour = 4

# Seconds on the answer timer (an interview answer takes about a minute).
timer_seconds = 60

# Show cards with their numbers varied, when a card supports it.
variants = true

# A card forgotten this many times is a leech: it is tagged and suspended.
leech_lapses = 8

# The order of new cards across packs: "interleaved" takes one from each pack in turn (a
# pack you add is not always last); "packs" takes every new card of a pack before the next.
# Priority cards come first either way.
new_card_order = "interleaved"

# Your time zone as an IANA name ("Europe/Berlin"); empty uses the system's.
timezone = ""

# More folders of packs to load, besides the built-in ones and the "packs" folder here.
# Relative paths are relative to this folder: packs = ["~/interview-packs"]
packs = []

# Folders of your own solver code (*.py). drill runs Python from these folders only, and
# only because they are named here or with --solvers DIR; a pack file never loads code.
solvers = []

# drill copies the review database into the "backups" folder here once a study day,
# and keeps the copies of this many days (0 turns daily backups off).
backup_days = 7

# The app's colour theme (Ctrl+P, then "theme", to try them; the app remembers your choice
# here). Empty is the default.
theme = ""

# FSRS's 21 parameters (its memory model), fitted to your own reviews by `drill optimize`
# (or Optimize on the Stats screen); empty uses FSRS's defaults, as `drill optimize --reset`
# sets it back.
fsrs_parameters = []

# The day of your interview, as "2026-12-20" (or `drill interview --date 2026-12-20`);
# empty for none. Until then drill keeps every card's intervals short enough that each is
# reviewed at least twice more, the last time before the day, and Home shows the days left.
interview_date = ""
"""


def settings_path(data_dir: Path) -> Path:
    return data_dir / SETTINGS_FILE


def load_settings(data_dir: Path, *, write_default: bool = True) -> Settings:
    """The settings in ``data_dir``; writes the commented defaults when there is no file."""
    path = settings_path(data_dir)
    if write_default:  # a start: what a killed drill left half-written goes
        remove_unfinished(data_dir, _UNFINISHED)
    try:
        # Opening a named pipe would wait forever for a writer: read regular files only.
        if path.exists() and not path.is_file():
            raise SettingsError(f"{path}: is not a regular file (a folder, pipe or device)")
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            raise SettingsError(f"{path}: is larger than {MAX_SETTINGS_BYTES:,} bytes, far "
                                "more than any settings file")
        raw = path.read_bytes()
    except FileNotFoundError:
        if write_default:
            _write_default(path)
        return Settings()
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        # "utf-8-sig": an editor's byte-order mark is not part of the TOML.
        table = tomllib.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise SettingsError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"{path}: {exc}") from None
    return parse_settings(table, path)


def parse_settings(table: dict[str, Any], path: Path | str) -> Settings:
    known = {f.name for f in fields(Settings)}
    for key in table:
        if key not in known:
            raise SettingsError(
                f"{path}: unknown key {key!r}; known keys: {', '.join(sorted(known))}"
            )
    values: dict[str, Any] = {}
    for key, value in table.items():
        values[key] = _check(key, value, path)
    return Settings(**values)


def _check(key: str, value: Any, path: Path | str) -> Any:
    def fail(wanted: str) -> SettingsError:
        return SettingsError(f"{path}: {key} must be {wanted}, got {value!r}")

    match key:
        case "desired_retention":
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise fail("a number from 0.70 to 0.99")
            if not 0.7 <= value <= 0.99:
                raise fail("a number from 0.70 to 0.99")
            return float(value)
        case "new_cards_per_day" | "reviews_per_day":
            return _whole(value, 0, 10_000, fail)
        case "day_start_hour":
            return _whole(value, 0, 23, fail)
        case "timer_seconds":
            return _whole(value, 5, 3600, fail)
        case "leech_lapses":
            return _whole(value, 1, 1000, fail)
        case "backup_days":
            return _whole(value, 0, 3650, fail)
        case "variants":
            if not isinstance(value, bool):
                raise fail("true or false")
            return value
        case "packs" | "solvers":
            if not isinstance(value, list) or not all(
                isinstance(item, str) and item.strip() for item in value
            ):
                raise fail('a list of folder names, like ["~/my-packs"]')
            for item in value:
                try:
                    Path(item.strip()).expanduser()
                except RuntimeError:  # "~nobody/x": no such user, or no home folder
                    raise SettingsError(f"{path}: {key}: cannot find the home folder in "
                                        f"{item.strip()!r}") from None
            return tuple(item.strip() for item in value)
        case "new_card_order":
            if value not in NEW_CARD_ORDERS:
                raise fail(" or ".join(f'"{order}"' for order in NEW_CARD_ORDERS))
            return value
        case "theme":
            if not isinstance(value, str) or len(value) > 100:
                raise fail('a theme name such as "nord", or ""')
            return value
        case "fsrs_parameters":
            return _fsrs_parameters(value, fail)
        case "interview_date":
            if type(value) is date:
                return value.isoformat()  # TOML's own date literal, unquoted
            if not isinstance(value, str):
                raise fail('a date such as "2026-12-20", or ""')
            if value:
                try:
                    date.fromisoformat(value)
                except ValueError:
                    raise fail('a date such as "2026-12-20", or ""') from None
            return value
        case "timezone":
            if not isinstance(value, str):
                raise fail('a time zone name such as "Europe/Berlin", or ""')
            if value:
                try:
                    ZoneInfo(value)
                except (ZoneInfoNotFoundError, ValueError):
                    raise fail('a time zone name such as "Europe/Berlin", or ""') from None
            return value
    raise AssertionError(key)  # pragma: no cover - parse_settings checked the key


FSRS_PARAMETER_COUNT = 21  # FSRS-6, as the fsrs package and Anki's engine use it


def _fsrs_parameters(value: Any, fail: Any) -> tuple[float, ...]:
    wanted = f"[] or a list of {FSRS_PARAMETER_COUNT} numbers (drill optimize writes it)"
    if not isinstance(value, list) or any(
        isinstance(item, bool) or not isinstance(item, int | float) for item in value
    ):
        raise fail(wanted)
    if not value:
        return ()
    if len(value) != FSRS_PARAMETER_COUNT or not all(math.isfinite(item) for item in value):
        raise fail(wanted)
    import fsrs  # its own bounds check: each parameter within what its model allows

    try:
        fsrs.Scheduler(parameters=value)
    except ValueError as exc:
        raise fail(f"within FSRS's bounds ({str(exc).splitlines()[-1]})") from None
    return tuple(float(item) for item in value)


def _whole(value: Any, low: int, high: int, fail: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise fail(f"a whole number from {low} to {high}")
    return value


def save_string_setting(data_dir: Path, key: str, value: str) -> None:
    """Set one string key in the settings file, keeping the file as the user wrote it:
    every other line, the comment on the key's own line, spacing, a byte-order mark.

    The key is set in place (or added at the end) with tomlkit, which keeps a TOML
    document's layout; the file is replaced whole or not at all. A value the file would
    not load back is refused.
    """
    if any(ord(ch) < 32 for ch in value):
        raise SettingsError("a setting cannot hold control characters")
    _save_setting(data_dir, key, value, None).apply()


def save_fsrs_parameters(data_dir: Path, parameters: Sequence[float], note: str = "") -> None:
    """Set ``fsrs_parameters`` (empty: FSRS's defaults) as :func:`save_string_setting`
    sets a string, with ``note`` as the comment at the end of its line (what fitted
    them, and when). Each parameter is written to 4 decimals, as Anki shows them."""
    prepare_fsrs_parameters(data_dir, parameters, note).apply()


@dataclass(frozen=True, slots=True)
class PendingSettings:
    """A new settings file written and synced beside the old one, not yet in its place:
    :meth:`apply` puts it there in one step, :meth:`discard` drops it."""

    temporary: Path
    path: Path

    def apply(self) -> None:
        try:
            os.replace(self.temporary, self.path)
        except OSError as exc:
            raise SettingsError(f"{self.path}: cannot write: {_why(exc)}") from None
        finally:
            self.discard()

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            self.temporary.unlink(missing_ok=True)


def prepare_fsrs_parameters(data_dir: Path, parameters: Sequence[float],
                            note: str = "") -> PendingSettings:
    """:func:`save_fsrs_parameters` up to the last step: a file that cannot be written
    (a read-only folder, a full disk) is refused here, before anything else changes."""
    if any(ord(ch) < 32 for ch in note):
        raise SettingsError("a setting's comment cannot hold control characters")
    return _save_setting(data_dir, "fsrs_parameters",
                         [round(float(p), 4) for p in parameters], note or None)


def _save_setting(data_dir: Path, key: str, value: str | list[float],
                  note: str | None) -> PendingSettings:
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    if key not in {f.name for f in fields(Settings)}:
        raise SettingsError(f"unknown settings key {key!r}")
    path = settings_path(data_dir)
    load_settings(data_dir, write_default=False)  # refuses a broken file, never rewrites it
    raw = path.read_bytes() if path.exists() else DEFAULT_TEXT.encode()
    bom = raw.startswith(BOM)
    try:
        document = tomlkit.parse(raw.decode("utf-8-sig"))
        item = tomlkit.item(value)
        if note is not None:  # else tomlkit keeps the comment the line had
            item.comment(note)
            item.trivia.comment_ws = "  "
        document[key] = item
        new_text = tomlkit.dumps(document)
        parse_settings(tomllib.loads(new_text), path)  # what we write must load back
    except (TOMLKitError, tomllib.TOMLDecodeError):
        raise SettingsError(f"{path}: cannot set {key} without changing other lines; "
                            f"edit the file by hand") from None
    if path.is_symlink():  # the user's own arrangement (a dotfiles repo): write through it
        path = path.resolve()
    remove_unfinished(path.parent, _UNFINISHED)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    pending = PendingSettings(temporary, path)
    try:
        with temporary.open("wb") as out:
            out.write((BOM if bom else b"") + new_text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
    except OSError as exc:
        pending.discard()
        raise SettingsError(f"{path}: cannot write: {_why(exc)}") from None
    return pending


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return exc.strerror or str(exc)


def _write_default(path: Path) -> None:
    """Write the commented defaults, whole or not at all, never over an existing file."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with temporary.open("w", encoding="utf-8") as out:
            out.write(DEFAULT_TEXT)
            out.flush()
            os.fsync(out.fileno())
        os.link(temporary, path)  # fails if the file exists: another drill was first
    except OSError:
        # A read-only folder or a race with another drill: the defaults still apply.
        pass
    finally:
        temporary.unlink(missing_ok=True)
