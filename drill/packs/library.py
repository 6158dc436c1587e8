"""The library: every pack drill knows, built-in ones first, then the user's folders.

A broken pack does not take the others down: its diagnostics are kept in
``Library.diagnostics`` and its good cards are still offered. Loading reads YAML only
(no sympy), so the app can show its first card at once.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from drill.packs.diagnostics import ERROR, Diagnostic
from drill.packs.loader import declared_pack_id, load_pack
from drill.packs.locate import builtin_packs_dir, pack_files
from drill.packs.model import Card, Location, Pack


class CardNotFound(LookupError):
    """No card, or more than one, answers to a name; ``suggestions`` are close keys."""

    def __init__(self, message: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.suggestions = tuple(suggestions)


@dataclass(frozen=True, slots=True)
class Library:
    packs: tuple[Pack, ...]
    diagnostics: tuple[Diagnostic, ...] = ()
    #: Every pack file read, as ``(path, display name)``, those that gave no pack too: a
    #: reload checks them all, as ``drill check`` would.
    files: tuple[tuple[Path, str], ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card, pack by pack, each pack in its own order."""
        return tuple(card for pack in self.packs for card in pack.cards)

    def pack(self, pack_id: str) -> Pack | None:
        return next((p for p in self.packs if p.id == pack_id), None)

    def card(self, key: str) -> Card | None:
        """The card with this exact key ("speed-physics/q1"), if any."""
        pack_id, _, card_id = key.partition("/")
        pack = self.pack(pack_id)
        return pack.card(card_id) if pack else None

    def find(self, name: str) -> Card:
        """A card by key ("speed-physics/q1") or by an id no other pack uses ("q1")."""
        name = name.strip()
        if "/" in name:
            card = self.card(name)
            if card is not None:
                return card
        else:
            matches = [card for card in self.cards if card.id == name]
            if len(matches) == 1:
                return matches[0]
            if matches:
                keys = [card.key for card in matches]
                raise CardNotFound(f"'{name}' is a card of several packs: {', '.join(keys)}",
                                   keys)
        keys = [card.key for card in self.cards]
        ids = {card.id: card.key for card in self.cards}
        close = difflib.get_close_matches(name, keys, n=3, cutoff=0.6)
        close += [ids[i] for i in difflib.get_close_matches(name, list(ids), n=3, cutoff=0.6)
                  if ids[i] not in close]
        hint = f" (did you mean {', '.join(close[:3])}?)" if close else ""
        raise CardNotFound(f"no card '{name}'{hint}", close[:3])


def load_library(extra_dirs: Sequence[Path] = (), *, include_builtin: bool = True) -> Library:
    """Load the built-in packs (unless told not to), then every pack in ``extra_dirs``."""
    folders = ([builtin_packs_dir()] if include_builtin else []) + list(extra_dirs)
    packs: list[Pack] = []
    diagnostics: list[Diagnostic] = []
    seen: dict[str, Path] = {}
    files: list[tuple[Path, str]] = []
    for folder in folders:
        for path in pack_files(folder):
            files.append((path, _display(path)))
            loaded = load_pack(path, _display(path))
            diagnostics += loaded.diagnostics
            pack = loaded.pack
            if pack is None:
                continue
            if pack.id in seen:
                diagnostics.append(Diagnostic(
                    Location(loaded.display, 1, 1), ERROR,
                    f"pack id '{pack.id}' is already used by {_display(seen[pack.id])}; "
                    f"this file is skipped",
                ))
                continue
            seen[pack.id] = path
            packs.append(pack)
    return Library(tuple(packs), tuple(diagnostics), tuple(files))


def builtin_pack_ids(*, headers: bool = False) -> dict[str, Path]:
    """The id of each built-in pack and its file: a pack of the user's with one of these
    ids is skipped when packs load, since the built-in packs come first. ``headers``: read
    each id from the file's header alone (:func:`drill.packs.loader.declared_pack_id`),
    not by loading the pack, where it is found there: the built-in packs load clean, so
    it is the same id, for a fraction of the cost when the pack is not cached."""
    ids: dict[str, Path] = {}
    for path in pack_files(builtin_packs_dir()):
        pack_id = None
        if headers:
            pack_id = declared_pack_id(path)
        if pack_id is None:
            pack = load_pack(path, str(path)).pack
            pack_id = pack.id if pack is not None else None
        if pack_id is not None:
            ids.setdefault(pack_id, path)
    return ids


def _display(path: Path) -> str:
    """The path relative to the working folder when it is inside it, else absolute."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)
