"""Every example in README.md and docs/ works as written.

- ``python`` blocks run, each in a fresh interpreter with a fresh data folder
  (``$DRILL_HOME``), and must exit 0: their claims are ``assert`` statements.
- ``sh`` and ``console`` blocks of one document run in order, in one fresh working folder
  (a walk-through builds on its earlier steps). An ``sh`` block is a script and must
  succeed. A ``console`` block holds ``$ command`` lines, each followed by its output:
  the output must be what the command prints, line for line (spaces squeezed; a line
  ``…`` stands for any number of lines, where a document shows an excerpt), and the
  command must exit 0, or 1 when the shown output is an error (``: error:``) or a wrong
  answer (``✗``). ``drill`` is the one installed beside this interpreter; a line that is
  ``drill`` and its arguments alone (no pipe, redirection, variable or pattern) runs in
  this process instead, with its output and errors as a terminal shows them, one after
  the other (a fresh ``drill`` process costs about half a second of CPU, and authoring.md
  alone runs some twenty; the tests of ``drill``'s start-up are elsewhere).
- ``yaml`` blocks are read with drill's pack reader; a whole pack, or a card, must load
  without an error. ``toml`` blocks are settings files drill must accept as they are.

A block preceded by ``<!-- not run: REASON -->`` is left out (the README's set-up of the
checkout, which would install it and run this very suite).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
import textwrap
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from drill.authoring.scaffold import write_scaffold
from drill.config.settings import load_settings
from drill.packs.diagnostics import ERROR
from drill.packs.loader import load_pack_text

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
FENCE = re.compile(r"^(?:<!-- not run: (?P<skip>[^>]*) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)^```",
                   re.MULTILINE | re.DOTALL)
ELISION = "…"


@dataclass(frozen=True)
class Example:
    document: Path
    line: int
    lang: str
    body: str
    skipped: str | None  # why the example is not run

    @property
    def where(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.line}"


@dataclass(frozen=True)
class Command:
    text: str
    shown: tuple[str, ...] | None  # None: a script (sh), whose output is not shown


def examples(document: Path) -> list[Example]:
    text = document.read_text(encoding="utf-8")
    return [Example(document, text.count("\n", 0, match.start("lang")) + 1, match["lang"],
                    match["body"], match["skip"])
            for match in FENCE.finditer(text)]


def all_examples(lang: str) -> list[Example]:
    return [example for document in DOCUMENTS for example in examples(document)
            if example.lang == lang and example.skipped is None]


def commands(example: Example) -> list[Command]:
    if example.lang == "sh":
        return [Command(example.body, None)]
    found: list[Command] = []
    for line in example.body.splitlines():
        if line.startswith("$ "):
            found.append(Command(line[2:], ()))
        elif found:
            shown = found[-1].shown or ()
            found[-1] = Command(found[-1].text, (*shown, line))
    return found


def _squeeze(line: str) -> str:
    return " ".join(line.split())


def output_matches(shown: tuple[str, ...], printed: str) -> bool:
    """``printed`` is ``shown`` line for line, a ``…`` line standing for any lines."""
    pattern = "".join(r"(?:.*\n)*?" if _squeeze(line) == ELISION else re.escape(_squeeze(line))
                      + r"\n" for line in shown if line.strip())
    lines = "".join(_squeeze(line) + "\n" for line in printed.splitlines() if line.strip())
    return re.fullmatch(pattern, lines) is not None


def _environment(data: Path) -> dict[str, str]:
    drill_bin = Path(sys.executable).parent
    assert (drill_bin / "drill").exists(), "drill is not installed beside this Python"
    # The solved-card cache goes beside the data folder, not into the user's cache folder.
    return {**os.environ, "DRILL_HOME": str(data), "XDG_CACHE_HOME": str(data.with_name("cache")),
            "COLUMNS": "100",
            "PATH": f"{drill_bin}{os.pathsep}{os.environ.get('PATH', '')}"}


@pytest.mark.slow
@pytest.mark.parametrize("example", all_examples("python"), ids=lambda e: e.where)
def test_python_example_runs(example: Example, tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    script.write_text(example.body, encoding="utf-8")
    (tmp_path / "data").mkdir()
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path,
                         env=_environment(tmp_path / "data"), capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, f"{example.where}\n{run.stdout}{run.stderr}"


SHELL_DOCUMENTS = [document for document in DOCUMENTS
                   if any(e.lang in ("sh", "console") and e.skipped is None
                          for e in examples(document))]


#: What only a shell reads: outside quotes, these make a line a job for bash.
_SHELL_SYNTAX = re.compile(r"[|&;<>()*?\[\]{}~#]")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def drill_arguments(text: str) -> list[str] | None:
    """The arguments of a line that is ``drill`` and its arguments alone, else None: a
    line with a pipe, a redirection, a variable, a pattern or an escape is the shell's."""
    if "$" in text or "`" in text or "\\" in text or _SHELL_SYNTAX.search(_QUOTED.sub("", text)):
        return None
    try:
        words = shlex.split(text)
    except ValueError:
        return None
    return words[1:] if words[:1] == ["drill"] else None


def _run_here(arguments: list[str], work: Path, env: dict[str, str],
              monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """``drill ARGUMENTS`` in this process, in ``work``: exit code and what it printed."""
    from drill.cli import main

    printed = io.StringIO()
    with monkeypatch.context() as patch:
        for name in ("DRILL_HOME", "XDG_CACHE_HOME", "COLUMNS"):
            patch.setenv(name, env[name])
        patch.chdir(work)
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            try:
                code = main(arguments)
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 1
    return code, printed.getvalue()


def _run_in_bash(text: str, work: Path, env: dict[str, str]) -> tuple[int, str]:
    run = subprocess.run(["bash", "-e", "-c", text], cwd=work, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         timeout=120)
    return run.returncode, run.stdout


@pytest.mark.slow
@pytest.mark.parametrize("document", SHELL_DOCUMENTS, ids=lambda d: d.name)
@pytest.mark.usefixtures("forget_user_solvers")  # a --solvers line registers the pack's own
def test_shell_examples_work_as_written(document: Path, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    work, data = tmp_path / "work", tmp_path / "data"
    work.mkdir()
    data.mkdir()
    env = _environment(data)
    for example in examples(document):
        if example.lang not in ("sh", "console") or example.skipped is not None:
            continue
        for command in commands(example):
            arguments = drill_arguments(command.text)
            code, printed = (_run_here(arguments, work, env, monkeypatch)
                             if arguments is not None and command.shown is not None
                             else _run_in_bash(command.text, work, env))
            said = f"{example.where}: $ {command.text}\nexited {code}:\n{printed}"
            if command.shown is None:
                assert code == 0, said
                continue
            failing = any(": error:" in line or line.startswith("✗") for line in command.shown)
            assert code == (1 if failing else 0), said
            shown = "\n".join(command.shown)
            assert output_matches(command.shown, printed), f"{said}\nshown:\n{shown}"


@pytest.mark.parametrize(("line", "arguments"), [
    ('drill calc "16 GB / 3.35 TB/s"', ["calc", "16 GB / 3.35 TB/s"]),
    ("drill grade q x '2000 tokens/s * 1 day' --packs .",
     ["grade", "q", "x", "2000 tokens/s * 1 day", "--packs", "."]),
    ('drill solve q --set rate="3,000 tokens/s"', ["solve", "q", "--set", "rate=3,000 tokens/s"]),
    ('cp "$(dirname "$(drill schema --path)")/x.yaml" .', None),
    ("drill check typo/*.yaml", None),
    ("drill check a.yaml > out", None),
    ("drill check a.yaml | head", None),
    ("mkdir typo && drill check typo", None),
    ('drill calc "$HOME"', None),
    ("drill calc 'unclosed", None),
    ("sed -i 's/a/b/' my-pack.yaml", None),
])
def test_only_a_plain_drill_line_runs_in_this_process(line: str,
                                                      arguments: list[str] | None) -> None:
    assert drill_arguments(line) == arguments


#: What an example of one card may leave out: the card its ``follow_up`` names.
ELSEWHERE = re.compile(r"follow_up '[^']*' names no card of pack")


def _as_pack(body: str) -> str | None:
    """The block as a whole pack file: itself, or a card or a card's fields put in one
    (with the fields every card needs, when the block does not show them)."""
    header = "pack: example\ntitle: Example\ncards:\n"
    if re.match(r"pack:", body):
        return body
    if re.match(r"  - id:", body):
        return header + body
    if re.match(r"    \w+:", body):
        needed = "".join(f"    {name}: {value}\n" for name, value in (
            ("id", "example"), ("title", "Example"), ("priority", "solid"),
            ("scenario", "An example.")) if not re.search(rf"^    {name}:", body, re.M))
        return header + needed.replace("    id:", "  - id:") + body
    return None


YAML_EXAMPLES = all_examples("yaml")


@pytest.mark.parametrize("example", YAML_EXAMPLES, ids=lambda e: e.where)
def test_yaml_example_loads_as_a_pack(example: Example) -> None:
    text = _as_pack(example.body)
    assert text is not None, f"{example.where}: not a pack, a card or a card's fields"
    loaded = load_pack_text(text, Path("example.yaml"))
    errors = [str(d) for d in loaded.diagnostics
              if d.severity == ERROR and not ELSEWHERE.search(d.message)]
    assert loaded.pack is not None and not errors, f"{example.where}\n" + "\n".join(errors)


@pytest.mark.parametrize("example", all_examples("toml"), ids=lambda e: e.where)
def test_toml_example_is_a_settings_file_drill_reads(example: Example, tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text(example.body, encoding="utf-8")
    settings = load_settings(tmp_path)  # raises SettingsError on an unknown or bad setting
    for name, value in tomllib.loads(example.body).items():
        assert getattr(settings, name) == (tuple(value) if isinstance(value, list) else value)


def test_the_card_the_walkthrough_shows_is_the_one_drill_new_writes(tmp_path: Path) -> None:
    scaffold = write_scaffold("my-pack", tmp_path)
    written = scaffold.pack_file.read_text(encoding="utf-8")
    shown = next(e for e in examples(ROOT / "docs" / "authoring.md") if e.lang == "yaml")
    assert shown.body.startswith("  - id: checkpoint-load\n")
    assert shown.body in written


def test_the_documents_have_examples_of_every_kind() -> None:
    # The parser found them: a broken fence pattern must not pass by running nothing.
    assert len(all_examples("python")) >= 2
    assert len(YAML_EXAMPLES) >= 4
    assert {d.name for d in SHELL_DOCUMENTS} >= {"README.md", "authoring.md"}
    assert sum(len(commands(e)) for e in all_examples("console")) >= 14


def test_only_the_set_up_of_the_checkout_is_left_out() -> None:
    skipped = [e for document in DOCUMENTS for e in examples(document) if e.skipped is not None]
    assert [(e.where, e.body.split()[:2]) for e in skipped] == [
        ("README.md:13", ["python3", "dev.py"])]


@pytest.mark.parametrize(("shown", "printed", "matches"), [
    (("4.78 ms", "  read as:  16 GB"), "4.78 ms\n  read as:   16 GB\n", True),
    (("4.78 ms",), "4.78 ms\n  read as:   16 GB\n", False),  # a line left out
    (("4.78 ms", "…"), "4.78 ms\n  read as:   16 GB\n  more\n", True),
    (("…", "read as: 16 GB", "…"), "4.78 ms\nread as: 16 GB\n", True),
    (("read as: 16 GB", "4.78 ms"), "4.78 ms\nread as: 16 GB\n", False),  # order counts
    (("4.78",), "4.78 ms\n", False),  # whole lines, not parts of them
])
def test_shown_output_must_be_the_printed_output(shown: tuple[str, ...], printed: str,
                                                  matches: bool) -> None:
    assert output_matches(shown, printed) is matches


def test_a_console_block_is_split_into_commands_and_their_output() -> None:
    body = textwrap.dedent("""\
        $ drill calc "1 + 1"
        2
        $ drill calc "2 GB"
        2 GB
          dimension: information
        """)
    found = commands(Example(ROOT / "README.md", 1, "console", body, None))
    assert found == [Command('drill calc "1 + 1"', ("2",)),
                     Command('drill calc "2 GB"', ("2 GB", "  dimension: information"))]
