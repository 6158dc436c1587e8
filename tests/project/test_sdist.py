"""The source distribution a release uploads: built from the checkout as a user's
``python -m build --sdist`` builds it, it holds the tests, the docs, the packs and the
solvers, its metadata names the distribution and its classifiers, and a test of the suite
passes in it unpacked."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from email.parser import Parser
from pathlib import Path

import pytest

from testkit import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("sdist")]

#: Not part of a release: the environment, version control, caches and build output.
LEFT_OUT = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.pyc", "*.egg-info",
                                  "build", "dist", ".*_cache", ".hypothesis", "results",
                                  "snapshot_report.html")


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sdist")
    source = folder / "checkout"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir",
                    str(folder / "dist"), str(source)], check=True, capture_output=True)
    (built,) = (folder / "dist").glob("*.tar.gz")
    return built


def test_the_sdist_holds_the_tests_docs_packs_and_solvers(sdist: Path) -> None:
    assert sdist.name == "inference_drill-0.1.0.tar.gz"
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for path in ("tests/conftest.py", "tests/testkit.py", "tests/cli/test_scripting.py",
                 "tests/checking/malformed/01-empty.yaml", "docs/architecture.md",
                 "packs/01-speed-physics.yaml", "solvers/laws.py", "drill/cli/__init__.py",
                 "README.md", "LICENSE", "dev.py", "pyproject.toml", "setup.py"):
        assert path in names, path
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_the_sdists_metadata_names_the_distribution(sdist: Path) -> None:
    with tarfile.open(sdist) as archive:
        member = archive.extractfile("inference_drill-0.1.0/PKG-INFO")
        assert member is not None
        info = Parser().parsestr(member.read().decode("utf-8"))
    assert info["Name"] == "inference-drill"
    classifiers = info.get_all("Classifier") or []
    assert "Programming Language :: Python :: 3.13" in classifiers
    assert "Environment :: Console" in classifiers


def test_a_test_passes_in_the_unpacked_sdist(sdist: Path, tmp_path: Path) -> None:
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path, filter="data")
    unpacked = tmp_path / "inference_drill-0.1.0"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
         "tests/scheduling/test_clock.py"], cwd=unpacked, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:]
    assert " passed" in done.stdout
    # The tests ran the unpacked drill, not the checkout's.
    found = subprocess.run([sys.executable, "-c", "import drill; print(drill.__file__)"],
                           cwd=unpacked, capture_output=True, text=True, check=True)
    assert Path(found.stdout.strip()).is_relative_to(unpacked)
