"""``drill completion bash|zsh|fish``: the shell script that completes drill's commands,
options and card keys (argcomplete), and the completing itself.

The script calls ``drill`` back with ``_ARGCOMPLETE`` set; :func:`complete_if_asked`
answers from the full parser, with the card keys of every pack for a CARD argument, and
exits before anything else runs.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from drill.cli.exit_codes import EXIT_OK

SHELLS = ("bash", "zsh", "fish")

#: zsh's completion system must be loaded before a script can register with it (compdef);
#: a start-up file without ``compinit`` got "command not found: compdef". The script loads
#: it when it is missing.
ZSH_PREAMBLE = """\
# drill's completion for zsh. It needs zsh's completion system: loaded here (compinit)
# unless your ~/.zshrc already loads it.
(( $+functions[compdef] )) || { autoload -Uz compinit && compinit; }
"""

#: argcomplete hands zsh each candidate as "name:description", the description empty for
#: a card key, an ask, a variant or a GPU; zsh's ``_describe`` then lists all of those on
#: one line ending in a bare "--", in no useful order. Cutting the empty description
#: (after the script's test for a trailing "/" or "=" that needs no space) lists them as
#: plain names, in drill's order.
ZSH_DESCRIBE = '        _describe "${words[1]}" completions'
ZSH_PLAIN_NAMES = '        completions=("${completions[@]%:}")\n'


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "completion",
        help="print the shell script that completes drill's commands and card keys",
        description="Print a completion script for SHELL. Load it from your shell's "
        "start-up file, for example in ~/.bashrc: eval \"$(drill completion bash)\"; "
        "zsh: eval \"$(drill completion zsh)\" (it loads compinit if needed); fish: "
        "drill completion fish | source. It completes commands, options, card keys, the "
        "chosen card's ask ids and variants, pack ids, GPUs, exercises and folders.",
    )
    parser.add_argument("shell", metavar="SHELL", choices=SHELLS, help=" | ".join(SHELLS))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from argcomplete.shell_integration import shellcode

    script = shellcode(["drill"], shell=args.shell)
    if args.shell == "zsh":
        # The "#compdef drill" tag must stay the first line, for a copy in $fpath.
        tag, _, rest = script.partition("\n")
        script = f"{tag}\n{ZSH_PREAMBLE}{rest}".replace(
            ZSH_DESCRIBE, ZSH_PLAIN_NAMES + ZSH_DESCRIBE, 1)
    print(script)
    return EXIT_OK


def complete_if_asked(parser: argparse.ArgumentParser) -> None:
    """When the shell asks for completions, print them and exit; otherwise return."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    import argcomplete

    from drill.cli import BEFORE

    for path, subparser in [((), parser), *_parsers(parser)]:
        command = path[0] if path else ""
        for action in subparser._actions:
            # An option given before the command ("before_packs") completes as after it.
            dest = action.dest.removeprefix(BEFORE)
            completer = COMPLETERS.get((command, dest), COMPLETERS.get(("*", dest)))
            if completer is not None:
                action.completer = completer  # type: ignore[attr-defined]
    argcomplete.autocomplete(parser)


def _library(parsed_args: argparse.Namespace) -> Any:
    """The packs the command line names, wherever ``--packs`` stands (before the command
    too: ``drill --packs DIR show``), and those settings.toml names, built-in ones
    included."""
    from drill.cli import BEFORE
    from drill.config.location import data_dir
    from drill.config.settings import SettingsError, load_settings
    from drill.solving.sources import load_sources, resolve_sources

    folder = data_dir(getattr(parsed_args, "data", None)
                      or getattr(parsed_args, f"{BEFORE}data", None))
    # The shell hands over the line as typed: a "~" in it is not expanded yet.
    packs = [Path(path).expanduser()
             for path in (*(getattr(parsed_args, f"{BEFORE}packs", None) or []),
                          *(getattr(parsed_args, "packs", None) or []))]
    try:
        settings = load_settings(folder, write_default=False)
    except SettingsError:  # the command itself reports it; completing goes on without
        settings = None
    return load_sources(resolve_sources(folder, settings, packs, (), include_builtin=True))


def _chosen_card(parsed_args: argparse.Namespace) -> Any:
    """The card the command line names already, or None."""
    from drill.packs.library import CardNotFound

    name = getattr(parsed_args, "card", None)
    if not name:
        return None
    try:
        return _library(parsed_args).find(name)
    except CardNotFound:
        return None


def card_keys(prefix: str, parsed_args: argparse.Namespace, **_: object) -> list[str]:
    """Every card key of the packs the command line names (built-in ones included)."""
    return [card.key for card in _library(parsed_args).cards if card.key.startswith(prefix)]


def ask_ids(prefix: str, parsed_args: argparse.Namespace, **_: object) -> list[str]:
    """The ask ids of the card chosen before (``drill grade CARD <Tab>``)."""
    card = _chosen_card(parsed_args)
    return [ask.id for ask in card.asks if ask.id.startswith(prefix)] if card else []


def variant_ids(prefix: str, parsed_args: argparse.Namespace, **_: object) -> list[str]:
    """``base`` and the variants of the chosen card."""
    card = _chosen_card(parsed_args)
    if card is None:
        return []
    return [name for name in ("base", *(variant.id for variant in card.variants))
            if name.startswith(prefix)]


def pack_ids(prefix: str, parsed_args: argparse.Namespace, **_: object) -> list[str]:
    return [pack.id for pack in _library(parsed_args).packs if pack.id.startswith(prefix)]


def gpu_names(prefix: str, **_: object) -> list[str]:
    """The catalog's GPUs, spelled without spaces (the lookup ignores case and dashes)."""
    from drill.packs.catalog import load_catalog

    names = [gpu.name.replace(" ", "-") for gpu in load_catalog().gpus]
    return [name for name in names if name.lower().startswith(prefix.lower())]


def exercise_names(prefix: str, **_: object) -> list[str]:
    from drill.labs.exercises import EXERCISES

    return [name for name in EXERCISES if name.startswith(prefix)]


def folders(prefix: str, **_: object) -> list[str]:
    """A folder option (``--packs``, ``--solvers``, ``--data``): folders, not the files in
    them."""
    from argcomplete.completers import DirectoriesCompleter

    return list(DirectoriesCompleter()(prefix))


def nothing(prefix: str, **_: object) -> list[str]:
    """Free text (a typed answer, an explanation): no file names offered for it."""
    return []


#: Completers by (command, argument's dest); "*" for every command with that argument.
COMPLETERS: dict[tuple[str, str], Any] = {
    ("*", "card"): card_keys,
    ("*", "ask"): ask_ids,
    ("*", "variant"): variant_ids,
    ("*", "packs"): folders,
    ("*", "solvers"): folders,
    ("*", "data"): folders,
    ("export", "pack"): pack_ids,
    ("roofline", "gpu"): gpu_names,
    ("exercise", "name"): exercise_names,
    ("grade", "answer"): nothing,
    ("explain", "text"): nothing,
}


def _parsers(parser: argparse.ArgumentParser,
             path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every subcommand's parser (sub-subcommands too), with the words that lead to it."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, subparser in action.choices.items():
                found.append(((*path, name), subparser))
                found += _parsers(subparser, (*path, name))
    return found
