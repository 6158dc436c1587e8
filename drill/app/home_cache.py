"""Home's figures kept between starts, so that a start with nothing changed draws Home at
once, without reading the packs or the review data first.

Home's figures (the day's counts, the next card, each pack's progress) depend on the pack
files, the review database, settings.toml, the time zone, drill's own code and the
instant. An entry holds the figures for the hours ahead as spans of time: the figures of a
span hold from its start until the first instant the day's queue could change with no
write (:func:`drill.scheduling.queue.unchanged_until`: a card coming due, a burial ending,
the next study day). Beside them are a fingerprint of the data, a hash of the *contents*
of the database (and its ``-wal``), settings.toml and every pack file in every folder
packs are looked for (so a file added to a folder counts), with the zone, the options and
drill's version; and the size and time of change of each of drill's modules that worked
the figures out. A start uses the entry only when all of these are as they were and the
instant falls in a span; anything else is a miss, and the figures are worked out from the
data as before. An entry is written only when the fingerprint taken before the data was
read is the same as the one taken after (nothing was written meanwhile).

Entries are JSON in ``drill/home`` in the user cache folder, one per data folder and set
of options, written whole (a temporary file, then renamed). One that cannot be read, is of
another format or does not fit is ignored, never trusted; a missing or read-only cache
folder only costs speed. Nothing here writes to the data folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import drill
from drill.config.cache_files import cache_folder, read_entry, write_whole
from drill.config.cache_files import clear as clear_folder
from drill.config.location import data_dir, database_path
from drill.packs.locate import PACK_SUFFIXES, builtin_packs_dir, is_folder

if TYPE_CHECKING:
    from drill.app.backend import Backend
    from drill.app.home_view import HomeView
    from drill.app.options import AppOptions

#: Bumped when the entry format changes.
FORMAT = 1
#: How far ahead an entry works the figures out (a week: a start after the weekend
#: reads them too), and in how many spans at most.
LOOKAHEAD = timedelta(days=7)
MAX_SPANS = 40
SETTINGS_FILE = "settings.toml"


@dataclass(frozen=True)
class Inputs:
    """Where an entry's figures were read from: the data folder, and every folder packs
    and solver code are looked for in (named ones that do not exist included)."""

    data: Path
    pack_folders: tuple[Path, ...]
    solver_folders: tuple[Path, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"data": str(self.data), "packs": [str(p) for p in self.pack_folders],
                "solvers": [str(p) for p in self.solver_folders]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Inputs:
        return cls(Path(data["data"]), tuple(map(Path, data["packs"])),
                   tuple(map(Path, data["solvers"])))


@dataclass(frozen=True)
class Span:
    """Home's figures from ``start`` until just before ``end`` (UTC)."""

    start: datetime
    end: datetime
    view: HomeView


def cache_dir() -> Path:
    return cache_folder("home")


def clear(folder: Path | None = None) -> int:
    """Remove every entry (``drill cache clear``); the number removed."""
    return clear_folder(cache_dir() if folder is None else folder)


def entry_path(options: AppOptions, folder: Path | None = None) -> Path:
    """The entry of this data folder and these options."""
    name = json.dumps([str(_resolved(data_dir(options.data_dir))),
                       [str(_resolved(p)) for p in options.pack_dirs],
                       [str(_resolved(p)) for p in options.solver_dirs],
                       options.builtin_packs])
    digest = hashlib.sha256(name.encode()).hexdigest()[:32]
    return (cache_dir() if folder is None else folder) / f"{digest}.json"


def inputs_of(backend: Backend) -> Inputs:
    """The folders ``backend`` reads packs and solver code from (resolving them reads
    settings.toml, as opening does)."""
    from drill.config.location import user_packs_dir

    folder = data_dir(backend.data_dir)
    sources = backend.sources()
    packs = [user_packs_dir(folder), *sources.pack_folders, *sources.missing]
    if sources.include_builtin:
        builtin = builtin_packs_dir()
        packs += [builtin, builtin / "catalog"]
    return Inputs(folder, tuple(dict.fromkeys(packs)), tuple(dict.fromkeys(
        (*sources.solver_folders, *backend.solver_dirs))))


def zone_identity(options: AppOptions) -> str:
    """What decides the zone days are counted in when settings.toml names none (the
    settings file is in the fingerprint, so a zone it names is too): the clock's zone,
    else what :func:`drill.scheduling.clock.local_zone` reads, without loading a zone."""
    if options.clock is not None:
        return f"clock {options.clock.zone}"
    parts = [f"TZ={os.environ.get('TZ', '')}"]
    for name in ("/etc/localtime", "/etc/timezone"):
        try:
            status = os.stat(name)
            parts.append(f"{os.path.realpath(name)} {status.st_size} {status.st_mtime_ns}")
        except OSError:
            parts.append(f"{name} -")
    return " ".join(parts)


def fingerprint(inputs: Inputs, options: AppOptions) -> str:
    """A hash of the data Home's figures are worked out from, and of where and how it is
    read: settings, packs, the review database, the zone, drill's version, the options."""
    digest = hashlib.sha256(f"{FORMAT} {drill.__version__} {zone_identity(options)}".encode())
    digest.update(json.dumps([inputs.to_dict(), [str(p) for p in options.pack_dirs],
                              [str(p) for p in options.solver_dirs], options.builtin_packs,
                              os.environ.get("HOME", "")]).encode())
    _add_file(digest, inputs.data / SETTINGS_FILE)
    database = database_path(inputs.data)
    _add_file(digest, database)
    # An empty log is no log: opening the database beside it may leave one behind.
    _add_file(digest, database.with_name(database.name + "-wal"), empty_is_missing=True)
    for folder, suffixes in [*((f, PACK_SUFFIXES) for f in inputs.pack_folders),
                             *((f, (".py",)) for f in inputs.solver_folders)]:
        digest.update(f"\0folder {folder} {is_folder(folder)}".encode())
        for path in _files(folder, suffixes):
            _add_file(digest, path)
    return digest.hexdigest()


#: The modules Home's figures are worked out by (the domain below grading, and the app's
#: own few): a screen's or the checker's code changed does not change them.
_FIGURES_CODE = ("drill.config", "drill.quantities", "drill.packs", "drill.solving",
                 "drill.scheduling", "drill.storage", "drill.review", "drill.app.backend",
                 "drill.app.home_view", "drill.app.home_cache", "drill.app.prefetch",
                 "drill.app.options")


def code_in_use() -> dict[str, list[int]]:
    """drill's modules loaded in this process that work Home's figures out, by file: size
    and time of change. After the figures are worked out, these are the code they came
    from; one changed since (an upgrade, an edit in a checkout) makes the entry a miss."""
    code: dict[str, list[int]] = {}
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        wanted = name == "drill" or any(name == prefix or name.startswith(prefix + ".")
                                        for prefix in _FIGURES_CODE)
        if not wanted or not path:
            continue
        try:
            stat = os.stat(path)
        except OSError:
            continue
        code[path] = [stat.st_size, stat.st_mtime_ns]
    return code


def _same_code(code: dict[str, list[int]]) -> bool:
    for path, (size, mtime) in code.items():
        try:
            stat = os.stat(path)
        except OSError:
            return False
        if stat.st_size != size or stat.st_mtime_ns != mtime:
            return False
    return bool(code)


def spans_ahead(backend: Backend, start: datetime) -> list[Span]:
    """Home's figures from ``start`` on, span by span, as the open backend's data stands."""
    from drill.app.home_view import home_view_until

    spans: list[Span] = []
    at, last = start, start + LOOKAHEAD
    while at < last and len(spans) < MAX_SPANS:
        view, until = home_view_until(backend, at, spans[0].view if spans else None)
        if view.error or until is None or until <= at:
            break
        spans.append(Span(at, until, view))
        at = until
    return spans


def read(options: AppOptions, folder: Path | None = None) -> HomeView | None:
    """Home's figures now (by the options' clock) from the entry, or None when it does not
    fit."""
    from drill.app.home_view import HomeView

    now = options.clock.now() if options.clock is not None else datetime.now(UTC)
    entry = read_entry(entry_path(options, folder))
    if not isinstance(entry, dict):
        return None  # missing, damaged or not a file: work the figures out
    try:
        if _open_elsewhere(data_dir(options.data_dir)):
            return None  # working the figures out says so, as a start always has
        if entry["format"] != FORMAT:
            return None
        inputs = Inputs.from_dict(entry["inputs"])
        if entry["fingerprint"] != fingerprint(inputs, options) or not _same_code(
                {str(path): [int(size), int(mtime)] for path, (size, mtime)
                 in entry["code"].items()}):
            return None
        for span in entry["spans"]:
            start, end = _instant(span["start"]), _instant(span["end"])
            if start <= now < end:
                view = HomeView.from_dict(span["view"])
                return _with_next_due_from(view, now)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, OverflowError):
        return None  # damaged or foreign: work the figures out
    return None


def write(options: AppOptions, inputs: Inputs, fingerprint_before: str,
          spans: Iterable[Span], folder: Path | None = None) -> bool:
    """Keep ``spans`` if the data is still as it was when ``fingerprint_before`` was taken
    (else nothing: something was written while they were worked out). True if kept."""
    spans = list(spans)
    if not spans or fingerprint(inputs, options) != fingerprint_before:
        return False
    entry = {"format": FORMAT, "inputs": inputs.to_dict(), "fingerprint": fingerprint_before,
             "code": code_in_use(),
             "spans": [{"start": _ms(s.start, up=True), "end": _ms(s.end), "view": s.view.to_dict()}
                       for s in spans]}
    return write_whole(entry_path(options, folder), json.dumps(entry, ensure_ascii=False))


def _open_elsewhere(data: Path) -> bool:
    """Whether another drill app has the data folder open (its claim is only tried)."""
    from drill.storage.app_claim import AppAlreadyOpen, claim_folder

    try:
        claim_folder(data).release()
    except AppAlreadyOpen:
        return True
    return False


def _with_next_due_from(view: HomeView, now: datetime) -> HomeView:
    """``next_due_in`` ("in 5h") as seen from ``now``, not from when it was stored."""
    import dataclasses

    from drill.scheduling.intervals import describe_interval

    if view.next_due_local is None:
        return view
    return dataclasses.replace(view, next_due_in=describe_interval(view.next_due_local - now))


def _add_file(digest: Any, path: Path, *, empty_is_missing: bool = False) -> None:
    content: bytes | None
    try:
        # A pipe or device in a file's place would be read for ever: only a regular file
        # is read (opening the data then reports the other).
        if not stat.S_ISREG(path.stat().st_mode):
            raise IsADirectoryError(path)
        content = path.read_bytes()
    except FileNotFoundError:
        content = None
    except OSError:
        content = b"\0unreadable"
    if empty_is_missing and not content:
        content = None
    digest.update(f"\0file {path} ".encode())
    digest.update(b"-" if content is None else hashlib.sha256(content).digest())


def _files(folder: Path, suffixes: tuple[str, ...]) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if p.suffix in suffixes)
    except OSError:
        return []


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MS = timedelta(milliseconds=1)


def _ms(instant: datetime, *, up: bool = False) -> int:
    """Epoch milliseconds, rounded so that a span only ever shrinks (starts up, ends down)."""
    return -((_EPOCH - instant) // _MS) if up else (instant - _EPOCH) // _MS


def _instant(ms: object) -> datetime:
    if not isinstance(ms, int):
        raise TypeError("an instant in ms")
    return datetime.fromtimestamp(ms / 1000, UTC)
