"""Start-up in two processes when Home's figures are not in the start-up cache: a child
loads today's schedule while the parent loads Textual; and keeping the figures for the
next start.

Importing Textual and drawing the first screen takes about as long as importing the domain
modules, reading the packs and building today's queue; one after the other, the first
card would be on screen far later than a bare Textual app's first line. So, where the
platform can fork and the cache (:mod:`drill.app.home_cache`) has nothing that fits,
``drill`` forks before importing Textual: the child opens the packs and the review data,
builds the :class:`~drill.app.home_view.HomeView`, gives up its claim on the data folder
and sends the view back through a pipe; the parent draws Home from it, then opens the same
data itself in a background thread. On any trouble in the child, the parent simply loads
in-process. The child goes on, niced and out of the terminal's session, to keep the
figures of the week ahead in the cache; and as the app quits, :func:`keep_in_background`
does the same in a detached child, since the session's ratings changed them.

The children write nothing to the terminal and leave with ``os._exit``, so nothing of the
parent (buffers, atexit handlers) runs twice.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drill.app.backend import Backend
    from drill.app.home_cache import Inputs
    from drill.app.home_view import HomeView
    from drill.app.options import AppOptions


@dataclass
class Prefetch:
    """A forked child computing the first screen's data."""

    pid: int
    fd: int
    #: Closed once the parent's first frame is drawn: the child's keeping waits for it.
    drawn_fd: int = -1
    _reaped: bool = False

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
            self._reap(os.WNOHANG)  # it may still be keeping the figures for next time
        from drill.app.home_view import HomeView

        try:
            return HomeView.from_dict(json.loads(b"".join(chunks))) if chunks else None
        except (ValueError, TypeError, KeyError):  # a child killed half-way: load in-process
            return None

    def first_frame_drawn(self) -> None:
        """Let the child go on keeping the figures for the next start (it waited, so as
        not to take a core from the first frame)."""
        if self.drawn_fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.drawn_fd)
            self.drawn_fd = -1

    def finish(self) -> None:
        """At exit: reap the child if it has ended; if it is still keeping the figures,
        it finishes on its own (it left the terminal's session)."""
        self.first_frame_drawn()
        self._reap(os.WNOHANG)

    def _reap(self, flags: int) -> None:
        if self._reaped:
            return
        with contextlib.suppress(ChildProcessError):
            self._reaped = os.waitpid(self.pid, flags)[0] != 0
            return
        self._reaped = True


def start(options: AppOptions) -> Prefetch | None:
    """Fork the child that builds the first screen's data; None where there is no fork."""
    if not hasattr(os, "fork") or sys.platform == "win32":
        return None
    try:
        read_end, write_end = os.pipe()
        drawn_read, drawn_write = os.pipe()
        pid = os.fork()
    except OSError:
        return None
    if pid == 0:  # the child
        os.close(read_end)
        os.close(drawn_write)
        _child(options, write_end, drawn_read)
    os.close(write_end)
    os.close(drawn_read)
    return Prefetch(pid, read_end, drawn_write)


def _child(options: AppOptions, fd: int, drawn_fd: int) -> None:
    code = 0
    try:
        _build(options, partial(_send, fd, drawn_fd))
    except BaseException:  # the parent notices the empty pipe and loads by itself
        code = 1
    finally:
        os._exit(code)


def _send(fd: int, drawn_fd: int, home: HomeView) -> None:
    """Hand the view to the parent and let it go on (it reads to the end of the pipe);
    leave the terminal, so that closing it does not end the keeping that follows; and
    wait (10 s at most) until the parent has drawn its first frame, or has ended."""
    view = memoryview(json.dumps(home.to_dict()).encode())
    while view:
        view = view[os.write(fd, view):]
    os.close(fd)
    with contextlib.suppress(OSError):
        os.setsid()
        quiet = os.open(os.devnull, os.O_RDWR)
        for standard in (0, 1, 2):
            os.dup2(quiet, standard)
        os.close(quiet)
    with contextlib.suppress(OSError, ValueError):
        select.select([drawn_fd], [], [], 10)
        os.close(drawn_fd)


def keep_in_background(options: AppOptions) -> None:
    """As the app quits: keep Home's figures for the next start in a child of its own
    (detached, with no terminal), unless the cache already has them; the app ends at
    once. The next start, tomorrow's first one included, then draws Home from them."""
    from drill.app import home_cache

    if not hasattr(os, "fork") or sys.platform == "win32" or home_cache.read(options):
        return
    try:
        pid = os.fork()
    except OSError:
        return
    if pid != 0:
        return
    code = 0
    try:
        import signal

        signal.alarm(60)  # whatever happens, this child does not outlive a minute
        os.setsid()  # not in the terminal's session: closing it does not reach here
        os.closerange(0, 256)  # the terminal's descriptors too (its reader waits for them)
        for _ in range(3):
            os.open(os.devnull, os.O_RDWR)
        with contextlib.suppress(OSError):
            os.nice(10)
        _build(options, claim=False)
    except BaseException:
        code = 1
    finally:
        os._exit(code)


def _build(options: AppOptions, send: Callable[[HomeView], None] | None = None,
           claim: bool = True) -> HomeView:
    """Work out Home's view (and ``send`` it, when given); then keep the figures of the
    hours ahead for the next start (:mod:`drill.app.home_cache`), at a lower priority than
    the parent's first frame. ``claim``: hold the data folder while reading (so a second
    app is told at once that one is open)."""
    from drill.app.backend import Backend, BackendError, StartupError
    from drill.app.home_view import HomeView, home_view

    # No solver code here: it does not change which cards exist, and would load sympy.
    backend = Backend(options.data_dir, options.pack_dirs, options.clock, options.builtin_packs,
                      run_solver_code=False)
    keep = startup_cache_inputs(backend, options)
    try:
        backend.open(claim=claim)
    except StartupError as error:
        view = HomeView(error=str(error))
    else:
        try:
            view = home_view(backend)
        except BackendError as error:  # a database that opens but fails its first query
            view = HomeView(error=str(error))
    backend.release_folder()  # the parent opens the data next, while this goes on
    if send is not None:
        send(view)
        with contextlib.suppress(OSError):
            os.nice(10)  # the rest is for the next start: the parent's frame comes first
    if view.error:
        backend.close()
    elif backend.is_open:
        keep_for_next_start(backend, options, keep)
    return view


def startup_cache_inputs(backend: Backend, options: AppOptions) -> tuple[Inputs, str] | None:
    """Before the data is read: what the start-up cache's entry will be keyed by (None if
    it cannot be worked out)."""
    from drill.app import home_cache

    try:
        inputs = home_cache.inputs_of(backend)
        return inputs, home_cache.fingerprint(inputs, options)
    except Exception:  # a cache is never a reason to fail
        return None


def keep_for_next_start(backend: Backend, options: AppOptions,
                        keep: tuple[Inputs, str] | None) -> bool:
    """Close the open ``backend`` and keep the figures of the hours ahead for the next
    start, if nothing was written since ``keep``'s fingerprint was taken."""
    from drill.app import home_cache

    spans: list[home_cache.Span] = []
    try:
        if keep is not None:
            spans = home_cache.spans_ahead(backend, backend.now())
    except Exception:  # a cache is never a reason to fail
        spans = []
    finally:
        backend.close()  # at rest before the second fingerprint (the log checkpointed)
    if keep is None:
        return False
    inputs, before = keep
    return home_cache.write(options, inputs, before, spans)
