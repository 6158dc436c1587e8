"""Exporting cards for Anki and spreadsheets: ``drill export --anki FILE`` / ``--csv FILE``.

Each card becomes one note: the title and scenario (and the numbers to work out) on the
front; the 60-second answer, the key numbers, the reference values and the tip on the
back. Cards show their base scenario. Notes and decks get stable ids derived from the
card and pack ids, so exporting again updates the notes already imported into Anki
instead of duplicating them.
"""

from __future__ import annotations

import csv
import hashlib
import html
import itertools
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from drill.packs.model import Card, Pack

#: Front and Back as Anki's Basic note type names its fields: Anki fills fields from the
#: columns of the same name (lower case, it put the key on the front).
CSV_COLUMNS = ("key", "deck", "Front", "Back", "tags")


class ExportError(Exception):
    """The file could not be written; the message names it."""


@dataclass(frozen=True, slots=True)
class Exported:
    """One card, ready to export: plain text on each side, and its parts."""

    key: str
    deck: str  # the pack's title
    title: str
    scenario: str
    questions: tuple[str, ...]
    answer: tuple[str, ...]
    key_numbers: tuple[str, ...]
    references: tuple[str, ...]  # "decode_floor: 4.78 ms"
    tip: str
    tags: tuple[str, ...]
    pack: str = ""  # the pack's id: the deck's identity, which a new title keeps
    #: Each ask's question and its reference answer as shown ("4.78 ms"), for typing in Anki.
    asks: tuple[tuple[str, str], ...] = ()

    @property
    def front(self) -> str:
        parts = [self.title, "", self.scenario]
        if self.questions:
            parts += ["", *(f"• {question}" for question in self.questions)]
        return "\n".join(parts)

    @property
    def back(self) -> str:
        parts: list[str] = [f"• {point}" for point in self.answer]
        for heading, items in (("Key numbers", self.key_numbers),
                               ("Reference values", self.references)):
            if items:
                parts += ["", f"{heading}:", *(f"• {item}" for item in items)]
        if self.tip:
            parts += ["", f"Tip: {self.tip}"]
        return "\n".join(parts)


References = Callable[[Card], tuple[str, ...]]
Answers = Callable[[Card], tuple[tuple[str, str], ...]]


def prepare(packs: Sequence[Pack], references: References | None = None,
            answers: Answers | None = None) -> list[Exported]:
    """Every card of ``packs`` as it will be exported, in pack order."""
    solve_asks = answers or solved_answers
    exported = []
    for pack in packs:
        for card in pack.cards:
            asks = solve_asks(card)  # solved once: sympy is slow
            refs = references(card) if references else tuple(f"{q} → {a}" for q, a in asks)
            exported.append(_exported(pack, card, refs, asks))
    return exported


def _exported(pack: Pack, card: Card, refs: tuple[str, ...],
              asks: tuple[tuple[str, str], ...]) -> Exported:
    return Exported(
        key=card.key,
        deck=pack.title,
        title=_clean(card.title),
        scenario=_clean(card.scenario),
        questions=tuple(_clean(ask.question) for ask in card.asks),
        answer=tuple(_clean(point) for point in card.answer),
        key_numbers=tuple(_clean(number) for number in card.key_numbers),
        references=refs,
        tip=_clean(card.tip),
        tags=("drill", pack.id, card.priority),
        pack=pack.id,
        asks=asks,
    )


def solved_answers(card: Card) -> tuple[tuple[str, str], ...]:
    """Each ask's question and reference value, from the card's solver or formulas (none
    if it cannot be solved)."""
    if not card.asks or not card.computes:
        return ()
    from drill.solving.cache import solve_cached
    from drill.solving.solve import SolveError

    try:
        solution = solve_cached(card)
    except SolveError:
        return ()
    return tuple((_clean(ask.question), solution.results[ask.value].shown)
                 for ask in card.asks if ask.value in solution.results)


def _clean(text: str) -> str:
    """Prose as exported: YAML folding leaves runs of spaces and newlines (one space each),
    and Markdown's code marks would show as stray backticks in Anki or a spreadsheet."""
    return " ".join(text.replace("`", "").split())


_POWER = re.compile(r"^(?P<mantissa>[\d.]+) × 10(?P<exponent>[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
_SUPERSCRIPTS = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")


def typed_form(shown: str) -> str:
    """A reference answer as one types it on a plain keyboard, for Anki to compare with
    what was typed: ``6,150`` → ``6150``, ``1.98×`` → ``1.98x``, ``5.9 × 10⁶ tokens`` →
    ``5.9e6 tokens``, ``$0.194 per million tokens`` → ``$0.194``. Already plain text
    (``4.78 ms``) stays as it is."""
    text = _POWER.sub(lambda match: f"{match['mantissa']}e"
                      f"{match['exponent'].translate(_SUPERSCRIPTS)}", shown)
    text = text.replace(" per million tokens", "").replace("×", "x")
    return re.sub(r"(?<=\d),(?=\d{3})", "", text)


# -- CSV ----------------------------------------------------------------------------------


#: What a spreadsheet reads as the start of a formula (or, for tab and carriage return,
#: may drop before one): a card's text must stay text. See OWASP's "CSV injection".
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(text: str) -> str:
    """``text`` as a cell no spreadsheet runs: a leading ``'`` before a formula's start."""
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def write_csv(cards: Sequence[Exported], path: Path, *, replace: bool = False,
              anki_headers: bool = False) -> None:
    """One row per card: key, deck, front, back, tags (UTF-8); see :func:`write_csv_rows`."""

    def write(temporary: Path) -> None:
        with temporary.open("w", encoding="utf-8", newline="") as stream:
            write_csv_rows(cards, stream, anki_headers=anki_headers)

    write_whole(path, write, replace=replace)


#: Anki's CSV header lines (Anki 2.1.55 on), written in place of the header row when asked
#: for: with them, Anki's importer needs no guessing and no mapping, and the key is the
#: note's guid, so importing again updates the notes instead of doubling them. A
#: spreadsheet or ``csv.DictReader`` would take them for data, so they are not the default.
ANKI_HEADER = (
    "#separator:Comma",
    "#html:false",
    f"#columns:{','.join(CSV_COLUMNS)}",
    f"#guid column:{CSV_COLUMNS.index('key') + 1}",
    f"#deck column:{CSV_COLUMNS.index('deck') + 1}",
    f"#tags column:{CSV_COLUMNS.index('tags') + 1}",
)


def write_csv_rows(cards: Sequence[Exported], stream: TextIO, *,
                   anki_headers: bool = False) -> None:
    """The CSV of :func:`write_csv` onto an open stream (standard output, say): a header
    row naming the columns (or, with ``anki_headers``, Anki's header lines), then one row
    per card."""
    writer = csv.writer(stream)
    if anki_headers:
        for line in ANKI_HEADER:
            stream.write(line + "\r\n")  # the csv module's own line ending
    else:
        writer.writerow(CSV_COLUMNS)
    for card in cards:
        writer.writerow([spreadsheet_cell(cell) for cell in (
            card.key, anki_deck(card), card.front, card.back,
            " ".join(tag.replace(" ", "_") for tag in card.tags))])


def read_csv_rows(lines: Iterable[str]) -> list[dict[str, str]]:
    """The rows of a CSV :func:`write_csv_rows` wrote, by column name (for scripts and
    tests), with a header row or with Anki's header lines (``#columns:`` names them)."""
    rows = iter(lines)
    names: list[str] | None = None
    for line in rows:
        if not line.startswith("#"):
            return list(csv.DictReader(itertools.chain([line], rows), fieldnames=names))
        if line.startswith("#columns:"):
            names = next(csv.reader([line[len("#columns:"):]]))
    return []


def write_whole(path: Path, write: Callable[[Path], None], *, replace: bool) -> None:
    """Write a file whole or not at all, through a temporary file beside it.

    An existing file is replaced only when ``replace`` is true: otherwise it is left as
    it is and ExportError says so (an export must not eat a file of the user's).
    """
    # Only a regular file is ever replaced: --force over a device such as /dev/null
    # would put a file in its place, and a folder cannot take a file's place at all.
    if path.is_dir():
        raise ExportError(f"{path} is a folder: name a file in it")
    if path.exists() and not path.is_file():
        raise ExportError(f"{path} is not a regular file (a device, pipe or socket): "
                          f"name a file")
    if not replace and (path.exists() or path.is_symlink()):
        raise ExportError(f"{path} already exists (use --force to replace it)")
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(temporary)
        if replace:
            os.replace(temporary, path)
        else:
            _link_new(temporary, path)
    except FileExistsError:
        raise ExportError(f"{path} already exists (use --force to replace it)") from None
    except OSError as error:
        raise ExportError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        temporary.unlink(missing_ok=True)


def _link_new(temporary: Path, path: Path) -> None:
    """Put ``temporary`` at ``path`` only if nothing is there (FileExistsError if so)."""
    try:
        os.link(temporary, path)  # atomic, and fails if the file appeared meanwhile
    except FileExistsError:
        raise
    except OSError:
        if path.exists():  # a file system without hard links (FAT on a USB stick)
            raise FileExistsError(path) from None
        os.replace(temporary, path)


# -- Anki ---------------------------------------------------------------------------------

_CSS = """\
.card { font-family: sans-serif; font-size: 18px; text-align: left; line-height: 1.4; }
.title { font-weight: bold; margin-bottom: 0.6em; }
.section { font-weight: bold; margin-top: 0.8em; }
.shown { margin-top: 0.4em; }
.key { color: #888; font-size: 12px; margin-top: 1.2em; }
"""


def anki_deck(card: Exported) -> str:
    """The card's deck in Anki, ``drill::PACK-ID``. Anki's importer finds a deck by its
    name, so the name comes from the pack's id, which a new title leaves alone (named by
    title, a renamed pack became a new, empty deck); the title is the deck's description."""
    return f"drill::{card.pack}"


def anki_guid(card: Exported) -> str:
    """The card's note id in Anki, the same in the CSV (its guid column) and the .apkg: the
    card's key. Anki finds a note by it, so a card imported both ways is one note, and an
    export imported again updates its notes instead of doubling them."""
    return card.key


def stable_id(text: str) -> int:
    """A stable id for Anki (models and decks need one), from a name."""
    digest = hashlib.sha256(text.encode()).digest()
    return (1 << 30) + int.from_bytes(digest[:4], "big") % (1 << 30)


def write_anki(cards: Sequence[Exported], path: Path, *, replace: bool = False) -> None:
    """An ``.apkg`` Anki package: one deck per pack, one note per card."""
    import genanki

    # Anki's typed answer: the first ask's question on the front (once: Front leaves it
    # out) with a box to type in; Anki compares what was typed with the plain typed form
    # ("6150", "1.98x"), and the answer side shows the form the card displays ("6,150",
    # "1.98×") beside it. The other asks' references are on the back. No asks, no box.
    typed = "{{#Answer}}<div class=section>{{Question}}</div>{{type:Answer}}{{/Answer}}"
    shown = "{{#Shown}}<div class=shown>{{Shown}}</div>{{/Shown}}"
    model = genanki.Model(
        # v2 had no Shown field and its Answer was the display form: a new note type
        stable_id("drill card model v3"),
        "drill card (typed answer)",
        fields=[{"name": "Front"}, {"name": "Back"}, {"name": "Key"}, {"name": "Question"},
                {"name": "Answer"}, {"name": "Shown"}],
        templates=[{
            "name": "Card",
            "qfmt": "{{Front}}" + typed,
            "afmt": "{{Front}}" + typed + shown
            + "<hr id=answer>{{Back}}<div class=key>{{Key}}</div>",
        }],
        css=_CSS,
    )
    decks: dict[str, genanki.Deck] = {}
    for card in cards:
        deck = decks.get(card.deck)
        if deck is None:
            deck = decks[card.deck] = genanki.Deck(
                stable_id(f"drill pack {card.pack}"), anki_deck(card), description=card.deck)
        deck.add_note(genanki.Note(
            model=model,
            fields=[_front_html(card), _back_html(card), html.escape(card.key),
                    *_typed_fields(card)],
            guid=anki_guid(card),
            tags=[tag.replace(" ", "_") for tag in card.tags],
        ))
    package = genanki.Package(list(decks.values()))
    write_whole(path, lambda temporary: package.write_to_file(str(temporary)), replace=replace)


def _typed_fields(card: Exported) -> tuple[str, str, str]:
    """Question, Answer (typed form) and Shown (the display form, when it differs)."""
    if not card.asks:
        return "", "", ""
    question, shown = card.asks[0]
    typed = typed_form(shown)
    return (html.escape(question), html.escape(typed),
            html.escape(shown) if shown != typed else "")


def _front_html(card: Exported) -> str:
    parts = [f"<div class=title>{html.escape(card.title)}</div>",
             f"<div>{html.escape(card.scenario)}</div>"]
    # The typed ask's question is drawn under the front by the template, with its box.
    typed_question = card.asks[0][0] if card.asks else None
    questions = [question for question in card.questions if question != typed_question]
    if questions:
        parts.append(_list(questions))
    return "".join(parts)


def _back_html(card: Exported) -> str:
    parts = [_list(card.answer)] if card.answer else []
    for heading, items in (("Key numbers", card.key_numbers),
                           ("Reference values", card.references)):
        if items:
            parts.append(f"<div class=section>{heading}</div>{_list(items)}")
    if card.tip:
        parts.append(f"<div class=section>Tip</div><div>{html.escape(card.tip)}</div>")
    return "".join(parts)


def _list(items: Sequence[str]) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(item)}</li>" for item in items) + "</ul>"
