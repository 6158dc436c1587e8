"""The patterns of ids and names in a pack, each with the rule messages state for it.

Plain regular expressions with no YAML beside them: solving checks a result's name with
``NAME`` and must not import the YAML reader to do so (a card read from the cache of
loaded packs never needs it). ``drill.packs.fields`` names them too.
"""

from __future__ import annotations

import re

#: id patterns, each with the rule messages state for it.
DASHED_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # packs, cards, mistakes, solvers
DASHED_RULE = "lowercase letters, digits and dashes (like q1-follow-up)"
UNDERSCORED_ID = re.compile(r"[a-z][a-z0-9_]*")  # asks
UNDERSCORED_RULE = (
    "lowercase letters, digits and underscores, starting with a letter (like decode_floor)")
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # givens and solver results
NAME_RULE = "letters, digits and underscores, starting with a letter (like peak_flops)"
MAX_ID = 80
