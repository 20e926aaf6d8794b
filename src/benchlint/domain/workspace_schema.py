"""The JSON Schema of workspace data: what `Workspace(benchmarks=..., secrets=...)`,
`--catalog` and `--secrets-list` accept (the shapes `osmosis --json benchmark info`,
`benchmark list` and `secret list` print). Written to `schema/benchlint-workspace.schema.json`
and printed by `benchlint schema --workspace`.

It states what the readers (`catalog.store.entries_from_document`, `secret_records`) accept,
no more and no less: tests/test_workspace_schema.py holds the two to the same verdicts.
Unknown fields are allowed everywhere: the Platform adds fields, and a saved page carries
many (`run_count`, `creator_name`…) that benchlint does not read.
"""

from __future__ import annotations

import json
from typing import Any

SCHEMA_FILE = "schema/benchlint-workspace.schema.json"
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

SYNC_STATUSES = {
    "ready": "the task list is synced: the benchmark runs, and its task manifest is complete",
    "pending": "the sync has not started: BL411 (submit fails until it is ready); a manifest "
    "saved now may lack tasks, so BL406 does not call a missing task unknown",
    "syncing": "the sync is under way: as `pending`, with `synced_task_count` shown",
    "failed": "the sync failed: BL411 with `sync_error` and where to retry (`platform_url`)",
}


def _text(description: str) -> dict[str, Any]:
    return {"type": ["string", "null"], "description": description}


def _count(description: str) -> dict[str, Any]:
    return {"type": ["integer", "null"], "description": description}


def _flag(description: str) -> dict[str, Any]:
    return {"type": ["boolean", "null"], "description": description}


def _named(properties: dict[str, Any], what: str) -> dict[str, Any]:
    return {
        "type": "object",
        "description": what,
        "required": ["name"],
        "properties": {"name": {"type": "string", "minLength": 1}, **properties},
    }


def _list_of(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"type": ["array", "null"], "items": schema, "description": description}


BENCHMARK: dict[str, Any] = {
    "type": "object",
    "description": "One benchmark: `benchmark info`'s `benchmark` object, or one item of a "
    "`benchmark list` page. Required: `name`, and `key` (or, when `key` is absent, null or "
    "empty, `source_ref`). Every other field may be absent or null: unknown, never guessed "
    "(a list item says nothing about judges or harnesses; the bundled entry of the same key "
    "keeps what the item does not state).",
    "required": ["name"],
    "anyOf": [
        {"required": ["key"], "properties": {"key": {"type": "string", "minLength": 1}}},
        {
            "required": ["source_ref"],
            "properties": {
                "key": {"anyOf": [{"const": ""}, {"type": "null"}]},
                "source_ref": {"type": "string", "minLength": 1},
            },
        },
    ],
    "properties": {
        "key": {
            "type": ["string", "null"],
            "description": "What `[experiment].benchmark` names (so do `name` and `id`).",
        },
        "source_ref": {"description": "The key, for older pages (read only without `key`)."},
        "name": {"type": "string", "minLength": 1, "description": "The display name."},
        "id": {
            "description": "The Platform's id (any value, read as text); a config may name "
            "the benchmark by it."
        },
        "description": _text("Shown in hovers."),
        "source_type": _text(
            "`osmosis_managed` (the Platform's own: task sets, no verifier) or "
            "`harbor_registry`; other values are kept but mean neither."
        ),
        "task_count": _count("How many tasks the benchmark has (all of them, synced or not)."),
        "category_count": _count("How many categories."),
        "task_sets": _list_of(
            _named(
                {
                    "task_count": _count("Its number of tasks."),
                    "recommended": {"description": "Any value; true-ish marks it recommended."},
                    "description": _text("Shown in completions."),
                },
                "A published task set (`[tasks].task_set` may name it).",
            ),
            "The published task sets.",
        ),
        "categories": _list_of(
            _named({"task_count": _count("Its number of tasks.")}, "A task category."),
            "The categories (`[tasks].categories` may name them).",
        ),
        "tasks": _list_of(
            _named(
                {"category": _text("Its category."), "difficulty": _text("Its difficulty.")},
                "One task (`[tasks].task_names` may name it).",
            ),
            "The task manifest; absent or null: no manifest, so task names are not checked.",
        ),
        "supports_harness": _flag("False: only the official scaffold runs it (BL403)."),
        "requires_harness": _flag("True: every agent needs a harness (BL410)."),
        "default_harness": _text("The harness an agent without one gets."),
        "requires_judge_model": _flag("A judge model is needed."),
        "requires_judge_api_key": _flag("`[execution].judge_api_key_secret` is needed (BL401)."),
        "judge_model_default": _text("The judge model used when none is given."),
        "pass_threshold": {"type": ["number", "null"], "description": "The default threshold."},
        "required_secret_names": {
            "type": ["array", "null"],
            "items": {"type": "string"},
            "description": "Secrets every run of it needs.",
        },
        "sync_status": {
            "type": ["string", "null"],
            "description": "The sync of its task list with the upstream source. "
            + "; ".join(f"`{status}`: {what}" for status, what in SYNC_STATUSES.items())
            + "; absent or null: runnable (as the bundled entries); any other value: not "
            "ready (BL411).",
            "examples": list(SYNC_STATUSES),
        },
        "synced_task_count": _count("How many tasks have synced so far."),
        "sync_error": _text("The Platform's error for a failed sync (masked when shown)."),
        "platform_url": _text("Where the benchmark's page is (to retry a sync)."),
    },
}

_NO_DATA = {
    "not": {"type": "object", "required": ["data"], "properties": {"data": {"type": "object"}}}
}
_NO_BENCHMARK = {
    "not": {
        "type": "object",
        "required": ["benchmark"],
        "properties": {"benchmark": {"type": "object"}},
    }
}
_NO_ITEMS = {
    "not": {"type": "object", "required": ["items"], "properties": {"items": {"type": "array"}}}
}
_BENCHMARKS = {"type": "array", "items": {"$ref": "#/$defs/Benchmark"}}

# What one catalog document may be, in the order the reader tries the shapes: the first that
# matches decides (so each later shape excludes the earlier ones).
_SHAPES: list[dict[str, Any]] = [
    {
        "title": "benchmark info envelope",
        "type": "object",
        "required": ["benchmark"],
        "properties": {"benchmark": {"$ref": "#/$defs/Benchmark"}},
    },
    {
        "title": "benchmark list page",
        "type": "object",
        "required": ["items"],
        "properties": {"items": _BENCHMARKS},
        "allOf": [_NO_BENCHMARK],
    },
    {
        "title": "a list of benchmarks under `benchmarks`",
        "type": "object",
        "required": ["benchmarks"],
        "properties": {"benchmarks": _BENCHMARKS},
        "allOf": [_NO_BENCHMARK, _NO_ITEMS],
    },
    {"title": "an array of benchmarks", **_BENCHMARKS},
    {
        "title": "a bare benchmark object",
        "allOf": [
            {"$ref": "#/$defs/Benchmark"},
            _NO_BENCHMARK,
            {
                "not": {
                    "type": "object",
                    "required": ["items"],
                    "properties": {"items": {"type": "array"}},
                }
            },
            {
                "not": {
                    "type": "object",
                    "required": ["benchmarks"],
                    "properties": {"benchmarks": {"type": "array"}},
                }
            },
        ],
    },
]

BENCHMARK_DOCUMENT: dict[str, Any] = {
    "description": "What `osmosis --json benchmark info KEY` or `benchmark list` prints, "
    'parsed: the envelope (`{"benchmark": {...}}`, also under `data`), a list page '
    '(`{"items": [...]}`), an array of benchmarks, or one benchmark object. A catalog file '
    "(`--catalog`, `catalogs`) and each item of `Workspace(benchmarks=...)` is one of these.",
    "anyOf": [
        {
            "type": "object",
            "required": ["data"],
            "properties": {"data": {"type": "object", "anyOf": _SHAPES}},
        },
        {"allOf": [_NO_DATA, {"anyOf": _SHAPES}]},
    ],
}

SECRET_RECORD: dict[str, Any] = {
    "description": "One record of `secret list` (names and scopes, never values), or a plain "
    "name. Submit finds a record in the `workspace` or `personal` scope (`user` is read as "
    '`personal`). `"scope": null`, how `secret list` prints a record in neither, is not '
    "found (BL212 says so); a record with no `scope` key is held, like a plain name (a "
    "service that knows only names need not invent a scope). Other scopes are kept, not found.",
    "anyOf": [
        {"type": "string", "minLength": 1},
        {
            "type": "object",
            "required": ["name"],
            "properties": {
                "name": {"type": "string", "minLength": 1},
                "scope": {"type": ["string", "null"]},
            },
        },
    ],
}

SECRET_LIST: dict[str, Any] = {
    "description": "What `osmosis --json secret list` prints (its `items` are read), the "
    "API's page (`environment_secrets`), or an array of records and names. A secrets-list file "
    "(`--secrets-list`, `secrets-list`) and `Workspace(secrets=...)` are one of these.",
    "anyOf": [
        {
            "type": "object",
            "required": ["items"],
            "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/SecretRecord"}}},
        },
        {
            "type": "object",
            "required": ["environment_secrets"],
            "properties": {
                "environment_secrets": {
                    "type": "array",
                    "items": {"$ref": "#/$defs/SecretRecord"},
                }
            },
            "allOf": [_NO_ITEMS],
        },
        {"type": "array", "items": {"$ref": "#/$defs/SecretRecord"}},
    ],
}


def workspace_schema() -> dict[str, Any]:
    """The root is `Workspace`'s two arguments as one object; `#/$defs/BenchmarkDocument`
    is one catalog file, `#/$defs/SecretList` one secrets-list file."""
    return {
        "$schema": DRAFT_2020_12,
        "title": "benchlint workspace data",
        "description": "The workspace data benchlint reads: `benchmarks` (each what `osmosis "
        "--json benchmark info` or `benchmark list` prints) and `secrets` (what `osmosis --json "
        "secret list` prints). Both may be absent; `secrets` absent or null: the records are "
        "unknown, and BL212 says nothing.",
        "type": "object",
        "properties": {
            "benchmarks": {"type": "array", "items": {"$ref": "#/$defs/BenchmarkDocument"}},
            "secrets": {"anyOf": [{"$ref": "#/$defs/SecretList"}, {"type": "null"}]},
        },
        "additionalProperties": False,
        "$defs": {
            "Benchmark": BENCHMARK,
            "BenchmarkDocument": BENCHMARK_DOCUMENT,
            "SecretList": SECRET_LIST,
            "SecretRecord": SECRET_RECORD,
        },
    }


def schema_text() -> str:
    return json.dumps(workspace_schema(), indent=2, ensure_ascii=False) + "\n"


def generated_files() -> dict[str, str]:
    return {SCHEMA_FILE: schema_text()}
