"""Which text is proven harmless to show: the renderer's allow-list, by shape alone.

benchlint shows text from a config, catalog, settings file or file name in clear only when
its shape cannot carry a usable credential. Recognising credentials (`detection`) is for
reporting them and may hide *more*; it never decides that something may be shown.

The text is cut into **tokens**: maximal runs of characters other than white space, quotes
and the punctuation of TOML, JSON and `KEY=value` lines (`= , ; # [ ] { } ( ) < > \\`). So a
URL, a path, `openai/gpt-4o`, `OPENAI_API_KEY` or `hle-0001` is one token, and a value
quoted in a comment is judged apart from the words around it. A token is harmless when:

1. every run of letters and digits in it is a **word**: at most 6 characters of any kind
   (too few to be a credential alone: an ID's `7f3a2c`), or at most 16 characters in at
   most three pieces, a piece being a run of lower-case letters, a capitalised one (`Key`),
   a run of capitals (`API`) or a number of at most 10 digits (a date, a Unix time; not a
   card number); so `gpt4o`, `privateKey`, `claude3`, `20241022`, `mistral7b` are words,
   and `hunter2hunter2`, `AKIAIOSFODNN7EXAMPLE`, a 32-character hex key or any run of 17
   letters are not; a longer run with letters outside ASCII is a word when it holds no
   digit and at most 16 characters;
2. at most two of its runs go from letters to digits and back, or the other way (a model
   id has one or two: `gpt4o-mini`, `mistral7b`; `BL501/BL502` none; a UUID or a key
   written in dashed groups has more).

Apart from tokens, one structure is refused wherever it stands: a run of non-blank
characters holding a `:` and, later, an `@` (`user:password@host`, with a scheme or
without, quotes and all: a token ends at a quote, a URL's user name such as `o'brien` does
not). What lies between that `:` and the run's last `@` is a password by its place alone,
whatever its shape (a word-shaped `SummerBreeze` passes rule 1), and is never shown: the
user name and host around it are judged as tokens as usual (`userinfo_spans`). A character
a reader takes for `@` or `:` (`＠`, `﹫`, `：`, `꞉`) counts as one (`SEPARATOR_LOOKALIKES`).

Every check is a bounded pattern on a bounded run, and tokens are found by one character
class: the cost is linear in the text, whatever it holds.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.regex import lazy_regex

# Characters that end a token: white space, quotes, and TOML/JSON/.env punctuation. A token
# is a run of anything else (a URL's `:/?&@.%`, a path's `/`, a name's `-_` stay inside).
TOKEN = lazy_regex(r"[^\s\"'`=,;#\[\]{}()<>\\]+")
# The same cut for ASCII text, without a regular expression (a character class costs the
# `re` engine hundreds of instructions a character): the punctuation becomes spaces, and
# `str.split` cuts at white space as `\s` does.
_ASCII_SEPARATORS = bytes.maketrans(b"\"'`=,;#[]{}()<>\\", b" " * 16)
_RUN = lazy_regex(r"[^\W_]+")  # letters and digits, any script
_LONGEST_WORD = 16
# A run this short holds too little to be a credential by itself (an ID's `7f3a2c`); a token
# of many such runs is still caught by rule 2 (a key in dashed groups interleaves).
_SHORT_RUN = 6
# A piece is maximal (a lower-case run is never cut in two): capitals run up to a capitalised
# word (`XMLHttp` is `XML` `Http`). At most three, tried on at most 16 characters: constant
# work per run.
_PIECE = (
    r"(?:[a-z]+(?![a-z])|[A-Z][a-z]+(?![a-z])|[A-Z]+(?![A-Za-z])|[A-Z]+(?=[A-Z][a-z])"
    r"|[0-9]{1,10}(?![0-9]))"
)
_ASCII_WORD = lazy_regex(rf"{_PIECE}{{1,3}}")
_DIGIT = lazy_regex(r"\d")
# Letters, digits, letters (or the reverse) in one run: bounded, as runs are at most 40.
_INTERLEAVED = lazy_regex(r"\d[^\W\d_]+\d|[^\W\d_]\d+[^\W\d_]")


@lru_cache(maxsize=8192)
def harmless_token(token: str) -> bool:
    """True when `token` (one token, see the module docstring) is proven harmless to show."""
    interleaved = 0
    for run in _RUN.findall(token):
        if not _word(run):
            return False
        if _INTERLEAVED.search(run):
            interleaved += 1
            if interleaved > 2:
                return False
    return True


def _word(run: str) -> bool:
    if len(run) <= _SHORT_RUN:
        return True
    if len(run) > _LONGEST_WORD:
        return False
    if run.isascii():
        return _ASCII_WORD.fullmatch(run) is not None
    return _DIGIT.search(run) is None


def tokens(text: str) -> list[str]:
    """The tokens of `text`, as `TOKEN.findall` finds them."""
    if text.isascii():
        return text.encode("ascii").translate(_ASCII_SEPARATORS).decode("ascii").split()
    return TOKEN.findall(text)


def unproven_spans(text: str) -> list[tuple[int, int]]:
    """What of `text` is not proven harmless: every token that is not, whole (hiding only
    its offending runs would show the rest of a password such as `00000000000/0A0A`), and
    the password place of every `user:password@host` (`userinfo_spans`)."""
    userinfo = userinfo_spans(text)
    if all_harmless(tokens(text)):  # the usual message: no match objects
        return userinfo
    spans = [token.span() for token in TOKEN.finditer(text) if not harmless_token(token.group())]
    return spans + userinfo


_NON_BLANK = lazy_regex(r"\S+")

# Characters a reader takes for `@` or `:` in a URL's `user:password@host`, read as those by
# every structural and URL-password check (on text that is not ASCII only: the translation
# keeps every offset, one character for one). The first group is every character whose NFKC
# form is `@` or `:` (`unicodedata.normalize("NFKC", c)` over all code points; a test
# derives it again); the second, colon look-alikes from Unicode's confusables list that
# NFKC leaves alone (`bob꞉pw@h`, `bob∶pw@h`).
SEPARATOR_LOOKALIKES: dict[int, str] = {
    0xFE6B: "@",  # SMALL COMMERCIAL AT
    0xFF20: "@",  # FULLWIDTH COMMERCIAL AT
    0xFE13: ":",  # PRESENTATION FORM FOR VERTICAL COLON
    0xFE55: ":",  # SMALL COLON
    0xFF1A: ":",  # FULLWIDTH COLON
    # not NFKC, confusable with `:`
    0x02D0: ":",  # MODIFIER LETTER TRIANGULAR COLON
    0x02F8: ":",  # MODIFIER LETTER RAISED COLON
    0x0589: ":",  # ARMENIAN FULL STOP
    0x05C3: ":",  # HEBREW PUNCTUATION SOF PASUQ
    0x0703: ":",  # SYRIAC SUPRALINEAR COLON
    0x0704: ":",  # SYRIAC SUBLINEAR COLON
    0x16EC: ":",  # RUNIC MULTIPLE PUNCTUATION
    0x1803: ":",  # MONGOLIAN FULL STOP
    0x1809: ":",  # MONGOLIAN MANCHU FULL STOP
    0x205A: ":",  # TWO DOT PUNCTUATION
    0x2236: ":",  # RATIO
    0x2D42: ":",  # TIFINAGH LETTER TUAREG YAH
    0xA4FD: ":",  # LISU LETTER TONE MYA JEU
    0xA789: ":",  # MODIFIER LETTER COLON
    0xFE30: ":",  # PRESENTATION FORM FOR VERTICAL TWO DOT LEADER
}
_AS_SEPARATORS = str.maketrans(SEPARATOR_LOOKALIKES)
_LOOKALIKE = lazy_regex("[" + "".join(map(chr, SEPARATOR_LOOKALIKES)) + "]")


def has_lookalike(text: str) -> bool:
    """Whether `text` writes an `@` or `:` as a look-alike (`SEPARATOR_LOOKALIKES`): the
    test in front of the URL-password checks where an ASCII `@` is not there."""
    return not text.isascii() and _LOOKALIKE.search(text) is not None


def ascii_separators(text: str) -> str:
    """`text` with every `@` or `:` look-alike (`SEPARATOR_LOOKALIKES`) written as the ASCII
    character, offsets unchanged; ASCII text as it is (one C call), and text without a
    look-alike too (one C scan: a translation looks each character up in a table, and most
    texts that are not ASCII are messages holding only `…` or `—`)."""
    if text.isascii() or _LOOKALIKE.search(text) is None:
        return text
    return text.translate(_AS_SEPARATORS)


def userinfo_spans(text: str) -> list[tuple[int, int]]:
    """Where a password stands by structure: in each run of non-blank characters that holds
    a `:` and a later `@`, from after that `:` to the run's last `@`. The `:` is the run's
    first, or, when a `/` follows that one and another `:` comes before the `@`, the second
    (the first was a scheme's: `https://u:pw@h`, `https:/u:pw@h`, `https://u:/pw@h`); a
    scheme's `://` with no `:` after it has a user name and no password (`ssh://git@h`),
    while `u:/pw@h` has one. A password may hold anything but
    white space (`@`, `/`, `:`, quotes); a port and a path before the `@` (`host:443/@x`)
    are hidden too, the safe side. A look-alike of `@` or `:` (`＠`, `：`, `꞉`) counts as one
    (`ascii_separators`). Linear: each run is read once, each `:` looked at once."""
    if not text.isascii():  # (tested here: most texts are, and a call costs)
        text = ascii_separators(text)
    if "@" not in text or ":" not in text:  # the usual message: one pass each, in C
        return []
    spans: list[tuple[int, int]] = []
    for run in _NON_BLANK.finditer(text):
        start, end = run.span()
        last_at = text.rfind("@", start, end)
        if last_at < 0:
            continue
        colon = text.find(":", start, last_at)
        if colon >= 0 and text.startswith("/", colon + 1):  # a scheme's, or a password's
            later = text.find(":", colon + 1, last_at)
            if later >= 0:
                colon = later
            elif text.startswith("//", colon + 1):  # `ssh://git@host`: a user, no password
                continue
        if colon >= 0 and colon + 1 < last_at:
            spans.append((colon + 1, last_at))
    return spans


def offending_runs(text: str) -> list[tuple[int, int]]:
    """What the output masker looks for elsewhere, in each token of `text` that is not
    proven harmless: the whole token when it is short (`LOOKED_FOR_WHOLE` characters, not a
    path or a URL: a password, a key, a name); in a longer one, a path or a URL, the part
    from its first
    offending run (not a word; or, with too many interleaved runs, one holding a digit) to
    its last, and 7 characters on each side, so that any 8 characters that touch it are
    found. (The whole of a URL would star `https://` in every line, and the whole of a
    path its folders' names.)"""
    spans: list[tuple[int, int]] = list(userinfo_spans(text))  # a password: looked for whole
    for token in TOKEN.finditer(text):
        written = token.group()
        if harmless_token(written):
            continue
        if len(written) <= LOOKED_FOR_WHOLE and "/" not in written:
            spans.append(token.span())
            continue
        runs = list(_RUN.finditer(written))
        offending = [run for run in runs if not _word(run.group())]
        if not offending:
            offending = [run for run in runs if _DIGIT.search(run.group())]
        if not offending:  # not a word for its punctuation alone: cannot be, but be whole
            spans.append(token.span())
            continue
        start = max(0, offending[0].start() - _REACH)
        end = min(len(written), offending[-1].end() + _REACH)
        spans.append((token.start() + start, token.start() + end))
    return spans


LOOKED_FOR_WHOLE = 40
_REACH = 7  # the output masker's window (`secrets.output.GRAM`) less one


def harmless(text: str) -> bool:
    """True when every token of `text` is proven harmless and no password stands in it by
    structure (`userinfo_spans`)."""
    return all_harmless(tokens(text)) and not userinfo_spans(text)


_BLANK = lazy_regex(r"\s")


def name_password_places(name: str, separators: str) -> list[tuple[int, int]]:
    """Where a password stands by structure in a file's path: the path read as one run,
    white space and all, as `userinfo_spans` reads a run (a name is no sentence:
    `dan:my RiverStone@h.toml`, `dan:zqk/vyr wub@h.toml`; in a message, `note: mail me@h`
    holds no password), each place widened to the whole parts of the path it touches
    (`separators` part them), so that no piece of it is left too short for the output
    masker to look for."""
    places = []
    for start, end in userinfo_spans(_BLANK.sub("_", name)):
        start = max(name.rfind(separator, 0, start) for separator in separators) + 1
        ends = [name.find(separator, end) for separator in separators]
        places.append((start, min((at for at in ends if at >= 0), default=len(name))))
    return places


# Short tokens already proven harmless: one `issuperset` (a C loop) answers a message whose
# words were all seen before, where a cached function costs a call per token. Bounded in
# entries and in each entry's length; emptied when full.
_PROVEN: set[str] = set()
_PROVEN_ENTRIES = 8192
_PROVEN_LENGTH = 64


def all_harmless(words: list[str]) -> bool:
    """True when every token in `words` is proven harmless."""
    proven = _PROVEN
    if proven.issuperset(words):
        return True
    for word in words:
        if word in proven:
            continue
        if not harmless_token(word):
            return False
        if len(word) <= _PROVEN_LENGTH:
            if len(proven) >= _PROVEN_ENTRIES:
                proven.clear()
            proven.add(word)
    return True
