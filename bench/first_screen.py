"""How long until a marker text is on the terminal, for drill and for a minimal Textual app.

    python bench/first_screen.py [--runs N] [--data DIR]

Runs each program in a pseudo-terminal of 80×24 and times from spawn to the first output
that contains the marker. The baseline is a minimal Textual app that shows one line; the
issue asks drill's first card to be on screen within 1.3× of it.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MINIMAL_APP = """
from textual.app import App
from textual.widgets import Static

class Minimal(App[None]):
    def compose(self):
        yield Static("minimal-ready")

Minimal().run()
"""


def time_until(argv: list[str], marker: bytes, env: dict[str, str], timeout: float = 20) -> float:
    """Seconds from spawn until ``marker`` appears in the program's terminal output."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: becomes the program
        os.chdir(ROOT)
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    seen = b""
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            seen += chunk
            if marker in seen:
                return time.perf_counter() - start
        raise RuntimeError(f"{marker!r} never appeared; output ended with {seen[-400:]!r}")
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--marker", default="Can we advertise", help="text of the first card")
    parser.add_argument("--data", help="data folder for drill (default: a fresh temp folder)")
    args = parser.parse_args()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    with tempfile.TemporaryDirectory() as scratch:
        minimal = Path(scratch) / "minimal.py"
        minimal.write_text(MINIMAL_APP)
        data = args.data or str(Path(scratch) / "data")
        programs = {
            "minimal textual app": ([sys.executable, str(minimal)], b"minimal-ready"),
            "drill": ([sys.executable, "-m", "drill", "--data", data], args.marker.encode()),
        }
        times: dict[str, list[float]] = {name: [] for name in programs}
        for _ in range(args.runs):  # interleaved, so drift hits both alike
            for name, (argv, marker) in programs.items():
                times[name].append(time_until(argv, marker, env))
    medians = {name: statistics.median(ts) for name, ts in times.items()}
    for name, median in medians.items():
        print(f"{name:22} median {median * 1000:7.1f} ms  (min {min(times[name]) * 1000:.1f})")
    ratio = medians["drill"] / medians["minimal textual app"]
    print(f"ratio {ratio:.2f} (the issue asks at most 1.30)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
