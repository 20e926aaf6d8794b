"""Scaffold a new rule: its module, its registry entry and its fixtures.

    python scripts/new_rule.py BL412 judge-model-unknown [--severity warning]

Writes `src/benchlint/rules/bl412_judge_model_unknown.py` (a working rule that fires on a
placeholder, with its documentation sections, examples and check to replace), adds it to
`src/benchlint/lint/registry.py` in code order, and writes
`tests/rules/fixtures/BL412/{bad,good}.toml`. Then follow CONTRIBUTING.md from step 3
(replace the placeholder, snapshots, generated pages). Refuses a code or name that is taken
or retired, or a code that would leave a gap in its group.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MINIMAL = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""
PLACEHOLDER = "REPLACE_ME"

MODULE = '''\
"""## What it does
TODO: say in one sentence what the rule reports (this sentence is its summary).

## Why is this bad?
TODO: say what goes wrong at submit or in the run, and what to write instead.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    # Scaffold: replace with the rule's check. This one fires on an environment variable
    # named {placeholder}, so that the examples below work from the start.
    for path, table in ctx.env_tables:
        if "{placeholder}" in table:
            yield Finding("TODO: the message", Anchor.key((*path, "{placeholder}")))


RULE = Rule(
    code="{code}",
    name="{name}",
    severity="{severity}",
    doc=__doc__ or "",
    check=check,
    bad="""\\
{bad}""",
    good="""\\
{good}""",
)
'''


def module_name(code: str, name: str) -> str:
    return f"{code.lower()}_{name.replace('-', '_')}"


def scaffold(root: Path, code: str, name: str, severity: str) -> list[Path]:
    if not re.fullmatch(r"BL\d{3}", code):
        raise SystemExit(f"{code}: a code is BL and three digits")
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name):
        raise SystemExit(f"{name}: a name is kebab-case (lower-case words joined by -)")
    registry = root / "src" / "benchlint" / "lint" / "registry.py"
    text = registry.read_text("utf-8")
    taken = set(re.findall(r"\b(bl\d{3})_\w+", text))
    if code.lower() in taken or f'"{code}"' in text:
        raise SystemExit(f"{code} is taken or retired: codes are never reused")
    if re.search(rf'name="{re.escape(name)}"', _all_rule_sources(root)):
        raise SystemExit(f"{name} is the name of another rule")
    group = code[:3].lower()
    numbers = sorted(int(c[3:]) for c in taken if c.startswith(group))
    if int(code[3:]) != (numbers[-1] + 1 if numbers else 1):
        expected = f"{group.upper()}{(numbers[-1] + 1 if numbers else 1):02}"
        raise SystemExit(f"{code}: the next free code of its group is {expected}")

    module = module_name(code, name)
    good = MINIMAL
    bad = MINIMAL + f'\n[env]\n{PLACEHOLDER} = "x"\n'
    source = MODULE.format(
        code=code, name=name, severity=severity, bad=bad, good=good, placeholder=PLACEHOLDER
    )
    rule_file = root / "src" / "benchlint" / "rules" / f"{module}.py"
    rule_file.write_text(source, "utf-8")
    registry.write_text(_register(text, module), "utf-8")

    fixtures = root / "tests" / "rules" / "fixtures" / code
    fixtures.mkdir(parents=True)
    marked = bad.replace(f'{PLACEHOLDER} = "x"', f'{PLACEHOLDER} = "x"  # !{code}')
    (fixtures / "bad.toml").write_text(marked, "utf-8")
    (fixtures / "good.toml").write_text(good, "utf-8")
    return [rule_file, registry, fixtures / "bad.toml", fixtures / "good.toml"]


def _all_rule_sources(root: Path) -> str:
    folder = root / "src" / "benchlint" / "rules"
    return "".join(path.read_text("utf-8") for path in folder.glob("bl*.py"))


def _register(text: str, module: str) -> str:
    """The registry with `module` in both of its lists (the imports and RULES), in code order."""
    for indent in ("    ", "        "):
        entries = re.findall(rf"^{indent}(bl\d{{3}}_\w+),$", text, re.M)
        following = [entry for entry in entries if entry > module]
        if following:
            anchor = f"\n{indent}{following[0]},"
            text = text.replace(anchor, f"\n{indent}{module},{anchor}", 1)
        else:
            last = f"\n{indent}{entries[-1]},"
            text = text.replace(last, f"{last}\n{indent}{module},", 1)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("code", help="the next free code of its group, e.g. BL412")
    parser.add_argument("name", help="kebab-case, e.g. judge-model-unknown")
    parser.add_argument("--severity", choices=("error", "warning", "info"), default="error")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    for path in scaffold(args.root, args.code.upper(), args.name, args.severity):
        print(f"wrote {path.relative_to(args.root)}")
    print(
        "next: replace the placeholder check and examples, then\n"
        "  .venv/bin/python -m pytest tests/rules --snapshot-update   (and read the snapshots)\n"
        "  .venv/bin/python -m benchlint.devtools.generate"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
