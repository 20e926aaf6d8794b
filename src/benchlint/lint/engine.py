"""The engine: text in, sorted diagnostics out.

decode → parse (tomllib values, recovery after syntax errors) → structural validation
(pydantic) → rules → ranges → per-file ignores, suppression comments, BL901 → sorted by
position, then code. Pure and thread-safe: everything lives in the call's own objects.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import TYPE_CHECKING

from ..core.diagnostic import FILE_START, SORT_KEY, Diagnostic, Fix, Related
from ..core.paths import ConfigPath, dotted
from ..core.reading import Content
from ..domain.profiles import PROFILES
from ..parsing.document import Document, EncodingProblem, decode, parse, too_large
from ..rules.bl001_toml_syntax import syntax_findings
from ..rules.bl901_unused_suppression import unused_suppressions
from ..secrets.redaction import one_line_message, redact
from ..secrets.source import credentials
from ..structure.issues import check_structure
from ..structure.spec import looks_like_config, may_be_table
from . import registry
from .context import Context
from .registry import RULES, RULES_BY_CODE, rule_url
from .rule import Check, Finding, Rule
from .settings import Settings
from .suppression import apply_suppressions, find_suppressions

if TYPE_CHECKING:
    from .plan import Plan


def lint_content(content: Content, path: str | None, settings: Settings) -> list[Diagnostic]:
    """`lint` of what was read of an input with `benchlint.core.reading`: when it was cut at
    the size limit, BL003's message tells the input's real size rather than the bytes read
    (a stream's size is unknown: it says that it is larger)."""
    limit = settings.max_file_size
    diagnostics = lint(content.data, path, settings)
    if not content.oversized(limit):
        return diagnostics
    size = content.whole_size()
    message = (
        too_large(size, limit).message
        if size is not None
        else f"the input is more than {limit:,} bytes, the configured limit; nothing else was "
        "checked (raise `max-file-size` if this is intended)"
    )
    return [d._replace(message=message) if d.code == "BL003" else d for d in diagnostics]


def lint(
    content: str | bytes, path: str | None, settings: Settings, *, suppressions: bool = True
) -> list[Diagnostic]:
    """`suppressions=False` ignores the file's suppression comments (for `load_config`, which
    must refuse what the official loader refuses, whatever the file silences)."""
    enabled = settings.enabled_for(path)
    text = decode(content, settings.max_file_size)
    if isinstance(text, EncodingProblem):
        if text.code not in enabled:
            return []
        rule = RULES_BY_CODE[text.code]
        return [_file_diagnostic(rule, text.message, settings)]

    document = parse(text)
    context = _context(document, path, settings)
    found: list[tuple[Rule, Finding]] = []
    if not document.valid and "BL001" in enabled:
        rule = RULES_BY_CODE["BL001"]
        found.extend((rule, finding) for finding in syntax_findings(document))
    checks = _checks(enabled, structure_found=bool(context.issues))
    if document.recovered:
        for rule, check in checks:
            findings = check(context)
            if rule.needs_complete:
                findings = (f for f in findings if _survives(document, f))
            found.extend((rule, finding) for finding in findings)
    else:
        for rule, check in checks:
            for finding in check(context):  # a plain loop: the hot path of a valid file
                found.append((rule, finding))

    diagnostics = [_resolve(context, rule, finding) for rule, finding in found]
    if suppressions:
        comments = find_suppressions(document)
        diagnostics = apply_suppressions(diagnostics, comments, _SUPPRESSIBLE)
        if "BL901" in enabled:
            rule = RULES_BY_CODE["BL901"]
            diagnostics.extend(
                _resolve(context, rule, finding)
                for finding in unused_suppressions(
                    comments, enabled, RULES_BY_CODE, _SUPPRESSIBLE, registry.RETIRED
                )
            )
    unique = {(d.code, d.range, d.message): d for d in diagnostics}
    return sorted(unique.values(), key=SORT_KEY)


def quotable(text: str, diagnostics: list[Diagnostic]) -> str | None:
    """`text`, when reports may quote its lines under its diagnostics (code frames); None for
    a file that is not valid TOML and has no table of a benchmark config (a `~/.netrc` or a
    credentials file committed under a config's name: its lines may be anything)."""
    if not any(d.code == "BL001" for d in diagnostics):
        return text
    document = parse(text)
    return text if document.syntax is None or looks_like_config(document.data) else None


def outside_link(path: str | None, settings: Settings) -> list[Diagnostic]:
    """What is reported for a config that a symbolic link takes out of the repository, which
    is not read (BL004; nothing when the rule is off for the path)."""
    if "BL004" not in settings.enabled_for(path):
        return []
    from ..rules.bl004_symlink_outside_repository import message_for

    return [_file_diagnostic(RULES_BY_CODE["BL004"], message_for(path), settings)]


def plan(content: str | bytes, path: str | None, settings: Settings) -> Plan:
    """What the run a config describes will do (see `lint.plan`); text that cannot be decoded
    plans nothing (its `lint` says why)."""
    from .plan import plan_of  # only `plan` and the editor's code lens ask

    text = decode(content, settings.max_file_size)
    document = parse(text if isinstance(text, str) else "")
    return plan_of(_context(document, path, settings))


def _context(document: Document, path: str | None, settings: Settings) -> Context:
    return Context(
        document,
        settings,
        PROFILES[settings.profile],
        settings.catalog,
        path,
        check_structure(
            document.data, partial(_could_hold, document) if document.recovered else None
        ),
    )


def _could_hold(document: Document, path: ConfigPath) -> bool:
    """Whether a blanked line could hold `path` (as a table only where one belongs)."""
    return document.could_hold(path, table=may_be_table(path, document.data))


@lru_cache(maxsize=128)
def _checks(enabled: frozenset[str], *, structure_found: bool) -> tuple[tuple[Rule, Check], ...]:
    """The checks to run for a set of enabled codes, in code order; without the rules that
    only report structural issues when the structure check found none."""
    return tuple(
        (rule, rule.check)
        for rule in RULES
        if rule.check is not None
        and rule.code in enabled
        and (structure_found or not rule.owned_issues_only)
    )


def _survives(document: Document, finding: Finding) -> bool:
    """Whether a finding about something absent still holds after a syntax error: it names
    what is absent, and no blanked line could have held it."""
    return bool(finding.absent) and not any(_could_hold(document, p) for p in finding.absent)


def _resolve(context: Context, rule: Rule, finding: Finding) -> Diagnostic:
    at = finding.at
    code = rule.code
    key_path = finding.key if finding.key is not None else getattr(at, "path", None)
    related = finding.related
    return Diagnostic(
        code=code,
        name=rule.name,
        severity=context.settings.severity.get(code) or finding.severity or rule.severity,
        message=one_line_message(finding.message),
        range=context.locate(at),
        key=_key(key_path),
        related=tuple(
            Related(one_line_message(message), context.locate(anchor))
            for message, anchor in related
        )
        if related
        else (),
        fix=None if finding.fix is None else _printable_fix(finding.fix, context),
        url=_URLS[code],
    )


_URLS = {code: rule_url(code) for code in RULES_BY_CODE}
_SUPPRESSIBLE = frozenset(rule.code for rule in RULES if rule.suppressible)


@lru_cache(maxsize=4096)
def _key(path: ConfigPath | None) -> str | None:
    """The JSON `key` of a path (masked: a key may be a pasted token)."""
    return one_line_message(dotted(path) or "") or None if path else None


def _printable_fix(fix: Fix, context: Context) -> Fix | None:
    """The fix with its title masked (a repeated secret name may be a pasted token), or no
    fix when an edit would write a credential: an edit holds only what the fix writes, and
    masking it would make it write stars into the file."""
    known = credentials(context.document.text)
    for edit in fix.edits:
        text = edit.new_text.lower()
        if redact(edit.new_text) != edit.new_text or any(c.lower() in text for c in known):
            return None
    title = one_line_message(fix.title)
    return fix if title == fix.title else Fix(title, fix.applicability, fix.edits)


def _file_diagnostic(rule: Rule, message: str, settings: Settings) -> Diagnostic:
    return Diagnostic(
        code=rule.code,
        name=rule.name,
        severity=settings.severity.get(rule.code) or rule.severity,
        message=one_line_message(message),
        range=FILE_START,
        url=rule_url(rule.code),
    )
