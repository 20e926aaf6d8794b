"""A first config for a benchmark, written from its catalog entry: the judge key where it
has a judge, the recommended task set, the harness it requires or publishes scores for,
harness credentials under their fixed names, the model's usual key name, and a comment per
section. `benchlint new` writes it; the language server offers it as a snippet.

Values are spelled by the one TOML writer (`core.toml_syntax`). Catalog text enters only as
such a value or as comment text, and comment text goes through the renderer
(`secrets.redaction.shown_text`, `_comment_text`): a token no shape proves harmless, a known
token format and a URL's password are shown by their shape, and every control,
bidirectional or zero-width character as its escape, so a catalog's name or description
brings no credential into the written file (nor into the editor's snippet, made here too),
and a name holding a line break and `[env]` writes no table. `slot` marks the values a
snippet lets the user tab through (the model and its key); a file gets them as they are.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence

from ..core.record import NamedTuple
from ..core.toml_syntax import toml_string
from ..secrets.redaction import shown_text
from .catalog import CatalogEntry
from .profiles import Profile
from .providers import provider_key

DEFAULT_MODEL = "openai/gpt-5.2"
MAX_AGENTS = 8


class AgentChoice(NamedTuple):
    harness: str | None  # None: the benchmark's official scaffold
    model: str  # a provider model, `provider/name`


Slot = Callable[[str, int], str]  # (TOML value, tab stop number) → text


def _as_is(value: str, number: int) -> str:
    return value


def default_agent(entry: CatalogEntry) -> AgentChoice:
    """The benchmark's required or reference harness (no harness where it runs its official
    scaffold only), on `DEFAULT_MODEL`."""
    if entry.official_scaffold_only:
        return AgentChoice(None, DEFAULT_MODEL)
    return AgentChoice(entry.default_harness or "codex", DEFAULT_MODEL)


def model_key(model: str) -> str:
    """The record name for a model's key: its provider's usual name, else `<PROVIDER>_API_KEY`."""
    known = provider_key(model)
    if known:
        return known
    provider = re.sub(r"[^A-Z0-9]+", "_", model.partition("/")[0].upper()).strip("_")
    return f"{provider or 'MODEL'}_API_KEY"


def file_name(entry: CatalogEntry) -> str:
    """`hle.toml`, `acme-custom-1-0.toml`: the key as a file name."""
    return re.sub(r"[^a-z0-9]+", "-", entry.key.lower()).strip("-") + ".toml"


def skeleton(
    entry: CatalogEntry,
    profile: Profile,
    agents: Sequence[AgentChoice] = (),
    slot: Slot = _as_is,
) -> str:
    chosen = list(agents) or [default_agent(entry)]
    about = f": {entry.description}" if entry.description else ""
    out = [
        _comment_line(f"{entry.name} ({entry.key}){about}"),
        "# Written by `benchlint new`. `benchlint plan` shows what the run will do;",
        "# `benchlint check` checks it.",
        "",
        "[experiment]",
        "# The benchmark: its key, exact name or ID, as `osmosis benchmark list` shows it.",
        f"benchmark = {toml_string(entry.key)}",
        "",
    ]
    out += _tasks(entry)
    for index, agent in enumerate(chosen):
        out += _agent(entry, profile, agent, index, slot)
    out += _execution(entry)
    out += _implicit(entry)
    return "\n".join(out).rstrip("\n") + "\n"


def _tasks(entry: CatalogEntry) -> list[str]:
    recommended = next((ts for ts in entry.task_sets if ts.recommended), None)
    if recommended is None:
        return [
            "# Every task runs (a full run, which can rank on the leaderboard). To try a few",
            "# first, add [tasks] with task_names = [...] (those runs get scores, not a rank).",
            "",
        ]
    about = recommended.description.rstrip(".") if recommended.description else ""
    return [
        "[tasks]",
        *_comment(
            f"{entry.name} recommends this task set{f': {_lower_first(about)}' if about else ''}."
            " Runs on it are comparable with the published scores and can rank; remove"
            " [tasks] to run every task."
        ),
        f"task_set = {toml_string(recommended.name)}",
        "",
    ]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _comment(text: str) -> list[str]:
    """`text` as comment lines of at most 92 characters."""
    return textwrap.wrap(_comment_text(text), 92, initial_indent="# ", subsequent_indent="# ")


def _comment_line(text: str) -> str:
    """`text` as one comment line, however long."""
    return "# " + _comment_text(text)


# What would end a comment's line: TOML's and LSP's breaks, and those `str.splitlines` adds.
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _comment_text(text: str) -> str:
    """Text (catalog text in it) as a comment of the written config shows it: through the
    renderer (`shown_text`), as every output shows catalog text: what no shape proves harmless
    by its shape (`…(51 chars)`), every control, bidirectional or zero-width character (and
    anything else no comment may hold) as its backslash escape. A line break reads as a
    space first, as wrapping reads it."""
    if not text.isprintable():
        text = "".join(" " if char in _LINE_BREAKS else char for char in text)
    return shown_text(text)


def _agent(
    entry: CatalogEntry,
    profile: Profile,
    agent: AgentChoice,
    index: int,
    slot: Slot,
) -> list[str]:
    """Agent `index`'s tables; its model and key are tab stops 2·index + 1 and + 2."""
    out = []
    if index == 0:
        out.append("# One [[agents]] table per agent (1 to 8), compared under the same conditions.")
    out.append("[[agents]]")
    if agent.harness is None:
        why = "runs its official scaffold only" if entry.official_scaffold_only else "default"
        out.append(_comment_line(f"No harness: {entry.name}'s official scaffold ({why})."))
    else:
        out.append(f"harness = {toml_string(agent.harness)}")
        variable = profile.harness_secret_variable(agent.harness)
        if variable:
            out += _comment(
                f"{agent.harness} reads its own key from {variable}: the record must have "
                "that name."
            )
            out.append(f"harness_api_key_secret = {toml_string(variable)}")
        if entry.default_harness and agent.harness != entry.default_harness:
            out += _comment(
                f"{entry.name}'s published scores were measured on {entry.default_harness}: "
                "this agent's scores will not be comparable with them."
            )
    key = model_key(agent.model)
    out += [
        "",
        "[agents.model]",
        'type = "provider"',
        f"model = {slot(toml_string(agent.model), 2 * index + 1)}",
        *_comment(
            f"The NAME of a Platform secret record (`osmosis secret set {key}`), not the key."
        ),
        f"api_key_secret = {slot(toml_string(key), 2 * index + 2)}",
        "",
    ]
    return out


def _execution(entry: CatalogEntry) -> list[str]:
    out = [
        "[execution]",
        "# Independent tries per task (pass@k needs k) and how many run at once.",
        "attempts_per_task = 1",
        "max_concurrent_attempts = 4",
    ]
    if entry.needs_judge_key:
        grader = "a pinned grader" if entry.pinned_grader else "an LLM judge"
        out += _comment(
            f"{entry.name} is graded by {grader} that calls a model with your key: the "
            "record holding it (an OpenAI key)."
        )
        out.append('judge_api_key_secret = "OPENAI_API_KEY"')
    if entry.requires_judge_model:
        default = entry.judge_model_default
        out.append(
            _comment_line(
                f"judge_model = {toml_string(default)}  # the default; set it to use another"
            )
            if default
            else '# judge_model = "provider/model"  # optional: the benchmark\'s default otherwise'
        )
    return [*out, ""]


def _implicit(entry: CatalogEntry) -> list[str]:
    if not entry.required_secret_names:
        return []
    names = " and ".join(entry.required_secret_names)
    commands = "; ".join(f"`osmosis secret set {name}`" for name in entry.required_secret_names)
    return _comment(
        f"{entry.name} also reads the secret record {names}, which is not written here: "
        f"store it in the workspace ({commands})."
    )
