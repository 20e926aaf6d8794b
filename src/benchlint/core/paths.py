"""Config paths in words: `agents[1].env.HF_TOKEN` for machines, `[agents.env] of agent 2`
for people."""

from __future__ import annotations

from functools import lru_cache

from .toml_syntax import toml_key

ConfigPath = tuple[str | int, ...]


@lru_cache(maxsize=4096)
def dotted(path: ConfigPath) -> str | None:
    """`agents[0].env.HF_TOKEN`: the JSON `key` of a diagnostic (None for the file)."""
    if not path:
        return None
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + toml_key(part)
    return out


def table_name(path: ConfigPath) -> str:
    """The TOML header that names a table path, without indices: `agents.model`."""
    return ".".join(toml_key(part) for part in path if isinstance(part, str))


@lru_cache(maxsize=4096)
def table_label(path: ConfigPath) -> str:
    """A table as a person reads it: `[execution]`, `[[agents]]` (agent 2), `[agents.env]`
    of agent 2, the top level."""
    if not path:
        return "the top level"
    name = table_name(path)
    agent = _agent_number(path)
    if path[0] == "agents" and len(path) == 2:
        return f"[[agents]] (agent {agent})"
    if agent is not None:
        return f"[{name}] of agent {agent}"
    if isinstance(path[-1], int):
        return f"{name}[{path[-1]}]"
    return f"[{name}]"


@lru_cache(maxsize=4096)
def key_label(path: ConfigPath) -> str:
    """A key as a person reads it: `api_key_secret` in [agents.model] of agent 2."""
    if not path:
        return "the file"
    last = path[-1]
    if isinstance(last, int):
        array = f"entry {last + 1} of `{toml_key(str(path[-2]))}`"
        return f"{array} in {table_label(path[:-2])}" if len(path) > 2 else array
    if len(path) == 1:  # a top-level key names itself
        return f"`{toml_key(last)}`"
    return f"`{toml_key(last)}` in {table_label(path[:-1])}"


def _agent_number(path: ConfigPath) -> int | None:
    if len(path) >= 2 and path[0] == "agents" and isinstance(path[1], int):
        return path[1] + 1
    return None
