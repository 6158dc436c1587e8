"""``drill new PACK``: a pack file (and, with ``--python``, its solver module) that
``drill check`` passes as is.

The example card shows every part a pack writer needs: givens, formulas over them, a
template, an ask with a stated figure and a classic mistake, a variant and a spoken
follow-up. By default its numbers come from ``formulas:`` in the YAML, so the pack runs
no code anywhere; ``--python`` writes the same card with a Python solver beside it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from drill.packs.ids import DASHED_ID, MAX_ID


class ScaffoldError(Exception):
    """The pack cannot be scaffolded; the message says why in one line."""


@dataclass(frozen=True, slots=True)
class Scaffold:
    pack_id: str
    pack_file: Path
    solver_file: Path | None  # None: a pack of formulas, no code

    @property
    def folder(self) -> Path:
        return self.pack_file.parent


def file_names(pack_id: str) -> tuple[str, str]:
    """``my-pack`` → (``my-pack.yaml``, ``my_pack.py``)."""
    return f"{pack_id}.yaml", f"{pack_id.replace('-', '_')}.py"


def check_pack_id(pack_id: str) -> None:
    if len(pack_id) > MAX_ID or not DASHED_ID.fullmatch(pack_id):
        raise ScaffoldError(f"'{pack_id}' is not a pack id: use lowercase letters, digits and "
                            f"dashes, like my-pack")


def write_scaffold(pack_id: str, folder: Path, schema: Path | None = None, *,
                   force: bool = False, python: bool = False) -> Scaffold:
    """Write the pack (and with ``python`` its solver) into ``folder`` (created if needed)."""
    check_pack_id(pack_id)
    pack_name, solver_name = file_names(pack_id)
    scaffold = Scaffold(pack_id, folder / pack_name, folder / solver_name if python else None)
    if not force:
        for path in (scaffold.pack_file, scaffold.solver_file):
            if path is not None and path.exists():
                raise ScaffoldError(f"{path} already exists (use --force to replace it)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _write(scaffold.pack_file, pack_text(pack_id, scaffold, schema))
        if schema is not None:
            _copy_schema(schema, folder / SCHEMA_BESIDE)
        if scaffold.solver_file is not None:
            _write(scaffold.solver_file, solver_text(pack_id))
    except OSError as error:
        raise ScaffoldError(f"cannot write into {folder}: {error.strerror or error}") from None
    return scaffold


def _copy_schema(schema: Path, target: Path) -> None:
    """The schema beside the pack: written when missing, refreshed when it is drill's (a
    file of the user's own by that name is left alone)."""
    text = schema.read_text(encoding="utf-8")
    if target.exists():
        try:
            current = target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return
        if current == text or '"title": "drill pack"' not in current:
            return
    _write(target, text)


def _write(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)  # left behind only when writing failed


def _shown(path: Path) -> str:
    """A path for a comment in the file: bytes of its name that are not UTF-8 (kept by
    Python as lone surrogates) become U+FFFD, so the file is still UTF-8 text."""
    return str(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def title_of(pack_id: str) -> str:
    words = pack_id.replace("-", " ")
    return words[:1].upper() + words[1:]


#: The schema's name beside a pack: the modeline names it relatively, as the built-in
#: packs do, so the pack and its folder can be shared or drill upgraded (an absolute path
#: into site-packages names the Python version, and goes stale).
SCHEMA_BESIDE = "pack.schema.json"


def pack_text(pack_id: str, scaffold: Scaffold, schema: Path | None) -> str:
    folder = scaffold.folder
    header = f"# yaml-language-server: $schema={SCHEMA_BESIDE}\n" if schema is not None else ""
    template = FORMULA_PACK_TEMPLATE if scaffold.solver_file is None else PACK_TEMPLATE
    return header + template.format(
        pack=pack_id, title=title_of(pack_id), solver=f"{pack_id}-load-time",
        pack_file=_shown(scaffold.pack_file), folder=_shown(folder))


def solver_text(pack_id: str) -> str:
    return SOLVER_TEMPLATE.format(pack=pack_id, solver=f"{pack_id}-load-time")


# The templates below are format strings: {{ and }} are the braces of drill's placeholders.
PACK_TEMPLATE = """\
# A drill pack: one YAML file of interview cards (docs/pack-format.md; `drill schema`
# prints its JSON Schema). Check it, solvers included, with:
#   drill check {pack_file} --solvers {folder}
pack: {pack}
title: {title}
description: My own interview cards.
source: My notes
cards:
  - id: checkpoint-load
    title: How long does loading a {{checkpoint}} checkpoint take?
    priority: priority
    # {{name}} shows a given; {{name:70 s}} shows a solver result like its sample.
    scenario: >-
      A server restarts and reads a {{checkpoint}} checkpoint from a local NVMe drive that
      reads {{read_speed}}. How long until the weights are in memory?
    answer:
      - >-
        Time is bytes over speed: {{checkpoint}} ÷ {{read_speed}} ≈ {{load_time:70 s}}.
      - >-
        Drive speeds are often quoted in gigabits per second, and a byte is eight bits:
        check the unit before dividing.
    key_numbers:
      - "load time = checkpoint bytes ÷ read speed"
    tip: >-
      Bytes divided by bytes per second gives seconds. Take a bit for a byte and the
      answer is off eightfold.
    follow_up: checkpoint-load-faster
    solver: {solver}          # registered by the solver module beside this file
    givens:
      checkpoint: 140 GB
      read_speed: 2 GB/s
    variants:                 # the same question with other givens
      - id: small-model
        givens:
          checkpoint: 16 GB
    asks:
      - id: load_time
        question: How long does it take to read the checkpoint once?
        unit: s
        stated: ≈ 70 s
        mistakes:
          - id: bits-for-bytes
            value: load_time_bits_as_bytes
            message: >-
              That reads {{read_speed}} as gigabits per second, eight times slower than the
              drive really is. It moves {{read_speed}} of bytes: divide {{checkpoint}} by it.

  - id: checkpoint-load-faster
    title: What makes the restart faster?
    priority: solid
    scenario: >-
      "The restart takes over a minute. How would you make it faster?"
    answer:
      - Read from several drives at once, or keep a copy of the weights in host memory.
      - Load straight into GPU memory, so the bytes are not copied twice.
    tip: >-
      A restart costs one full read of the weights: plan for it in a failover.
"""

FORMULA_PACK_TEMPLATE = """\
# A drill pack: one YAML file of interview cards (docs/pack-format.md; `drill schema`
# prints its JSON Schema). Every number comes from the formulas below: drill reads them
# as math and never runs anything in the file. Check it with:
#   drill check {pack_file}
pack: {pack}
title: {title}
description: My own interview cards.
source: My notes
cards:
  - id: checkpoint-load
    title: How long does loading a {{checkpoint}} checkpoint take?
    priority: priority
    # {{name}} shows a given; {{name:70 s}} shows a result like its sample.
    scenario: >-
      A server restarts and reads a {{checkpoint}} checkpoint from a local NVMe drive that
      reads {{read_speed}}. How long until the weights are in memory?
    answer:
      - >-
        Time is bytes over speed: {{checkpoint}} ÷ {{read_speed}} ≈ {{load_time:70 s}}.
      - >-
        Drive speeds are often quoted in gigabits per second, and a byte is eight bits:
        check the unit before dividing.
    key_numbers:
      - "load time = checkpoint bytes ÷ read speed"
    tip: >-
      Bytes divided by bytes per second gives seconds. Take a bit for a byte and the
      answer is off eightfold.
    follow_up: checkpoint-load-faster
    givens:
      checkpoint: 140 GB
      read_speed: 2 GB/s
    formulas:                 # each result: math over the givens and other results
      load_time: checkpoint / read_speed
    variants:                 # the same question with other givens
      - id: small-model
        givens:
          checkpoint: 16 GB
    asks:
      - id: load_time         # the reference is the formula of the same name
        question: How long does it take to read the checkpoint once?
        unit: s
        stated: ≈ 70 s
        mistakes:
          - id: bits-for-bytes
            # A mistake's value is a formula too: the speed taken for bits per second.
            value: checkpoint / (read_speed / 8)
            message: >-
              That reads {{read_speed}} as gigabits per second, eight times slower than the
              drive really is. It moves {{read_speed}} of bytes: divide {{checkpoint}} by it.

  - id: checkpoint-load-faster
    title: What makes the restart faster?
    priority: solid
    scenario: >-
      "The restart takes over a minute. How would you make it faster?"
    answer:
      - Read from several drives at once, or keep a copy of the weights in host memory.
      - Load straight into GPU memory, so the bytes are not copied twice.
    tip: >-
      A restart costs one full read of the weights: plan for it in a failover.
"""

SOLVER_TEMPLATE = '''\
"""Solvers of the pack '{pack}'.

drill runs this file only because you name its folder: `--solvers DIR` on the command
line, or `solvers = ["DIR"]` in settings.toml. A solver receives one sympy symbol per
given, in the unit it declares, and returns named results: the references of the asks and
the classic wrong answers alike. `drill solve {pack}/checkpoint-load --packs DIR
--solvers DIR` prints them with their working.
"""

# Everything a solver needs: the @solver decorator and u, the units (u.GB, u.s, u.token ...).
from drill.solving.kit import solver, u


@solver("{solver}", checkpoint="GB", read_speed="GB/s")
def load_time(checkpoint, read_speed):
    """Reading a checkpoint once: its bytes over the drive's read speed."""
    return {{
        "load_time": checkpoint / read_speed,
        # The slip: a speed in bytes per second taken for bits per second.
        "load_time_bits_as_bytes": checkpoint / (read_speed / 8),
    }}
'''
