"""Mutations of the written text: TOML syntax errors, duplicate definitions, encodings.

Each takes the rendered text and returns the file's bytes and a short description.
Truncation may leave valid TOML; the loader's verdict decides either way.
"""

from __future__ import annotations

import random

BROKEN_LINES = (
    "broken =",
    "x = [1, 2",
    "x = { a = 1",
    "x = { a = 1, }",
    "x = { a = 1,\nb = 2 }",
    "[execution",
    "[[agents]",
    "bad key = 1",
    'x = "tail',
    "x = 'tail",
    'x = """tail',
    'x = "a" junk',
    "x = 1__0",
    "x = 01",
    "x = 1.",
    "x = .5",
    "x = 1e",
    "x = 0x",
    "x = 2026-13-01",
    "x = 2026-11-01T25:00:00",
    'x = "\\q"',
    'x = "\\u12"',
    "x = tru",
    "= 1",
    "[]",
    "[a.]",
    "[experiment]",
    "[agents]",
    "agents = []",
    "experiment.benchmark = 'dup'",
    "x = 1\nx = 2",
    "[t]\n[t]",
    "agents.model]",  # a header that lost its `[`
    "execution]",
    "agents.env]]",
)
INVALID_UTF8 = (b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xc0\xaf", b"\xe2\x82", b"\x80", b"\xfe")


def syntax(text: str, rng: random.Random) -> tuple[bytes, str]:
    lines = text.split("\n")
    choice = rng.choice(("insert", "insert", "duplicate-line", "unclose", "control", "cr"))
    if choice == "insert":
        broken = rng.choice(BROKEN_LINES)
        at = rng.randint(0, len(lines))
        lines.insert(at, broken)
        detail = f"line {at + 1}: {broken!r}"
    elif choice == "duplicate-line":
        candidates = [n for n, line in enumerate(lines) if line.strip()[:1] not in ("", "#")]
        at = rng.choice(candidates)
        lines.insert(at, lines[at])
        detail = f"line {at + 1} twice: {lines[at]!r}"
    elif choice == "unclose":
        quoted = [n for n, line in enumerate(lines) if line.rstrip("\r").endswith(('"', "'"))]
        at = rng.choice(quoted) if quoted else len(lines) - 1
        lines[at] = lines[at].rstrip("\r")[:-1]
        detail = f"line {at + 1} lost its closing quote"
    elif choice == "control":
        at = rng.randrange(len(lines))
        char = rng.choice(("\x01", "\x7f", "\x1b", "\x0b", "\x0c"))
        lines[at] += f" # {char}" if rng.random() < 0.5 else char
        detail = f"{char!r} on line {at + 1}"
    else:
        at = rng.randrange(max(1, len(lines) - 1))
        lines[at] += "\r" + lines.pop(at + 1) if at + 1 < len(lines) else "\r"
        detail = f"bare CR after line {at + 1}"
    return "\n".join(lines).encode(), f"{choice} {detail}"


def truncate(text: str, rng: random.Random) -> tuple[bytes, str]:
    data = text.encode()
    at = rng.randrange(len(data) + 1)
    return data[:at], f"cut at byte {at} of {len(data)}"


def encoding(text: str, rng: random.Random) -> tuple[bytes, str]:
    data = text.encode()
    choice = rng.choice(("invalid-utf8", "invalid-utf8", "bom", "utf16", "nul", "latin1"))
    if choice == "invalid-utf8":
        bad = rng.choice(INVALID_UTF8)
        at = _char_boundary(data, rng)
        return data[:at] + bad + data[at:], f"{bad!r} at byte {at}"
    if choice == "bom":
        return b"\xef\xbb\xbf" + data, "UTF-8 BOM"
    if choice == "utf16":
        return text.encode("utf-16"), "UTF-16"
    if choice == "nul":
        at = _char_boundary(data, rng)
        return data[:at] + b"\x00" + data[at:], f"NUL at byte {at}"
    return (text + "\n# café\n").encode("latin-1", "replace"), "Latin-1"


def _char_boundary(data: bytes, rng: random.Random) -> int:
    """A random offset that does not split a UTF-8 sequence (the damage is the insert)."""
    at = rng.randint(0, len(data))
    while 0 < at < len(data) and data[at] & 0xC0 == 0x80:
        at -= 1
    return at


MUTATIONS = {
    "syntax": (syntax, 6),
    "truncate": (truncate, 2),
    "encoding": (encoding, 3),
}
