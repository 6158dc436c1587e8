"""``drill`` itself in a pseudo-terminal: the real start-up path (Home drawn at once, the
data opened in a worker), the first screen before sympy, quitting, and a corrupt database."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import signal
import struct
import sys
import termios
from pathlib import Path

import pytest

from drill.config.location import DATABASE_FILE

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[PX^_].*?\x1b\\|\x1b.")


class Terminal:
    """A program running in an 80×24 pseudo-terminal, read as plain text."""

    def __init__(self, *argv: str) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(ROOT)
            os.execvpe(argv[0], list(argv), {**os.environ, "TERM": "xterm-256color"})
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output = b""

    @property
    def text(self) -> str:
        return ANSI.sub(b"", self.output).decode("utf-8", "replace")

    def wait_for(self, pattern: str) -> str:
        """Read until ``pattern`` (a regular expression) is in the text; the text so far.
        Waits on the program's output, however slow the machine: it fails when the program
        ends without showing it."""
        while not re.search(pattern, self.text):
            try:
                chunk = os.read(self.fd, 65536)  # blocks until output or the end
            except OSError:
                chunk = b""
            assert chunk, f"the program ended before {pattern!r}: {self.text[-600:]!r}"
            self.output += chunk
        return self.text

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def exit_code(self) -> int:
        """Read the rest of the output, then the exit code (waits for the program's end)."""
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the program ended and closed its side
                break
            if not chunk:
                break
            self.output += chunk
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


def drill(data: Path, *options: str) -> Terminal:
    return Terminal(sys.executable, "-X", "importtime", "-m", "drill", "--data", str(data),
                    *options)


def test_the_first_card_is_on_screen_before_sympy_loads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # An empty cache of solved cards, of this test's own: a learner's first run, whatever
    # the tests before it in this worker solved (the worker's cache is shared).
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    app_packs = str(ROOT / "tests" / "app" / "packs")
    terminal = drill(tmp_path / "data", "--packs", app_packs)
    # -X importtime writes a line per module to the terminal, in order with the screen.
    shown = terminal.wait_for(r"Up next")
    assert "sympy" not in shown
    terminal.wait_for(r"\|\s+sympy\r?\n")  # then it loads, in the background
    terminal.send("q")
    assert terminal.exit_code() == 0


def test_a_corrupt_database_is_named_and_drill_exits_1(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    database = data / DATABASE_FILE
    database.write_bytes(b"garbage" * 1000)
    terminal = drill(data)
    terminal.wait_for(r"cannot open your review data")
    terminal.wait_for(re.escape(DATABASE_FILE))
    terminal.send("q")
    assert terminal.exit_code() == 1
    assert database.read_bytes() == b"garbage" * 1000


def _terminal_restored(output: bytes) -> bool:
    """The alternate screen was left and mouse tracking turned off after they began."""
    left = output.rfind(b"\x1b[?1049l") > output.rfind(b"\x1b[?1049h") >= 0
    mouse_off = output.rfind(b"\x1b[?1000l") > output.rfind(b"\x1b[?1000h") >= 0
    return left and mouse_off


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_restore_the_terminal_as_ctrl_c_does(
    tmp_path: Path, signal_number: int
) -> None:
    app_packs = str(ROOT / "tests" / "app" / "packs")
    terminal = drill(tmp_path / "data", "--packs", app_packs)
    terminal.wait_for(r"Up next")
    os.kill(terminal.pid, signal_number)
    assert terminal.exit_code() == 128 + signal_number
    assert _terminal_restored(terminal.output)


def _exit_code(pid: int) -> int:
    """Wait for the process to end (drill bounds its own orderly end after a hang-up)."""
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.parametrize("round_number", range(3))
def test_drill_ends_when_its_terminal_goes_away_during_start_up(
    tmp_path: Path, round_number: int
) -> None:
    """A terminal window closed just after drill drew its first screen: the kernel hangs
    up, and nothing can be written any more, so restoring the terminal could wait forever.
    drill still ends (the window's ratings were committed as they were given)."""
    app_packs = str(ROOT / "tests" / "app" / "packs")
    terminal = drill(tmp_path / "data", "--packs", app_packs)
    terminal.wait_for(r"Up next")
    os.close(terminal.fd)  # the window closes: the kernel sends SIGHUP
    assert _exit_code(terminal.pid) == 128 + signal.SIGHUP
