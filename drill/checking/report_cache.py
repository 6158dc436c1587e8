"""Findings of files already checked, kept so an unchanged pack is not checked again.

A pack's findings depend on its text and on all of drill (the reader, the solvers, the
checker itself, the catalog, any user solver loaded). The key is a hash of these, so an
edit anywhere checks afresh. Entries are JSON in the user cache folder
(``drill/checked``); one that cannot be read or is not what its name says is ignored and
rebuilt, and a folder that cannot be written only costs speed.
"""

from __future__ import annotations

import hashlib
import json
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from drill.checking.reports import PackReport
from drill.config.cache_files import cache_folder, read_entry, write_whole
from drill.packs.diagnostics import Diagnostic
from drill.packs.model import Location
from drill.packs.yamlsafe import MAX_BYTES
from drill.solving.fingerprint import code_fingerprint

FORMAT = 1


def checked_dir() -> Path:
    return cache_folder("checked")


def cached_check(path: Path, display: str, check: Callable[[Path, str], PackReport],
                 folder: Path | None = None) -> PackReport:
    """``check(path, display)``, or its findings from the last time this very file was
    checked by this very drill."""
    folder = checked_dir() if folder is None else folder
    try:
        # Only a regular file of a pack's size is read here; anything else (a pipe,
        # /dev/zero, a huge file) goes to the check, which refuses it in one line.
        status = path.stat()
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_BYTES:
            return check(path, display)
        with path.open("rb") as handle:
            content = handle.read(MAX_BYTES + 1)
    except OSError:
        return check(path, display)
    digest = hashlib.sha256(code_fingerprint(("",), f"checked:{FORMAT}").encode())
    # A file name need not be valid UTF-8 (surrogate escapes): hash its bytes as they are.
    digest.update(display.encode("utf-8", "surrogateescape") + b"\0" + content)
    key = digest.hexdigest()[:40]
    entry = folder / f"{key}.json"
    found = _read(entry, key)
    if found is not None:
        return found
    report = check(path, display)
    _write(entry, key, report)
    return report


def _read(entry: Path, key: str) -> PackReport | None:
    data = read_entry(entry)
    if not isinstance(data, dict):
        return None
    try:
        if data["format"] != FORMAT or data["key"] != key:
            return None
        diagnostics = tuple(
            Diagnostic(Location(str(d["file"]), int(d["line"]), int(d["column"])),
                       str(d["severity"]), str(d["message"]), _text(d["card"]),
                       _text(d["ask"]), _text(d["variant"]), str(d["code"]))
            for d in data["diagnostics"])
        return PackReport(str(data["display"]), _text(data["pack_id"]), diagnostics,
                          int(data["cards"]), int(data["asks"]))
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError):
        return None


def _write(entry: Path, key: str, report: PackReport) -> None:
    data = {"format": FORMAT, "key": key, "display": report.display,
            "pack_id": report.pack_id, "cards": report.cards, "asks": report.asks,
            "diagnostics": [_diagnostic(d) for d in report.diagnostics]}
    try:
        text = json.dumps(data)  # ASCII escapes: a name in surrogates still writes
    except (TypeError, ValueError):
        return
    write_whole(entry, text)


def _diagnostic(d: Diagnostic) -> dict[str, Any]:
    return {"file": d.location.file, "line": d.location.line, "column": d.location.column,
            "severity": d.severity, "message": d.message, "card": d.card_key,
            "ask": d.ask_id, "variant": d.variant, "code": d.code}


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
