"""Each malformed pack under malformed/ gets a clear error at its line, and exit 1.

Every file states what it expects: ``# expect: TEXT`` on its first line, and the line of
the error either as ``# line: N`` or as a ``# <- here`` marker at the end of that line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit import RunCli

MALFORMED = Path(__file__).resolve().parent / "malformed"
FILES = sorted(MALFORMED.glob("*.yaml"))



def _expectation(path: Path) -> tuple[str, int]:
    lines = path.read_bytes().decode("utf-8", "replace").splitlines()
    assert lines[0].startswith("# expect: "), path.name
    expected = lines[0].removeprefix("# expect: ")
    for line in lines[1:3]:
        if line.startswith("# line: "):
            return expected, int(line.removeprefix("# line: "))
    marked = [n for n, line in enumerate(lines, start=1) if line.rstrip().endswith("# <- here")]
    assert len(marked) == 1, f"{path.name}: mark the error's line with '# <- here'"
    return expected, marked[0]


def test_there_are_at_least_twenty_malformed_packs() -> None:
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_malformed_pack_is_a_clear_error_at_its_line(run_cli: RunCli, path: Path) -> None:
    expected, line = _expectation(path)
    code, out, err = run_cli("check", str(path))
    assert "Traceback" not in out + err
    assert code == 1, out
    errors = [entry for entry in out.splitlines() if ": error: " in entry]
    assert any(entry.startswith(f"{path}:{line}:") and expected in entry for entry in errors), (
        f"expected an error at line {line} mentioning {expected!r}:\n{out}")
    assert out.splitlines()[-1].startswith("1 pack, ")


def test_checking_the_whole_folder_reports_every_file(run_cli: RunCli) -> None:
    code, out, err = run_cli("check", str(MALFORMED))
    assert code == 1
    assert "Traceback" not in out + err
    reported = {entry.split(":", 1)[0] for entry in out.splitlines() if ": error: " in entry}
    assert reported == {str(path) for path in FILES}
    assert out.splitlines()[-1].startswith(f"{len(FILES)} packs, ")
