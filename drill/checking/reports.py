"""What checking a file gives (``PackReport``), and checking a list of files.

Apart from the checker (``drill.checking.checker``) so that ``drill check`` of files it
checked before, unchanged, reads their findings back (``drill.checking.report_cache``)
without importing the checker's passes, the solver or the YAML reader: those load only
for a file that has to be checked afresh.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from drill.packs.diagnostics import ERROR, Diagnostic
from drill.packs.model import Location


@dataclass(frozen=True, slots=True)
class PackReport:
    """The outcome of checking one file."""

    display: str
    pack_id: str | None
    diagnostics: tuple[Diagnostic, ...]
    cards: int
    asks: int

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors


def check_files(files: Iterable[tuple[Path, str]],
                taken: Mapping[str, str] | None = None, *,
                remember: bool = False) -> list[PackReport]:
    """Check each ``(path, display name)``; a pack id used twice is an error too, and so
    is one of ``taken`` (pack ids already used by packs not checked here, by file).
    ``remember``: reuse the findings of a file this drill checked before, unchanged (see
    :mod:`drill.checking.report_cache`)."""
    return _check_files(files, taken, remember)


def _check_files(files: Iterable[tuple[Path, str]], taken: Mapping[str, str] | None,
                 remember: bool) -> list[PackReport]:
    reports: list[PackReport] = []
    seen: dict[str, str] = dict(taken or {})
    for path, display in files:
        if remember:
            from drill.checking.report_cache import cached_check

            report = cached_check(path, display, check_file)
        else:
            report = check_file(path, display)
        pack_id = report.pack_id
        if pack_id is not None and pack_id in seen:
            clash = Diagnostic(Location(display, 1, 1), ERROR,
                               f"pack id '{pack_id}' is also used by {seen[pack_id]}")
            report = PackReport(report.display, pack_id, (clash, *report.diagnostics),
                                report.cards, report.asks)
        elif pack_id is not None:
            seen[pack_id] = display
        reports.append(report)
    return reports


def check_file(path: Path, display: str) -> PackReport:
    """:func:`drill.checking.checker.check_file`, importing the checker on first use."""
    from drill.checking.checker import check_file as check_afresh

    return check_afresh(path, display)
