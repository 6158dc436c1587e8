"""Typed models of a pack and its cards, as loaded from YAML.

Plain frozen dataclasses: loading (``drill.packs.loader``) builds them and records where in
the file every field came from, so every later error can name ``FILE:LINE:COL``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

PRIORITIES = ("priority", "solid")
DEFAULT_TOLERANCE = 0.05
#: How a card's own scenario is named where a variant id is expected (``--variant base``).
BASE_VARIANT = "base"


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a pack file; line and column are 1-based, as editors show them."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        # A file name may hold control characters: shown escaped, never sent to the terminal.
        file = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in self.file)
        if not self.line:
            return file
        return f"{file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Mistake:
    """A classic wrong answer to an ask, and how to fix it.

    ``value`` names the result that computes the wrong figure from the givens
    (``weights_over_peak_flops``), or is a formula of its own (``weights / peak_flops``);
    the grader flags answers near it.
    """

    id: str
    message: str
    value: str | None = None
    where: Location = field(default_factory=lambda: Location(""))


@dataclass(frozen=True, slots=True)
class Ask:
    """A numeric question the user can type an answer to."""

    id: str
    question: str
    unit: str  # display unit: "ms", "tokens/s", "$ per million tokens", "%", "×"
    value: str  # the result holding the reference (defaults to the ask id), or a formula
    tolerance: float = DEFAULT_TOLERANCE  # relative
    stated: str | None = None  # the figure as the card states it ("≈ 4.8 ms"), checked
    mistakes: tuple[Mistake, ...] = ()
    where: Location = field(default_factory=lambda: Location(""))


@dataclass(frozen=True, slots=True)
class KeyPoint:
    """A point a spoken answer to the card should make, and what shows it was made.

    ``words`` are phrases (synonyms of one another) any one of which makes the point;
    ``figures`` name givens or solver results, any one of which stated right makes it.
    """

    text: str  # "memory bandwidth, not TFLOPS, sets the floor"
    words: tuple[str, ...] = ()
    figures: tuple[str, ...] = ()
    where: Location = field(default_factory=lambda: Location(""))


@dataclass(frozen=True, slots=True)
class Variant:
    """Another scenario for the same card: other givens, maybe drawn from the catalog.

    ``gpu`` and ``model`` name catalog entries; the card's ``facts`` say which givens they
    set. ``givens`` override any given by hand (``batch: "64"``).
    """

    id: str
    gpu: str | None = None
    model: str | None = None
    givens: dict[str, str] = field(default_factory=dict)
    where: Location = field(default_factory=lambda: Location(""))


@dataclass(frozen=True, slots=True)
class Card:
    pack: str
    id: str
    title: str
    priority: str
    scenario: str
    answer: tuple[str, ...] = ()
    key_numbers: tuple[str, ...] = ()
    tip: str = ""
    lessons: tuple[int, ...] = ()
    follow_up: str | None = None  # id of the follow-up card, in the same pack
    parent: str | None = None  # id of the card this one follows up (set by the loader)
    solver: str | None = None
    givens: dict[str, str] = field(default_factory=dict)  # name → text, "16 GB"
    #: The card's own formulas: result name → formula text ("weights / bandwidth").
    formulas: dict[str, str] = field(default_factory=dict)
    #: The pack's formulas, which the card may use as if they were its own.
    shared_formulas: dict[str, str] = field(default_factory=dict)
    asks: tuple[Ask, ...] = ()
    order: int = 0  # position in its pack
    where: Location = field(default_factory=lambda: Location(""))
    #: Where each text field starts: "scenario", "answer[2]", "asks[0].question" ...
    text_locations: dict[str, Location] = field(default_factory=dict)
    gpu: str | None = None  # the catalog GPU of the base scenario ("H100"), for {gpu}
    model: str | None = None  # the catalog model of the base scenario, for {model}
    facts: dict[str, str] = field(default_factory=dict)  # given → "gpu.bandwidth" ...
    variants: tuple[Variant, ...] = ()
    #: The template of each text field that has placeholders, by path (as text_locations);
    #: the text fields themselves hold the base rendering.
    templates: dict[str, str] = field(default_factory=dict)
    variant: str | None = None  # the variant these texts and givens show; None: the base
    points: tuple[KeyPoint, ...] = ()  # what a spoken answer should make (explain mode)

    @property
    def key(self) -> str:
        """The card's stable identity across packs: ``speed-physics/q1``."""
        return f"{self.pack}/{self.id}"

    @property
    def shown_key(self) -> str:
        """The card and the variant it shows: ``speed-physics/q1`` or ``speed-physics/q1#h20``
        (what a cache of worked-out numbers is keyed by; the schedule keys by ``key``)."""
        return self.key if self.variant is None else f"{self.key}#{self.variant}"

    @property
    def computes(self) -> bool:
        """Whether a solver or formulas work out the card's numbers (else it is spoken)."""
        return bool(self.solver or self.formulas or (self.asks and self.shared_formulas))

    @property
    def is_priority(self) -> bool:
        return self.priority == "priority"

    def variant_named(self, variant_id: str) -> Variant | None:
        return next((v for v in self.variants if v.id == variant_id), None)

    def ask(self, ask_id: str) -> Ask | None:
        return next((a for a in self.asks if a.id == ask_id), None)

    def value_texts(self) -> Iterator[tuple[str, str]]:
        """Each ask's and mistake's ``value`` (a result's name or a formula), with its path."""
        for i, ask in enumerate(self.asks):
            yield f"asks[{i}].value", ask.value
            for j, mistake in enumerate(ask.mistakes):
                if mistake.value is not None:
                    yield f"asks[{i}].mistakes[{j}].value", mistake.value

    def texts(self) -> list[tuple[str, str]]:
        """Every prose field with its path, in reading order (for checking and search)."""
        fields = [("title", self.title), ("scenario", self.scenario)]
        fields += [(f"answer[{i}]", t) for i, t in enumerate(self.answer)]
        fields += [(f"key_numbers[{i}]", t) for i, t in enumerate(self.key_numbers)]
        fields.append(("tip", self.tip))
        for i, ask in enumerate(self.asks):
            fields.append((f"asks[{i}].question", ask.question))
            fields += [(f"asks[{i}].mistakes[{j}].message", m.message)
                       for j, m in enumerate(ask.mistakes)]
        return [(path, text) for path, text in fields if text]


@dataclass(frozen=True, slots=True)
class Pack:
    id: str
    title: str
    path: Path
    description: str = ""
    source: str = ""
    cards: tuple[Card, ...] = ()
    where: Location = field(default_factory=lambda: Location(""))
    formulas: dict[str, str] = field(default_factory=dict)  # shared by its cards

    def card(self, card_id: str) -> Card | None:
        return next((c for c in self.cards if c.id == card_id), None)
