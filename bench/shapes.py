"""Adversarial shapes, in process: inputs whose cost grew faster than their size.

Each shape makes, for a size `n`, the work of one run on an input of that size (a closure
with its setup done). `bench/instructions.py` counts each at `n` and at `4 n` and fails when
the count grows more than 5× (linear is 4×); `bench/scaling.py --in-process` times them.
The sizes are small enough for valgrind and large enough that the shape's own work dominates.

- token-prefix-comment / -value, mask-token-prefix: `eyJeyJeyJ…`, each `eyJ` a place a JWT
  may start, in a comment, a value, and a text the output masker is given;
- escaped-quotes-comment / -colon: `# "a\\"a\\"a\\"…`, each `"` a place a quoted key may
  start (and `'a\\'a\\'…` in the masker's text); outline-escaped-quotes: the same in a value
  line the editor's completion reads;
- mask-spaced-names: the masker's runs across spaces, from many names that need them;
- fix-all-identical-lines: `source.fixAll`'s edits on a file of many identical lines;
- ignore-actions-multiline-string: code actions over the whole of a file with a multi-line
  string and a finding per line ("Ignore" checks that its comment changes no value);
  ignore-actions-plain-lines: the same without one (a search for a triple quote per
  finding); ignore-actions-many-codes: one line of many findings whose comment names many
  codes (the list was read per finding);
- outline-blank-header: the editor's outline of a line `[`, blanks, `[` (the header pattern
  tried every split of the blanks);
- diff-repeated-lines: `check --diff` of a fix that deletes every other line of a list of
  paired names (difflib's matching was quadratic there);
- suppressions-file-wide, suppression-many-codes: a `check` of many findings each under a
  file-wide suppression, and of one suppression naming many unknown codes (BL901);
- glob-braces-settings / -editor: `{a,b}` repeated in a `per-file-ignores` pattern and in a
  `benchlint.globs` pattern;
- check-url-passwords-comment / -value: `a://b:c` repeated before one `@` in a comment,
  and `u:p` repeated before an `@` in a value with `o'b:` repeated in a comment (each a place
  a URL's user and password may start);
- check-* : a whole `check` in process (lint, text report, masked output) of the shapes
  `bench/scaling.py` doubles on the command line.

The language server's shapes are in `shapes_editor.py`, those of settings, globs and
catalogs in `shapes_settings.py`, the "did you mean" searches' in
`shapes_suggestions.py`; `shape_kit.py` holds what they share. `SHAPES` here is
every one of them, what the gate counts.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable

from shape_kit import AGENT, HEAD, MASKER, PATH, Work, checking, fresh
from shapes_editor import EDITOR_SHAPES
from shapes_settings import SETTINGS_SHAPES
from shapes_suggestions import SUGGESTION_SHAPES

from benchlint import Settings, lint_text


def token_prefix_comment(n: int) -> Work:
    # on a line with a finding: the comment is in the report's code frame too
    return checking(HEAD + 'descripton = "x"  # token: ' + "eyJ" * n + "\n" + AGENT)


def token_prefix_value(n: int) -> Work:
    return checking(HEAD + AGENT + '[env]\nK = "' + "eyJ" * n + '"\n')


def escaped_quotes_comment(n: int) -> Work:
    return checking(HEAD + 'descripton = "x"  # "' + 'a\\"' * n + "\n" + AGENT)


def escaped_quotes_colon(n: int) -> Work:
    return checking(HEAD + AGENT + '# "' + 'a\\":' * n + "\n")


def mask_token_prefix(n: int) -> Work:
    """The output masker on a text sent out (a message quoting a long run)."""
    text = "see: " + "eyJ" * n + " and '" + "a\\'" * n

    def work() -> object:
        fresh()
        return MASKER.mask(text)

    return work


def mask_spaced_names(n: int) -> Work:
    """The output masker knowing `n` file names that each hold a password with a space
    (`dan:my pass@h`: looked for across the output's spaces), on a report naming each."""
    names = [f"dan{i}:my pass {i}@h.toml" for i in range(n)]
    text = "\n".join(f"{name}:1:1: BL101 [error] unknown key `a b c d`" for name in names)

    def work() -> object:
        fresh()
        for i, name in enumerate(names):
            MASKER.add(("shape-name", i), name, "name")
        try:
            return MASKER.mask(text)
        finally:
            MASKER.clear()

    return work


def multiline_secrets(n: int) -> Work:
    body = "".join(f'K{i} = """\nsk-proj-{i:06d}abcdefghijklmnopqrstuvwx\n"""\n' for i in range(n))
    return checking(HEAD + AGENT + "[env]\n" + body)


def diagnostics_per_line(n: int) -> Work:
    names = ", ".join('"terminal-bench/x"' for _ in range(n))  # each repeat is a BL503
    return checking(HEAD + f"[tasks]\ntask_names = [{names}]\n" + AGENT)


def syntax_errors(n: int) -> Work:
    return checking(HEAD + AGENT + "[env]\n" + "".join(f"broken {i} =\n" for i in range(n)))


def outline_escaped_quotes(n: int) -> Work:
    """The strings of a value line as completion reads them (`lsp/outline.py`)."""
    from benchlint.lsp.outline import strings_in

    line = ' "' + 'a\\"' * n
    return lambda: strings_in(line)


def fix_all_identical_lines(n: int) -> Work:
    from benchlint.lsp.code_actions import text_changes

    line = 'LOG_LEVEL = "debug"\n'
    before = "[env]\n" + line * n
    after = "[env]\n" + 'LOG_LEVEL = "info"\n' + line * (n - 2) + 'LOG_LEVEL = "info"\n'
    return lambda: text_changes(before, after)


def _ignore_actions(text: str) -> Work:
    """Code actions over the whole of a document (an "Ignore" action per finding)."""
    from lsprotocol import types as lsp

    from benchlint.lsp.code_actions import ActionContext, code_actions
    from benchlint.lsp.documents import OpenDocument

    settings = Settings()
    found = lint_text(text, path=PATH, settings=settings)
    whole = lsp.Range(lsp.Position(0, 0), lsp.Position(text.count("\n"), 0))
    params = lsp.CodeActionParams(
        lsp.TextDocumentIdentifier("file:///shape.toml"),
        whole,
        lsp.CodeActionContext(diagnostics=[], only=[lsp.CodeActionKind.QuickFix]),
    )

    def work() -> object:
        # a new version of the document: nothing computed for it yet
        document = OpenDocument("file:///shape.toml", PATH, "toml", 1, text, "utf-16")
        return code_actions(ActionContext(document, found, settings, True), params)

    return work


def ignore_actions_multiline_string(n: int) -> Work:
    unknown = "".join(f"unknown_{i} = {i}\n" for i in range(n))  # a BL101 each
    return _ignore_actions(HEAD + unknown + 'description = """\nmany\nlines\n"""\n' + AGENT)


def ignore_actions_plain_lines(n: int) -> Work:
    """The same without a triple quote: a search for one per finding read the whole text."""
    unknown = "".join(f"unknown_{i} = {i}\n" for i in range(n))
    return _ignore_actions(HEAD + unknown + AGENT)


def ignore_actions_many_codes(n: int) -> Work:
    """One line of `n` findings and a comment naming `n` codes (read once per finding)."""
    names = ", ".join('"terminal-bench/x"' for _ in range(n))  # a BL503 for each repeat
    codes = ",".join(f"BL{900 + i % 90:03d}" for i in range(n))
    return _ignore_actions(
        f"{HEAD}[tasks]\ntask_names = [{names}]  # benchlint: ignore[{codes}]\n{AGENT}"
    )


def outline_blank_header(n: int) -> Work:
    """The editor's outline of a line `[`, blanks, `[` (a regular expression took n⁴)."""
    from benchlint.lsp.outline import read_outline
    from benchlint.lsp.positions import ClientText

    text = HEAD + "[" + " " * n + "[\n"
    return lambda: read_outline(ClientText(text, "utf-16"))


def diff_repeated_lines(n: int) -> Work:
    """`check --diff` of a fix deleting every other line of a list whose names come in
    pairs (difflib's matching took the product of the lengths)."""
    from benchlint.lint.fixer import unified_diff

    names = "".join(f'  "terminal-bench/t{i}",\n' * 2 for i in range(n))
    kept = "".join(f'  "terminal-bench/t{i}",\n' for i in range(n))
    before = f"{HEAD}[tasks]\ntask_names = [\n{names}]\n{AGENT}"
    after = f"{HEAD}[tasks]\ntask_names = [\n{kept}]\n{AGENT}"

    def work() -> object:
        fresh()
        return unified_diff(PATH, before, after)

    return work


def diff_nested_values(n: int) -> Work:
    """`check --diff` after a fix, of credential-named values of lengths 5, 6, 7, ... (about
    `n` characters in all): each value's line holds every shorter one at every place (every
    occurrence was starred one by one)."""
    from benchlint.lint.fixer import unified_diff

    count = math.isqrt(2 * n)
    env = "".join(f'P{i}_PASSWORD = "{"a" * (5 + i)}"\n' for i in range(count))
    before = f"{HEAD}{AGENT}[env]\n{env}unknown = 1\n"
    after = f"{HEAD}{AGENT}[env]\n{env}"

    def work() -> object:
        fresh()
        return unified_diff(PATH, before, after)

    return work


def suppressions_file_wide(n: int) -> Work:
    """A finding and a file-wide suppression on each of `n` lines."""
    lines = "".join(f"unknown_{i} = {i}  # benchlint: ignore-file[BL101]\n" for i in range(n))
    return checking(HEAD + lines + AGENT)


def suppression_many_codes(n: int) -> Work:
    """One suppression naming `n` codes no rule has (BL901 sorts them)."""
    codes = ",".join(f"X{i}" for i in range(n))
    return checking(f"{HEAD}# benchlint: ignore[{codes}]\n{AGENT}")


def broken_body_absent_keys(n: int) -> Work:
    """`n` agents each missing its harness and model, after which a broken header's body of
    `n` key lines is blanked: each absent key asked every blanked line (`Reach`)."""
    agents = "[[agents]]\n" * n
    body = "".join(f"k{i} = {i}\n" for i in range(n))
    return checking(HEAD + agents + "[execution\n" + body)


def broken_dotted_headers(n: int) -> Work:
    """`n` agents and, after a broken header, `n` header-shaped lines `agents.m{i}]`, each a
    broken header of its own that every absent key asked about."""
    agents = "[[agents]]\n" * n
    body = "".join(f"agents.m{i}]\n" for i in range(n))
    return checking(HEAD + agents + "[x\n" + body)


def repeats_with_comments(n: int) -> Work:
    """`n` repeated task names on lines of their own (BL503's fix removes each line) and `n`
    comment lines: each removal read every comment of the file."""
    names = '  "terminal-bench/x",\n' * n
    comments = "".join(f"# note {i}\n" for i in range(n))
    return checking(HEAD + f"[tasks]\ntask_names = [\n{names}]\n" + AGENT + comments)


def repeats_inline_with_comments(n: int) -> Work:
    """`n` repeats on one line (each fix looks for the comma before the item, and whether a
    comment holds it) and `n` comment lines."""
    names = ", ".join('"terminal-bench/x"' for _ in range(n))
    comments = "".join(f"# note {i}\n" for i in range(n))
    return checking(HEAD + f"[tasks]\ntask_names = [{names}]\n" + AGENT + comments)


def broken_headers_in_open_values(n: int) -> Work:
    """After a broken header, `n` key lines left open (`k{i} = [`), each followed by a
    header-shaped line `h{i}]` that may be a value of it: each line below stood in every
    body above (`broken_lines` copied them all, `Reach` filed each key under each)."""
    pairs = "".join(f"k{i} = [\nh{i}]\n" for i in range(n))
    return checking(HEAD + "[x\n" + pairs)


def broken_open_values_absent_keys(n: int) -> Work:
    """`n` agents each missing its harness and model, then the same chain with the headers
    `agents.m{i}]`: every absent key asked about a chain of `n` bodies."""
    agents = "[[agents]]\n" * n
    pairs = "".join(f"k{i} = [\nagents.m{i}]\n" for i in range(n))
    return checking(HEAD + agents + "[x\n" + pairs)


def verifier_names_per_agent(n: int) -> Work:
    """BL205: `n` agents and `n` `[verifier].required` names, one set in `[env]`: each agent's
    injected names were built from the whole list, and each looked up."""
    agents = '[[agents]]\nharness = "terminus-2"\n' * n
    required = ", ".join(f'"S{i}"' for i in range(n))
    return checking(HEAD + f'[env]\nS0 = "x"\n[verifier]\nrequired = [{required}]\n' + agents)


def secrets_per_env_table(n: int) -> Work:
    """BL210: `n` agents each with an `[agents.env]`, and `4 n` `[secrets].required` names:
    each table was asked about every name."""
    agents = "".join(
        f'[[agents]]\nharness = "terminus-2"\n[agents.env]\nE{i} = "1"\n' for i in range(n)
    )
    required = ", ".join(f'"S{i}"' for i in range(4 * n))
    return checking(HEAD + f"[secrets]\nrequired = [{required}]\n" + agents)


def url_passwords_comment(n: int) -> Work:
    """A comment of `n` URLs `a://b:c` and one `@` at its end: each `://` a place a URL's
    user and password may start, and the password runs to the last `@` (`url_passwords`)."""
    return checking(HEAD + AGENT + "# " + "a://b:c" * n + "@h\n")


def url_passwords_value(n: int) -> Work:
    """A value of `n` `u:p` parts before one `@` (a URL's password with no scheme: each `:`
    a place the user may end) and `n` quoted users `o'b:` in a comment."""
    return checking(
        HEAD + AGENT + '[env]\nK = "' + "u:p" * n + '@h"\n# https://' + "o'b:" * n + "@h\n"
    )


def _letters(i: int) -> str:
    """a, b, …, z, aa, ab, …: a distinct all-lowercase name per number."""
    name, i = "", i + 1
    while i:
        i, r = divmod(i - 1, 26)
        name = "abcdefghijklmnopqrstuvwxyz"[r] + name
    return name


def many_random_runs(n: int) -> Work:
    """`n` unknown keys that the renderer shows (words of three characters) and the output
    masker's `redact` finds random-looking: each was spliced into the whole report."""
    keys = "".join(f"aB1-aB1-aB1-aB1-aB1-aB1-aB1-aB1-aB1-{_letters(i)} = 1\n" for i in range(n))
    return checking(HEAD + keys + AGENT)


def glob_braces_settings(n: int) -> Work:
    """A `per-file-ignores` pattern of `n` braces: refused with a settings error, and matched
    (the matcher's own bound: braces past it are literal) without expanding them."""
    from benchlint.core import globs
    from benchlint.lint.settings import SettingsError

    pattern = "configs/" + "{a,b}" * n + "*.toml"

    def work() -> object:
        globs.clear_caches()
        with contextlib.suppress(SettingsError):
            Settings(per_file_ignores={pattern: ("BL101",)})
        return globs.glob_match(pattern, "configs/" + "ab" * n + ".toml")

    return work


def glob_braces_editor(n: int) -> Work:
    """The same in the editor's `benchlint.globs`."""
    from benchlint.core import globs
    from benchlint.lsp.client_settings import ClientSettingsError, parse_client_settings
    from benchlint.lsp.selection import matches_globs

    patterns = ["**/" + "{x,y}" * n + "/*.toml"]

    def work() -> object:
        globs.clear_caches()
        with contextlib.suppress(ClientSettingsError):
            parse_client_settings({"globs": patterns})
        return matches_globs("/w/" + "xy" * n + "/a.toml", patterns, ["/w"])

    return work


# name -> (the work for a size, the smaller of the two sizes the gate counts)
SHAPES: dict[str, tuple[Callable[[int], Work], int]] = {
    "token-prefix-comment": (token_prefix_comment, 2000),
    "token-prefix-value": (token_prefix_value, 2000),
    "escaped-quotes-comment": (escaped_quotes_comment, 2000),
    "escaped-quotes-colon": (escaped_quotes_colon, 2000),
    "mask-token-prefix": (mask_token_prefix, 2000),
    "mask-spaced-names": (mask_spaced_names, 100),
    "outline-escaped-quotes": (outline_escaped_quotes, 2000),
    "fix-all-identical-lines": (fix_all_identical_lines, 500),
    "ignore-actions-multiline-string": (ignore_actions_multiline_string, 100),
    "ignore-actions-plain-lines": (ignore_actions_plain_lines, 300),
    "ignore-actions-many-codes": (ignore_actions_many_codes, 200),
    "outline-blank-header": (outline_blank_header, 2000),
    "diff-repeated-lines": (diff_repeated_lines, 250),
    "diff-nested-values": (diff_nested_values, 5000),
    "suppressions-file-wide": (suppressions_file_wide, 200),
    "suppression-many-codes": (suppression_many_codes, 1000),
    "glob-braces-settings": (glob_braces_settings, 16),
    "glob-braces-editor": (glob_braces_editor, 16),
    "check-multiline-secrets": (multiline_secrets, 100),
    "check-diagnostics-per-line": (diagnostics_per_line, 100),
    "check-syntax-errors": (syntax_errors, 100),
    "check-broken-body-absent-keys": (broken_body_absent_keys, 400),
    "check-broken-dotted-headers": (broken_dotted_headers, 400),
    "check-repeats-with-comments": (repeats_with_comments, 500),
    "check-repeats-inline-with-comments": (repeats_inline_with_comments, 250),
    "check-broken-headers-in-open-values": (broken_headers_in_open_values, 300),
    "check-broken-open-values-absent-keys": (broken_open_values_absent_keys, 150),
    "check-verifier-names-per-agent": (verifier_names_per_agent, 1000),
    "check-secrets-per-env-table": (secrets_per_env_table, 200),
    "check-url-passwords-comment": (url_passwords_comment, 1000),
    "check-many-random-runs": (many_random_runs, 200),
    "check-url-passwords-value": (url_passwords_value, 1000),
    **EDITOR_SHAPES,
    **SETTINGS_SHAPES,
    **SUGGESTION_SHAPES,
}

if __name__ == "__main__":
    import sys
    import time

    for name, (make, size) in SHAPES.items():
        if sys.argv[1:] and name not in sys.argv[1:]:
            continue
        seconds = []
        for n in (size, 4 * size):
            work = make(n)
            work()
            start = time.perf_counter()
            work()
            seconds.append(time.perf_counter() - start)
        print(
            f"{name:34} {seconds[0] * 1e3:9.2f} ms  {seconds[1] * 1e3:9.2f} ms  "
            f"{seconds[1] / seconds[0]:6.1f}×",
            flush=True,
        )
