"""Help texts that wrap to the terminal like argparse's own, for commands whose epilog
keeps its line breaks (examples, one a line): their description is wrapped here, since
the formatter that keeps the epilog's lines keeps the description's one long line too.

Not a subcommand itself (it is not in ``COMMANDS``).
"""

from __future__ import annotations

import shutil
import textwrap


def wrapped(text: str) -> str:
    """``text`` filled to the width argparse gives help (the terminal's, less two)."""
    width = max(shutil.get_terminal_size().columns - 2, 40)
    return textwrap.fill(" ".join(text.split()), width)
