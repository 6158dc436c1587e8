"""The JSON Schema and the loader give the same verdict on a pack's structure.

A property test: start from a valid pack (the scaffold), put a generated value in one
structural field, and ask both judges. The schema is what editors use to underline a pack
as it is typed; if it accepts what ``drill check`` refuses, or refuses what drill accepts,
an author is told two different things about the same file. The fields mutated here are the
ones whose validity is purely a matter of form (ids, tolerances, priorities, lesson
numbers, titles), so the loader's verdict on the mutated pack is its verdict on that field.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from drill.authoring.scaffold import write_scaffold
from drill.packs import loader
from drill.packs.schema import load_schema

# Characters that sit at the edges of every pattern drill uses: signs, separators, digits of
# other scripts, line ends, and the ± and % of tolerances.
_EDGES = "abcxyzABZ019_-+.,%±eE \t\n٥０"
# Control characters are left out: drill refuses them anywhere in a pack, a rule of the file
# (tests/safety) rather than of any one field, which no schema can state.
_ASCII_NUMBERS = st.from_regex(r"[+-±]? ?[0-9_]{0,4}(\.[0-9]{0,3})?(e-?[0-9])? ?%?",
                               fullmatch=True)
_TEXT = st.text(alphabet=_EDGES, max_size=12)
_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-5, 200),
                    st.floats(-2, 2, allow_nan=False), _TEXT)


@pytest.fixture(scope="module")
def judges(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path, jsonschema.Validator]:
    folder = tmp_path_factory.mktemp("agree")
    made = write_scaffold("my-pack", folder)
    base = yaml.safe_load(made.pack_file.read_text(encoding="utf-8"))
    return base, folder / "mutated.yaml", jsonschema.Draft202012Validator(load_schema())


def _verdicts(judges: tuple[Any, Path, jsonschema.Validator], where: tuple[Any, ...],
              value: Any) -> tuple[bool, bool, list[str]]:
    base, path, validator = judges
    data = copy.deepcopy(base)
    holder = data
    for step in where[:-1]:
        holder = holder[step]
    holder[where[-1]] = value
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    loaded = loader.load_pack(path)
    errors = [d.message for d in loaded.diagnostics if d.is_error]
    return not list(validator.iter_errors(data)), not errors, errors


def _agree(judges: tuple[Any, Path, jsonschema.Validator], where: tuple[Any, ...],
           value: Any) -> None:
    schema_ok, loader_ok, errors = _verdicts(judges, where, value)
    assert schema_ok == loader_ok, (
        f"{value!r} at {where}: the schema {'accepts' if schema_ok else 'refuses'} it, "
        f"the loader {'accepts' if loader_ok else 'refuses'} it {errors}")


_SETTINGS = settings(max_examples=40, deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture])
ASK = ("cards", 0, "asks", 0)
CARD = ("cards", 0)


@_SETTINGS
@given(value=st.one_of(_ASCII_NUMBERS, _SCALAR))
@example(value="+5%")
@example(value="0%")
@example(value="0.0")
@example(value="005%")
@example(value="1e-2")
@example(value="1_0%")
@example(value="٥%")
@example(value="99.5%")
@example(value=0.05)
def test_tolerances(judges: Any, value: Any) -> None:
    _agree(judges, (*ASK, "tolerance"), value)


@_SETTINGS
@given(value=st.one_of(st.from_regex(r"[a-z0-9-]{1,6}", fullmatch=True), _SCALAR))
@example(value="abc\n")
@example(value="a" * 81)
@example(value="a" * 80)
def test_card_ids(judges: Any, value: Any) -> None:
    _agree(judges, (*CARD, "id"), value)


@_SETTINGS
@given(value=st.one_of(st.from_regex(r"[a-z0-9-]{1,6}", fullmatch=True), _SCALAR))
@example(value="my-pack\n")
def test_pack_ids(judges: Any, value: Any) -> None:
    _agree(judges, ("pack",), value)


@_SETTINGS
@given(value=st.one_of(st.from_regex(r"[a-z0-9_]{1,6}", fullmatch=True), _SCALAR))
@example(value="load_time\n")
@example(value="9lives")
def test_ask_ids(judges: Any, value: Any) -> None:
    # An ask reads the result of its own name unless it says which: say it, so that a new
    # id is judged only as an id.
    base, path, validator = judges
    data = copy.deepcopy(base)
    data["cards"][0]["asks"][0].update(id=value, value="load_time")
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    errors = [d.message for d in loader.load_pack(path).diagnostics if d.is_error]
    schema_ok = not list(validator.iter_errors(data))
    assert schema_ok == (not errors), (value, schema_ok, errors)


@_SETTINGS
@given(value=st.one_of(st.from_regex(r"[a-z0-9-]{1,8}", fullmatch=True), _SCALAR))
@example(value="bits-for-bytes\n")
def test_mistake_ids(judges: Any, value: Any) -> None:
    _agree(judges, (*ASK, "mistakes", 0, "id"), value)


@_SETTINGS
@given(value=st.one_of(st.sampled_from(["priority", "solid", "Priority", " solid", "high"]),
                       _SCALAR))
def test_priorities(judges: Any, value: Any) -> None:
    _agree(judges, (*CARD, "priority"), value)


@_SETTINGS
@given(value=st.one_of(st.lists(_SCALAR, max_size=3), _SCALAR))
@example(value=[0])
@example(value=[True])
@example(value=[1.0])
@example(value=[2, 3])
def test_lessons(judges: Any, value: Any) -> None:
    _agree(judges, (*CARD, "lessons"), value)


@_SETTINGS
@given(value=st.one_of(_SCALAR, st.lists(_TEXT, max_size=2)))
@example(value="")
@example(value=" \n")
def test_titles(judges: Any, value: Any) -> None:
    _agree(judges, ("title",), value)


def test_the_schema_reads_tolerances_with_the_loaders_grammar() -> None:
    """One grammar, written twice (Python's named groups are not JSON Schema's dialect)."""
    from drill.packs.card_reader import TOLERANCE_TEXT

    text = load_schema()["$defs"]["tolerance"]["oneOf"][1]["pattern"]
    loaders = TOLERANCE_TEXT.pattern.replace("?P<percent>", "").replace("?P<fraction>", "")
    assert text == f"^{loaders}$"
