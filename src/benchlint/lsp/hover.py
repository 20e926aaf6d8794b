"""Hover: a key's documentation and allowed values (from the models), and for a few values
what the Platform does with them: a harness's credential per profile, where a secret
reference is injected, a benchmark's catalog entry; over the `[experiment]` header, the run's
plan. (What is sent is masked by the protocol.)"""

from __future__ import annotations

from lsprotocol import types as lsp

from ..core.paths import ConfigPath, key_label, table_label
from ..domain.catalog.query import describe
from ..domain.harnesses import HARNESS_DESCRIPTIONS, KNOWN_HARNESSES
from ..domain.profiles import PROFILES
from ..domain.secret_records import SecretRecords
from ..lint.settings import Settings
from ..secrets.detection import contains_credential
from ..secrets.redaction import code_span
from .cursor import Item, Reading
from .documents import OpenDocument
from .keydocs import doc_at
from .plan_view import EXPERIMENT, plan_markdown, plan_of, plan_text

_OVERWRITTEN = "A literal variable of that name in the same environment would be overwritten."
_SECRET_KEYS = frozenset({"api_key_secret", "harness_api_key_secret", "judge_api_key_secret"})


def hover(
    document: OpenDocument, position: lsp.Position, settings: Settings, markdown: bool
) -> lsp.Hover | None:
    reading = document.reading
    item = reading.item_at(document.client_text.offset(position))
    if item is None:
        return None
    text = hover_text(item, reading, settings)
    if item.path == EXPERIMENT and item.part != "value":  # the run's whole plan, first
        found = plan_of(document, settings)
        shown = plan_markdown(found) if markdown else plan_text(found)
        text = f"{shown}\n\n---\n\n{text}" if text else shown
    if not text:
        return None
    kind = lsp.MarkupKind.Markdown if markdown else lsp.MarkupKind.PlainText
    return lsp.Hover(
        contents=lsp.MarkupContent(kind=kind, value=text),
        range=document.client_text.range(item.span.start, item.span.end),
    )


def hover_text(item: Item, reading: Reading, settings: Settings) -> str | None:
    path = item.path
    if item.part == "value":
        value = reading.string(path)
        special = _value_text(path, value, reading, settings) if value is not None else None
        if special:
            return special
    doc = doc_at(path, reading.model_type(path))
    if doc is None:
        return None
    is_table = item.part == "header" or (path[0] == "agents" and len(path) == 2)
    where = table_label(path) if is_table else key_label(path)
    return f"{doc.markdown()}\n\n_{where}_"


def _value_text(path: ConfigPath, value: str, reading: Reading, settings: Settings) -> str | None:
    key = next((part for part in reversed(path) if isinstance(part, str)), None)
    if path == ("experiment", "benchmark"):
        return benchmark_text(value, settings)
    if len(path) == 3 and path[0] == "agents" and key == "harness":
        return harness_text(value, settings)
    if key in _SECRET_KEYS or (len(path) == 3 and path[0] in ("verifier", "secrets")):
        return secret_text(path, value, reading.model_type(path), settings)
    return None


def benchmark_text(value: str, settings: Settings) -> str:
    catalog = settings.catalog
    entry = catalog.find(value) or catalog.find_loose(value)
    if entry is None:
        return (
            f"**{code_span(value)}** is not in the catalog benchlint has loaded. Add the output "
            f"of {code_span(f'osmosis --json benchmark info {value}')} with the `catalog` "
            "setting."
        )
    return describe(entry)


def harness_text(harness: str, settings: Settings) -> str:
    known = harness in KNOWN_HARNESSES or harness in settings.extra_harnesses
    title = f"**Harness {code_span(harness)}**"
    description = HARNESS_DESCRIPTIONS.get(harness)
    lines = [f"{title}: {description}" if description else title]
    if not known:
        lines.append("\nNot a harness benchlint knows (add it with `extraHarnesses`).")
    lines.append("\nIts own credential, per profile:")
    for name, profile in PROFILES.items():
        current = " (in use)" if name == settings.profile else ""
        credential = profile.harness_credentials.get(harness)
        if credential is None:
            need = "reads no credential of its own: takes no `harness_api_key_secret`"
        elif credential.takes_secret:
            need = (
                f'needs `harness_api_key_secret = "{credential.variable}"`, a secret record '
                f"injected as `{credential.variable}`"
            )
        else:
            need = (
                "takes no `harness_api_key_secret`: the Platform injects the model's key as "
                f"`{credential.variable}`"
            )
            if not credential.injected_for_hosted:
                need += " (not for hosted models)"
        lines.append(f"- `{name}`{current}: {need}")
    return "\n".join(lines)


def secret_text(
    path: ConfigPath, name: str, model_type: str | None, settings: Settings | None = None
) -> str:
    if contains_credential(name):
        return (
            "**This is a credential, not the name of a secret record.** Treat it as leaked: "
            "rotate it, store the new one with `osmosis secret set NAME` and write `NAME` here."
        )
    lines = [
        f"**Secret record {code_span(name)}**: create it with "
        f"{code_span(f'osmosis secret set {name}')}; the file holds its name, never its value.",
        "",
    ]
    if path[0] == "agents" and isinstance(path[1], int):
        agent = path[1] + 1
        if path[-1] == "api_key_secret" and model_type == "hosted":
            lines.append("Hosted models reference no secret: the Platform does not use it.")
        else:
            reader = "the harness" if path[-1] == "harness_api_key_secret" else "the model client"
            lines.append(
                f"The Platform injects it into agent {agent}'s environment as {code_span(name)}, "
                f"where {reader} reads it. {_OVERWRITTEN}"
            )
    elif path[0] == "execution":
        lines.append(
            f"The Platform injects it into every agent's environment as {code_span(name)}: the LLM "
            f"judge's provider key. {_OVERWRITTEN}"
        )
    elif path[0] == "verifier":
        lines.append(
            f"The Platform injects it into every agent's environment as {code_span(name)}, for the "
            f"dataset's verifier. {_OVERWRITTEN}"
        )
    else:
        lines.append(
            "Resolved at submit: its value comes from `--secrets-file`, the environment or a "
            "prompt, for this run only."
        )
    records = settings.secret_records if settings is not None else None
    if records is not None:
        lines += ["", _record_state(records, name)]
    return "\n".join(lines)


def _record_state(records: SecretRecords, name: str) -> str:
    scopes = records.scopes_of(name)
    if scopes:
        return f"Stored in the {' and '.join(scopes)} scope of the loaded secret list."
    if name in records:
        return "Listed in the loaded secret list."
    elsewhere = records.unreadable_scopes(name)
    held = f" (it lists one with {' and '.join(elsewhere)}, which submit does not read)"
    return (
        f"**Not stored** in the loaded secret list{held if elsewhere else ''}: "
        f"`osmosis secret set {name}`."
    )
