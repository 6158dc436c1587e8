"""``drill new``: the scaffold passes ``drill check`` as it is, and can be practised; by
default it is a pack of formulas with no code, ``--python`` adds a solver module."""

from __future__ import annotations

from pathlib import Path

import pytest

from drill.packs.loader import load_pack
from testkit import RunCli


def test_the_scaffold_is_formulas_and_passes_drill_check_without_solvers(
        tmp_path: Path, run_cli: RunCli) -> None:
    made = run_cli("new", "my-pack", "--dir", str(tmp_path / "mine"))
    assert made.code == 0, made.err
    pack = tmp_path / "mine" / "my-pack.yaml"
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == ["my-pack.yaml",
                                                                 "pack.schema.json"]
    loaded = load_pack(pack)
    assert loaded.pack is not None
    card = loaded.pack.cards[0]
    assert card.formulas == {"load_time": "checkpoint / read_speed"} and card.solver is None
    checked = run_cli("check", str(pack), "--data", str(tmp_path / "data"))
    assert checked.code == 0, checked.out + checked.err
    assert checked.out.strip().endswith("1 pack, 2 cards, 1 ask: 0 errors, 0 warnings")
    # It prints the next commands, and they work as printed.
    assert f"drill check {pack}\n" in made.out and "--solvers" not in made.out


def test_the_python_scaffold_passes_drill_check_with_its_solvers(
        tmp_path: Path, run_cli: RunCli, forget_user_solvers: None) -> None:
    made = run_cli("new", "my-pack", "--python", "--dir", str(tmp_path / "mine"))
    assert made.code == 0, made.err
    pack, solver = tmp_path / "mine" / "my-pack.yaml", tmp_path / "mine" / "my_pack.py"
    assert pack.is_file() and solver.is_file()
    checked = run_cli("check", str(pack), "--solvers", str(tmp_path / "mine"),
                      "--data", str(tmp_path / "data"))
    assert checked.code == 0, checked.out + checked.err
    assert checked.out.strip().endswith("1 pack, 2 cards, 1 ask: 0 errors, 0 warnings")
    # It prints the next commands, and they work as printed.
    assert f"drill check {pack} --solvers {tmp_path / 'mine'}" in made.out


def test_the_example_card_shows_every_part_of_a_card(tmp_path: Path, run_cli: RunCli) -> None:
    run_cli("new", "my-pack", "--dir", str(tmp_path))
    loaded = load_pack(tmp_path / "my-pack.yaml")
    assert loaded.ok and loaded.pack is not None
    card, follow_up = loaded.pack.cards
    assert card.givens and card.asks and card.asks[0].mistakes and card.variants
    assert card.templates  # written with placeholders
    assert card.follow_up == follow_up.id and follow_up.parent == card.id


def test_a_formula_that_looks_like_code_is_an_error_at_its_line_and_runs_nothing(
        tmp_path: Path, run_cli: RunCli) -> None:
    run_cli("new", "my-pack", "--dir", str(tmp_path))
    pack = tmp_path / "my-pack.yaml"
    text = pack.read_text(encoding="utf-8")
    witness = tmp_path / "ran"
    bad = f"__import__('os').system('touch {witness}')"
    pack.write_text(text.replace("load_time: checkpoint / read_speed", f"load_time: {bad}"),
                    encoding="utf-8")
    line = next(n for n, row in enumerate(pack.read_text().splitlines(), 1) if bad in row)
    checked = run_cli("check", str(pack), "--data", str(tmp_path / "data"))
    assert checked.code == 1
    assert f"my-pack.yaml:{line}:18: error: my-pack/checkpoint-load: '__import__' looks like " \
           f"code" in checked.out
    assert "Traceback" not in checked.out + checked.err
    solved = run_cli("solve", "my-pack/checkpoint-load", "--packs", str(tmp_path),
                     "--data", str(tmp_path / "data"))
    assert solved.code == 1 and "looks like code" in solved.err
    assert "Traceback" not in solved.out + solved.err
    assert not witness.exists()


def test_without_its_solver_folder_the_scaffold_fails_with_a_clear_error(
        tmp_path: Path, run_cli: RunCli) -> None:
    run_cli("new", "my-pack", "--python", "--dir", str(tmp_path))
    checked = run_cli("check", str(tmp_path / "my-pack.yaml"), "--data",
                      str(tmp_path / "data"))
    assert checked.code == 1
    assert "unknown solver 'my-pack-load-time'" in checked.out


@pytest.mark.parametrize("python", [False, True])
def test_the_scaffolds_card_can_be_solved_and_graded(tmp_path: Path, run_cli: RunCli,
                                                      forget_user_solvers: None,
                                                      python: bool) -> None:
    run_cli("new", "my-pack", "--dir", str(tmp_path), *(["--python"] * python))
    common = ["--packs", str(tmp_path), *(["--solvers", str(tmp_path)] * python),
              "--data", str(tmp_path / "data")]
    solved = run_cli("solve", "my-pack/checkpoint-load", *common)
    assert "load_time: 70 s" in solved.out  # 140 GB ÷ 2 GB/s
    assert "checkpoint ÷ read_speed = 140 GB ÷ 2 GB/s = 70 s" in solved.out
    wrong = run_cli("grade", "my-pack/checkpoint-load", "load_time", "560 s", *common)
    assert wrong.code == 1 and "bits-for-bytes" in wrong.out
    variant = run_cli("solve", "my-pack/checkpoint-load", "--variant", "small-model",
                      *common)
    assert "load_time: 8 s" in variant.out  # 16 GB ÷ 2 GB/s


def test_existing_files_are_not_overwritten(tmp_path: Path, run_cli: RunCli) -> None:
    assert run_cli("new", "my-pack", "--dir", str(tmp_path)).code == 0
    (tmp_path / "my-pack.yaml").write_text("mine")
    again = run_cli("new", "my-pack", "--dir", str(tmp_path))
    assert again.code == 1 and "already exists" in again.err
    assert (tmp_path / "my-pack.yaml").read_text() == "mine"
    forced = run_cli("new", "my-pack", "--dir", str(tmp_path), "--force")
    assert forced.code == 0
    assert (tmp_path / "my-pack.yaml").read_text() != "mine"


def test_a_bad_pack_id_is_a_usage_error(tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli("new", "My Pack", "--dir", str(tmp_path))
    assert result.code == 2 and "not a pack id" in result.err
    assert not any(tmp_path.iterdir())


def test_the_id_of_a_builtin_pack_is_refused(tmp_path: Path, run_cli: RunCli) -> None:
    # drill skips a pack whose id a built-in pack already has, so the scaffold would
    # never load: say so now, not after the user has written cards into it.
    result = run_cli("new", "speed-physics", "--dir", str(tmp_path))
    assert result.code == 2
    assert "speed-physics" in result.err and "built-in" in result.err
    assert not any(tmp_path.iterdir())


def test_check_takes_a_pack_with_a_builtin_id_in_the_builtin_packs_place(
    tmp_path: Path, run_cli: RunCli,
) -> None:
    # A fork of a built-in pack keeps its id: checking it checks the copy instead of the
    # built-in one, with a note that drill loads the built-in one first.
    made = run_cli("new", "mine", "--dir", str(tmp_path))
    assert made.code == 0
    pack = tmp_path / "mine.yaml"
    pack.write_text(pack.read_text(encoding="utf-8").replace("pack: mine", "pack: speed-physics"),
                    encoding="utf-8")
    checked = run_cli("check", str(pack))  # a pack of formulas: no solver folder
    assert checked.code == 0, checked.out
    note = checked.out.splitlines()[0]
    assert note.startswith(f"{pack}: note: pack id 'speed-physics'")
    assert "01-speed-physics.yaml" in note and "checked in its place" in note
    assert checked.out.splitlines()[-1].endswith(": 0 errors, 0 warnings")


def test_the_next_steps_can_be_pasted_for_a_folder_with_spaces_and_quotes(
    tmp_path: Path, run_cli: RunCli,
) -> None:
    import shlex
    import tomllib

    folder = tmp_path / 'my "drill" packs'
    made = run_cli("new", "my-pack", "--python", "--dir", str(folder))
    assert made.code == 0
    lines = made.out.splitlines()
    check = next(line for line in lines if line.strip().startswith("drill check"))
    assert shlex.split(check) == ["drill", "check", str(folder / "my-pack.yaml"),
                                  "--solvers", str(folder)]
    settings = "\n".join(line.strip() for line in lines
                         if line.strip().startswith(("packs =", "solvers =")))
    assert tomllib.loads(settings) == {"packs": [str(folder.resolve())],
                                       "solvers": [str(folder.resolve())]}


def test_the_schema_line_survives_moving_sharing_and_upgrading(
        tmp_path: Path, run_cli: RunCli) -> None:
    import re
    import shutil

    from drill.packs.schema import schema_text

    folder = tmp_path / "with space"
    assert run_cli("new", "my-pack", "--dir", str(folder)).code == 0
    # The modeline names the schema beside the pack, as the built-in packs do: no path
    # into drill's install (which names a Python version) to go stale.
    first = (folder / "my-pack.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert re.fullmatch(r"# yaml-language-server: \$schema=pack\.schema\.json", first)
    assert (folder / "pack.schema.json").read_text(encoding="utf-8") == schema_text()
    # The folder moves (or is shared) whole, and the line still finds its schema.
    moved = tmp_path / "elsewhere" / "deeper"
    shutil.move(folder, moved)
    assert (moved / "pack.schema.json").is_file()
    # A stale copy of drill's schema is refreshed by the next `drill new`; a file of
    # the user's own by that name is left alone.
    (moved / "pack.schema.json").write_text('{"title": "drill pack", "old": 1}',
                                            encoding="utf-8")
    assert run_cli("new", "other-pack", "--dir", str(moved)).code == 0
    assert (moved / "pack.schema.json").read_text(encoding="utf-8") == schema_text()
    (moved / "pack.schema.json").write_text('{"title": "mine"}', encoding="utf-8")
    assert run_cli("new", "third-pack", "--dir", str(moved)).code == 0
    assert (moved / "pack.schema.json").read_text(encoding="utf-8") == '{"title": "mine"}'
