"""``drill interview [-n 5]``: a mock interview on standard input, with a scorecard.

Each question shows the scenario; the answer is typed (or piped) as lines ended by an
empty line, timed against the minute. Then the check of its figures and key points, the
card's answer and key numbers, and the follow-up card as the next question. Each answer
is saved in the review database as soon as it is checked; no card is rescheduled.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
import time
from typing import IO, Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from drill.cli.packargs import add_pack_option, load_library_or_complain


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "interview",
        parents=[common],
        help="a mock interview: a few cards, a minute each, then a scorecard",
        description="A mock interview on the terminal: N cards across the packs, weighted "
        "by priority and your weak spots, each in a fresh variant. Type each answer as you "
        "would say it, ending with an empty line; drill checks its figures and key points, "
        "shows the card's answer, and asks its follow-up next. Each answer is saved as soon "
        "as it is checked (see drill stats); no card is rescheduled.",
        epilog="example: drill interview -n 3 --seed 7",
    )
    parser.add_argument("-n", type=int, default=5, metavar="N",
                        help="how many cards to draw (default 5); follow-ups come on top")
    parser.add_argument("--date", metavar="YYYY-MM-DD",
                        help="set the day of your real interview (settings.toml "
                        "interview_date; 'none' clears it) and stop: until then every card "
                        "is reviewed at least twice more, the last time before the day, "
                        "cards due later brought forward")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="draw the same cards and variants for the same N")
    add_pack_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import random

    from drill.config.location import data_dir, database_path
    from drill.explaining.interview import draw
    from drill.storage.database import open_database
    from drill.storage.errors import StorageError

    if args.date is not None:
        return _set_date(args.date, args.data)
    if not 1 <= args.n <= 50:
        print("drill interview: error: -n must be between 1 and 50", file=sys.stderr)
        return EXIT_USAGE
    library = load_library_or_complain(args, "interview")
    if library is None:
        return EXIT_USAGE
    try:
        database = open_database(database_path(data_dir(args.data)))
    except StorageError as error:
        print(f"drill interview: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    with database:
        try:
            questions = draw(database, library.cards, args.n, random.Random(args.seed))
        except StorageError as error:
            print(f"drill interview: error: {error}", file=sys.stderr)
            return EXIT_FAILED
        if not questions:
            print("drill interview: error: no cards to ask", file=sys.stderr)
            return EXIT_FAILED
        return _interview(questions, library, database, sys.stdin, random.Random(args.seed))


def _interview(questions: list[Any], library: Any, database: Any, stdin: IO[str],
               rng: Any) -> int:
    from drill.explaining.explain import explain, worked_card, worked_parent
    from drill.explaining.interview import (
        ANSWER_SECONDS,
        explanation_row,
        finish,
        follow_up,
        keep_answer,
        score,
        scorecard_lines,
    )
    from drill.solving.solve import SolveError
    from drill.solving.variants import VariantError
    from drill.storage.errors import StorageError

    started = int(time.time() * 1000)
    scores: list[Any] = []
    interview_id: int | None = None
    queue = [(q.card, q.variant, False) for q in questions]
    number = 0
    while queue:
        base, variant, is_follow_up = queue.pop(0)
        try:
            card, solution = worked_card(base, variant)
        except (VariantError, SolveError) as error:
            print(f"drill interview: note: skipping {base.key}: {error}", file=sys.stderr)
            continue
        number += 1
        heading = "Follow-up" if is_follow_up else f"Question {number}"
        print()
        print(_wrap(f"{heading} · {card.shown_key} · {card.title}", ""))
        print(_wrap(card.scenario))
        print(f"  ({ANSWER_SECONDS} s: type your answer, then an empty line)")
        asked = time.monotonic()
        text = _read_answer(stdin)
        seconds = time.monotonic() - asked
        result = explain(card, solution, text, worked_parent(card, library.card))
        scored = score(result, seconds)
        try:  # kept at once: Ctrl+C, a closed terminal or a kill loses no checked answer
            interview_id, _ = keep_answer(database, interview_id, started,
                                          int(time.time() * 1000), len(scores),
                                          explanation_row(card, result, seconds))
        except StorageError as error:
            print(f"drill interview: error: this answer was not saved: {error}",
                  file=sys.stderr)
            return EXIT_FAILED
        scores.append(scored)
        print(f"  time {seconds:.0f} s{' (over the minute)' if scored.over_time else ''}")
        from drill.cli.explain import report_lines

        for line in report_lines(result):
            body = line.lstrip(" ")
            print(_wrap(body, "  " + line[: len(line) - len(body)], hanging=2))
        print("  The card's answer:")
        for point in card.answer:
            print(_wrap(point, "    • "))
        if card.key_numbers:
            print(_wrap("Key numbers: " + " · ".join(" ".join(n.split())
                                                    for n in card.key_numbers)))
        following = None if is_follow_up else follow_up(card, library.card, rng)
        if following is not None:
            queue.insert(0, (following.card, following.variant, True))
    print()
    for line in scorecard_lines(scores):
        body = line.lstrip(" ")
        print(_wrap(body, line[: len(line) - len(body)], hanging=2) if body else "")
    if interview_id is None:
        return EXIT_OK  # no card could be asked: nothing to keep
    try:
        finish(database, interview_id, int(time.time() * 1000))
    except StorageError as error:  # its answers are kept; only its end time is not
        print(f"drill interview: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    print()
    print(_wrap(f"Saved as interview {interview_id}; drill stats shows your interviews. "
                "No card was rescheduled.", ""))
    return EXIT_OK


def _set_date(said: str, data: str | None) -> int:
    """Keep the interview's day in settings.toml and say how many days are left."""
    from datetime import date

    from drill.config.location import data_dir
    from drill.config.settings import SettingsError, load_settings, save_string_setting

    value = "" if said.strip().lower() in ("", "none") else said.strip()
    try:
        if value:
            date.fromisoformat(value)
    except ValueError:
        print(f"drill interview: error: --date {said!r} is not a date such as 2026-12-20",
              file=sys.stderr)
        return EXIT_USAGE
    folder = data_dir(data)
    try:
        load_settings(folder)  # the file must be there and sound before one key is set
        save_string_setting(folder, "interview_date", value)
    except SettingsError as error:
        print(f"drill interview: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    if not value:
        print("No interview date: intervals are FSRS's own again.")
        return EXIT_OK
    left = (date.fromisoformat(value) - date.today()).days
    when = "today" if left == 0 else (f"{left} days away" if left > 0 else "in the past")
    print(_wrap(f"Interview date {value} ({when}): until then every card comes back at least "
                "twice more, its last review before the day; cards due later are brought "
                "forward, spread over the days ahead (drill stats counts them).", ""))
    return EXIT_OK


def _read_answer(stdin: IO[str]) -> str:
    """Lines up to an empty line or the end of input, at most a long minute's worth."""
    lines: list[str] = []
    size = 0
    while line := stdin.readline(20_000):
        if not line.strip():
            break
        lines.append(line.rstrip("\n"))
        size += len(line)
        if size > 20_000:
            break
    return "\n".join(lines)


#: The widest a line is drawn, however wide the terminal: prose is hard to read wider.
MAX_WIDTH = 96


def _wrap(text: str, indent: str = "  ", hanging: int = 0) -> str:
    """``text`` filled to the terminal's width (at most MAX_WIDTH), so nothing wraps
    mid-word in an 80-column terminal."""
    return textwrap.fill(" ".join(text.split()), width(), initial_indent=indent,
                         subsequent_indent=" " * (len(indent) + hanging))


def width() -> int:
    """Columns to fill: the terminal's less one (a full line would wrap on some
    terminals), at most MAX_WIDTH; 80 when output is not a terminal and COLUMNS is unset."""
    columns = shutil.get_terminal_size((80, 24)).columns
    return max(40, min(MAX_WIDTH, columns - 1))
