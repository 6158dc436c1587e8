"""Where packs and solver code come from: a broken user pack or solver module does not
stop the others, and a YAML file never causes code to load."""

from __future__ import annotations

import textwrap
from pathlib import Path

from drill.config.settings import Settings
from drill.solving.solver_modules import load_solver_folders, load_solver_module, module_name
from drill.solving.sources import load_sources, resolve_sources
from testkit import RunCli

PACK = """\
pack: {pack}
title: A user pack
cards:
  - id: {card}
    title: Reading {{size}}
    priority: solid
    scenario: "Read {{size}} at {{speed}}: {{size}} ÷ {{speed}} ≈ {{time:8 s}}."
    solver: {solver}
    givens:
      size: 16 GB
      speed: 2 GB/s
    asks:
      - id: time
        question: How long?
        unit: s
"""

SOLVER = """\
from drill.solving.registry import solver


@solver("{solver}", size="GB", speed="GB/s")
def read_time(size, speed):
    \"\"\"Bytes over speed.\"\"\"
    return {{"time": size / speed}}
"""


def write_pack(folder: Path, pack: str, solver: str, card: str = "read") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{pack}.yaml"
    path.write_text(PACK.format(pack=pack, card=card, solver=solver), encoding="utf-8")
    return path


def write_solver(folder: Path, name: str, solver: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    path.write_text(SOLVER.format(solver=solver), encoding="utf-8")
    return path


def test_a_broken_solver_module_is_one_error_and_the_rest_still_works(
    tmp_path: Path, forget_user_solvers: None
) -> None:
    folder = tmp_path / "mine"
    write_solver(folder, "good", "t-good-read")
    broken = folder / "broken.py"
    broken.write_text("from drill.solving.registry import solver\n\ndef oops(:\n    pass\n")
    problems = load_solver_folders([folder])
    assert [str(p.location) for p in problems] == [f"{broken}:3:10"]
    assert "SyntaxError" in problems[0].message
    from drill.solving.registry import REGISTRY, load_builtin_solvers

    load_builtin_solvers()

    assert "t-good-read" in REGISTRY


def test_a_module_that_raises_names_its_line(tmp_path: Path, forget_user_solvers: None) -> None:
    path = tmp_path / "raises.py"
    path.write_text("x = 1\nraise RuntimeError('no GPU here')\n")
    problem = load_solver_module(path)
    assert problem is not None
    assert str(problem.location) == f"{path}:2:1"
    assert "RuntimeError: no GPU here" in problem.message


def test_a_solver_name_already_taken_names_the_file(tmp_path: Path,
                                                    forget_user_solvers: None) -> None:
    path = write_solver(tmp_path, "clash", "decode-floor")
    problem = load_solver_module(path)
    assert problem is not None and str(path) in str(problem.location)
    assert "already registered (by drill.builtin_solvers.speed_physics)" in problem.message


def test_loading_again_replaces_an_edited_module(tmp_path: Path,
                                                 forget_user_solvers: None) -> None:
    from drill.solving.registry import REGISTRY, load_builtin_solvers

    load_builtin_solvers()

    path = write_solver(tmp_path, "mod", "t-edited")
    assert load_solver_module(path) is None
    first = REGISTRY["t-edited"].function
    path.write_text(SOLVER.format(solver="t-edited").replace("size / speed", "2 * size / speed"))
    assert load_solver_module(path) is None
    assert REGISTRY["t-edited"].function is not first
    assert REGISTRY["t-edited"].module == module_name(path)


def test_a_pack_beside_python_never_runs_it_unless_the_folder_is_named(
        tmp_path: Path, run_cli: RunCli, forget_user_solvers: None) -> None:
    folder = tmp_path / "packs"
    write_pack(folder, "mine", "t-sneaky")
    marker = tmp_path / "ran"
    (folder / "sneaky.py").write_text(
        f"open({str(marker)!r}, 'w').write('code ran')\n" + SOLVER.format(solver="t-sneaky"))
    result = run_cli("solve", "mine/read", "--data", str(tmp_path / "data"),
                     "--packs", str(folder))
    assert result.code == 1
    assert "unknown solver 't-sneaky'" in result.err
    assert not marker.exists()
    named = run_cli("solve", "mine/read", "--data", str(tmp_path / "data"),
                    "--packs", str(folder), "--solvers", str(folder))
    assert named.code == 0, named.err
    assert "time: 8 s" in named.out
    assert marker.exists()


def test_a_user_pack_with_an_error_does_not_stop_the_others(
        tmp_path: Path, run_cli: RunCli, forget_user_solvers: None) -> None:
    folder = tmp_path / "packs"
    write_pack(folder, "good-one", "t-read")
    bad = write_pack(folder, "bad-one", "t-read").read_text().replace("{time:8 s}", "{time:8 s")
    (folder / "bad-one.yaml").write_text(bad)
    write_solver(folder, "reader", "t-read")
    (folder / "zz_broken.py").write_text("raise ImportError('missing dependency')\n")
    result = run_cli("list", "--data", str(tmp_path / "data"), "--packs", str(folder),
                     "--solvers", str(folder))
    assert result.code == 0, result.err
    assert "good-one/read" in result.out
    assert "speed-physics/q1" in result.out  # the built-in packs too
    assert "bad-one.yaml:7:" in result.err and "without its '}'" in result.err
    assert "zz_broken.py:1:1" in result.err and "missing dependency" in result.err
    solved = run_cli("solve", "good-one/read", "--data", str(tmp_path / "data"),
                     "--packs", str(folder), "--solvers", str(folder))
    assert solved.code == 0 and "time: 8 s" in solved.out


def test_settings_name_pack_and_solver_folders_relative_to_the_data_folder(
    tmp_path: Path, run_cli: RunCli, forget_user_solvers: None,
) -> None:
    data = tmp_path / "data"
    write_pack(data / "shared", "shared-pack", "t-shared")
    write_solver(data / "code", "shared", "t-shared")
    write_pack(data / "packs", "home-pack", "t-shared", card="home")
    (data / "settings.toml").write_text(textwrap.dedent("""\
        packs = ["shared", "nowhere"]
        solvers = ["code"]
    """))
    result = run_cli("solve", "shared-pack/read", "--data", str(data))
    assert result.code == 0, result.err
    assert "time: 8 s" in result.out
    assert "nowhere: error: no such pack folder" in result.err
    home = run_cli("solve", "home-pack/home", "--data", str(data))  # <data>/packs
    assert home.code == 0, home.err


def test_sources_keep_each_folder_once_in_order(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "packs").mkdir(parents=True)
    (tmp_path / "extra").mkdir()
    settings = Settings(packs=("packs", str(tmp_path / "extra")), solvers=("code",))
    sources = resolve_sources(data, settings, [tmp_path / "extra"], [tmp_path / "s"])
    assert sources.pack_folders == (data / "packs", tmp_path / "extra")
    assert sources.solver_folders == (data / "code", tmp_path / "s")


def test_a_missing_solver_folder_is_a_diagnostic_not_a_crash(tmp_path: Path) -> None:
    sources = resolve_sources(tmp_path, Settings(solvers=("gone",)))
    library = load_sources(sources)
    assert any("no such solver folder" in d.message for d in library.diagnostics)
    assert library.card("speed-physics/q1") is not None


def test_a_folder_under_an_unknown_users_home_is_a_missing_folder_not_a_crash(
    tmp_path: Path,
) -> None:
    # "~someone" names another user's home; expanding it fails when there is no such user.
    unknown = "~no-such-user-of-drill-tests"
    settings = Settings(packs=(f"{unknown}/packs",), solvers=(f"{unknown}/code",))
    sources = resolve_sources(tmp_path, settings)
    library = load_sources(sources)
    problems = [str(d) for d in library.diagnostics]
    assert any(unknown in p and "no such pack folder" in p for p in problems), problems
    assert any(unknown in p and "no such solver folder" in p for p in problems), problems
    assert library.card("speed-physics/q1") is not None
