"""``drill stats``: reviews, streak, what is due, retention, progress, mistakes, leeches."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from drill.cli.packargs import add_pack_option, load_library_or_complain

if TYPE_CHECKING:
    from drill.review.stats import Stats


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "stats",
        parents=[common],
        help="show review statistics: streak, due cards, retention, mistakes, leeches",
        description="Show what the review history says: reviews today and in all, the "
        "streak, cards due in the next days, true retention over 30 days, progress per "
        "pack, the most frequent mistakes, leeches, and reviewed cards no pack has any more.",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_pack_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import tempfile

    from drill.config.location import data_dir, database_path
    from drill.config.settings import SettingsError, load_settings
    from drill.review.session import ReviewSession
    from drill.storage.database import open_database
    from drill.storage.errors import StorageError

    folder = data_dir(args.data)
    try:
        settings = load_settings(folder, write_default=False)
    except SettingsError as error:
        print(f"drill stats: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    # Every pack source, as the app loads them (the data folder's packs included).
    library = load_library_or_complain(args, "stats")
    if library is None:
        return EXIT_USAGE
    try:
        path = database_path(folder)
        with tempfile.TemporaryDirectory(prefix="drill-stats-") as scratch:
            # A read-only command: with no database yet, report on an empty one elsewhere
            # rather than create files in a folder that may be a typo.
            target = path if path.exists() else Path(scratch) / path.name
            if target != path:  # a typo in --data would otherwise look like no reviews
                print(f"drill stats: note: no review database in {folder} yet; "
                      "the counts below are all zero", file=sys.stderr)
            with ReviewSession(library.cards, open_database(target), settings) as session:
                stats = session.stats()
            interviews = _interviews(target)
    except (SettingsError, StorageError) as error:
        print(f"drill stats: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        print(json.dumps({"data": str(folder), **stats.to_dict(),
                          "interviews": [{**vars_of(i), "score": i.score}
                                         for i in interviews]},
                         ensure_ascii=False, indent=2))
    else:
        print(render(stats, folder))
        print("\n".join(interview_lines(interviews)))
    return EXIT_OK


def _interviews(path: Path) -> list[Any]:
    """The latest mock interviews (``drill interview``), newest first."""
    from drill.storage.database import open_database
    from drill.storage.interviews import interview_history

    with open_database(path) as database:
        return database.read(interview_history)


def vars_of(summary: Any) -> dict[str, Any]:
    return {name: getattr(summary, name) for name in summary.__slots__}


def interview_lines(interviews: list[Any]) -> list[str]:
    from datetime import datetime

    lines = ["", "Mock interviews (drill interview, or i in the app), latest first; the "
             "score is the share of figures, asks and key points right"]
    if not interviews:
        return [*lines, "  none yet"]
    for i in interviews:
        day = datetime.fromtimestamp(i.finished / 1000).astimezone().strftime("%Y-%m-%d %H:%M")
        score = "–" if i.score is None else f"{i.score:.0%}"
        asked = i.asks_right + i.asks_wrong
        asks = f", asks {i.asks_right}/{asked} right" if asked else ""
        lines.append(f"  {day}  score {score:>4}  {_plural(i.cards, 'card')}, figures "
                     f"{i.figures_right} right {i.figures_wrong} wrong{asks}, points "
                     f"{i.points_covered}/{i.points_total}")
    return lines


def render(stats: Stats, folder: Path) -> str:
    lines = [f"drill stats for the study day {stats.today.isoformat()}  (data: {folder})", ""]
    cram = f" ({stats.cram_today} cram)" if stats.cram_today else ""
    lines.append(f"Reviews    today {stats.reviews_today}{cram} · in all {stats.reviews_total}"
                 f" · streak {_plural(stats.streak, 'day')}")
    week = " ".join(str(day.count) for day in stats.forecast)
    lines.append(f"Due        today {stats.due_today} · tomorrow {stats.due_tomorrow} · "
                 f"the next 7 days: {week}")
    if stats.interview is not None:
        left = (stats.interview - stats.today).days
        when = "today" if left == 0 else f"in {_plural(left, 'day')}"
        lines.append(f"Interview  {stats.interview.isoformat()}, {when}"
                     f" · {_plural(stats.brought_forward, 'card')} brought forward to "
                     "come back twice before it")
    retention = stats.retention
    if retention.rate is None:
        lines.append("Retention  no reviews of learned cards in the last 30 days")
    else:
        lines.append(f"Retention  {retention.rate:.1%} over the last 30 days "
                     f"({retention.passed} of {retention.reviews} passed)")
    lines += ["", "Packs"]
    if stats.packs:
        width = max(len(p.pack) for p in stats.packs)
        lines.append(f"  {'':<{width}}  {'new':>5} {'learning':>9} {'review':>7} "
                     f"{'suspended':>10}")
        for p in stats.packs:
            lines.append(f"  {p.pack:<{width}}  {p.new:>5} {p.learning:>9} {p.review:>7} "
                         f"{p.suspended:>10}")
    else:
        lines.append("  no packs loaded")
    lines += ["", "Most frequent mistakes"]
    if stats.mistakes:
        width = max(len(m.id) for m in stats.mistakes)
        for m in stats.mistakes:
            lines.append(f"  {m.id:<{width}}  ×{m.count:<4} {', '.join(m.cards)}")
    else:
        lines.append("  none logged")
    lines += ["", "Leeches (cards forgotten again and again, suspended so they stop eating time)"]
    if stats.leeches:
        for leech in stats.leeches:
            state = "suspended" if leech.suspended else "unsuspended"
            note = ", no longer in any pack" if leech.orphan else ""
            lines.append(f"  {leech.key}  {_plural(leech.lapses, 'lapse')}, {state}{note}")
    else:
        lines.append("  none")
    if stats.orphans:
        lines += ["", "Reviewed cards no pack has any more (their history is kept)"]
        for orphan in stats.orphans:
            last = orphan.last_review.astimezone().date().isoformat() if orphan.last_review else "?"
            lines.append(f"  {orphan.key}  {_plural(orphan.reviews, 'review')}, last {last}")
    return "\n".join(lines)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
