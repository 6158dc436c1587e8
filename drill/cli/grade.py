"""``drill grade``: grade a typed answer to one ask of a card, or a file of them."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from drill.cli.helptext import wrapped
from drill.cli.packargs import add_pack_option, load_library_or_complain
from drill.cli.streams import bounded_lines
from drill.cli.variantargs import add_variant_options, choose_variant

if TYPE_CHECKING:
    from drill.grading import Grade
    from drill.grading.adapter import TargetBook

#: Longest batch line read whole; a longer one is an invalid line, not a memory hog.
MAX_LINE = 100_000


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "grade",
        parents=[common],
        help="grade a typed answer to one ask of a card",
        description=wrapped("Grade an answer as a person would type it, and name the classic "
        "mistake when it is wrong. Exit 0 when correct, 1 when incorrect or unreadable, "
        "2 on a usage or setup error (an unknown card, ask or solver)."),
        epilog='examples: drill grade speed-physics/q1 decode_floor "16 GB / 3.35 TB/s"\n'
        "          drill grade --batch answers.jsonl --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("card", nargs="?", metavar="CARD", help="a card key: speed-physics/q1")
    parser.add_argument("ask", nargs="?", metavar="ASK", help="an ask id of the card")
    parser.add_argument("answer", nargs="?", metavar="ANSWER", help="the typed answer")
    parser.add_argument(
        "--batch",
        metavar="FILE",
        help='grade one JSON object per line ({"card": ..., "ask": ..., "answer": ...}) '
        "and print one result per line, in order; - reads standard input",
    )
    parser.add_argument("--json", action="store_true", help="print results as JSON")
    add_variant_options(parser)
    add_pack_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    positional = [args.card, args.ask, args.answer]
    if args.batch is not None:
        if any(p is not None for p in positional):
            return _usage("give either CARD ASK ANSWER or --batch FILE, not both")
        if args.variant is not None or args.seed is not None:
            return _usage("--variant and --seed grade one answer, not a --batch file")
        return _run_batch(args)
    if any(p is None for p in positional):
        return _usage("give CARD ASK ANSWER (or --batch FILE)")
    return _run_one(args)


def open_book(args: argparse.Namespace) -> TargetBook | None:
    """Targets for every card of the library (the solvers load sympy on first use);
    None when ``--packs`` names a folder that does not exist."""
    from drill.grading.adapter import TargetBook
    from drill.solving.cache import solve_cached

    library = load_library_or_complain(args, "grade")
    return None if library is None else TargetBook.of(library.cards, solve_cached)


def _run_one(args: argparse.Namespace) -> int:
    from drill.grading import TargetError, grade
    from drill.grading.adapter import UnknownTarget

    book = open_book(args)
    if book is None:
        return EXIT_USAGE
    if args.variant is not None or args.seed is not None:
        from drill.grading.adapter import TargetBook
        from drill.solving.cache import solve_cached

        try:
            card = book.card(args.card)
        except UnknownTarget as error:
            return _usage(error.message)
        chosen = choose_variant(card, args, "grade")
        if isinstance(chosen, int):
            return chosen
        book = TargetBook.of([chosen], solve_cached)
    try:
        target = book.target(args.card, args.ask)
    except UnknownTarget as error:
        return _usage(error.message)
    except TargetError as error:
        # The card cannot be graded at all (an unknown solver, a unit its reference is not
        # in): a setup problem, not a wrong answer.
        print(f"drill grade: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    result = grade(args.answer, target)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        print("\n".join(readable_lines(result)))
    return EXIT_OK if result.correct else EXIT_FAILED


def readable_lines(result: Grade) -> list[str]:
    """Two or three lines: the verdict, the message, what was expected and read."""
    if result.correct:
        head = f"✓ correct: {result.card} {result.ask}"
    else:
        head = f"✗ {result.verdict.value}: {result.card} {result.ask}"
        if result.mistakes:
            head += f" ({', '.join(result.mistakes)})"
    lines = [head, f"  {result.message}"]
    if result.parsed is not None:
        lines.append(f"  expected {result.expected.text}; read {result.parsed.echo} "
                     f"as {result.parsed.text}")
    return lines


def _run_batch(args: argparse.Namespace) -> int:
    path, as_json = args.batch, args.json
    book = open_book(args)
    if book is None:
        return EXIT_USAGE
    try:
        stream: IO[str] = (
            sys.stdin if path == "-" else open(path, encoding="utf-8", errors="replace")  # noqa: SIM115
        )
    except OSError as error:
        return _usage(f"cannot read {path}: {error.strerror or error}")
    all_correct = True
    try:
        lines = bounded_lines(stream, MAX_LINE)
        for number, outcome in enumerate(grade_lines(lines, book), start=1):
            all_correct &= outcome.get("verdict") == "correct"
            if as_json:
                print(json.dumps(outcome, ensure_ascii=False), flush=True)
            else:
                print(_one_line(number, outcome), flush=True)
    finally:
        if stream is not sys.stdin:
            stream.close()
    return EXIT_OK if all_correct else EXIT_FAILED


def grade_lines(lines: Iterable[str], book: TargetBook) -> Iterator[dict[str, object]]:
    """One result per input line, in order; a bad line is an invalid result, not an end."""
    from drill.grading import TargetError, grade
    from drill.grading.adapter import UnknownTarget

    for number, line in enumerate(lines, start=1):
        request = _request(line)
        if isinstance(request, str):
            yield _invalid_line(number, request, {})
            continue
        card, ask, answer = request["card"], request["ask"], request["answer"]
        try:
            target = book.target(card, ask)
        except (UnknownTarget, TargetError) as error:
            yield _invalid_line(number, str(error), request)
            continue
        yield grade(answer, target).to_dict()


def _request(line: str) -> dict[str, str] | str:
    """The card, ask and answer of a batch line, or what is wrong with it."""
    if len(line) > MAX_LINE:
        return "the line is too long to be one answer"
    try:
        data = json.loads(line)
    except ValueError as error:
        return f"not a JSON object ({error})" if line.strip() else "the line is empty"
    except RecursionError:  # [[[[...: the JSON decoder recurses once per level
        return "not a JSON object: it nests too deeply"
    if not isinstance(data, dict):
        return 'not a JSON object: expected {"card": ..., "ask": ..., "answer": ...}'
    missing = [key for key in ("card", "ask", "answer") if key not in data]
    if missing:
        return f"missing {', '.join(repr(k) for k in missing)}"
    wrong = [key for key in ("card", "ask", "answer") if not isinstance(data[key], str)]
    if wrong:
        return f"{', '.join(repr(k) for k in wrong)} must be text"
    return {key: data[key] for key in ("card", "ask", "answer")}


def _invalid_line(number: int, reason: str, request: dict[str, str]) -> dict[str, object]:
    answer = request.get("answer")
    return {
        "card": request.get("card"),
        "ask": request.get("ask"),
        "answer": answer if answer is None or len(answer) <= 200 else answer[:200] + "…",
        "verdict": "invalid",
        "mistakes": [],
        "message": f"line {number}: {reason}",
        "expected": None,
        "parsed": None,
    }


def _one_line(number: int, outcome: dict[str, object]) -> str:
    mark = "✓" if outcome["verdict"] == "correct" else "✗"
    # A line that named no card has no "who": "2: ✗ invalid: line 2: ...".
    head = " ".join([f"{number}: {mark}", str(outcome["verdict"]),
                     *(str(outcome[k]) for k in ("card", "ask") if outcome.get(k))])
    return f"{head}: {outcome['message']}"


def _usage(message: str) -> int:
    print(f"drill grade: error: {message}", file=sys.stderr)
    return EXIT_USAGE
