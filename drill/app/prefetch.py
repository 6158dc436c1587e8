"""Start-up in two processes: a child loads today's schedule while the parent loads Textual.

Importing Textual and drawing the first screen takes about as long as importing the domain
modules, reading the packs and building today's queue; one after the other, the first
card would be on screen far later than a bare Textual app's first line. So, where the
platform can fork, ``drill`` forks before importing Textual: the child opens the packs and
the review data, builds the :class:`~drill.app.home_view.HomeView` and sends it back
through a pipe; the parent draws Home from it, then opens the same data itself in a
background thread. On any trouble in the child, the parent simply loads in-process.

The child writes nothing to the terminal and leaves with ``os._exit``, so nothing of the
parent (buffers, atexit handlers) runs twice.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drill.app.home_view import HomeView
    from drill.app.options import AppOptions


@dataclass
class Prefetch:
    """A forked child computing the first screen's data."""

    pid: int
    fd: int

    def result(self) -> HomeView | None:
        """The child's HomeView (waits for it); None when the child failed."""
        chunks = []
        try:
            while chunk := os.read(self.fd, 1 << 16):
                chunks.append(chunk)
        except OSError:
            chunks = []
        finally:
            os.close(self.fd)
            self._reap()
        from drill.app.home_view import HomeView

        try:
            return HomeView.from_dict(json.loads(b"".join(chunks))) if chunks else None
        except (ValueError, TypeError, KeyError):  # a child killed half-way: load in-process
            return None

    def _reap(self) -> None:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(self.pid, 0)


def start(options: AppOptions) -> Prefetch | None:
    """Fork the child that builds the first screen's data; None where there is no fork."""
    if not hasattr(os, "fork") or sys.platform == "win32":
        return None
    try:
        read_end, write_end = os.pipe()
        pid = os.fork()
    except OSError:
        return None
    if pid == 0:  # the child
        os.close(read_end)
        _child(options, write_end)
    os.close(write_end)
    return Prefetch(pid, read_end)


def _child(options: AppOptions, fd: int) -> None:
    code = 0
    try:
        data = json.dumps(_build(options).to_dict()).encode()
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except BaseException:  # the parent notices the empty pipe and loads by itself
        code = 1
    finally:
        os._exit(code)


def _build(options: AppOptions) -> HomeView:
    from drill.app.backend import Backend, BackendError, StartupError
    from drill.app.home_view import HomeView, home_view

    # No solver code here: it does not change which cards exist, and would load sympy.
    backend = Backend(options.data_dir, options.pack_dirs, options.clock, options.builtin_packs,
                      run_solver_code=False)
    try:
        backend.open()
    except StartupError as error:
        return HomeView(error=str(error))
    try:
        return home_view(backend)
    except BackendError as error:  # a database that opens but fails its first query
        return HomeView(error=str(error))
    finally:
        backend.close()
