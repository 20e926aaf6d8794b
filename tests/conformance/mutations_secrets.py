"""Secret and environment mutations: the loader's checks after its models (names, reserved
names, per-agent collisions, harness credentials, the Authorization header).

Each mutation changes a config (data, in place) and returns a short description of the change.
"""

from __future__ import annotations

import random
from typing import Any

from . import valid

BAD_ENV_NAMES = (
    "lower",
    "Mixed",
    "1ABC",
    "A-B",
    "A.B",
    "A B",
    "",
    "É",
    "ＦＯＯ",
    "A$",
    "FOO\t",
    "\nFOO",
    "FOO\nBAR",
    "FOO\n",  # `re.match` with `$` lets one trailing newline through
    "FOO\n\n",
    "_OSMOSIS_X",
    "_OSMOSIS_",
    "_OSMOSIS_\n",
    "_osmosis_x",
    "_OSMOSIS",  # legal: the reserved prefix ends with `_`
    "__OSMOSIS_X",
    "_",
)
BAD_SECRET_NAMES = (
    "",
    "lower",
    "Openai_Key",
    "1KEY",
    "_KEY",
    "A-B",
    "A B",
    "KEY ",
    " KEY",
    "É",
    "ＫＥＹ",
    "KEY\n",  # passes the loader's `re.match(...$)`
    "KEY\n\n",
    "KEY\nX",
    "sk-proj-abc123DEF456ghi789",
    "sk-ant-api03-xyz",
    "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "AKIAIOSFODNN7EXAMPLE",  # a credential that is also a well-formed name
    "X" * 300,
    # a token inside a longer string: a pasted .env line, a header value
    "ANTHROPIC_API_KEY=sk-ant-api03-abcdefghijklmnopqrstuvwxyz",
    "Bearer hf_abcdefghijklmnopqrstuvwxyz012345",
    "export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "OPENAI_API_KEYsk-proj-abcdefghijklmnopqrstuvwx",  # pasted with no separator at all
)
RESERVED = (
    "DAYTONA_API_KEY",
    "DAYTONA_API_URL",
    "SKYPILOT_SERVICE_ACCOUNT_TOKEN",
    "SKYPILOT_API_SERVER_ENDPOINT",
    "HF_TOKEN",
    "DAYTONA_API_KEY\n",
)
AUTH_HEADERS = (
    "Authorization",
    "authorization",
    "AUTHORIZATION",
    "AuThOrIzAtIoN",
    "Authorization ",
    " Authorization",
    "Proxy-Authorization",
    "Authorization\n",
    "ＡＵＴＨＯＲＩＺＡＴＩＯＮ",
    "AUTHORİZATİON",
    "X-Authorization",
    "authorisation",
)
# Harnesses that take no credential, including near misses of the two that do: the loader
# matches harness names exactly.
OTHER_HARNESSES = (
    None,
    "",
    "codex",
    "terminus-2",
    "cursor",
    "Cursor-CLI",
    "cursor-cli ",
    " mini-swe-agent",
    "mini_swe_agent",
)
HARNESS_VARIABLES = {"cursor-cli": "CURSOR_API_KEY", "mini-swe-agent": "MSWEA_API_KEY"}


def env_name(config: dict[str, Any], rng: random.Random) -> str:
    name = rng.choice(BAD_ENV_NAMES)
    where = _env_of(config, rng)
    where[1][name] = rng.choice(valid.ENV_VALUES)
    return f"{name!r} in {where[0]}"


def secret_name(config: dict[str, Any], rng: random.Random) -> str:
    name = rng.choice(BAD_SECRET_NAMES)
    return f"{_set_reference(config, rng, name)} = {name!r}"


def reserved_secret(config: dict[str, Any], rng: random.Random) -> str:
    name = rng.choice(RESERVED)
    if rng.random() < 0.7:
        _secret_agent(config, rng)["model"]["api_key_secret"] = name
        return f"api_key_secret = {name}"
    return f"{_set_reference(config, rng, name)} = {name}"


def collision(config: dict[str, Any], rng: random.Random) -> str:
    """A name the Platform injects into an agent, also set as a literal variable."""
    source = rng.choice(("model", "judge", "verifier", "secrets", "harness"))
    agents = config["agents"]
    index = rng.randrange(len(agents))
    if source == "model":
        name = _secret_agent(config, rng, index)["model"]["api_key_secret"]
    elif source == "judge":
        name = config.setdefault("execution", {}).setdefault("judge_api_key_secret", "JUDGE_KEY")
    elif source == "verifier":
        name = rng.choice(valid.VERIFIER_SECRETS)
        config.setdefault("verifier", {}).setdefault("required", []).append(name)
    elif source == "secrets":  # not injected by the loader's reckoning: legal
        name = rng.choice(valid.EXTRA_SECRETS)
        config.setdefault("secrets", {}).setdefault("required", []).append(name)
    else:
        agents[index]["harness"] = "cursor-cli"
        agents[index]["harness_api_key_secret"] = name = "CURSOR_API_KEY"
    if rng.random() < 0.2 and source in ("model", "judge", "verifier"):  # names with `\n`
        name = _with_newline_name(config, source, index)
    place = rng.choice(("[env]", "own", "other"))
    if place == "[env]" or (place == "other" and len(agents) == 1):
        config.setdefault("env", {})[name] = "literal"
        place = "[env]"
    else:
        other = index if place == "own" else (index + 1) % len(agents)
        agents[other].setdefault("env", {})[name] = "literal"
        place = f"agent {other} env"
    return f"{source} {name!r} in {place} (agent {index})"


def harness_secret(config: dict[str, Any], rng: random.Random) -> str:
    agents = config["agents"]
    agent = rng.choice(agents)
    scenario = rng.choice(("missing", "wrong", "other-harness", "literal", "mswea-literal"))
    agent.pop("harness_api_key_secret", None)
    if scenario in ("missing", "wrong"):
        _set_harness(agent, rng.choice((*sorted(HARNESS_VARIABLES), *OTHER_HARNESSES[-4:])))
        if scenario == "wrong":
            wrong = ("CURSOR_KEY", "MSWEA_API_KEY", "CURSOR_API_KEY", "OPENAI_API_KEY", "cursor")
            agent["harness_api_key_secret"] = rng.choice(wrong)
    elif scenario == "other-harness":
        _set_harness(agent, rng.choice(OTHER_HARNESSES))
        agent["harness_api_key_secret"] = rng.choice(("CURSOR_API_KEY", "MSWEA_API_KEY", "OWN"))
    elif scenario == "literal":
        harness = rng.choice(("cursor-cli", "cursor-cli", "mini-swe-agent", *OTHER_HARNESSES))
        _set_harness(agent, harness)
        if harness in HARNESS_VARIABLES and rng.random() < 0.8:
            agent["harness_api_key_secret"] = HARNESS_VARIABLES[harness]
        _env_of(config, rng, agent)[1][rng.choice(sorted(HARNESS_VARIABLES.values()))] = "x"
    else:  # the model key's variable for mini-swe-agent: legal for hosted models in 0.3.8
        agent["harness"] = "mini-swe-agent"
        agent["model"] = valid.model(rng)
        if rng.random() < 0.5:
            agent["harness_api_key_secret"] = "MSWEA_API_KEY"
        _env_of(config, rng, agent)[1]["MSWEA_API_KEY"] = "x"
        scenario += f" ({agent['model']['type']})"
    return f"{scenario}: harness={agent.get('harness')!r} secret={agent.get('harness_api_key_secret')!r}"


def authorization(config: dict[str, Any], rng: random.Random) -> str:
    agent = rng.choice(config["agents"])
    kind = "endpoint" if rng.random() < 0.85 else "provider"
    agent["model"] = valid.model(rng, kind)
    header = rng.choice(AUTH_HEADERS)
    agent["model"].setdefault("extra_headers", {})[header] = rng.choice(("Bearer abc", "token"))
    return f"{header!r} on {kind}"


def hf_token(config: dict[str, Any], rng: random.Random) -> str:
    """`HF_TOKEN` anywhere: both releases take it (the documentation reserves it)."""
    if rng.random() < 0.5:
        where = _env_of(config, rng)
        where[1]["HF_TOKEN"] = "hf_value"
        return f"HF_TOKEN in {where[0]}"
    return f"{_set_reference(config, rng, 'HF_TOKEN')} = HF_TOKEN"


MUTATIONS = {
    "env-name": (env_name, 8),
    "secret-name": (secret_name, 9),
    "reserved-secret": (reserved_secret, 4),
    "collision": (collision, 10),
    "harness-secret": (harness_secret, 10),
    "authorization": (authorization, 4),
    "hf-token": (hf_token, 2),
}


# -- helpers ---------------------------------------------------------------------------------
def _env_of(
    config: dict[str, Any], rng: random.Random, agent: dict[str, Any] | None = None
) -> tuple[str, dict[str, Any]]:
    """[env], or an agent's own env (the given agent's, or a random one)."""
    if agent is None and rng.random() < 0.5:
        return "[env]", config.setdefault("env", {})
    if agent is not None and rng.random() < 0.4:
        return "[env]", config.setdefault("env", {})
    chosen = agent if agent is not None else rng.choice(config["agents"])
    return f"agent {config['agents'].index(chosen)} env", chosen.setdefault("env", {})


def _secret_agent(
    config: dict[str, Any], rng: random.Random, index: int | None = None
) -> dict[str, Any]:
    """An agent whose model references a secret (a hosted model is replaced)."""
    agents = config["agents"]
    agent = agents[index] if index is not None else rng.choice(agents)
    if agent["model"].get("type") not in ("provider", "endpoint"):
        agent["model"] = valid.model(rng, rng.choice(("provider", "endpoint")))
    return agent


def _set_reference(config: dict[str, Any], rng: random.Random, name: str) -> str:
    """Put `name` in one of the places that reference a secret; say which."""
    place = rng.choice(("model", "harness", "judge", "verifier", "secrets"))
    if place == "model":
        _secret_agent(config, rng)["model"]["api_key_secret"] = name
    elif place == "harness":
        agent = rng.choice(config["agents"])
        _set_harness(agent, rng.choice(("cursor-cli", "codex", None)))
        agent["harness_api_key_secret"] = name
    elif place == "judge":
        config.setdefault("execution", {})["judge_api_key_secret"] = name
    else:
        names = config.setdefault(place, {}).setdefault("required", [])
        names.insert(rng.randint(0, len(names)), name)
    return place


def _set_harness(agent: dict[str, Any], harness: str | None) -> None:
    if harness is None:
        agent.pop("harness", None)
    else:
        agent["harness"] = harness


def _with_newline_name(config: dict[str, Any], source: str, index: int) -> str:
    """Rename the injected secret to `NAME\\n`, which the loader's name check lets through."""
    name = "NL_KEY\n"
    if source == "model":
        config["agents"][index]["model"]["api_key_secret"] = name
    elif source == "judge":
        config["execution"]["judge_api_key_secret"] = name
    else:
        config["verifier"]["required"][-1] = name
    return name
