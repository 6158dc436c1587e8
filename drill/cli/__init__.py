"""The ``drill`` command: a thin layer of argparse over the domain modules.

Each subcommand is a module here with ``add_parser(subparsers, common)``; the module must
import only argparse at load time, so ``drill --help`` stays fast and never loads sympy.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence

from drill import __version__
from drill.cli.exit_codes import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE

#: Subcommand modules, in the order ``drill --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "calc", "check", "listing", "show", "solve", "grade", "stats", "optimize", "roofline",
    "simulate",
    "exercise", "new", "schema", "export", "cache", "backup", "completion", "explain",
    "interview", "specs",
)


#: Where ``drill``'s own options (given before a subcommand) are kept until
#: :func:`merge_global_options`: a subparser writes every option it knows into the result,
#: its defaults included, so sharing one ``dest`` would lose ``drill --data X stats``'s X.
BEFORE = "before_"


def folder_name(text: str) -> str:
    """A folder given on the command line (argparse type): empty text names none, and
    taken as "not given" it would send drill to $DRILL_HOME without a word."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty folder name")
    return text


def common_options(dest_prefix: str = "") -> argparse.ArgumentParser:
    """Options every subcommand accepts (a parent parser)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--data",
        metavar="DIR",
        dest=f"{dest_prefix}data",
        type=folder_name,
        help="folder for review data and settings (default: the user data folder, "
        "or $DRILL_HOME)",
    )
    return common


def app_options(parser: argparse.ArgumentParser, dest_prefix: str = "") -> None:
    """Options of ``drill`` itself, the app (no subcommand)."""
    from drill.cli.packargs import add_pack_option

    add_pack_option(parser, dest_prefix)


def unused_global_options(args: argparse.Namespace) -> list[str]:
    """``--packs``/``--solvers`` given before a command that reads no packs (``calc``,
    ``roofline`` ...): merged, they would be dropped without a word."""
    return [f"--{name}" for name in ("packs", "solvers")
            if getattr(args, f"{BEFORE}{name}", None) and not hasattr(args, name)]


def merge_global_options(args: argparse.Namespace) -> argparse.Namespace:
    """Fold the options given before the subcommand into its own: ``--data`` after the
    subcommand wins, folders of ``--packs`` and ``--solvers`` add up."""
    before = {name[len(BEFORE):]: vars(args).pop(name)
              for name in list(vars(args)) if name.startswith(BEFORE)}
    if getattr(args, "data", None) is None:
        args.data = before.get("data")
    for name in ("packs", "solvers"):
        setattr(args, name, [*before.get(name, []), *getattr(args, name, [])])
    return args


class CommandParser(argparse.ArgumentParser):
    """A subcommand's parser that takes its options anywhere on the line, before, between
    or after its positional arguments: ``drill grade CARD --variant V ASK ANSWER``.

    Plain argparse fills optional positionals (``nargs="?"``) with what comes before the
    first option, and the words after it are left over. A parser with sub-subcommands
    (which argparse cannot intermix) parses as argparse does.
    """

    _parsing = False  # set while parse_known_intermixed_args calls back into this

    def parse_known_args(  # type: ignore[override]
            self, args: Sequence[str] | None = None,
            namespace: argparse.Namespace | None = None,
    ) -> tuple[argparse.Namespace, list[str]]:
        # Completion (argcomplete) follows argparse's own parse word by word: intermixed,
        # it would see no positional taken and offer nothing for the chosen card.
        if self._parsing or "_ARGCOMPLETE" in os.environ:
            return super().parse_known_args(args, namespace)
        self._parsing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        except TypeError:  # argparse's refusal, before it reads a word: sub-subcommands
            return super().parse_known_args(args, namespace)
        finally:
            self._parsing = False


def build_parser() -> argparse.ArgumentParser:
    common = common_options()
    parser = argparse.ArgumentParser(
        prog="drill",
        description="Daily interview practice in inference-engineering math. "
        "With no command, opens the app.",
        parents=[common_options(BEFORE)],
    )
    parser.add_argument("--version", action="version", version=f"drill {__version__}")
    app_options(parser, BEFORE)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND",
                                       parser_class=CommandParser)
    for name in COMMANDS:
        module = importlib.import_module(f"drill.cli.{name}")
        module.add_parser(subparsers, common)
    return parser


def app_arguments(argv: Sequence[str] | None) -> argparse.Namespace | None:
    """The options when the command line only opens the app, else None.

    Opening the app is the common case and start-up time counts there, so it is parsed
    without importing every subcommand; anything else (a command, --help, a mistake) goes
    to the full parser.
    """
    parser = argparse.ArgumentParser(
        prog="drill", parents=[common_options()], add_help=False, exit_on_error=False
    )
    app_options(parser)
    try:
        args, rest = parser.parse_known_args(sys.argv[1:] if argv is None else list(argv))
    except argparse.ArgumentError:
        return None
    if rest:
        return None
    args.command = None
    return args


def entry() -> None:
    """The ``drill`` program: :func:`main`, then the exit."""
    sys.exit(main())


def main(argv: Sequence[str] | None = None) -> int:
    if "_ARGCOMPLETE" in os.environ:  # the shell asks for completions (drill completion)
        from drill.cli.completion import complete_if_asked

        complete_if_asked(build_parser())
    args = app_arguments(argv)
    if args is None:
        arguments = sys.argv[1:] if argv is None else list(argv)
        if "--json" in arguments:
            from drill.cli.jsonerrors import with_json_errors

            parsed: list[argparse.Namespace] = []
            code = with_json_errors(lambda: _parse_into(arguments, parsed))
            if not parsed:
                return code
            args = parsed[0]
        else:
            args = build_parser().parse_args(argv)
        unused = unused_global_options(args)
        if unused:
            message = (f"drill {args.command}: error: {' and '.join(unused)}: this command "
                       "reads no packs")
            print(message, file=sys.stderr)
            if getattr(args, "json", False):
                from drill.cli.jsonerrors import error_object

                print(json.dumps(error_object(message, EXIT_USAGE)))
            return EXIT_USAGE
        args = merge_global_options(args)
    if args.command is None:
        # No subcommand: open the app (Textual loads only now, not for --help).
        from drill.app import run_app

        return run_app(args)
    from drill.cli.streams import tolerant_streams

    tolerant_streams()
    if getattr(args, "json", False):
        from drill.cli.jsonerrors import with_json_errors

        return with_json_errors(lambda: _run(args))
    return _run(args)


def _parse_into(arguments: list[str], parsed: list[argparse.Namespace]) -> int:
    parsed.append(build_parser().parse_args(arguments))
    return EXIT_OK


def _run(args: argparse.Namespace) -> int:
    """The subcommand, its failures each turned into an exit status and one line."""
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Output piped into `head` and closed: not an error of ours.
        sys.stderr.close()
        return EXIT_OK
    except Exception as error:
        # Whatever a pack or an answer holds, the user gets one line, not a traceback;
        # DRILL_DEBUG=1 shows the traceback for us.
        if os.environ.get("DRILL_DEBUG"):
            raise
        print(f"drill {args.command}: error: {error or type(error).__name__} "
              "(an unexpected failure; DRILL_DEBUG=1 shows where)", file=sys.stderr)
        return EXIT_FAILED
    return code
