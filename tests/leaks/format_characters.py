"""Which characters `controls._CLASS` must hold, by the Unicode database of the Python that
runs this: categories Cc (but tab and line feed), Cf, Cs, Zl and Zp, the noncharacters and
the tag block. Standard library only, so any supported Python can run it as a script: it
prints its database's version and the characters as JSON, which
`test_format_characters.py` gathers from each Python to generate the class."""

from __future__ import annotations

import json
import sys
import unicodedata

CATEGORIES = ("Cc", "Cf", "Cs", "Zl", "Zp")
TAGS = range(0xE0000, 0xE0080)


def wanted(code: int) -> bool:
    if code in (0x09, 0x0A):  # kept: benchlint writes them itself
        return False
    if 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE or code in TAGS:
        return True
    return unicodedata.category(chr(code)) in CATEGORIES


def wanted_here() -> set[int]:
    return {code for code in range(0x110000) if wanted(code)}


if __name__ == "__main__":
    json.dump({"version": unicodedata.unidata_version, "codes": sorted(wanted_here())}, sys.stdout)
