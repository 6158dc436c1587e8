"""``drill completion SHELL`` prints a script for that shell, and the completions it asks
drill for include commands, options and the card keys of the packs."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest


def drill(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "drill", *args], capture_output=True,
                          text=True, timeout=60, env={**os.environ, **(env or {})}, check=False)


@pytest.mark.parametrize(("shell", "marker"), [
    ("bash", "complete -o nospace -o default -o bashdefault -F"),
    ("zsh", "#compdef drill"),
    ("fish", "complete --command drill"),
])
def test_completion_prints_a_script_for_each_shell(shell: str, marker: str) -> None:
    done = drill("completion", shell)
    assert done.returncode == 0, done.stderr
    assert marker in done.stdout


def test_an_unknown_shell_is_a_usage_error() -> None:
    done = drill("completion", "tcsh")
    assert done.returncode == 2 and "invalid choice" in done.stderr


def completions(tmp_path: Path, line: str) -> list[str]:
    """What drill answers the completion script for the command line ``line``."""
    out = tmp_path / "completions"
    done = drill(env={"_ARGCOMPLETE": "1", "COMP_LINE": line, "COMP_POINT": str(len(line)),
                      "_ARGCOMPLETE_IFS": "\n", "_ARGCOMPLETE_STDOUT_FILENAME": str(out),
                      "DRILL_HOME": str(tmp_path / "data")})
    assert done.returncode == 0, done.stderr
    return [item.strip() for item in out.read_text().splitlines()]


def test_commands_options_and_card_keys_are_completed(tmp_path: Path) -> None:
    assert completions(tmp_path, "drill sta") == ["stats"]
    assert "--json" in completions(tmp_path, "drill stats --")
    keys = completions(tmp_path, "drill show speed-physics/q1")
    assert keys == ["speed-physics/q1", "speed-physics/q1-follow-up"]
    assert "serving-math/little" in completions(tmp_path, "drill grade serving-math/")


APP_PACKS = Path(__file__).resolve().parents[1] / "app" / "packs"
PACKS_WORD = shlex.quote(str(APP_PACKS))  # as typed, wherever the clone is


def test_card_keys_come_from_packs_given_before_the_command(tmp_path: Path) -> None:
    keys = completions(tmp_path, f"drill --packs {PACKS_WORD} show app-demo/")
    assert "app-demo/floor" in keys and "app-demo/amdahl" in keys
    assert "app-demo/floor" in completions(tmp_path, f"drill show --packs {PACKS_WORD} app-d")


def test_card_keys_come_from_packs_settings_names(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "settings.toml").write_text(f"packs = [{str(APP_PACKS)!r}]\n")
    assert "app-demo/amdahl" in completions(tmp_path, "drill show app-demo/")


def test_a_damaged_settings_file_still_completes_built_in_card_keys(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "settings.toml").write_text("packs = [\n")
    assert completions(tmp_path, "drill explain speed-physics/q1-") == [
        "speed-physics/q1-follow-up"]


def test_explain_completes_card_keys(tmp_path: Path) -> None:
    assert completions(tmp_path, "drill explain speed-physics/q1") == [
        "speed-physics/q1", "speed-physics/q1-follow-up"]


def test_the_chosen_cards_asks_and_variants_are_completed(tmp_path: Path) -> None:
    asks = completions(tmp_path, "drill grade speed-physics/q1 ")
    assert {"decode_floor", "max_tokens_per_s"} <= set(asks)
    # Beside the options, the asks and nothing else (no file names).
    assert {item for item in asks if not item.startswith("-")} == {
        "decode_floor", "max_tokens_per_s"}
    answer = completions(tmp_path, "drill grade speed-physics/q1 decode_floor ")
    assert "--variant" in answer and all(item.startswith("-") for item in answer)
    assert completions(tmp_path, "drill show q1 --variant ") == [
        "base", "a100", "h20", "qwen-h100", "mistral-h100-pcie"]
    assert completions(tmp_path, "drill grade q1 --variant a") == ["a100"]


def test_packs_gpus_and_exercises_are_completed(tmp_path: Path) -> None:
    assert completions(tmp_path, "drill export --pack serving-") == [
        "serving-math", "serving-engine"]
    assert completions(tmp_path, "drill roofline --gpu H1") == ["H100", "H100-PCIe"]
    assert completions(tmp_path, "drill exercise start a") == ["amdahl"]
    assert completions(tmp_path, "drill exercise check r") == ["roofline"]


def test_the_zsh_script_loads_compinit_when_it_is_missing() -> None:
    lines = drill("completion", "zsh").stdout.splitlines()
    assert lines[0] == "#compdef drill"  # still the tag, for a copy in $fpath
    assert "(( $+functions[compdef] )) || { autoload -Uz compinit && compinit; }" in lines
    assert lines.index("(( $+functions[compdef] )) || { autoload -Uz compinit && compinit; }"
                       ) < next(i for i, line in enumerate(lines) if "compdef _python" in line)



def test_the_zsh_script_lists_names_without_a_description_as_plain_names() -> None:
    """argcomplete gives zsh "name:" for a name with no description; the script cuts the
    empty description just before zsh's _describe lists the names."""
    lines = drill("completion", "zsh").stdout.splitlines()
    describe = next(i for i, line in enumerate(lines) if line.strip().startswith("_describe"))
    assert lines[describe - 1].strip() == 'completions=("${completions[@]%:}")'


def test_folder_options_offer_folders_only(tmp_path: Path) -> None:
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs.txt").write_text("a file, not a folder of packs\n")
    assert completions(tmp_path, f"drill --packs {tmp_path}/pa") == [f"{tmp_path}/packs/"]
    assert completions(tmp_path, f"drill show --data {tmp_path}/pa") == [f"{tmp_path}/packs/"]
