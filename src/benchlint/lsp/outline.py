"""The shape of a document read straight from its lines: table headers and the keys under
them. Completion works on text that is being typed and rarely parses, so it cannot lean on
the parser the way hover does; this reading survives any broken line."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.paths import ConfigPath
from ..core.regex import lazy_regex
from .positions import ClientText

_KEY = lazy_regex(r"""^\s*([A-Za-z0-9_\-]+|"[^"\n]*"|'[^'\n]*')\s*[.=]""")
# A basic string never starts at an escaped quote, so no two scans overlap: `"a\"a\"…` on one
# line was cubic.
_STRING = lazy_regex(r"""(?<!\\)"((?:[^"\\\n]|\\.)*+)"|'([^'\n]*)'""")


@dataclass
class Section:
    """A table as written: its header line (-1 for the top level) and its lines."""

    path: ConfigPath  # concrete, agents by index: ("agents", 1, "model")
    header_line: int
    end_line: int  # exclusive
    keys: dict[str, int] = field(default_factory=dict)  # key -> its 0-based line


@dataclass
class Outline:
    text: ClientText
    sections: list[Section]

    def section_at(self, line: int) -> Section:
        found = self.sections[0]
        for section in self.sections:
            if section.header_line <= line:
                found = section
        return found

    def find(self, path: ConfigPath) -> Section | None:
        return next((s for s in self.sections if s.path == path), None)

    def string_value(self, path: ConfigPath, key: str) -> str | None:
        """The first string written for `key` in the table at `path`, if any."""
        section = self.find(path)
        line = section.keys.get(key) if section is not None else None
        if line is None:
            return None
        found = strings_in(self.text.line_text(line).split("=", 1)[-1])
        return found[0] if found else None


def strings_in(text: str) -> list[str]:
    return [basic if basic is not None else literal for basic, literal in _STRING.findall(text)]


def read_header(content: str) -> tuple[str, str] | None:
    """A line read as a table header, even one being typed (`[agents.mo`): its opening (`[` or
    `[[`) and what stands inside, trimmed; None when the line is not one. A header holds no
    `[`, `]` or `#` inside; after it, only blanks and a comment. (A scan of the line: the
    regular expression it replaces tried every split of a run of blanks between its four
    optional blank runs, and one line of spaces took seconds.)"""
    line = content.lstrip()
    if not line.startswith("["):
        return None
    opening = "[[" if line.startswith("[[") else "["
    rest = line[len(opening) :]
    end = len(rest)
    for stop in "[]#":
        found = rest.find(stop, 0, end)
        if found >= 0:
            end = found
    tail = rest[end:]
    if tail.startswith("]"):
        tail = tail[2:] if tail.startswith("]]") else tail[1:]
        tail = tail.lstrip()
    if tail and (tail[0] != "#" or "\n" in tail[:-1]):  # `.` in `#.*$` stops at a line break
        return None
    return opening, rest[:end].strip()


def header_names(inner: str) -> list[str]:
    return [part.strip().strip("\"'") for part in inner.split(".")]


def read_outline(text: ClientText) -> Outline:
    line_count = len(text.line_starts)
    top = Section((), -1, line_count)
    sections = [top]
    agents = 0
    in_multiline: str | None = None
    for line in range(line_count):
        content = text.line_text(line)
        if in_multiline is not None:
            if content.count(in_multiline) % 2 == 1:
                in_multiline = None
            continue
        for quote in ('"""', "'''"):
            if content.count(quote) % 2 == 1:
                in_multiline = quote
        header = read_header(content)
        if header is not None and not _is_array_line(content):
            opening, inner = header
            names = header_names(inner)
            if opening == "[[" and names == ["agents"]:
                agents += 1
                path: ConfigPath = ("agents", agents - 1)
            elif names[0] == "agents" and len(names) > 1 and agents:
                path = ("agents", agents - 1, *names[1:])
            else:
                path = tuple(names)
            sections[-1].end_line = line
            sections.append(Section(path, line, line_count))
            continue
        key = _KEY.match(content)
        if key is not None:
            name = key.group(1).strip("\"'")
            sections[-1].keys.setdefault(name, line)
    return Outline(text, sections)


def _is_array_line(content: str) -> bool:
    """`["a", "b"],` inside a multi-line array is not a header."""
    stripped = content.strip()
    return stripped.startswith('["') or stripped.startswith("['") or stripped.endswith(",")
