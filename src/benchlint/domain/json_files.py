"""Reading the JSON files users save from the Osmosis CLI (catalogs, secret lists): bounded,
safe on a FIFO or device, and every failure one clear sentence that names the file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..core.reading import NotARegularFile, read_file
from ..core.text import one_line
from ..secrets.output import MASKER

# Far beyond any saved `benchmark list` or `secret list`, yet bounded: a path may name a device.
MAX_JSON_BYTES = 64 * 1024 * 1024
_LIMIT_TEXT = f"{MAX_JSON_BYTES // 2**20} MiB"


class JsonFileError(ValueError):
    """A file that cannot be read as JSON; the message names it and the problem."""


def shown(path: Path) -> str:
    return one_line(str(path))


def read_json(path: Path, what: str) -> Any:
    """The JSON value in the file at `path` (`what` names the kind of file in messages)."""
    try:
        content = read_file(path, MAX_JSON_BYTES)
    except FileNotFoundError:
        raise JsonFileError(f"{what} {shown(path)} does not exist") from None
    except NotARegularFile:
        raise JsonFileError(f"{what} {shown(path)} is not a regular file") from None
    except OSError as error:
        raise JsonFileError(f"cannot read {what} {shown(path)}: {error.strerror}") from None
    except ValueError:  # a NUL in the path
        raise JsonFileError(f"{what} {shown(path)} is not a valid path") from None
    if content.oversized(MAX_JSON_BYTES):
        raise JsonFileError(f"{what} {shown(path)} is larger than {_LIMIT_TEXT}")
    try:
        text = content.data.decode("utf-8")
    except UnicodeDecodeError:
        raise JsonFileError(f"{what} {shown(path)} is not UTF-8 text") from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise JsonFileError(
            f"{what} {shown(path)} is not valid JSON (line {error.lineno}, "
            f"column {error.colno}: {error.msg})"
        ) from None
    except RecursionError:
        raise JsonFileError(f"{what} {shown(path)} nests too deeply") from None
    except ValueError:  # an integer past Python's digit limit for str -> int
        raise JsonFileError(f"{what} {shown(path)} has a number with too many digits") from None
    # The file's text is known to the output masker as read (`core.reading`); its strings
    # are known decoded too (`"\u00df"` is `ß`), as messages quote them.
    MASKER.add(("json", str(path)), "\n".join(_strings(value)), "text")
    return value


def _strings(value: Any) -> Iterator[str]:
    """Every string and object key in a JSON value (without recursion: it may nest deep)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            for key, member in item.items():
                yield key
                stack.append(member)
        elif isinstance(item, list):
            stack.extend(item)
