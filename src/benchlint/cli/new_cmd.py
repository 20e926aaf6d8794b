"""`benchlint new [PATH] --benchmark KEY [--agent HARNESS:MODEL ...]`: write a first config.

The config comes from the benchmark's catalog entry (`domain.skeleton`). A choice the
benchmark refuses (a harness where it runs its official scaffold only, none where it
requires one, an unknown harness, a model without a provider) is a usage error naming the
fix; what is written is linted first and never has an error. An existing file is never
overwritten. PATH defaults to `configs/benchmark/<key>.toml`; a folder gets that name in it;
`-` prints the config.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..domain.catalog import CatalogEntry
from ..domain.harnesses import KNOWN_HARNESSES
from ..domain.profiles import PROFILES
from ..domain.providers import provider_of
from ..domain.skeleton import MAX_AGENTS, AgentChoice, file_name, skeleton
from ..lint.engine import lint
from ..lint.settings import Settings, SettingsError
from ..report import one_line_name
from ..rules.wording import closest
from .inputs import resolver_from
from .output import refuse_write_outside
from .usage import UsageError


def run_new(args: argparse.Namespace) -> int:
    # Settings are discovered from where the config will go (before its name is known).
    probe = Path(args.path) if args.path not in (None, "-") else Path("configs", "benchmark")
    if args.path != "-":  # a committed `configs/benchmark` link out: refused before anything
        refuse_write_outside(str(probe), "the path")
    try:
        settings = resolver_from(args).for_path(str(probe / "new.toml"))
        entry = _entry(settings, args.benchmark)
        agents = [_agent(spec, entry, settings) for spec in args.agent]
    except SettingsError as error:
        raise UsageError(str(error)) from None
    if len(agents) > MAX_AGENTS:
        raise UsageError(f"at most {MAX_AGENTS} agents, not {len(agents)}")
    target = _target(args.path, entry)
    text = skeleton(entry, PROFILES[settings.profile], agents)
    found = lint(text, str(target) if target is not None else None, settings)
    errors = [d for d in found if d.severity == "error"]
    if errors:  # the choices above rule this out; never write a config that fails
        details = "; ".join(f"{d.code} {d.message}" for d in errors)
        raise UsageError(f"the config for these choices would not pass: {details}")
    if target is None:
        sys.stdout.write(text)
    else:
        refuse_write_outside(str(target), "the new config")
        _write_new(target, text)
        print(f"wrote {one_line_name(str(target))}")
    shown = one_line_name(str(target)) if target is not None else "-"
    for note in found:  # warnings the user's own choices bring (another harness's scores)
        line = note.range.start.line
        print(f"{shown}:{line}: {note.code} [{note.severity}] {note.message}", file=sys.stderr)
    return 0


def _target(given: str | None, entry: CatalogEntry) -> Path | None:
    """Where to write: None for "-"; a folder (existing, or written with a trailing
    separator) gets the benchmark's file name."""
    if given == "-":
        return None
    if given is None:
        return Path("configs", "benchmark", file_name(entry))
    if os.path.isdir(given) or given.endswith(("/", os.sep)):
        return Path(given, file_name(entry))
    return Path(given)


def _entry(settings: Settings, benchmark: str) -> CatalogEntry:
    entry = settings.catalog.find(benchmark) or settings.catalog.find_loose(benchmark)
    if entry is not None:
        return entry
    keys = [e.key for e in settings.catalog.entries]
    match = closest(benchmark, [*keys, *(e.name for e in settings.catalog.entries)])
    hint = f'did you mean "{match}"?' if match else f"known: {', '.join(keys)}"
    raise UsageError(
        f'no benchmark "{benchmark}" in the catalog ({hint}); for a workspace benchmark, save '
        "`osmosis --json benchmark info KEY` and pass it with --catalog"
    )


def _agent(spec: str, entry: CatalogEntry, settings: Settings) -> AgentChoice:
    harness, colon, model = spec.partition(":")
    harness, model = harness.strip(), model.strip()
    if not colon or not model:
        raise UsageError(
            f"--agent {spec!r}: write HARNESS:MODEL (`codex:openai/gpt-5.2`, or "
            "`:openai/gpt-5.2` for the benchmark's official scaffold)"
        )
    if provider_of(model) is None:
        raise UsageError(f"--agent {spec!r}: write the model as provider/name (openai/gpt-5.2)")
    known = (*KNOWN_HARNESSES, *settings.extra_harnesses)
    if harness and harness not in known:
        match = closest(harness, known)
        hint = f'; did you mean "{match}"?' if match else ""
        raise UsageError(f"--agent {spec!r}: unknown harness {harness!r}{hint}")
    if harness and entry.official_scaffold_only:
        raise UsageError(
            f"{entry.name} runs its official scaffold only: give the agent no harness "
            f"(--agent :{model})"
        )
    if not harness and entry.requires_harness:
        default = entry.default_harness or "a harness"
        raise UsageError(f"{entry.name} requires a harness: --agent {default}:{model}")
    return AgentChoice(harness or None, model)


def _write_new(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8", newline="\n") as stream:  # never overwrites
            stream.write(text)
    except FileExistsError:
        raise UsageError(f"{one_line_name(str(path))} exists; not overwritten") from None
    except OSError as error:
        raise UsageError(f"cannot write {one_line_name(str(path))}: {error.strerror}") from None
