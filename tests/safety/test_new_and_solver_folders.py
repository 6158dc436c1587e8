"""``drill new`` and solver folders with odd names: a folder name that is not UTF-8, a
file name taken by a folder. One line each, nothing half written left behind."""

from __future__ import annotations

import os
from pathlib import Path

from testkit import RunCli


def test_a_pack_in_a_folder_whose_name_is_not_utf8_is_written_and_checked(
        run_cli: RunCli, tmp_path: Path) -> None:
    folder = Path(os.fsdecode(bytes(tmp_path) + b"/packs-\xff"))  # '\udcff' in Python
    code, out, err = run_cli("new", "odd", "--dir", str(folder))
    assert code == 0, err
    pack = folder / "odd.yaml"
    pack.read_bytes().decode("utf-8")  # still UTF-8 text, the folder shown with U+FFFD
    code, out, err = run_cli("check", str(pack), "--solvers", str(folder))
    assert (code, err) == (0, ""), err
    assert out.endswith("1 pack, 2 cards, 1 ask: 0 errors, 0 warnings\n")


def test_a_folder_where_a_file_goes_leaves_no_temporary_file(run_cli: RunCli,
                                                             tmp_path: Path) -> None:
    (tmp_path / "mine.py").mkdir()
    code, _out, err = run_cli("new", "mine", "--python", "--dir", str(tmp_path), "--force")
    assert code == 1
    assert err.startswith(f"drill new: error: cannot write into {tmp_path}")
    # The pack and the schema beside it are written; the solver fails; no temporary file.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.py", "mine.yaml",
                                                         "pack.schema.json"]
