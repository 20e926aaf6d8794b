"""Profiles: the rule parameters that drift between CLI releases, kept as data.

`docs` follows the published documentation (checked against `osmosis-ai==0.3.0`, which it
matches except where the documentation is stricter); `osmosis-0.3.8` is what that release's
loader accepts. `mirrors` lists the rules whose every error is also a rejection by the
release's loader: the conformance test holds them to "no error on a config the loader
accepts". Other rules may go beyond the loader (judges, catalog, credentials, ranges).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..core.record import NamedTuple


class HarnessCredential(NamedTuple):
    """A harness that reads one fixed variable, and how the Platform fills it."""

    variable: str
    # True: the user supplies it with `harness_api_key_secret` (named exactly `variable`).
    # False: the Platform injects the agent's model key under that name instead.
    takes_secret: bool
    # Whether the variable is injected (and so may not be a literal) for hosted models too.
    injected_for_hosted: bool = True


class Profile(NamedTuple):
    name: str
    description: str
    release: str  # the `osmosis-ai` release the profile is checked against
    harness_credentials: Mapping[str, HarnessCredential]
    reserved_model_secrets: frozenset[str]
    hf_token_reserved: bool
    mirrors: frozenset[str]

    def harness_secret_variable(self, harness: str | None) -> str | None:
        """The exact `harness_api_key_secret` a harness needs, or None if it takes none."""
        credential = self.harness_credentials.get(harness or "")
        return credential.variable if credential and credential.takes_secret else None


_RUNNER_SECRETS = frozenset(
    {
        "DAYTONA_API_KEY",
        "DAYTONA_API_URL",
        "SKYPILOT_SERVICE_ACCOUNT_TOKEN",
        "SKYPILOT_API_SERVER_ENDPOINT",
    }
)
# Rules whose errors both releases' loaders share. Not here, though they mostly mirror the
# loader: BL104 (also blank names), BL108 and BL201 (also names ending in a newline, which the
# loader's `re.match(...$)` lets through).
_COMMON_MIRRORS = frozenset(
    {
        "BL001",
        "BL002",
        "BL101",
        "BL102",
        "BL103",
        "BL105",
        "BL204",
        "BL205",
        "BL206",
        "BL302",
        "BL303",
        "BL304",
    }
)

PROFILES: Mapping[str, Profile] = MappingProxyType(
    {
        "docs": Profile(
            name="docs",
            description="the published Osmosis documentation (default)",
            release="0.3.0",
            harness_credentials=MappingProxyType(
                {
                    "cursor-cli": HarnessCredential("CURSOR_API_KEY", takes_secret=True),
                    "mini-swe-agent": HarnessCredential("MSWEA_API_KEY", takes_secret=True),
                }
            ),
            reserved_model_secrets=_RUNNER_SECRETS,
            hf_token_reserved=True,
            mirrors=_COMMON_MIRRORS,
        ),
        "osmosis-0.3.8": Profile(
            name="osmosis-0.3.8",
            description="what the osmosis-ai 0.3.8 CLI accepts",
            release="0.3.8",
            harness_credentials=MappingProxyType(
                {
                    "cursor-cli": HarnessCredential("CURSOR_API_KEY", takes_secret=True),
                    "mini-swe-agent": HarnessCredential(
                        "MSWEA_API_KEY", takes_secret=False, injected_for_hosted=False
                    ),
                }
            ),
            reserved_model_secrets=frozenset({"DAYTONA_API_KEY", "DAYTONA_API_URL"}),
            hf_token_reserved=False,
            mirrors=_COMMON_MIRRORS | {"BL301"},
        ),
    }
)
DEFAULT_PROFILE = "docs"
