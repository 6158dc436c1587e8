"""The data folder holding odd things: a pipe or a folder where a file belongs, a
settings folder name with an unknown user's ``~``. Each is one line naming the file;
nothing waits forever and nothing is written over."""

from __future__ import annotations

import errno
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from drill.config.settings import SettingsError, load_settings
from drill.storage.database import open_database
from drill.storage.errors import StorageError

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def pipe(tmp_path: Path) -> Iterator[Callable[[Path], Path]]:
    """Makes named pipes. Should the code under test open one and wait for a writer, a
    helper opens the other end (and closes it) so the test ends instead of hanging."""
    made: list[Path] = []
    done = threading.Event()

    def unblock() -> None:
        while not done.wait(0.05):
            for fifo in made:
                try:
                    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
                except OSError as error:
                    if error.errno != errno.ENXIO:  # ENXIO: nobody is reading it
                        raise

    helper = threading.Thread(target=unblock, daemon=True)
    helper.start()

    def make(path: Path) -> Path:
        os.mkfifo(path)
        made.append(path)
        return path

    yield make
    done.set()
    helper.join()


def test_a_pipe_for_the_database_is_refused_without_opening_it(
        tmp_path: Path, pipe: Callable[[Path], Path]) -> None:
    path = pipe(tmp_path / "drill.sqlite3")
    with pytest.raises(StorageError, match="is not a regular file") as caught:
        open_database(path)
    assert str(caught.value).startswith(str(path))


def test_a_folder_for_the_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    path.mkdir()
    with pytest.raises(StorageError, match="is not a regular file"):
        open_database(path)
    assert path.is_dir() and not any(path.iterdir())


def test_a_pipe_for_the_settings_is_refused_without_opening_it(
        data: Path, pipe: Callable[[Path], Path], run_cli: Run) -> None:
    pipe(data / "settings.toml")
    with pytest.raises(SettingsError, match=r"settings\.toml: is not a regular file"):
        load_settings(data)
    code, _out, err = run_cli("list")
    assert code == 2
    assert err.strip().endswith("settings.toml: is not a regular file (a folder, pipe or device)")


@pytest.mark.parametrize("key", ["packs", "solvers"])
def test_a_home_folder_that_cannot_be_found_is_a_settings_error(
        data: Path, run_cli: Run, key: str) -> None:
    (data / "settings.toml").write_text(f'{key} = ["~no-such-user-zq/x"]\n', encoding="utf-8")
    code, _out, err = run_cli("list")
    assert code == 2
    assert err == (f"drill list: error: {data / 'settings.toml'}: {key}: cannot find the "
                   f"home folder in '~no-such-user-zq/x'\n")


LONG = "a" * 300  # longer than any file system allows for one name


@pytest.mark.parametrize(("key", "kind"), [("packs", "pack"), ("solvers", "solver")])
def test_a_settings_folder_name_too_long_to_look_up_is_a_missing_folder(
        data: Path, run_cli: Run, key: str, kind: str) -> None:
    (data / "settings.toml").write_text(f'{key} = ["{LONG}"]\n', encoding="utf-8")
    code, out, err = run_cli("list")
    assert code == 0
    assert f"{data / LONG}: error: no such {kind} folder" in err
    assert "speed-physics/q1" in out


@pytest.mark.parametrize("argv", [["list", "--packs", LONG], ["check", "--solvers", LONG],
                                  ["check", LONG], ["check", f"{LONG}/pack.yaml"]])
def test_a_command_line_path_too_long_to_look_up_is_a_usage_error(
        run_cli: Run, argv: list[str]) -> None:
    code, _out, err = run_cli(*argv)
    assert code == 2
    assert "no such" in err and "unexpected" not in err


def test_saving_a_setting_writes_through_a_symlinked_settings_file(tmp_path: Path) -> None:
    from drill.config.settings import save_string_setting

    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "drill.toml"
    real.write_text('# mine\ntheme = "nord"\n', encoding="utf-8")
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").symlink_to(real)
    save_string_setting(data, "theme", "dracula")
    assert (data / "settings.toml").is_symlink()
    assert real.read_text(encoding="utf-8") == '# mine\ntheme = "dracula"\n'


def test_saving_a_setting_whose_value_spans_lines_replaces_just_that_value(data: Path) -> None:
    from drill.config.settings import load_settings, save_string_setting

    text = 'theme = """\nnord"""\ntimer_seconds = 45  # short\n'
    (data / "settings.toml").write_text(text, encoding="utf-8")
    save_string_setting(data, "theme", "dracula")  # a TOML editor, not a line editor
    saved = (data / "settings.toml").read_text(encoding="utf-8")
    assert saved == 'theme = "dracula"\ntimer_seconds = 45  # short\n'
    assert load_settings(data).theme == "dracula"
