"""Completion in real shells: the script ``drill completion SHELL`` prints, loaded into
bash, zsh and fish with no start-up files of the user's, offers what drill answers for the
same command lines as the in-process tests (test_completion.py).

Each shell gets its own empty HOME under tmp_path and finds ``drill`` on the PATH, in the
folder of the Python running the tests (where the virtual environment installs it). Every
wait is on the shell's output or its exit; the timeouts only turn a hang into a failure.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

APP_PACKS = Path(__file__).resolve().parents[1] / "app" / "packs"
#: The card ids in tests/app/packs/app-demo.yaml.
APP_KEYS = {"app-demo/floor", "app-demo/floor-follow-up", "app-demo/amdahl", "app-demo/spoken"}
Q1_KEYS = {"speed-physics/q1", "speed-physics/q1-follow-up"}

#: A command line typed up to the cursor, and the candidates (options aside) drill offers
#: for its last word. The shell runs in its HOME, where "packs" is a link to APP_PACKS.
CASES = [
    ("drill sta", {"stats"}),
    ("drill show speed-physics/q1", Q1_KEYS),
    ("drill --packs packs show app-demo/", APP_KEYS),
    ("drill show --packs packs app-demo/", APP_KEYS),
    ("drill --packs ~/packs show app-demo/", APP_KEYS),
    ("drill explain speed-physics/q1", Q1_KEYS),
    ("drill grade speed-physics/q1 ", {"decode_floor", "max_tokens_per_s"}),
    ("drill show q1 --variant ", {"base", "a100", "h20", "qwen-h100", "mistral-h100-pcie"}),
    ("drill export --pack serving-", {"serving-math", "serving-engine"}),
    ("drill roofline --gpu H1", {"H100", "H100-PCIe"}),
    ("drill exercise start a", {"amdahl"}),
    # HOME holds the folder "packs" and the file "packs.txt": a folder option offers the
    # folder alone, before the command and after it.
    ("drill --packs pa", {"packs/"}),
    ("drill check --solvers pa", {"packs/"}),
]

#: Variables through which the user's environment would reach into the shells: files a
#: non-interactive bash or sh runs first, zsh's function path, argcomplete's debug output.
UNSET = {"BASH_ENV", "ENV", "FPATH", "_ARC_DEBUG", "ARGCOMPLETE_USE_TEMPFILES"}

#: Generous: a completion takes well under a second; this only ends a hang.
SAFETY_TIMEOUT = 120


@dataclass(frozen=True)
class Home:
    """A shell's surroundings: its own HOME, also its working folder (holding ``packs``, a
    link to APP_PACKS, and a file ``packs.txt``), and the environment to run it in."""

    folder: Path
    env: dict[str, str]


@pytest.fixture
def home(tmp_path: Path) -> Home:
    folder = tmp_path / "home"
    folder.mkdir()
    (folder / "packs").symlink_to(APP_PACKS, target_is_directory=True)
    (folder / "packs.txt").write_text("a file, not a folder of packs\n")
    bin_folder = str(Path(sys.executable).parent)
    env = {**{name: value for name, value in os.environ.items() if name not in UNSET},
           "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}",
           "HOME": str(folder), "ZDOTDIR": str(folder),
           "XDG_CONFIG_HOME": str(folder / ".config"), "XDG_DATA_HOME": str(folder / ".local"),
           "XDG_CACHE_HOME": str(folder / ".cache"),
           "DRILL_HOME": str(tmp_path / "data")}
    return Home(folder, env)


def without_options(offered: set[str]) -> set[str]:
    return {item for item in offered if not item.startswith("-")}


# --- bash ------------------------------------------------------------------------------


def bash_offers(home: Home, line: str) -> set[str]:
    """What bash's completion function from the script puts in COMPREPLY for ``line``,
    called as bash calls it on Tab (COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT)."""
    words = line.split(" ")
    script = (
        'eval "$(drill completion bash)"\n'
        f"COMP_WORDS=({' '.join(shlex.quote(word) for word in words)})\n"
        f"COMP_CWORD={len(words) - 1}\n"
        f"COMP_LINE={shlex.quote(line)}\n"
        "COMP_POINT=${#COMP_LINE}\n"
        f"_python_argcomplete drill {shlex.quote(words[-1])} {shlex.quote(words[-2])}\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", script],
                          capture_output=True, text=True, timeout=SAFETY_TIMEOUT,
                          env=home.env, cwd=home.folder, check=False)
    assert done.returncode == 0, done.stderr
    return {item.strip() for item in done.stdout.splitlines() if item.strip()}


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash on this machine")
@pytest.mark.parametrize(("line", "expected"), CASES)
def test_bash_completes_through_the_printed_script(
        home: Home, line: str, expected: set[str]) -> None:
    assert without_options(bash_offers(home, line)) == expected


# --- fish ------------------------------------------------------------------------------


def fish_offers(home: Home, line: str) -> set[str]:
    """What fish offers on Tab after ``line`` (``complete -C`` runs the same completions),
    with the script loaded as its help says: ``drill completion fish | source``."""
    done = subprocess.run(
        ["fish", "--no-config", "-c", "drill completion fish | source; complete -C $argv[1]",
         line], capture_output=True, text=True, timeout=SAFETY_TIMEOUT, env=home.env,
        cwd=home.folder, check=False)
    assert done.returncode == 0, done.stderr
    # Each line is the candidate, then a tab and its description when it has one.
    return {item.split("\t")[0] for item in done.stdout.splitlines() if item}


@pytest.mark.skipif(shutil.which("fish") is None, reason="no fish on this machine")
@pytest.mark.parametrize(("line", "expected"), CASES)
def test_fish_completes_through_the_printed_script(
        home: Home, line: str, expected: set[str]) -> None:
    assert without_options(fish_offers(home, line)) == expected



# --- zsh -------------------------------------------------------------------------------

#: Typed into ``zsh -f -i`` (no start-up files) before the line to complete: a known prompt,
#: Emacs keys, a listing under a known header each time Tab is ambiguous (also when it
#: inserts a common prefix), and Ctrl-X Ctrl-X to print the line being edited. ``%(load)s``
#: loads drill's script. The ready marker, printed when the line editor starts, says
#: whether zsh's completion system was loaded before drill's script.
ZSH_SETUP = """\
PS1='zsh> '
bindkey -e
unsetopt list_ambiguous
zstyle ':completion:*' format '<<list>>'
compdef_before=${+functions[compdef]}
%(load)s
drill_report() { print -r -- $'\\n'"<<line:$BUFFER>>" }
zle -N drill_report
bindkey '^X^X' drill_report
zle-line-init() { print -r -- "<<ready compdef_before=$compdef_before>>" }
zle -N zle-line-init
"""
ZSH_EVAL = 'eval "$(drill completion zsh)"'
ZSH_COMPINIT_FIRST = f"autoload -Uz compinit && compinit\n{ZSH_EVAL}"
#: As zsh users install a completion: a file named _drill in a folder of $fpath.
ZSH_FPATH = ("drill completion zsh > $ZDOTDIR/functions/_drill\n"
             "fpath=($ZDOTDIR/functions $fpath)\n"
             "autoload -Uz compinit && compinit")
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x07")


@dataclass(frozen=True)
class ZshTab:
    """What one Tab did in zsh: the candidates it listed (None when it listed none) and the
    line afterwards."""

    listed: set[str] | None
    line: str
    compdef_before: bool

    def offered(self, typed: str) -> set[str]:
        """The listed candidates, or else the one word Tab completed in place."""
        if self.listed is not None:
            return self.listed
        return {self.line.split()[-1]} if self.line != typed else set()


def read_until(fd: int, pattern: re.Pattern[bytes]) -> tuple[bytes, re.Match[bytes]]:
    """Read the terminal's output until ``pattern`` shows in it."""
    import select

    seen = b""
    while (found := pattern.search(seen)) is None:
        ready, _, _ = select.select([fd], [], [], SAFETY_TIMEOUT)
        try:
            chunk = os.read(fd, 65536) if ready else b""
        except OSError:  # the shell ended
            chunk = b""
        assert chunk, f"zsh never printed {pattern.pattern!r}; it printed {seen!r}"
        seen += chunk
    return seen, found


def zsh_tab(home: Home, line: str, load: str = ZSH_EVAL) -> ZshTab:
    """Type ``line`` into an interactive zsh on a terminal of its own, press Tab, and read
    what it listed from the terminal (TERM=dumb keeps the listing free of cursor moves)."""
    import fcntl
    import struct
    import termios

    setup = home.folder / "setup.zsh"
    setup.write_text(ZSH_SETUP % {"load": load})
    primary, secondary = os.openpty()
    # Wide and tall enough that no listing wraps or asks before it shows.
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 200, 400, 0, 0))
    with subprocess.Popen(["zsh", "-f", "-i"], stdin=secondary, stdout=secondary,
                          stderr=secondary, env={**home.env, "TERM": "dumb"},
                          cwd=home.folder, start_new_session=True) as shell:
        os.close(secondary)
        try:
            os.write(primary, f"source {shlex.quote(str(setup))}\n".encode())
            _, ready = read_until(primary, re.compile(rb"<<ready compdef_before=(\d)>>"))
            os.write(primary, line.encode() + b"\t\x18\x18")
            seen, report = read_until(primary, re.compile(rb"<<line:(.*)>>\r\n"))
        finally:
            shell.kill()
            os.close(primary)
    rows = ESCAPE.sub("", seen.decode()).split("\r\n")
    listed = None
    if "<<list>>" in (row.strip() for row in rows):
        start = [row.strip() for row in rows].index("<<list>>") + 1
        end = next(i for i in range(start, len(rows)) if rows[i].startswith("zsh> "))
        # A row holds names, then " -- " and the description when they have one.
        listed = {name for row in rows[start:end]
                  for name in row.rstrip().split(" -- ", 1)[0].split()}
    return ZshTab(listed, report.group(1).decode(), ready.group(1) == b"1")


@pytest.mark.skipif(shutil.which("zsh") is None, reason="no zsh on this machine")
@pytest.mark.parametrize(("line", "expected"), CASES)
def test_zsh_completes_through_the_printed_script(
        home: Home, line: str, expected: set[str]) -> None:
    """Loaded with ``eval`` into a zsh whose completion system nobody loaded: the script
    loads it (compinit) itself."""
    tab = zsh_tab(home, line)
    assert not tab.compdef_before
    assert without_options(tab.offered(line)) == expected
    # A name with no description is listed as a plain name, not in a group ending in "--".
    assert "--" not in tab.offered(line)


@pytest.mark.skipif(shutil.which("zsh") is None, reason="no zsh on this machine")
@pytest.mark.parametrize("load", [ZSH_COMPINIT_FIRST, ZSH_FPATH], ids=["compinit", "fpath"])
def test_zsh_completes_after_compinit_and_from_fpath(home: Home, load: str) -> None:
    """Loaded after a start-up file's own compinit, and as a _drill file in $fpath (its
    "#compdef drill" first line)."""
    functions = home.folder / "functions"
    functions.mkdir()
    # compinit refuses folders others may write to (a umask of 002 would make them so).
    for folder in (home.folder, functions):
        folder.chmod(0o755)
    for line, expected in [("drill grade speed-physics/q1 ",
                            {"decode_floor", "max_tokens_per_s"}),
                           ("drill --packs ~/packs show app-demo/", APP_KEYS)]:
        tab = zsh_tab(home, line, load)
        assert without_options(tab.offered(line)) == expected
