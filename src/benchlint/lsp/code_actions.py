"""Code actions: each diagnostic's fix as a quick fix, "Ignore BLxxx on this line", and
`source.fixAll.benchlint` (every safe fix, through the same fixer as `benchlint check --fix`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from lsprotocol import types as lsp

from ..core.diagnostic import Diagnostic, Fix
from ..core.line_diff import changed_runs
from ..core.regex import lazy_regex
from ..lint.fixer import fix_text
from ..lint.registry import RULES_BY_CODE
from ..lint.settings import Settings
from ..lint.suppression import ignore_comment
from .diagnostics import to_lsp
from .documents import OpenDocument
from .workspace_pull import refresh_action

FIX_ALL = "source.fixAll.benchlint"
FIX_ALL_TITLE = "benchlint: fix all safe problems"
KINDS = [lsp.CodeActionKind.QuickFix, FIX_ALL]
# Findings a line comment cannot silence: the file could not be read or parsed there.
_LINES = lazy_regex(r"[^\n]*\n|[^\n]+")


@dataclass(frozen=True)
class ActionContext:
    document: OpenDocument
    diagnostics: list[Diagnostic]  # of the document's current version
    settings: Settings
    document_changes: bool  # the client takes versioned `documentChanges`
    resolve_edits: bool = False  # the client asks for an action's edit when it is chosen


def code_actions(context: ActionContext, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    text = context.document.client_text
    start, end = text.offset(params.range.start), text.offset(params.range.end)
    only = params.context.only
    actions: list[lsp.CodeAction] = []
    if _wanted(lsp.CodeActionKind.QuickFix, only):
        for diagnostic in context.diagnostics:
            d_start = text.engine_offset(diagnostic.range.start)
            d_end = text.engine_offset(diagnostic.range.end)
            if d_start > end or d_end < start:
                continue
            if diagnostic.fix is not None:
                actions.append(_quick_fix(context, diagnostic, diagnostic.fix))
            if diagnostic.code == "BL902":  # the cache is old or lacks the benchmark
                document = context.document
                shown = [to_lsp(diagnostic, document.client_text, document.uri)]
                actions.append(refresh_action(document.uri, shown))
            ignore = _ignore_action(context, diagnostic)
            if ignore is not None:
                actions.append(ignore)
    if _wanted(FIX_ALL, only) and _has_safe_fix(context):
        # Fixing everything re-lints the file a few times: on a plain lightbulb request, only
        # when the client lets the edit wait until the action is chosen.
        if only is not None:
            if (fix_all := fix_all_action(context)) is not None:
                actions.append(fix_all)
        elif context.resolve_edits:
            actions.append(_unresolved_fix_all(context))
    return actions


def _has_safe_fix(context: ActionContext) -> bool:
    return any(d.fix is not None and d.fix.applicability == "safe" for d in context.diagnostics)


def _unresolved_fix_all(context: ActionContext) -> lsp.CodeAction:
    return lsp.CodeAction(title=FIX_ALL_TITLE, kind=FIX_ALL, data={"uri": context.document.uri})


def resolve(context: ActionContext, action: lsp.CodeAction) -> lsp.CodeAction:
    """`codeAction/resolve`: the edit of an action sent without one (fix all)."""
    if action.kind == FIX_ALL and action.edit is None:
        resolved = fix_all_action(context)
        action.edit = resolved.edit if resolved else workspace_edit(context, [])
    return action


def _wanted(kind: str, only: Sequence[str] | None) -> bool:
    return only is None or any(kind == want or kind.startswith(f"{want}.") for want in only)


def _quick_fix(context: ActionContext, diagnostic: Diagnostic, fix: Fix) -> lsp.CodeAction:
    text = context.document.client_text
    edits = [lsp.TextEdit(text.from_engine(edit.range), edit.new_text) for edit in fix.edits]
    return lsp.CodeAction(
        title=fix.title if fix.applicability == "safe" else f"{fix.title} (unsafe)",
        kind=lsp.CodeActionKind.QuickFix,
        diagnostics=[to_lsp(diagnostic, text, context.document.uri)],
        is_preferred=fix.applicability == "safe",
        edit=workspace_edit(context, edits),
    )


def _ignore_action(context: ActionContext, diagnostic: Diagnostic) -> lsp.CodeAction | None:
    rule = RULES_BY_CODE.get(diagnostic.code)
    if rule is None or not rule.suppressible:
        return None
    edit = ignore_edit(context.document, diagnostic.code, diagnostic.range.start.line)
    if edit is None:
        return None
    document = context.document
    return lsp.CodeAction(
        title=f"Ignore {diagnostic.code} on this line",
        kind=lsp.CodeActionKind.QuickFix,
        diagnostics=[to_lsp(diagnostic, document.client_text, document.uri)],
        edit=workspace_edit(context, [edit]),
    )


def ignore_edit(document: OpenDocument, code: str, line: int) -> lsp.TextEdit | None:
    """Name `code` in the line's `# benchlint: ignore[...]` comment, adding one if needed.

    `line` is the engine's (1-based) line of the diagnostic. The edit must not change any
    value (a line inside a multi-line string cannot take a comment): it is checked by parsing
    the result, and the comment goes alone on the line above when the end of the line fails.
    """
    reading = document.reading
    lines = reading.lines
    start = lines.line_starts[line - 1]
    listed = reading.ignore_lists.get(line)
    if listed is not None:
        codes, at = listed
        if code in codes:
            return None
        return _checked(document, at, at, f", {code}" if codes else code)
    content = lines.line_text(line)
    end_of_line = start + len(content)
    trailing = _checked(document, end_of_line, end_of_line, f"  {ignore_comment(code)}")
    if trailing is not None:
        return trailing
    indent = content[: len(content) - len(content.lstrip())]
    newline = reading.newline
    return _checked(document, start, start, f"{indent}{ignore_comment(code)}{newline}")


def _checked(document: OpenDocument, start: int, end: int, new_text: str) -> lsp.TextEdit | None:
    """The edit, unless it changes what a valid file says (a broken one cannot be checked).

    A comment at the end of a line, or alone on a new line, can change a valid file's values
    only inside a multi-line string: the file is parsed once per version and its multi-line
    strings found once (a whole-file request asks this once per diagnostic, and a parse each
    made it quadratic)."""
    reading = document.reading
    if (
        reading.may_hold_multiline_strings
        and reading.values is not None
        and reading.multiline_strings.inside(start)
    ):
        return None
    return lsp.TextEdit(document.client_text.range(start, end), new_text)


def fix_all_action(context: ActionContext) -> lsp.CodeAction | None:
    """Every safe fix at once, as the edits that turn the text into the fixed text; None when
    they change nothing (a file that does not parse is never fixed)."""
    document = context.document
    result = fix_text(document.text, document.path, context.settings)
    if not result.changed:
        return None
    edits = [
        lsp.TextEdit(document.client_text.range(start, end), new_text)
        for start, end, new_text in text_changes(document.text, result.text)
    ]
    return lsp.CodeAction(title=FIX_ALL_TITLE, kind=FIX_ALL, edit=workspace_edit(context, edits))


def text_changes(before: str, after: str) -> list[tuple[int, int, str]]:
    """Small (start, end, replacement) edits from `before` to `after`, one per changed run of
    lines: the text between them is never sent back (it may hold what should not travel)."""
    old, new = _LINES.findall(before), _LINES.findall(after)
    offsets = list(accumulate(map(len, old), initial=0))
    changes = []
    for i1, i2, j1, j2 in changed_runs(old, new):  # linear, even on many identical lines
        start, end, text = changed_stretch("".join(old[i1:i2]), "".join(new[j1:j2]))
        changes.append((offsets[i1] + start, offsets[i1] + end, text))
    return changes


def changed_stretch(before: str, after: str) -> tuple[int, int, str]:
    """The smallest (start, end, replacement) that turns `before` into `after`."""
    limit = min(len(before), len(after))
    prefix = 0
    while prefix < limit and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < limit - prefix
        and before[len(before) - 1 - suffix] == after[len(after) - 1 - suffix]
    ):
        suffix += 1
    start, end = prefix, len(before) - suffix
    # Never split a CRLF pair: the client cannot address the point between `\r` and `\n`.
    if 0 < start < len(before) and before[start - 1 : start + 1] == "\r\n":
        start -= 1
    if 0 < end < len(before) and before[end - 1 : end + 1] == "\r\n":
        end += 1
    return start, end, after[start : len(after) - (len(before) - end)]


def workspace_edit(context: ActionContext, edits: list[lsp.TextEdit]) -> lsp.WorkspaceEdit:
    document = context.document
    if context.document_changes:
        identifier = lsp.OptionalVersionedTextDocumentIdentifier(document.uri, document.version)
        return lsp.WorkspaceEdit(document_changes=[lsp.TextDocumentEdit(identifier, list(edits))])
    return lsp.WorkspaceEdit(changes={document.uri: list(edits)})
