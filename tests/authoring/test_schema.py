"""The JSON Schema agrees with the loader: built-in packs pass, structurally broken ones fail.

Uses ``jsonschema`` (a test dependency): the schema is for editors, so the test validates
with a real JSON Schema implementation rather than with drill's own loader.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from drill.authoring.scaffold import write_scaffold
from drill.packs import card_reader, loader, scenario
from drill.packs.catalog import GPU_FACTS, MODEL_FACTS
from drill.packs.locate import builtin_packs_dir, pack_files
from drill.packs.schema import load_schema, schema_path
from testkit import ROOT, RunCli

MALFORMED = ROOT / "tests" / "checking" / "malformed"
# The malformed packs the loader rejects for their structure (the others are YAML syntax,
# duplicates, links between cards, units, solvers and numbers, which no schema can see).
STRUCTURAL = ("01-empty", "02-not-a-mapping", "04-missing-cards", "05-unknown-top-key",
              "06-bad-pack-id", "07-card-missing-scenario", "08-unknown-card-key",
              "12-bad-priority", "13-tolerance-too-big", "14-tolerance-in-words",
              "15-lessons-as-words", "16-answer-not-a-list", "20-asks-without-solver",
              "31-bad-ask-id", "38-empty-title", "41-cards-is-a-mapping")


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _data(path: Path) -> Any:
    with path.open(encoding="utf-8") as stream:
        return yaml.safe_load(stream)


@pytest.mark.parametrize("path", pack_files(builtin_packs_dir()), ids=lambda p: p.name)
def test_every_builtin_pack_validates(path: Path,
                                      validator: jsonschema.Draft202012Validator) -> None:
    errors = [e.message for e in validator.iter_errors(_data(path))]
    assert errors == []


@pytest.mark.parametrize("python", [False, True], ids=["formulas", "python"])
def test_the_scaffold_validates(tmp_path: Path, validator: jsonschema.Draft202012Validator,
                                python: bool) -> None:
    made = write_scaffold("my-pack", tmp_path, python=python)
    assert list(validator.iter_errors(_data(made.pack_file))) == []


def test_a_card_with_both_a_solver_and_formulas_fails_the_schema_and_the_loader(
        tmp_path: Path, validator: jsonschema.Draft202012Validator) -> None:
    made = write_scaffold("my-pack", tmp_path)
    text = made.pack_file.read_text(encoding="utf-8")
    made.pack_file.write_text(text.replace("    formulas:", "    solver: some-solver\n"
                                           "    formulas:", 1), encoding="utf-8")
    loaded = loader.load_pack(made.pack_file)
    assert [d.message for d in loaded.diagnostics if d.is_error] == [
        "a card has either a 'solver' or 'formulas', not both"]
    assert list(validator.iter_errors(_data(made.pack_file)))


@pytest.mark.parametrize("name", STRUCTURAL)
def test_structurally_broken_packs_fail_the_schema_too(
    name: str, validator: jsonschema.Draft202012Validator
) -> None:
    path = MALFORMED / f"{name}.yaml"
    assert not loader.load_pack(path).ok  # the loader rejects it
    assert list(validator.iter_errors(_data(path)))


@pytest.mark.parametrize("bad_variant", [
    "      - id: base\n",
    "      - id: H200\n",
    "      - id: h200\n        gpus: H200\n",
    "      - givens: {batch: '2'}\n",
])
def test_broken_variants_fail_the_schema(bad_variant: str, tmp_path: Path,
                                         validator: jsonschema.Draft202012Validator) -> None:
    made = write_scaffold("my-pack", tmp_path)
    text = made.pack_file.read_text(encoding="utf-8")
    text = text.replace("      - id: small-model\n", bad_variant)
    made.pack_file.write_text(text, encoding="utf-8")
    assert not loader.load_pack(made.pack_file).ok
    assert list(validator.iter_errors(_data(made.pack_file)))


def test_the_schema_knows_exactly_the_loaders_keys() -> None:
    schema = load_schema()
    defs = schema["$defs"]
    assert set(schema["properties"]) == set(loader.PACK_KEYS)
    assert set(schema["required"]) == set(loader.PACK_REQUIRED)
    for name, keys, required in (("card", loader.CARD_KEYS, loader.CARD_REQUIRED),
                                 ("ask", card_reader.ASK_KEYS, card_reader.ASK_REQUIRED),
                                 ("mistake", card_reader.MISTAKE_KEYS,
                                  card_reader.MISTAKE_REQUIRED),
                                 ("variant", scenario.VARIANT_KEYS, scenario.VARIANT_REQUIRED)):
        assert set(defs[name]["properties"]) == set(keys), name
        assert set(defs[name]["required"]) == set(required), name


def test_the_schemas_facts_are_the_catalogs() -> None:
    pattern = re.compile(load_schema()["$defs"]["fact"]["pattern"])
    for fact in GPU_FACTS:
        assert pattern.match(f"gpu.{fact}")
    for fact in MODEL_FACTS:
        assert pattern.match(f"model.{fact}")
    assert not pattern.match("gpu.params") and not pattern.match("model.bandwidth")
    assert pattern.match("nvlink4.per_direction") and not pattern.match("nvlink4.speed")


def test_builtin_packs_point_editors_at_the_schema() -> None:
    for path in pack_files(builtin_packs_dir()):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
        assert match, path.name
        assert (path.parent / match[1]).resolve() == schema_path().resolve()


def test_drill_schema_prints_the_schema(run_cli: RunCli) -> None:
    result = run_cli("schema")
    assert result.code == 0
    assert json.loads(result.out) == load_schema()
    where = run_cli("schema", "--path")
    assert Path(where.out.strip()).resolve() == schema_path().resolve()


def test_the_branches_editors_report_say_what_to_write() -> None:
    # An editor shows a branch's errorMessage instead of "Incorrect type" or "Matches a
    # schema that is not allowed": each says what a right value looks like.
    defs = load_schema()["$defs"]
    tolerance = defs["tolerance"]
    assert "5%" in tolerance["errorMessage"] and "0.05" in tolerance["errorMessage"]
    assert all(branch.get("errorMessage") and branch.get("title")
               for branch in tolerance["oneOf"])
    assert "id" in defs["mistake"]["errorMessage"] and "message" in defs["mistake"]["errorMessage"]
    assert "not both" in defs["card"]["errorMessage"]
