"""JSON Schemas of the project's documents, shipped in the package.

- ``transcript.schema.json``: a game transcript (``nainjaune-transcript/1``),
  what ``nainjaune play --format json`` writes and ``nainjaune replay`` reads;
- ``canonical.schema.json``: the canonical form of a ruleset
  (``nainjaune compile --format json``).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def load_schema(name: str) -> Any:
    """The schema ``NAME.schema.json`` of this package, as data."""
    text = resources.files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)
