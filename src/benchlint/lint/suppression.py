"""Suppression comments: `# benchlint: ignore[BL402]` and `# benchlint: ignore-file[BL305]`.

`ignore[...]` at the end of a diagnostic's first line, or alone on the line directly above
it, silences the codes it names there; `ignore-file[...]` anywhere silences them in the whole
file. A suppression always names its codes. Comments that silence nothing are reported by
BL901 (see `benchlint.rules.bl901_unused_suppression`).
"""

from __future__ import annotations

from ..core.diagnostic import Diagnostic, Range
from ..core.regex import lazy_regex
from ..parsing.document import Document

MARKER = "benchlint:"
_DIRECTIVE = lazy_regex(r"#\s*benchlint:\s*(?P<kind>[A-Za-z-]*)(?:\s*(?P<codes>\[[^\]]*\]?))?")
_CODE = lazy_regex(r"^BL\d{3}$")
# A well-formed line suppression, for tools that add codes to one (the language server).
IGNORE_COMMENT = lazy_regex(r"#\s*benchlint:\s*ignore\s*\[(?P<codes>[^\]]*)\]")


def ignore_comment(*codes: str) -> str:
    """The comment that silences `codes` on its line: `# benchlint: ignore[BL402]`."""
    return f"# benchlint: ignore[{', '.join(codes)}]"


class Suppression:
    """One suppression comment, and the codes it silenced."""

    def __init__(
        self,
        kind: str,  # "ignore" | "ignore-file" | anything else (malformed)
        codes: tuple[str, ...],
        range: Range,
        applies_to_line: int,  # 1-based; 0 for file-wide
        malformed: str | None = None,  # why the comment is not a valid suppression
    ) -> None:
        self.kind = kind
        self.codes = codes
        self.range = range
        self.applies_to_line = applies_to_line
        self.malformed = malformed
        self.used: set[str] = set()  # the codes it silenced


def find_suppressions(document: Document) -> list[Suppression]:
    if MARKER not in document.text:
        return []
    found: list[Suppression] = []
    lines = document.lines
    for comment in document.source_map.comments:
        match = _DIRECTIVE.search(comment.text)
        if not match:
            continue
        start = comment.span.start + match.start()
        span_range = lines.range(start, comment.span.start + match.end())
        kind = match.group("kind")
        raw_codes = match.group("codes")
        line = span_range.start.line
        alone = not lines.line_text(line)[: span_range.start.column - 1].strip()
        target = line + 1 if alone else line
        if kind not in ("ignore", "ignore-file"):
            found.append(
                Suppression(kind, (), span_range, target, f"unknown directive `{kind or '?'}`")
            )
            continue
        if not raw_codes or not raw_codes.endswith("]"):
            found.append(
                Suppression(
                    kind,
                    (),
                    span_range,
                    target,
                    "a suppression must name its codes, e.g. `# benchlint: ignore[BL402]`",
                )
            )
            continue
        codes = tuple(_code(c) for c in raw_codes[1:-1].split(",") if c.strip())
        if not codes:
            found.append(
                Suppression(kind, (), span_range, target, "a suppression must name its codes")
            )
            continue
        found.append(Suppression(kind, codes, span_range, 0 if kind == "ignore-file" else target))
    return found


def apply_suppressions(
    diagnostics: list[Diagnostic], suppressions: list[Suppression], suppressible: frozenset[str]
) -> list[Diagnostic]:
    """The diagnostics no suppression silences (only the `suppressible` codes can be); marks
    each suppression's used codes."""
    if not suppressions:
        return diagnostics
    # Codes as sets, and the file-wide ones marked used once at the end: each diagnostic
    # looked through every code of every file-wide comment, which a file of many findings
    # and many comments (or one comment naming many codes) made quadratic.
    file_wide = [s for s in suppressions if s.kind == "ignore-file" and not s.malformed]
    file_wide_codes = frozenset(code for s in file_wide for code in s.codes)
    by_line: dict[int, list[tuple[Suppression, frozenset[str]]]] = {}
    for suppression in suppressions:
        if suppression.kind == "ignore" and not suppression.malformed:
            entry = (suppression, frozenset(suppression.codes))
            by_line.setdefault(suppression.applies_to_line, []).append(entry)
    silenced_file_wide: set[str] = set()
    kept: list[Diagnostic] = []
    for diagnostic in diagnostics:
        code = diagnostic.code
        if code not in suppressible:
            kept.append(diagnostic)
            continue
        silenced = False
        for suppression, codes in by_line.get(diagnostic.range.start.line, ()):
            if code in codes:
                suppression.used.add(code)
                silenced = True
        if code in file_wide_codes:
            silenced_file_wide.add(code)
            silenced = True
        if not silenced:
            kept.append(diagnostic)
    for suppression in file_wide:
        suppression.used.update(silenced_file_wide.intersection(suppression.codes))
    return kept


def is_code(text: str) -> bool:
    return _CODE.match(text) is not None


def _code(written: str) -> str:
    """A code as written (`bl402` means BL402); anything else keeps its spelling, so that the
    masking of messages still recognises a pasted token in it."""
    written = written.strip()
    upper = written.upper()
    return upper if _CODE.match(upper) else written
