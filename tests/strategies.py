"""Hypothesis strategies shared by the property tests: configs, mutations, credentials."""

from __future__ import annotations

import string

from hypothesis import strategies as st

from benchlint.lint.registry import RULES

ALNUM = string.ascii_letters + string.digits
SEEDS = sorted({rule.bad for rule in RULES} | {rule.good for rule in RULES})


def _token(prefix: str, alphabet: str, size: int) -> st.SearchStrategy[str]:
    return st.text(alphabet, min_size=size, max_size=size).map(lambda body: prefix + body)


CREDENTIALS = st.one_of(
    _token("sk-proj-", ALNUM, 48),
    _token("sk-", ALNUM, 40),
    _token("sk-ant-api03-", ALNUM + "_-", 60),
    _token("sk-or-v1-", "0123456789abcdef", 64),
    _token("hf_", ALNUM, 34),
    _token("ghp_", ALNUM, 36),
    _token("github_pat_", ALNUM + "_", 70),
    _token("AIza", ALNUM + "_-", 35),
    _token("AKIA", string.ascii_uppercase + string.digits, 16),
    _token("ASIA", string.ascii_uppercase + string.digits, 16),
    _token("gsk_", ALNUM, 52),
    _token("xai-", ALNUM, 70),
    _token("pplx-", ALNUM, 48),
    st.tuples(
        _token("eyJ", ALNUM, 20), _token("eyJ", ALNUM, 30), st.text(ALNUM, min_size=20, max_size=40)
    ).map(lambda parts: ".".join(parts)),
    st.text(ALNUM + "+/", min_size=64, max_size=64).map(
        lambda body: f"-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----"
    ),
)


@st.composite
def mutated_config(draw: st.DrawFn) -> str:
    """A seed config with structure-unaware damage: what an editor sees mid-keystroke."""
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(
            st.sampled_from(["cut", "insert", "truncate", "dup", "swap", "crlf", "bom", "nul"])
        )
        at = draw(st.integers(0, len(text)))
        if kind == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 20)) :]
        elif kind == "insert":
            text = text[:at] + draw(st.text(max_size=12)) + text[at:]
        elif kind == "truncate":
            text = text[:at]
        elif kind in ("dup", "swap"):
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            if kind == "dup":
                lines.insert(j, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif kind == "crlf":
            text = text.replace("\n", "\r\n")
        elif kind == "bom":
            text = "\ufeff" + text
        else:
            text = text[:at] + "\x00" + text[at:]
    return text


TOML_PUNCTUATION = st.text(alphabet="[]{}=\"'.,#\n \t\\abcHF_0123456789-+:é😀", max_size=200)
