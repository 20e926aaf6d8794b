"""Credentials in every known format, made at run time from a seed (nothing token-shaped is
committed), and the test of a leak: any 8 characters of a token's random part, in any letter
case, anywhere in an output."""

from __future__ import annotations

import random
import string
from typing import NamedTuple

WINDOW = 8
ALNUM = string.ascii_letters + string.digits
UPPER = string.ascii_uppercase + string.digits


PASSWORD = "password"  # the token that only key-named positions may hold (generator.KEY_NAMED)


class Token(NamedTuple):
    name: str
    prefix: str
    body: str  # the random part: what must never be shown
    suffix: str = ""

    @property
    def value(self) -> str:
        return self.prefix + self.body + self.suffix


def make_tokens(seed: int | str) -> list[Token]:
    rng = random.Random(seed)

    def body(alphabet: str, size: int) -> str:
        return "".join(rng.choice(alphabet) for _ in range(size))

    return [
        Token("anthropic", "sk-ant-api03-", body(ALNUM + "_-", 40)),
        Token("openrouter", "sk-or-v1-", body("0123456789abcdef", 64)),
        Token("openai", "sk-proj-", body(ALNUM, 48)),
        Token("huggingface", "hf_", body(ALNUM, 34)),
        Token("github", "ghp_", body(ALNUM, 36)),
        Token("github-pat", "github_pat_", body(ALNUM, 22) + "_" + body(ALNUM, 59)),
        Token("gitlab", "glpat-", body(ALNUM, 20)),
        Token("google", "AIza", body(ALNUM + "_-", 35)),
        Token("aws", "AKIA", body(UPPER, 16)),
        Token("aws-session", "ASIA", body(UPPER, 16)),
        Token("groq", "gsk_", body(ALNUM, 52)),
        Token("xai", "xai-", body(ALNUM, 60)),
        Token("perplexity", "pplx-", body(ALNUM, 48)),
        Token("slack", "xoxb-", body(UPPER, 24)),
        Token("stripe", "sk_live_", body(ALNUM, 24)),
        Token("replicate", "r8_", body(ALNUM, 37)),
        Token("npm", "npm_", body(ALNUM, 36)),
        Token("google-oauth", "ya29.", body(ALNUM, 40)),
        Token("jwt", "eyJhbGciOiJIUzI1NiJ9.eyJ", body(ALNUM, 30), ".c2lnbmF0dXJl"),
        Token("aws-secret", "", body(ALNUM, 40)),  # no format: found by entropy or key name
        # no format and too short to look random: only the key naming it says it is a secret
        Token(PASSWORD, "", body(ALNUM, 20)),
        Token(
            "private-key",
            "-----BEGIN PRIVATE KEY-----\n",
            body(ALNUM + "+/", 64),
            "\n-----END PRIVATE KEY-----",
        ),
    ]


TOKENS = make_tokens(20261202)


def leaks(output: str, token: Token) -> bool:
    folded = output.casefold()
    body = token.body.casefold()
    return any(body[i : i + WINDOW] in folded for i in range(len(body) - WINDOW + 1))
