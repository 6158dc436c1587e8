"""Diagnostics: what is wrong with a pack, and exactly where.

Loading and checking collect these instead of raising, so one run reports every problem
of every card, each at ``FILE:LINE:COL`` like a compiler.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drill.packs.model import Location

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    location: Location
    severity: str  # ERROR or WARNING
    message: str
    card_key: str | None = None  # "speed-physics/q1", when the problem is in a card
    ask_id: str | None = None
    variant: str | None = None  # the card's variant the problem shows in, if not the base
    #: What kind of problem, for scripts ("unaccounted-figure"); "" for the general ones.
    code: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def __str__(self) -> str:
        subject = ""
        if self.card_key:
            subject = self.card_key
            if self.variant:
                subject += f" [variant {self.variant}]"
            if self.ask_id:
                subject += f" (ask {self.ask_id})"
            subject += ": "
        return f"{self.location}: {self.severity}: {subject}{self.message}"

    def sort_key(self) -> tuple[str, int, int]:
        return (self.location.file, self.location.line, self.location.column)

    def to_dict(self) -> dict[str, object]:
        return {
            "file": self.location.file,
            "line": self.location.line,
            "column": self.location.column,
            "severity": self.severity,
            "message": self.message,
            "code": self.code or code_of(self.message),
            "card": self.card_key,
            "ask": self.ask_id,
            "variant": self.variant,
        }


#: The code of a finding made without one, read from its message: every finding of
#: ``drill check --json`` names its kind, for scripts and editors. First match wins.
_CODES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (code, re.compile(pattern)) for code, pattern in (
        ("equation-dimension", r"^[^:]*: '.*': the left side is [^,]*, the right side "),
        ("equation-off", r"^[^:]*: '.*': the left side is .* off the right side"),
        ("equation-rounding", r"^[^:]*: '.*': the left side is .* figures of the right side"),
        ("equation-unreadable", r"cannot read '.*' in an equation"),
        ("sample-rounding", r"\} shows .*: to the \d+ figures written"),
        ("sample-off", r"\} shows .*, but \w+ is .* for the card's givens"),
        ("sample-unknown-name", r"names neither a given nor a result"),
        ("sample-unit", r"the sample's unit does not fit"),
        ("sample-unreadable", r"the sample '.*' must be|: the sample "),
        ("template-needs-sample", r"is not a given, so it needs a sample"),
        ("template-scenario-name", r"\{(a_)?(gpu|model)\} (needs|takes)"),
        ("template-syntax", r"placeholder|unclosed|unmatched|brace"),
        ("stated-off", r"^stated '.*' is [\d.,]+% off the reference"),
        ("stated-dimension", r"^stated '.*' is .*, but the reference is"),
        ("stated-unreadable", r"^stated '.*' cannot be read"),
        ("unit-unreadable", r"^unit '.*' cannot be read"),
        ("reference-dimension", r"^the reference '.*' is .*, but the unit"),
        ("unknown-result", r"is not a result of"),
        ("unknown-solver", r"^unknown solver"),
        ("solver-given", r"solver '.*' (needs|expects|takes)|given '.*' (must be|is) "),
        ("unknown-catalog-name", r"^no (GPU|model|interconnect) '.*' in the catalog"),
        ("unknown-fact", r"^no (gpu|model|interconnect) fact|fact '.*' must be|facts name given"),
        ("variant-gpu-without-facts", r"no given follows it"),
        ("variant-unknown-given", r"^variant '.*' sets given"),
        ("variant-unchanged", r"changes nothing|has the base's givens"),
        ("variant-failed", r"^variant|\[variant "),
        ("unknown-given", r"which the card does not have"),
        ("follow-up", r"follow[-_]up"),
        ("duplicate-id", r"is already used"),
        ("duplicate-key", r"appears twice"),
        ("unknown-key", r"^unknown key"),
        ("missing-key", r"is missing '|^a card with asks needs"),
        ("invalid-id", r"id '.*' is not valid|^priority '.*' must be one of"),
        ("tolerance", r"^tolerance"),
        ("wrong-type", r"must be (text|a list|a mapping|a whole number|true or false)"),
        ("empty-field", r"is empty$"),
        ("yaml-unsafe", r"^YAML (tags|aliases|merge keys)|nests more than"),
        ("yaml-syntax", r"^YAML syntax|not UTF-8|character YAML does not allow"),
        ("empty-pack", r"the pack has no cards|the file is empty"),
        ("pack-structure", r"^a pack file|^pack id"),
        ("formula", r"formula|^'.*' (is|uses|names) "),
        ("catalog-unreadable", r"the catalog cannot be read"),
        ("internal-error", r"^internal error"),
    ))


def code_of(message: str) -> str:
    """The kind of a finding, read from its message (see ``_CODES``); "other" if none."""
    for code, pattern in _CODES:
        if pattern.search(message):
            return code
    return "other"
