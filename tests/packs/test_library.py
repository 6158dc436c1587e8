"""The library: built-in packs first, extra folders after, broken packs kept apart."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from drill.packs.library import CardNotFound, Library, load_library
from drill.packs.locate import builtin_packs_dir, pack_files

ROOT = Path(__file__).resolve().parents[2]


def _folder(tmp_path: Path, name: str, files: dict[str, str]) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    for file_name, text in files.items():
        (folder / file_name).write_text(text, encoding="utf-8")
    return folder


def _pack(pack_id: str, *card_ids: str) -> str:
    cards = "".join(
        f"  - {{id: {c}, title: Card {c}, priority: solid, scenario: About {c}.}}\n"
        for c in card_ids
    )
    return f"pack: {pack_id}\ntitle: Pack {pack_id}\ncards:\n{cards}"


def test_checkout_builtin_dir_is_packs_beside_the_package() -> None:
    assert builtin_packs_dir() == ROOT / "packs"
    assert builtin_packs_dir().is_dir()


def test_packs_load_in_folder_order_and_cards_in_pack_order(tmp_path: Path,
                                                           demo_path: Path) -> None:
    first = _folder(tmp_path, "first", {"b.yaml": _pack("bee", "x", "y"),
                                        "a.yaml": _pack("ay", "z"), "notes.txt": "ignored"})
    second = tmp_path / "second"
    second.mkdir()
    shutil.copy(demo_path, second / "demo.yaml")
    library = load_library([first, second], include_builtin=False)
    assert [p.id for p in library.packs] == ["ay", "bee", "demo"]
    assert [c.key for c in library.cards][:3] == ["ay/z", "bee/x", "bee/y"]
    assert library.diagnostics == ()


def test_builtin_packs_come_first(tmp_path: Path) -> None:
    extra = _folder(tmp_path, "extra", {"x.yaml": _pack("zzz-extra", "c")})
    library = load_library([extra])
    builtin_ids = [load.stem for load in pack_files(builtin_packs_dir())]
    assert len(library.packs) == len(builtin_ids) + 1
    assert library.packs[-1].id == "zzz-extra"


def test_a_broken_pack_does_not_take_the_others_down(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "mixed", {
        "good.yaml": _pack("good", "a"),
        "broken.yaml": "pack: broken\ntitle: [unclosed\n",
        "half.yaml": _pack("half", "ok") + "  - {id: bad, title: Bad, priority: maybe, "
                                           "scenario: S}\n",
    })
    library = load_library([folder], include_builtin=False)
    assert [p.id for p in library.packs] == ["good", "half"]
    assert [c.key for c in library.cards] == ["good/a", "half/ok"]
    files = sorted({Path(d.location.file).name for d in library.diagnostics})
    assert files == ["broken.yaml", "half.yaml"]


def test_duplicate_pack_ids_keep_the_first(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "dupes", {"a.yaml": _pack("same", "one"),
                                         "b.yaml": _pack("same", "two")})
    library = load_library([folder], include_builtin=False)
    assert [c.key for c in library.cards] == ["same/one"]
    (problem,) = library.diagnostics
    assert "already used" in problem.message and problem.location.file.endswith("b.yaml")


def _library(tmp_path: Path) -> Library:
    folder = _folder(tmp_path, "lib", {"a.yaml": _pack("alpha", "q1", "shared", "decode"),
                                       "b.yaml": _pack("beta", "shared", "prefill")})
    return load_library([folder], include_builtin=False)


def test_find_by_key_or_unambiguous_id(tmp_path: Path) -> None:
    library = _library(tmp_path)
    assert library.find("alpha/q1").key == "alpha/q1"
    assert library.find("q1").key == "alpha/q1"
    assert library.find(" prefill ").key == "beta/prefill"


def test_find_ambiguous_and_unknown_names(tmp_path: Path) -> None:
    library = _library(tmp_path)
    with pytest.raises(CardNotFound) as ambiguous:
        library.find("shared")
    assert set(ambiguous.value.suggestions) == {"alpha/shared", "beta/shared"}
    with pytest.raises(CardNotFound) as unknown:
        library.find("decod")
    assert unknown.value.suggestions[0] == "alpha/decode"
    assert "did you mean alpha/decode" in unknown.value.message
    with pytest.raises(CardNotFound):
        library.find("gamma/q1")


@pytest.mark.slow
def test_loading_packs_never_imports_sympy(demo_path: Path) -> None:
    code = (
        "import sys, json\n"
        "from pathlib import Path\n"
        "from drill.packs.library import load_library\n"
        f"library = load_library([Path({str(demo_path.parent)!r})])\n"
        "assert library.cards\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'sympy')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert json.loads(out.splitlines()[-1]) == []


@pytest.mark.slow
def test_drill_list_never_imports_sympy(demo_path: Path) -> None:
    code = (
        "import sys\n"
        "from drill.cli import main\n"
        f"assert main(['list', '--packs', {str(demo_path.parent)!r}]) == 0\n"
        "print('SYMPY' if 'sympy' in sys.modules else 'NO SYMPY')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.splitlines()[-1] == "NO SYMPY"
