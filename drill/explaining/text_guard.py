"""What an explanation may be before it is read: not empty, not huge, no control codes.

A minute's answer is a few hundred words with a few dozen figures; a paste far longer or
denser than that is refused with a message rather than read, so checking always stays well
under a second. Control and bidirectional-override characters are turned into spaces
(positions are kept), so hostile text can neither reorder what the terminal shows nor hide
a figure. Text kept in the review database is stored as written and shown through
:func:`visible`, which writes such characters out as escapes.
"""

from __future__ import annotations

import unicodedata

#: Longest explanation read: six times a generous minute's answer.
MAX_CHARACTERS = 6_000
#: Most figures read: a minute's answer states a few dozen.
MAX_FIGURES = 200


def refusal(text: str) -> str | None:
    """Why ``text`` is not checked, or None when it is."""
    if not text.strip():
        return "the explanation is empty: write or paste what you would say in a minute"
    if len(text) > MAX_CHARACTERS:
        return (f"the explanation is {len(text):,} characters; drill reads up to "
                f"{MAX_CHARACTERS:,} (a minute's answer is about 1,000)")
    return None


def too_many_figures(count: int) -> str | None:
    """Why an explanation with ``count`` figures is not checked, or None when it is."""
    if count > MAX_FIGURES:
        return (f"the explanation holds {count:,} figures; drill reads up to {MAX_FIGURES} "
                "(a minute's answer states a few dozen)")
    return None


def cleaned(text: str) -> str:
    """``text`` with every control or format character but newline and tab as a space,
    the same length, so every offset still points into what the learner wrote."""
    return "".join(
        ch if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co")
        else " "
        for ch in text)


def visible(text: str) -> str:
    """``text`` as it may be shown on a terminal: each control, format (bidirectional
    overrides among them) or private character but newline and tab written out as an
    escape (``\\x1b``, ``\\u202e``), so a stored answer can neither drive the terminal
    (a title, colours, the clipboard) nor reorder what is shown."""
    return "".join(
        ch if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co")
        else ch.encode("unicode_escape").decode("ascii")
        for ch in text)
