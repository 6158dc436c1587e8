"""``python3 dev.py``: drill's test tools installed by uv when it is on the PATH, else by
pip; ``test`` runs pytest, anything else goes to drill; a new install only when the files
that declare it change."""

from __future__ import annotations

import hashlib

from testkit import ROOT, load_module

dev = load_module(ROOT / "dev.py", "drill_dev_script")


def test_uv_installs_when_it_is_on_the_path_and_pip_otherwise() -> None:
    assert dev.install_commands("/opt/bin/uv") == [
        "/opt/bin/uv", "pip", "install", "--compile-bytecode", "--python", str(dev.PYTHON),
        "-e", ".[test]"]
    assert dev.install_commands(None) == [str(dev.PYTHON), "-m", "pip", "install", "-e",
                                          ".[test]"]


def test_the_test_command_runs_the_suite_and_anything_else_goes_to_drill() -> None:
    python = str(ROOT / ".venv" / "bin" / "python")
    assert dev.command(["test", "-x", "tests/grading"]) == [
        python, "-m", "pytest", "-x", "tests/grading"]
    assert dev.command([]) == [python, "-m", "drill"]
    assert dev.command(["calc", "1 + 1"]) == [python, "-m", "drill", "calc", "1 + 1"]


def test_the_install_follows_pyproject_and_setup_alone() -> None:
    declared = (ROOT / "pyproject.toml").read_bytes() + (ROOT / "setup.py").read_bytes()
    assert dev.setup_stamp() == hashlib.sha256(declared).hexdigest()


def test_the_distributions_old_name_is_uninstalled_by_the_same_installer() -> None:
    assert dev.uninstall_commands("/opt/bin/uv") == [
        "/opt/bin/uv", "pip", "uninstall", "--python", str(dev.PYTHON), "drill"]
    assert dev.uninstall_commands(None) == [str(dev.PYTHON), "-m", "pip", "uninstall",
                                            "--yes", "drill"]
