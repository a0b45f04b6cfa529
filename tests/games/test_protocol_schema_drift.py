"""docs/protocol.schema.json is what common.protocol.schema makes of the protocol's types."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from common.protocol.schema import schema_text

pytestmark = pytest.mark.sqlite_pass_only  # no database

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"


def test_the_schema_file_is_made_from_the_types() -> None:
    made, kept = schema_text(), SCHEMA_FILE.read_text()
    drift = "".join(
        difflib.unified_diff(
            kept.splitlines(keepends=True),
            made.splitlines(keepends=True),
            "docs/protocol.schema.json",
            "python -m common.protocol.schema",
            n=2,
        )
    )
    assert not drift, (
        "docs/protocol.schema.json drifted from common/protocol/; make it again with\n"
        "    make schema   (python -m common.protocol.schema > docs/protocol.schema.json)\n"
        + drift[:4000]
    )
