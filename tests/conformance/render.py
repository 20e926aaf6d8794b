"""Writing config data as TOML text, in the many shapes people write it.

The same data comes out as header tables, inline tables, dotted keys, arrays of tables or
inline arrays, with every string style, integer bases, comments, odd spacing and CRLF line
ends, so parsers and loaders are compared on more than one spelling of each config.
Strings never hold a raw newline (it is always escaped), so switching the line ends changes
no value.
"""

from __future__ import annotations

import datetime as dt
import math
import random
import re
from dataclasses import dataclass
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_SHORT_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_COMMENTS = ("# benchmark run", "# TODO: more agents", "# ünïcödé ✓ 日本語", "#", "#\tnote")
_EQUALS = (" = ", " = ", " = ", "=", " =\t", "  =  ")

Key = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Deep:
    """A value nested `depth` levels deep (arrays, or inline tables), written without
    recursion: parsers recurse per level, so depth probes their limits."""

    shape: str  # "array" or "table"
    depth: int

    def toml(self) -> str:
        if self.shape == "array":
            return "[" * self.depth + "]" * self.depth
        return "{ a = " * self.depth + "1" + " }" * self.depth


def is_table(value: Any) -> bool:
    return isinstance(value, dict)


def is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


class Renderer:
    """One rendering; every spelling choice comes from `rng`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def document(self, data: dict[str, Any], crlf: bool = False) -> str:
        lines: list[str] = []
        if self._chance(0.3):
            lines.append(self.rng.choice(_COMMENTS))
        sections: list[tuple[str, Key, Any]] = []
        self._body((), data, lines, sections, indent="")
        for kind, path, value in sections:
            self._section(kind, path, value, lines)
        text = "\n".join(lines)
        if lines and self._chance(0.95):
            text += "\n"
        return text.replace("\n", "\r\n") if crlf else text

    # -- structure ---------------------------------------------------------------------------
    def _section(self, kind: str, path: Key, value: Any, out: list[str]) -> None:
        if kind == "array":
            for element in value:
                self._table(path, element, out, header=f"[[{self._dotted_key(path)}]]")
        else:
            self._table(path, value, out, header=f"[{self._dotted_key(path)}]")

    def _table(self, path: Key, table: dict[str, Any], out: list[str], header: str) -> None:
        lines: list[str] = []
        sections: list[tuple[str, Key, Any]] = []
        indent = self.rng.choice(("", "", "", "  ", "\t"))
        self._body(path, table, lines, sections, indent)
        # A table holding only sub-tables may be left implicit, unless it is an array element.
        implicit = not lines and sections and header.startswith("[") and header[1] != "["
        if not (implicit and self._chance(0.5)):
            if self._chance(0.3):
                out.append("")
            out.append(header + (f"  {self.rng.choice(_COMMENTS)}" if self._chance(0.1) else ""))
        out.extend(lines)
        for kind, sub_path, value in sections:
            self._section(kind, sub_path, value, out)

    def _body(
        self,
        path: Key,
        table: dict[str, Any],
        lines: list[str],
        sections: list[tuple[str, Key, Any]],
        indent: str,
    ) -> None:
        """Key/value lines of a table; sub-tables written as headers go to `sections`."""
        for key, value in table.items():
            if self._chance(0.05):
                lines.append(indent + self.rng.choice(_COMMENTS))
            if is_table(value):
                style = self.rng.choices(("header", "inline", "dotted"), (5, 2, 2))[0]
            elif is_table_array(value):
                style = self.rng.choices(("array", "inline"), (5, 1))[0]
            else:
                style = "inline"
            if style in ("header", "array"):
                sections.append(("array" if style == "array" else "table", (*path, key), value))
            elif style == "dotted" and value:
                lines.extend(indent + line for line in self._dotted_pairs((key,), value))
            else:
                lines.append(indent + self._pair((key,), value))

    def _dotted_pairs(self, keys: Key, table: dict[str, Any]) -> list[str]:
        lines: list[str] = []
        for key, value in table.items():
            if is_table(value) and value and self._chance(0.5):
                lines.extend(self._dotted_pairs((*keys, key), value))
            else:
                lines.append(self._pair((*keys, key), value))
        return lines

    def _pair(self, keys: Key, value: Any) -> str:
        line = f"{self._dotted_key(keys)}{self.rng.choice(_EQUALS)}{self.value(value)}"
        if self._chance(0.08):
            line += f"  {self.rng.choice(_COMMENTS)}"
        return line

    # -- keys and values ---------------------------------------------------------------------
    def _dotted_key(self, keys: Key) -> str:
        separator = self.rng.choice((".", ".", " . "))
        return separator.join(self.key(k) for k in keys)

    def key(self, key: str) -> str:
        if _BARE_KEY.match(key) and self._chance(0.9):
            return key
        if _literal_ok(key) and self._chance(0.3):
            return f"'{key}'"
        return f'"{self._escaped(key)}"'

    def value(self, value: Any) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int):
            return self._integer(value)
        if isinstance(value, float):
            return self._float(value)
        if isinstance(value, str):
            return self.string(value)
        if isinstance(value, dt.datetime | dt.date | dt.time):
            return self._datetime(value)
        if isinstance(value, list):
            return self._array(value)
        if isinstance(value, Deep):
            return value.toml()
        if isinstance(value, dict):
            items = [f"{self.key(k)} = {self.value(v)}" for k, v in value.items()]
            return "{ " + ", ".join(items) + " }" if items else "{}"
        raise TypeError(f"no TOML form for {type(value).__name__}")

    def string(self, text: str) -> str:
        styles = {"basic": 6, "multiline": 1}
        if _literal_ok(text):
            styles |= {"literal": 2, "multiline-literal": 1}
        style = self.rng.choices(list(styles), list(styles.values()))[0]
        if style == "literal":
            return f"'{text}'"
        if style == "multiline-literal":
            return f"'''{text}'''"
        if style == "multiline":
            return f'"""{self.rng.choice(("", chr(10)))}{self._escaped(text)}"""'
        return f'"{self._escaped(text)}"'

    def _escaped(self, text: str) -> str:
        out = []
        for char in text:
            if char in _SHORT_ESCAPES and (char != "\t" or self._chance(0.5)):
                out.append(_SHORT_ESCAPES[char])
            elif char in '"\\':
                out.append("\\" + char)
            elif _is_control(char):
                out.append(f"\\u{ord(char):04X}")
            elif ord(char) > 0x7E and self._chance(0.25):
                out.append(f"\\U{ord(char):08x}" if self._chance(0.3) else _u4(char))
            else:
                out.append(char)
        return "".join(out)

    def _integer(self, number: int) -> str:
        if number >= 0 and self._chance(0.15):
            prefix, digits = self.rng.choice((("0x", f"{number:X}"), ("0o", f"{number:o}")))
            return prefix + digits
        text = str(number)
        if abs(number) >= 1000 and self._chance(0.5):
            text = f"{number:_}"
        if number >= 0 and self._chance(0.1):
            text = "+" + text
        return text

    def _float(self, number: float) -> str:
        if math.isnan(number):
            return self.rng.choice(("nan", "+nan", "-nan"))
        if math.isinf(number):
            return "-inf" if number < 0 else self.rng.choice(("inf", "+inf"))
        if number.is_integer() and abs(number) < 1e15 and self._chance(0.3):
            return f"{int(number)}e0"
        return repr(number)

    def _datetime(self, value: dt.datetime | dt.date | dt.time) -> str:
        text = value.isoformat()
        if isinstance(value, dt.datetime):
            if text.endswith("+00:00") and self._chance(0.5):
                text = text[:-6] + "Z"
            if self._chance(0.3):
                text = text.replace("T", " ", 1)
        return text

    def _array(self, items: list[Any]) -> str:
        if not items:
            return "[]"
        rendered = [self.value(item) for item in items]
        trailing = "," if self._chance(0.3) else ""
        if len(rendered) > 1 and self._chance(0.2):
            body = "".join(f"\n  {item}," for item in rendered)
            comment = f"  {self.rng.choice(_COMMENTS)}" if self._chance(0.3) else ""
            return f"[{comment}{body}\n]"
        return "[" + self.rng.choice((", ", ",", " , ")).join(rendered) + trailing + "]"

    def _chance(self, probability: float) -> bool:
        return self.rng.random() < probability


def _literal_ok(text: str) -> bool:
    """Literal strings have no escapes: no `'` and no control character but tab."""
    return "'" not in text and not any(_is_control(c) and c != "\t" for c in text)


def _is_control(char: str) -> bool:
    return ord(char) < 0x20 or ord(char) == 0x7F


def _u4(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08X}"
