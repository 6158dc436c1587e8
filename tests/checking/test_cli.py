"""The pack commands from the command line: check, list, show, solve; output and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drill.cli import COMMANDS
from drill.packs.locate import builtin_packs_dir, pack_files
from testkit import RunCli

SAMPLES = Path(__file__).resolve().parents[1] / "packs" / "samples"


def test_pack_commands_are_registered() -> None:
    assert {"check", "listing", "show", "solve"} <= set(COMMANDS)


# -- check -----------------------------------------------------------------------------
def test_check_without_paths_checks_the_builtin_packs(run_cli: RunCli) -> None:
    code, out, err = run_cli("check")
    count = len(pack_files(builtin_packs_dir()))
    assert out.splitlines()[-1].startswith(f"{count} pack")
    assert out.splitlines()[-1].endswith(": 0 errors, 0 warnings"), out
    assert code == 0 and "Traceback" not in out + err


def test_an_unknown_solver_says_how_to_load_one(run_cli: RunCli, tmp_path: Path) -> None:
    pack = (Path(__file__).parent / "malformed" / "19-unknown-solver.yaml").read_text()
    path = tmp_path / "mine.yaml"
    path.write_text(pack.replace("sample-decoder", "queue-time-model"), encoding="utf-8")
    code, out, _ = run_cli("check", str(path))
    assert code == 1
    (error,) = [line for line in out.splitlines() if ": error: " in line]
    assert error.startswith(f"{path}:9:13: error: solver/one: unknown solver "
                            "'queue-time-model'")
    assert error.endswith(": a solver of your own loads from a folder named with "
                          "--solvers DIR (or 'solvers' in settings.toml)")


def test_check_a_missing_path_is_a_usage_error(run_cli: RunCli, tmp_path: Path) -> None:
    code, out, err = run_cli("check", str(tmp_path / "nope.yaml"))
    assert code == 2
    assert "no such file or folder" in err and out == ""


def test_check_a_folder_without_packs_is_a_usage_error(run_cli: RunCli, tmp_path: Path) -> None:
    code, _, err = run_cli("check", str(tmp_path))
    assert code == 2 and "no pack files" in err


def test_check_summary_counts(run_cli: RunCli) -> None:
    code, out, _ = run_cli("check", str(SAMPLES / "demo.yaml"))
    assert code == 0
    assert out == "1 pack, 4 cards, 6 asks: 0 errors, 0 warnings\n"


def test_check_reads_a_file_named_twice_once(run_cli: RunCli, tmp_path: Path) -> None:
    # Named on its own and again through its folder: one pack, not a clash with itself.
    path = tmp_path / "demo.yaml"
    path.write_text((SAMPLES / "demo.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run_cli("check", str(path), str(tmp_path / "." / "demo.yaml"),
                           "--packs", str(tmp_path))
    assert out == "1 pack, 4 cards, 6 asks: 0 errors, 0 warnings\n"
    assert code == 0


def test_check_warnings_do_not_fail(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("pack: empty\ntitle: Empty\ncards: []\n")
    code, out, _ = run_cli("check", str(path))
    assert code == 0
    assert f"{path}:3:8: warning: the pack has no cards" in out
    assert out.splitlines()[-1] == "1 pack, 0 cards, 0 asks: 0 errors, 1 warning"


# -- list ------------------------------------------------------------------------------
def test_list_json_shape(run_cli: RunCli) -> None:
    code, out, _ = run_cli("list", "--json", "--packs", str(SAMPLES))
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"packs", "cards", "diagnostics"}
    demo = [card for card in data["cards"] if card["pack"] == "demo"]
    assert [card["key"] for card in demo] == ["demo/floor", "demo/floor-doubled", "demo/amdahl",
                                              "demo/batch"]
    floor = demo[0]
    assert floor["title"] == "How fast can one user decode?"
    assert floor["priority"] == "priority"
    assert floor["lessons"] == [1, 2]
    assert floor["follow_up"] == "demo/floor-doubled" and floor["parent"] is None
    assert demo[1]["parent"] == "demo/floor"
    assert floor["asks"] == [
        {"id": "decode_floor", "question": "What is the shortest decode step?", "unit": "ms"},
        {"id": "max_tokens_per_s", "question": "How many tokens per second at most?",
         "unit": "tokens/s"},
    ]
    assert {"id": "demo", "title": "Demo pack", "cards": 4} .items() <= next(
        p for p in data["packs"] if p["id"] == "demo").items()


def test_list_text_has_one_line_per_card(run_cli: RunCli) -> None:
    code, out, _ = run_cli("list", "--packs", str(SAMPLES))
    assert code == 0
    line = next(entry for entry in out.splitlines() if entry.startswith("demo/floor-doubled"))
    assert "solid" in line and "1 ask" in line and "follow-up of demo/floor" in line


def test_list_with_a_missing_packs_folder_is_a_usage_error(run_cli: RunCli,
                                                          tmp_path: Path) -> None:
    code, _, err = run_cli("list", "--packs", str(tmp_path / "nope"))
    assert code == 2 and "no such folder" in err


def test_a_pack_file_given_to_packs_is_named_as_a_file(run_cli: RunCli, tmp_path: Path) -> None:
    # The file is there: "no such folder" sent the user looking for a typo.
    for option in ("--packs", "--solvers"):
        code, _, err = run_cli("list", option, str(SAMPLES / "demo.yaml"))
        assert code == 2
        assert f"{option} {SAMPLES / 'demo.yaml'}: a file, not a folder" in err


def test_list_keeps_good_cards_when_a_pack_is_broken(run_cli: RunCli, tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("pack: bad\ntitle: [\n")
    (tmp_path / "good.yaml").write_text(
        "pack: good\ntitle: Good\ncards:\n  - {id: a, title: A, priority: solid, scenario: S}\n")
    code, out, err = run_cli("list", "--packs", str(tmp_path))
    assert code == 0
    assert "good/a" in out
    assert "bad.yaml:" in err and "drill check" in err


# -- show ------------------------------------------------------------------------------
def test_show_prints_the_whole_card(run_cli: RunCli) -> None:
    code, out, _ = run_cli("show", "demo/floor", "--packs", str(SAMPLES))
    assert code == 0
    for expected in (
        "demo/floor · How fast can one user decode?",
        "lessons 1, 2",
        "Scenario", "3.35 TB/s of memory bandwidth",
        "• Every step reads all 16 GB of weights",
        "Key numbers", "step floor = model bytes ÷ bandwidth",
        "Tip", "Bytes go over bandwidth",
        "Follow-up", "demo/floor-doubled · And with twice the bandwidth?",
        "Givens (solver sample-decode)", "peak_flops  989 TFLOPS",
        "decode_floor: What is the shortest decode step?",
        "reference 4.78 ms", "the card says ≈ 4.8 ms",
        "mistake bytes-over-flops → 1.62 × 10⁻⁵ bytes·s/FLOP",
        "reference 209 tokens/s",
    ):
        assert expected in out, expected


def test_show_unknown_card_suggests(run_cli: RunCli) -> None:
    code, out, err = run_cli("show", "demo/flor", "--packs", str(SAMPLES))
    assert code == 2 and out == ""
    assert "no card 'demo/flor'" in err and "demo/floor" in err


# -- solve -----------------------------------------------------------------------------
def test_solve_prints_references_mistakes_and_working(run_cli: RunCli) -> None:
    code, out, _ = run_cli("solve", "demo/floor", "--packs", str(SAMPLES))
    assert code == 0
    assert "decode_floor: 4.78 ms" in out
    assert "weights ÷ bandwidth = 16 GB ÷ 3.35 TB/s = 4.78 ms" in out
    assert "mistake bytes-over-flops:" in out


def test_solve_set_recomputes(run_cli: RunCli) -> None:
    code, out, _ = run_cli("solve", "demo/floor", "--packs", str(SAMPLES),
                           "--set", "bandwidth=4.8 TB/s")
    assert code == 0
    assert "decode_floor: 3.33 ms" in out  # 16 GB ÷ 4.8 TB/s
    assert "bandwidth   4.8 TB/s   (set)" in out


def test_solve_json_with_set(run_cli: RunCli) -> None:
    code, out, _ = run_cli("solve", "demo/amdahl", "--json", "--packs", str(SAMPLES),
                           "--set", "local_speedup=2x")
    assert code == 0
    data = json.loads(out)
    assert data["card"] == "demo/amdahl" and data["solver"] == "sample-amdahl"
    assert data["givens"]["local_speedup"] == {"text": "2x", "value": 2.0, "dim": {},
                                               "set": True}
    (ask,) = data["asks"]
    # 1 / (0.7 + 0.3 / 2) = 1.176...
    assert ask["reference"]["value"] == pytest.approx(1 / 0.85)
    assert ask["reference"]["text"] == "1.18×"
    assert ask["mistakes"][0]["id"] == "local-speedup"
    assert ask["mistakes"][0]["result"]["value"] == 2.0
    assert set(data["results"]) == {"overall_speedup", "local_speedup"}


@pytest.mark.parametrize(
    ("setting", "message"),
    [("bandwidth", "NAME=VALUE"), ("bandwith=4 TB/s", "no given named 'bandwith'"),
     ("bandwidth=4 TB", "needs a bandwidth"), ("bandwidth=4 TBx/s", "cannot be read"),
     ("bandwidth=0 TB/s", "division by zero")],  # the card solves; the --set does not
)
def test_solve_bad_set_is_a_usage_error(run_cli: RunCli, setting: str, message: str) -> None:
    code, out, err = run_cli("solve", "demo/floor", "--packs", str(SAMPLES), "--set", setting)
    assert code == 2 and out == ""
    assert message in err


def test_solve_unknown_card_is_a_usage_error(run_cli: RunCli) -> None:
    code, _, err = run_cli("solve", "nothing-like-it", "--packs", str(SAMPLES))
    assert code == 2 and "no card" in err
