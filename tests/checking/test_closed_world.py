"""The closed world: a figure written out in a card's prose must be accounted for.

Each planted error edits a copy of a built-in pack (same pack id, checked in the built-in
pack's place); the expected line and column are found in the edited text itself, and the
expected values are worked by hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from drill.checking.closed_world import Candidate, unaccounted
from drill.checking.figures import find_figures
from drill.packs.locate import builtin_packs_dir
from drill.quantities.parsing import read

Run = Callable[..., tuple[int, str, str]]
SPEED = builtin_packs_dir() / "01-speed-physics.yaml"
SERVING = builtin_packs_dir() / "02-serving-math.yaml"


def _position(text: str, needle: str) -> tuple[int, int]:
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(f"{needle!r} is not in the pack")


def _planted(run_cli: Run, tmp_path: Path, source: Path, old: str, new: str
             ) -> tuple[int, list[str], str, Path]:
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    path = tmp_path / source.name
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli("check", str(path))
    assert "Traceback" not in out + err
    return code, out.splitlines(), text, path


def _errors(lines: list[str]) -> list[str]:
    return [line for line in lines if ": error: " in line]


def test_an_unchanged_copy_of_a_builtin_pack_checks_clean_with_a_note(
        run_cli: Run, tmp_path: Path) -> None:
    code, lines, _, path = _planted(run_cli, tmp_path, SPEED, "pack: speed-physics",
                                    "pack: speed-physics")
    assert code == 0, lines
    assert lines[0].startswith(f"{path}: note: pack id 'speed-physics' is the built-in")
    assert lines[-1] == "1 pack, 14 cards, 29 asks: 0 errors, 0 warnings"


def test_a_figure_off_by_forty_percent_in_plain_prose_is_reported_where_it_is(
        run_cli: Run, tmp_path: Path) -> None:
    # 4.8 ms × 1.4 ≈ 6.7 ms. The nearest result is prefill_time, 8.09 ms:
    # ln(8.09 / 6.7) = 0.19 against ln(6.7 / 4.78) = 0.34 for decode_floor.
    code, lines, text, path = _planted(run_cli, tmp_path, SPEED,
                                       "real kernels run below peak on either clock.",
                                       "a decode step of 6.7 ms is slower than that.")
    assert code == 1
    line, column = _position(text, "6.7 ms is slower")
    errors = _errors(lines)
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"{path}:{line}:{column}: error: speed-physics/q2: answer[2]: ")
    assert "6.7 ms here, and prefill_time is 8.09 ms" in errors[0]
    assert "write {prefill_time:8.09 ms} or fix the figure" in errors[0]


def test_a_scenario_count_off_is_caught_in_the_scenario_and_the_answer(
        run_cli: Run, tmp_path: Path) -> None:
    # The stalled users became a given ({users}); a written-out 42 users is not it.
    code, lines, text, _ = _planted(run_cli, tmp_path, SPEED,
                                    "And with {users} mid-stream", "And with 42 users mid-stream")
    assert code == 1
    line, column = _position(text, "42 users")
    assert any(f":{line}:{column}: error: " in e and "42 users here" in e
               for e in _errors(lines)), lines


def test_a_figure_named_as_wrong_needs_its_marker(run_cli: Run, tmp_path: Path) -> None:
    # "not 50 s" names a slip no formula works out: marked, it passes; unmarked, it is 10×
    # off the 500 s that losing a power of ten in the 5,000 s of a million tokens gives.
    slip = "not {power_slip_time:500 s}"
    code, lines, _, _ = _planted(run_cli, tmp_path, SPEED, slip, "not {50 s|wrong}")
    assert code == 0, lines
    code, lines, _, _ = _planted(run_cli, tmp_path, SPEED, slip, "not 50 s")
    assert code == 1
    (error,) = _errors(lines)
    assert "speed-physics/q6: tip: 50 s here, and power_slip_time is 8.33 min" in error
    assert "10× too small" in error


def test_a_figure_with_nothing_near_says_how_to_account_for_it(run_cli: Run,
                                                                tmp_path: Path) -> None:
    code, lines, _, _ = _planted(run_cli, tmp_path, SPEED, "not {power_slip_time:500 s}",
                                 "not 500 kW")
    assert code == 1
    (error,) = _errors(lines)
    assert "speed-physics/q6: tip: no given or result is 500 kW: make it a given, or mark" in error
    assert "{500 kW|constant: why}" in error


def test_a_marker_with_an_unknown_reason_is_a_located_error(run_cli: Run, tmp_path: Path) -> None:
    code, lines, text, _ = _planted(run_cli, tmp_path, SPEED, "not {power_slip_time:500 s}",
                                    "not {500 s|because}")
    assert code == 1
    line, column = _position(text, "{500 s|because}")
    (error,) = _errors(lines)
    assert f":{line}:{column}: error: " in error
    assert "'because' is not a reason" in error and "constant" in error


def test_a_constant_marked_in_a_card_with_variants_is_reported_in_none_of_them(
        run_cli: Run, tmp_path: Path) -> None:
    # q1 has four variants; a PCIe figure is the same on every GPU.
    code, lines, _, _ = _planted(
        run_cli, tmp_path, SPEED, "which is what speculative decoding does.",
        "which is what speculative decoding does. Loading them over PCIe Gen4 moves about "
        "{25 GB/s|constant: PCIe Gen4 x16, usable}.")
    assert code == 0, lines


def test_a_figure_a_variant_changes_is_reported_once_per_variant(
        run_cli: Run, tmp_path: Path) -> None:
    # 3.35 TB/s is the base's bandwidth, so the base accounts for it; each of q1's three
    # variants with another GPU changes it: one error each, the stale-figure one.
    code, lines, text, _ = _planted(
        run_cli, tmp_path, SPEED, "which is what speculative decoding does.",
        "which is what speculative decoding does. The bus moves 3.35 TB/s.")
    assert code == 1
    line, column = _position(text, "3.35 TB/s.")
    at = [e for e in _errors(lines) if f":{line}:{column}: " in e]
    assert len(at) == 3, at
    assert {e.split("[variant ")[1].split("]")[0] for e in at} == {"a100", "h20",
                                                                  "mistral-h100-pcie"}
    assert all("changes in this variant" in e for e in at)


def test_json_output_is_one_object_per_finding_and_a_summary(run_cli: Run,
                                                             tmp_path: Path) -> None:
    _planted(run_cli, tmp_path, SPEED, "not {power_slip_time:500 s}", "not 50 s")
    code, out, _ = run_cli("check", str(tmp_path / SPEED.name), "--json")
    assert code == 1
    document = json.loads(out)
    (finding,) = document["findings"]
    assert {"file", "line", "column", "severity", "code", "message"} <= set(finding)
    assert finding["code"] == "unaccounted-figure" and finding["severity"] == "error"
    assert document["summary"] == {"packs": 1, "cards": 14, "asks": 29, "errors": 1,
                                   "warnings": 0}
    assert len(document["notes"]) == 1


def test_names_are_not_figures() -> None:
    names = ("Llama 3 8B", "H100")
    text = "Llama 3 8B on an H100 in BF16 and FP8, as in Q1 of pack 01 and lesson 4, the 2nd try"
    assert find_figures(text, names) == []


def _candidate(name: str, text: str) -> Candidate:
    return Candidate(name, read(text).value, text, "result")


def _open(text: str, *candidates: Candidate) -> list[str]:
    return [u.figure.text for u in unaccounted(text, [(0, len(text))], list(candidates), (), [])]


def test_a_figure_holds_to_the_precision_it_is_written_with() -> None:
    mbu = _candidate("mbu", "74.6%")
    # 74.6% rounds to 75%, never to 74%; 4.78 ms may be written 4.8 ms or 5 ms, not 4.7 ms.
    assert _open("an MBU of 75%", mbu) == []
    assert _open("an MBU of 74%", mbu) == ["74%"]
    floor = _candidate("decode_floor", "4.78 ms")
    assert _open("about 4.8 ms, call it 5 ms", floor) == []
    assert _open("about 4.7 ms", floor) == ["4.7 ms"]
    # A whole number is exact: 2,000 is not 2,100.
    assert _open("2,000 tokens/s", _candidate("rate", "2,100 tokens/s")) == ["2,000 tokens/s"]


def test_units_convert_and_bare_numbers_may_be_written_in_another_unit() -> None:
    weights = _candidate("weights", "16 GB")
    assert _open("16,000 MB, or 16 (in GB)", weights) == []
    assert _open("an hour is 3,600 s") == []


def test_a_factor_of_a_product_may_carry_its_own_unit() -> None:
    # "× 720 h": a month in hours, the given written as 30 days (720 h = 30 × 24 h).
    given = (_candidate("gpus", "16"), _candidate("period", "30 day"), _candidate("rate", "$4/h"))
    assert _open("16 × $4/h × 720 h of rent", *given) == []
    assert _open("16 × $4/h × 700 h of rent", *given) == ["700"]
    # The product's own unit is read as before: 8,000 bare, as a factor of the FLOPs.
    assert _open("2 × 8,000 FLOP", _candidate("tokens", "8,000 tokens")) == []


def test_a_percent_after_a_times_sign_is_the_numbers_own() -> None:
    # "2,200 × 98%" is 98% of 2,200: the share is 0.98 of the card's, never a bare 98.
    share = _candidate("ok", "98%")
    figure = find_figures("2,200 × 98% of them")[1]
    assert figure.value.value == 0.98
    assert _open("2,200 × 98% of them", _candidate("rate", "2,200"), share) == []


def test_a_holding_equation_accounts_for_what_it_derives() -> None:
    weights, bandwidth = _candidate("weights", "16 GB"), _candidate("bandwidth", "3.35 TB/s")
    # 16 GB ÷ 3.35 TB/s = 4.776 ms: derived, though no candidate is 4.78 ms.
    assert _open("so 16 GB ÷ 3.35 TB/s ≈ 4.78 ms per step", weights, bandwidth) == []
    # Without the bandwidth as a candidate nothing anchors the equation.
    assert _open("so 16 GB ÷ 3.35 TB/s ≈ 4.78 ms per step", weights) == ["3.35 TB/s",
                                                                         "4.78 ms per step"]


@pytest.mark.parametrize("source", [SPEED, SERVING])
def test_removing_a_marker_makes_its_figure_an_error(run_cli: Run, tmp_path: Path,
                                                     source: Path) -> None:
    old, new = {SPEED: ("{1 FLOP/byte|constant: two FLOPs per two-byte weight}",
                        "1.5 FLOP/byte"),
                SERVING: ("{10%|example}", "10%")}[source]
    code, lines, _, _ = _planted(run_cli, tmp_path, source, old, new)
    assert code == 1
    assert len(_errors(lines)) == 1, lines
