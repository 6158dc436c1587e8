"""The child side of ``drill exercise check``: runs the user's function on each case.

Run only as a script, in its own process (``python -I -B exercise_harness.py``), never
imported by drill: it loads the user's file, and drill itself must never do that. It uses
the standard library alone, since ``-I`` leaves drill off the path.

The protocol, and why a user's ``print`` cannot forge a result:

* The parent writes one JSON object on stdin: a random ``nonce``, the file, the function
  name and the cases' inputs. The expected values never reach this process, so no code
  here (or in the user's file) can see them; passing or failing is decided by the parent.
* Before the user's file is loaded, the real stdout is kept on a private descriptor and
  descriptor 1 is pointed at stderr, so anything the user's code prints, even with
  ``os.write(1, ...)``, lands in the output the parent shows as "your output".
* Each report is one line, ``NONCE JSON``, on the private descriptor; the parent ignores
  any line without the nonce. A report only says what the function returned or raised.
* Resource limits (CPU seconds, address space, file size) are set before the file loads;
  the runner adds a wall-clock limit, and the supervisor above this process
  (:mod:`drill.labs.exercise_supervisor`) a process limit, and ends every process this
  one started.
"""

from __future__ import annotations

import contextlib
import errno
import importlib.util
import itertools
import json
import os
import reprlib
import sys
from typing import Any, NoReturn, TextIO

#: Largest list, dict or text carried back whole; anything bigger is cut.
MAX_ITEMS = 100
MAX_TEXT = 1000
MAX_DEPTH = 20
MODULE_NAME = "drill_exercise_solution"


def encode(value: Any, depth: int = 0) -> Any:
    """A JSON-ready copy of ``value``: numbers, text, lists and str-keyed dicts only.

    Anything else becomes ``{"unsupported": TYPE}``, so the parent can say what came back.
    """
    if value is None or isinstance(value, bool | int | float):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**300:
            return {"unsupported": "int (too large)"}
        return value
    if isinstance(value, str):
        return value[:MAX_TEXT]
    if depth >= MAX_DEPTH:
        return {"unsupported": "nesting too deep"}
    if isinstance(value, list | tuple):
        return [encode(item, depth + 1) for item in itertools.islice(value, MAX_ITEMS)]
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        return {str(k)[:MAX_TEXT]: encode(v, depth + 1)
                for k, v in itertools.islice(value.items(), MAX_ITEMS)}
    return {"unsupported": type(value).__name__[:MAX_TEXT]}


#: Short reprs of big values: a million-item list is shown by its first items.
SHORT = reprlib.Repr()  # keyword arguments need Python 3.12
SHORT.maxlevel, SHORT.maxlist, SHORT.maxtuple, SHORT.maxdict = 4, 20, 20, 20
SHORT.maxstring, SHORT.maxother, SHORT.maxlong = MAX_TEXT, MAX_TEXT, 100


def describe(value: Any) -> str:
    if isinstance(value, int) and value.bit_length() > 4000:
        # Python refuses to write out an int of more than 4,300 digits; say what it is.
        digits = int(value.bit_length() * 0.30103) + 1
        return f"<an int of about {digits:,} digits>"
    try:
        text = SHORT.repr(value)
    except BaseException as error:  # a __repr__ of the user's that fails
        text = f"<{type(value).__name__} whose repr raised {type(error).__name__}>"
    return text[:MAX_TEXT]


def raised(error: BaseException) -> dict[str, Any]:
    try:
        message = str(error)
    except BaseException:
        message = "(its message could not be read)"
    if isinstance(error, OSError) and error.errno == errno.EFBIG:
        message = _too_large()
    return {
        "kind": "raised",
        "exception": type(error).__name__[:MAX_TEXT],
        "bases": [cls.__name__ for cls in type(error).__mro__][:MAX_ITEMS],
        "message": message[:MAX_TEXT],
    }


#: The size no file the program writes may pass (set from the payload by ``main``).
file_limit = 0


def _too_large() -> str:
    """What a write past the file-size limit was: printing (the captured output, on
    descriptor 2, is at the limit) or a file of the program's own."""
    try:
        printed = os.fstat(2).st_size
    except OSError:
        printed = 0
    if file_limit and printed < file_limit:
        return (f"the program wrote a file larger than the {file_limit >> 20} MiB a check "
                "allows (files it writes may not grow past that)")
    return "the program printed more than the output limit allows"


def limit_resources(cpu_seconds: int, memory_bytes: int, file_bytes: int) -> None:
    """Best effort: ``resource`` is missing on Windows, and some limits on macOS.

    The hard limit is set too: a soft limit alone, the program could raise it again.
    """
    try:
        import resource
    except ImportError:
        return
    for name, value in (("RLIMIT_CPU", cpu_seconds), ("RLIMIT_AS", memory_bytes),
                        ("RLIMIT_FSIZE", file_bytes), ("RLIMIT_CORE", 0)):
        kind = getattr(resource, name, None)
        if kind is None:
            continue
        try:
            _, hard = resource.getrlimit(kind)
            limit = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(kind, (limit, limit))
        except (ValueError, OSError):
            pass


class Reporter:
    """Writes ``NONCE JSON`` lines to the private descriptor kept before the user's code."""

    def __init__(self, stream: TextIO, nonce: str) -> None:
        self.stream = stream
        self.nonce = nonce
        self.dumps = json.dumps  # bound now: the user's code could replace json.dumps

    def __call__(self, report: dict[str, Any]) -> None:
        self.stream.write(f"{self.nonce} {self.dumps(report)}\n")
        self.stream.flush()


def main() -> None:
    payload = json.loads(sys.stdin.read())
    report = Reporter(os.fdopen(os.dup(1), "w", encoding="utf-8"), str(payload["nonce"]))
    # From here on, descriptor 1 is the user's: it shares stderr, the captured output.
    os.dup2(2, 1)
    quiet = os.open(os.devnull, os.O_RDONLY)
    os.dup2(quiet, 0)
    limits = payload["limits"]
    global file_limit
    file_limit = int(limits["output_bytes"])
    limit_resources(int(limits["cpu_seconds"]), int(limits["memory_bytes"]),
                    int(limits["output_bytes"]))
    try:
        spec = importlib.util.spec_from_file_location(MODULE_NAME, payload["file"])
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {payload['file']} as Python")
        module = importlib.util.module_from_spec(spec)
        sys.modules[MODULE_NAME] = module
        spec.loader.exec_module(module)
    except BaseException as error:  # SystemExit and KeyboardInterrupt included
        report({"event": "load-failed", **raised(error)})
        finish()
    function = getattr(module, payload["function"], None)
    if not callable(function):
        report({"event": "missing", "found": type(function).__name__})
        finish()
    report({"event": "loaded"})
    for case in payload["cases"]:
        report({"event": "running", "index": case["index"]})
        try:
            value = function(*case["args"])
        except BaseException as error:
            report({"event": "result", "index": case["index"], **raised(error)})
            continue
        try:
            outcome = {"kind": "returned", "value": encode(value), "text": describe(value)}
        except BaseException as error:  # e.g. a RecursionError in a strange value
            outcome = {"kind": "returned", "value": {"unsupported": type(value).__name__},
                       "text": f"<unreadable: {type(error).__name__}>"}
        report({"event": "result", "index": case["index"], **outcome})
    report({"event": "done"})
    finish()


def finish() -> NoReturn:
    """End now: threads the user's code left running must not keep the process alive."""
    for stream in (sys.stdout, sys.stderr):
        # The user's code may have replaced or closed them.
        with contextlib.suppress(BaseException):
            stream.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
