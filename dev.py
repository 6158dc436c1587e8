#!/usr/bin/env python3
"""Set up a private virtual environment and run drill or its tests.

    python3 dev.py [ARGS...]     install drill into .venv and open it (ARGS go to drill)
    python3 dev.py test [ARGS]   install drill with its test tools and run the whole suite,
                                 two workers per core (ARGS go to pytest; -n 0 runs it in one)
    python3 dev.py lint          ruff and mypy

Needs nothing but Python 3.11+. The environment is rebuilt only when pyproject.toml or
setup.py change, so the second run starts at once.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
#: pytest-xdist workers per core (see ``_parallel``).
WORKERS_PER_CORE = 2
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def _fingerprint(extras: str) -> str:
    digest = hashlib.sha256(extras.encode())
    for name in ("pyproject.toml", "setup.py"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def ensure_environment(extras: str) -> None:
    """Create .venv and install drill (editable) with the given extras, if not done yet."""
    if sys.version_info < (3, 11):
        sys.exit(f"drill needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    stamp = VENV / f".drill-installed-{extras or 'app'}"
    wanted = _fingerprint(extras)
    if stamp.exists() and stamp.read_text() == wanted and PYTHON.exists():
        return
    if not PYTHON.exists():
        print("Creating .venv ...", file=sys.stderr)
        create_environment()
    target = f".[{extras}]" if extras else "."
    first = not any(VENV.glob(".drill-installed-*"))
    print(f"Installing drill{'[' + extras + ']' if extras else ''} into .venv"
          + (" (the first time takes under a minute; each package is named as it comes)"
             if first else "") + " ...", file=sys.stderr)
    install(target)
    testing = extras in ("test", "dev")
    # What every pytest-xdist worker of a fresh checkout would otherwise do for itself:
    # Hypothesis's tables beside the compiling; the tests' asserts rewritten once it is
    # done (its fallback, a collection, imports sympy, Textual and drill, and coming
    # first would compile those itself, again).
    beside = [warm_hypothesis()] if testing else []
    compile_installed()
    compile_sources()
    if testing:
        beside += rewrite_tests()
    for started in beside:
        started.wait()
    print("drill is installed in .venv", file=sys.stderr)
    stamp.write_text(wanted)


def create_environment() -> None:
    """Create .venv with uv in it, or else a current pip.

    The venv is made without pip: ``venv``'s own way (ensurepip) installs the pip and
    setuptools Python was released with, which takes seconds. The pip wheel Python
    carries runs straight from its zip file (pip supports that) to install uv, which
    then installs everything else (see ``install``). Where that fails, the same wheel
    installs a current pip; where Python carries no pip wheel, ensurepip does."""
    venv.EnvBuilder(with_pip=False).create(VENV)
    if not _bundled_pip("uv"):
        _ensure_pip()


def _bundled_pip(package: str) -> bool:
    """Run the pip wheel Python carries, from its zip, to install ``package`` into .venv;
    True if it did."""
    wheels = sorted((Path(venv.__file__).parents[1] / "ensurepip" / "_bundled").glob("pip-*.whl"))
    return bool(wheels) and subprocess.run(
        [str(PYTHON), str(wheels[-1] / "pip"), "install", "--quiet",
         "--disable-pip-version-check", "--no-compile", "--upgrade", package],
        check=False,
    ).returncode == 0


def _ensure_pip() -> None:
    """A current pip in .venv from the bundled wheel, or else ensurepip's."""
    if not _bundled_pip("pip"):
        subprocess.run([str(PYTHON), "-m", "ensurepip", "--upgrade", "--default-pip"],
                       check=True, stdout=subprocess.DEVNULL)


def install(target: str) -> None:
    """Install ``target`` (drill, editable, with its extras) into .venv.

    uv does it where it is at hand (in .venv, as ``create_environment`` puts it, or on
    the PATH): it fetches the packages side by side and resolves them in well under a
    second, where pip takes about 16 s on one core here, most of it reading the package
    indexes. uv reads its own settings (``uv.toml``, ``UV_INDEX_URL``), not pip's. It puts
    pip in .venv too, for the tests that install drill as a user would and for anyone's
    ``.venv/bin/pip``. If uv fails (an index only pip is told of, say), pip does it.
    pip's and uv's lines, one per package, show a long first install is no hang. Neither
    compiles: ``compile_installed`` does that on every core afterwards."""
    for command in install_commands(_uv(), target):
        if subprocess.run(command, cwd=ROOT, check=False).returncode == 0:
            return
        if command[0] != str(PYTHON):
            print("uv could not install drill; pip will try.", file=sys.stderr)
            if subprocess.run([str(PYTHON), "-m", "pip", "--version"], check=False,
                              capture_output=True).returncode != 0:
                _ensure_pip()
    raise SystemExit("drill could not be installed into .venv (see the lines above)")


def install_commands(uv: str | None, target: str) -> list[list[str]]:
    """The commands ``install`` tries in turn: uv's when there is a uv, then pip's."""
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check",
           "--progress-bar", "on", "--no-compile", "-e", target]
    if uv is None:
        return [pip]
    return [[uv, "pip", "install", "--python", str(PYTHON), "pip", "-e", target], pip]


def _uv() -> str | None:
    """The uv in .venv, else one on the PATH, else None."""
    inside = BIN / ("uv.exe" if os.name == "nt" else "uv")
    return str(inside) if inside.exists() else shutil.which("uv")


#: What nothing imports from .venv: the installed packages' own test folders; pip and
#: setuptools (the tools that install, not what is installed); mypy and mypyc, whose
#: modules run compiled to machine code (the .py files beside them are not imported); and
#: pygments' hundreds of lexers, of which drill's screens load none.
_NOT_IMPORTED = (r"[/\\]site-packages[/\\](.*[/\\]tests?|mypy|mypyc|pip|setuptools"
                 r"|pkg_resources|_distutils_hack|pygments[/\\]lexers)[/\\]")


#: Draws that make Hypothesis build its tables of Unicode characters (see warm_hypothesis).
_HYPOTHESIS_TABLES = ("import warnings\n"
                      "from hypothesis import strategies as st\n"
                      "warnings.simplefilter('ignore')\n"
                      "st.text().example(); st.characters(codec='utf-8').example()\n")


def warm_hypothesis() -> subprocess.Popen[bytes]:
    """Start building, beside the compiling, the tables of Unicode characters Hypothesis
    makes the first time a test draws text and then keeps in ``.hypothesis/`` (about 3 s
    of CPU): in a fresh checkout every pytest-xdist worker would build them again. A
    failure here only leaves them to the workers."""
    return subprocess.Popen([str(PYTHON), "-c", _HYPOTHESIS_TABLES], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


#: Rewrites the asserts of the test modules (``test_*.py``, ``*_test.py``, ``conftest.py``)
#: under the folders and files it is given, as pytest does when it imports them, and keeps
#: the result where pytest looks for it, without importing them or what they import. That
#: takes pytest's own functions for it, which are not public: if they are not there or
#: fail, the same pytest collects those folders instead, which rewrites them too.
_REWRITE_TESTS = """
import sys
from pathlib import Path

def tests(given):
    for name in given:
        path = Path(name)
        for file in [path] if path.is_file() else sorted(path.rglob('*.py')):
            if (file.name == 'conftest.py' or file.name.startswith('test_')
                    or file.name.endswith('_test.py')):
                yield file

class Trace:
    def trace(self, message):
        pass

try:
    from _pytest.assertion.rewrite import PYC_TAIL, _rewrite_test, _write_pyc, get_cache_dir

    for file in tests(sys.argv[1:]):
        source, code = _rewrite_test(file, None)
        cache = get_cache_dir(file)  # __pycache__ beside it, or under sys.pycache_prefix
        cache.mkdir(parents=True, exist_ok=True)
        _write_pyc(Trace(), code, source, cache / (file.stem + PYC_TAIL))
except Exception:
    import pytest

    sys.exit(pytest.main(['--collect-only', '-q', '-p', 'no:cacheprovider', *sys.argv[1:]]))
"""


def rewrite_tests() -> list[subprocess.Popen[bytes]]:
    """Start rewriting the test modules' asserts (so a failing one says what its values
    were), kept in ``__pycache__``: each pytest-xdist worker would otherwise do it for
    itself, as it collects. One process per core, each over a share of the test folders
    (``shares``), with bytecode writing on, as the compiling has it; pytest reads what
    they kept either way. About 2.5 s of CPU in all, where letting pytest collect the
    suite to the same end took about 8 (it imports every test module and what they
    import); ``_REWRITE_TESTS`` still collects where pytest's own way is not at hand."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    tests = ROOT / "tests"
    sizes = {str(path.relative_to(ROOT)): _source_size(path)
             for path in sorted(tests.iterdir())
             if (path.is_dir() and path.name != "__pycache__")
             or (path.suffix == ".py" and (path.name.startswith("test_")
                                           or path.name == "conftest.py"))}
    return [subprocess.Popen([str(PYTHON), "-c", _REWRITE_TESTS, *share],
                             cwd=ROOT, env=environment, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
            for share in shares(sizes, os.cpu_count() or 1)]


def _source_size(path: Path) -> int:
    files = [path] if path.is_file() else path.rglob("*.py")
    return sum(file.stat().st_size for file in files)


def shares(sizes: dict[str, int], count: int) -> list[list[str]]:
    """``sizes`` (test folders and their bytes of Python) dealt into at most ``count``
    shares of about the same size, largest first, each to the smallest share so far;
    each share in its folders' order, and none empty."""
    dealt: list[list[str]] = [[] for _ in range(max(1, min(count, len(sizes))))]
    totals = [0] * len(dealt)
    for name in sorted(sizes, key=lambda name: (-sizes[name], name)):
        smallest = totals.index(min(totals))
        dealt[smallest].append(name)
        totals[smallest] += sizes[name]
    return [sorted(share) for share in dealt if share]


def compile_installed() -> None:
    """Byte-compile what .venv holds, one process per core (``compileall -j 0``), leaving
    out what nothing imports (``_NOT_IMPORTED``)."""
    subprocess.run(
        [str(PYTHON), "-m", "compileall", "-q", "-j", "0", "-x", _NOT_IMPORTED,
         *_site_packages()],
        check=True, stdout=subprocess.DEVNULL,
    )


def _site_packages() -> list[str]:
    found = subprocess.run(
        [str(PYTHON), "-c", "import site; print('\\n'.join(site.getsitepackages()))"],
        check=True, capture_output=True, text=True,
    ).stdout
    return [line for line in found.splitlines() if line]


def compile_sources() -> None:
    """Byte-compile drill's own modules and the tests' (as an install would compile
    drill's). A Python started with ``PYTHONDONTWRITEBYTECODE`` set never writes them, and
    the suite starts many: each would compile all of drill again. Up to date, this only
    looks at the files' dates (``dev.py test`` does it before every run; the app only
    after an install, so it starts at once)."""
    subprocess.run(
        [str(PYTHON), "-m", "compileall", "-q", "-j", "0", "drill", "solvers", "tests",
         "bench"],
        cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
    )


def _parallel(pytest_args: list[str]) -> list[str]:
    """pytest's arguments, with two pytest-xdist workers per core first unless the caller
    chose a number of workers; ``--co`` collects in one process. The app tests spend
    much of their time waiting for the app to settle after each key (Textual's test
    driver sleeps until the process goes idle), so one worker per core leaves the cores
    half idle. ``loadgroup`` keeps the tests of one ``xdist_group`` on one worker, so the
    costly fixture they share is built once."""
    chosen = any(arg == "-n" or arg.startswith(("-n", "--numprocesses")) for arg in pytest_args)
    collecting = any(arg in ("--co", "--collect-only") for arg in pytest_args)
    if chosen or collecting:
        return pytest_args
    return ["-n", str(WORKERS_PER_CORE * (os.cpu_count() or 1)), "--dist", "loadgroup",
            *pytest_args]


def main(argv: list[str]) -> int:
    if argv[:1] == ["test"]:
        ensure_environment("test")
        compile_sources()
        return subprocess.run([str(PYTHON), "-m", "pytest", *_parallel(argv[1:])],
                              cwd=ROOT).returncode
    if argv[:1] == ["lint"]:
        ensure_environment("dev")
        ruff = subprocess.run([str(BIN / "ruff"), "check", "."], cwd=ROOT).returncode
        mypy = subprocess.run([str(BIN / "mypy")], cwd=ROOT).returncode
        return ruff or mypy
    ensure_environment("")
    drill = BIN / ("drill.exe" if os.name == "nt" else "drill")
    if os.name == "nt":
        return subprocess.run([str(drill), *argv]).returncode
    os.execv(drill, [str(drill), *argv])
    return 0  # not reached: execv replaces this process


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
