"""The one way a JSON document is written for output (`--format json`, `sarif`, `gitlab`,
`plan --format json`, `rules --format json`): indented, non-ASCII kept readable, and every
unsafe character inside its strings written as an escape a JSON reader reads back as the
visible escape the text format prints (`secrets.controls.json_safe`), so the output
masker's own escaping, which is not JSON's, finds nothing left to change."""

from __future__ import annotations

import json
from typing import Any

from ..secrets.controls import json_safe


def json_text(document: Any) -> str:
    return json_safe(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"
