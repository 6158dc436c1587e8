"""The JSON Schema of the pack format: one file, ``pack.schema.json`` beside the built-in
packs (so a pack's ``$schema=pack.schema.json`` line works in a checkout and installed).

The loader stays the authority; tests hold the schema to it (every built-in pack passes,
packs the loader rejects for their structure fail).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from drill.packs.locate import builtin_packs_dir

SCHEMA_FILE = "pack.schema.json"


class SchemaMissing(Exception):
    """The schema file is not where the install put it."""


def schema_path() -> Path:
    return builtin_packs_dir() / SCHEMA_FILE


def schema_text() -> str:
    path = schema_path()
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise SchemaMissing(f"{path}: cannot read the schema: {error.strerror or error}") from None


def load_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(schema_text())
    return schema
