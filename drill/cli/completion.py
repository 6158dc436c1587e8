"""``drill completion bash|zsh|fish``: the shell script that completes drill's commands,
options and card keys (argcomplete), and the completing itself.

The script calls ``drill`` back with ``_ARGCOMPLETE`` set; :func:`complete_if_asked`
answers from the full parser, with the card keys of every pack for a CARD argument, and
exits before anything else runs.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from drill.cli.exit_codes import EXIT_OK

SHELLS = ("bash", "zsh", "fish")
CARD_ARGUMENTS = ("show", "solve", "grade")


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "completion",
        help="print the shell script that completes drill's commands and card keys",
        description="Print a completion script for SHELL. Load it from your shell's "
        "start-up file, for example in ~/.bashrc: eval \"$(drill completion bash)\"; "
        "zsh: eval \"$(drill completion zsh)\"; fish: drill completion fish | source.",
    )
    parser.add_argument("shell", metavar="SHELL", choices=SHELLS, help=" | ".join(SHELLS))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from argcomplete.shell_integration import shellcode

    print(shellcode(["drill"], shell=args.shell))
    return EXIT_OK


def complete_if_asked(parser: argparse.ArgumentParser) -> None:
    """When the shell asks for completions, print them and exit; otherwise return."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    import argcomplete

    for name, subparser in _subcommands(parser).items():
        if name in CARD_ARGUMENTS:
            for action in subparser._actions:
                if action.dest == "card":
                    action.completer = card_keys  # type: ignore[attr-defined]
    argcomplete.autocomplete(parser)


def card_keys(prefix: str, parsed_args: argparse.Namespace, **_: object) -> list[str]:
    """Every card key of the packs the command line names (built-in ones included)."""
    from drill.config.location import data_dir
    from drill.solving.sources import load_sources, resolve_sources

    folder = data_dir(getattr(parsed_args, "data", None))
    packs = getattr(parsed_args, "packs", None) or []
    sources = resolve_sources(folder, None, packs, (), include_builtin=True)
    library = load_sources(sources)
    return [card.key for card in library.cards if card.key.startswith(prefix)]


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}
