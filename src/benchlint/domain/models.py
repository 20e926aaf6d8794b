"""The config file's structure, described once.

These pydantic models are the single source of what tables and keys exist, their types,
closed value sets and count limits. The structure spec the engine validates with is generated
from them (`benchlint.devtools.specgen`; its errors are pydantic's, and become BL1xx/BL201
diagnostics in `benchlint.structure.issues`), so is the JSON Schema, `load_config` returns them,
and the language server takes hover text and completions from their descriptions. The plain
values they are built from live in `benchlint.domain.constants`, which the check path reads
without pydantic.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from .constants import ENV_NAME_PATTERN as ENV_NAME_PATTERN
from .constants import MAX_AGENTS as MAX_AGENTS
from .constants import MAX_REQUIRED_SECRETS as MAX_REQUIRED_SECRETS
from .constants import MAX_SECRET_NAME_LENGTH as MAX_SECRET_NAME_LENGTH
from .constants import MODEL_TYPES as MODEL_TYPES
from .constants import NON_BLANK_PATTERN as NON_BLANK_PATTERN
from .constants import PASS_THRESHOLD_RANGE as PASS_THRESHOLD_RANGE
from .constants import RESERVED_ENV_PREFIX as RESERVED_ENV_PREFIX
from .constants import SECRET_NAME_PATTERN as SECRET_NAME_PATTERN
from .constants import TASK_SETS as TASK_SETS
from .constants import not_reserved_env

MODEL_TYPE_DESCRIPTION = '"provider", "endpoint" or "hosted".'


SecretName = Annotated[
    str,
    Field(
        pattern=SECRET_NAME_PATTERN,
        max_length=MAX_SECRET_NAME_LENGTH,
        description="The name of a Platform secret record (created with `osmosis secret set "
        "NAME`), never a credential value: upper-case letters, digits and `_`, starting "
        "with a letter.",
    ),
]
EnvName = Annotated[
    str,
    Field(pattern=ENV_NAME_PATTERN),
    AfterValidator(not_reserved_env),
]
NonBlank = Annotated[str, Field(min_length=1, pattern=NON_BLANK_PATTERN)]
# The descriptions on value types below are schema information only (editor hover).
EnvValue = Annotated[
    str,
    Field(
        description="The variable's literal value, always a string (quote numbers). Never a "
        "credential: reference a secret record instead."
    ),
]
HeaderValue = Annotated[
    str,
    Field(description="The header's literal value, sent as written; never a credential."),
]
EnvTable = dict[EnvName, EnvValue]


class _Table(BaseModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="forbid", strict=True, frozen=True, allow_inf_nan=False
    )


class Experiment(_Table):
    """What the run benchmarks."""

    benchmark: NonBlank = Field(
        description="The benchmark to run: its key (`terminal-bench-2-1`), exact name "
        '("Terminal-Bench 2.1", case-sensitive) or ID, as `osmosis benchmark list` shows '
        "it; a Harbor-registry dataset is `owner/name@version`. Never a local dataset path."
    )


class Tasks(_Table):
    """Which of the benchmark's tasks to run; omit the table to run every task."""

    task_set: Literal["parity"] | None = Field(
        default=None,
        description='A named task set; the only one that exists is "parity" (the sample a '
        "benchmark's reference scores were measured on). The Platform silently runs the "
        "full benchmark for an unknown name.",
    )
    task_names: list[NonBlank] | None = Field(
        default=None,
        description="Explicit task IDs from the benchmark's manifest. Runs selected this way "
        "get scores but no leaderboard rank.",
    )
    categories: list[NonBlank] | None = Field(
        default=None,
        description="Category names from the benchmark's manifest. Runs selected this way "
        "get scores but no leaderboard rank.",
    )


class ProviderModel(_Table):
    """A model served by a provider, called with the user's own key."""

    type: Literal["provider"] = Field(description=MODEL_TYPE_DESCRIPTION)
    model: NonBlank = Field(
        description="The provider model, `provider/model` (`openai/gpt-5.2`, "
        "`anthropic/claude-sonnet-4`)."
    )
    api_key_secret: SecretName = Field(
        description="The Platform secret record holding the provider key; injected into "
        "the agent as an environment variable of the same name."
    )


class EndpointModel(_Table):
    """An OpenAI-compatible endpoint."""

    type: Literal["endpoint"] = Field(description=MODEL_TYPE_DESCRIPTION)
    base_url: NonBlank = Field(
        description="The endpoint's absolute `https://` URL (e.g. `https://models.example.com/v1`)."
    )
    model: NonBlank = Field(description="The model name the endpoint expects.")
    api_key_secret: SecretName = Field(
        description="The Platform secret record holding the endpoint key; injected into "
        "the agent as an environment variable of the same name."
    )
    extra_headers: dict[str, HeaderValue] | None = Field(
        default=None,
        description="Literal HTTP headers sent with every request. Never an `Authorization` "
        "header: the key comes from `api_key_secret`.",
    )


class HostedModel(_Table):
    """A LoRA deployed on the Platform; it references no secret."""

    type: Literal["hosted"] = Field(description=MODEL_TYPE_DESCRIPTION)
    base_model: NonBlank = Field(description="The base model the LoRA was trained on.")
    lora_model_name: NonBlank = Field(
        description="The deployed LoRA's name (older guidance called this `checkpoint_name`)."
    )


AgentModel = Annotated[
    ProviderModel | EndpointModel | HostedModel,
    Field(
        discriminator="type",
        description="The model the agent drives: a `type` and the keys that type needs.",
        # Schema only: the closed set of types in one place, so editors say "not one of
        # provider, endpoint, hosted" instead of only "matches no branch of oneOf".
        json_schema_extra={
            "type": "object",
            "required": ["type"],
            "properties": {
                "type": {"description": MODEL_TYPE_DESCRIPTION, "enum": list(MODEL_TYPES)}
            },
        },
    ),
]


class Agent(_Table):
    """One agent: a harness plus a model, compared under identical conditions."""

    harness: NonBlank | None = Field(
        default=None,
        description="The scaffold that drives the model (`codex`, `claude-code`, "
        "`terminus-2`, `cursor-cli`, `mini-swe-agent`, ...). Omitted: the benchmark's "
        "official scaffold.",
    )
    harness_api_key_secret: SecretName | None = Field(
        default=None,
        description="A credential the harness itself reads; only `cursor-cli` "
        "(`CURSOR_API_KEY`) and `mini-swe-agent` (`MSWEA_API_KEY`) take one, named exactly "
        "after the variable.",
    )
    model: AgentModel
    env: EnvTable | None = Field(
        default=None,
        description="Environment variables for this agent only; they win over `[env]`.",
    )


class Execution(_Table):
    """How attempts run."""

    attempts_per_task: int | None = Field(
        default=None, ge=1, description="Independent tries per task (default 1); pass@k needs k."
    )
    max_concurrent_attempts: int | None = Field(
        default=None,
        ge=1,
        description="Attempts run in parallel (default 4), within workspace limits.",
    )
    timeout_multiplier: float | None = Field(
        default=None, gt=0, description="Scales each task's timeout (default 1.0)."
    )
    max_retries: int | None = Field(
        default=None, ge=0, description="Retries of an attempt that failed to run (default 0)."
    )
    # Forwarded as written by the CLI (its loader takes any value): the model takes any value
    # too, so that `load_config` refuses only what the rules call an error. BL107 warns about
    # anything but a number in PASS_THRESHOLD_RANGE; the JSON Schema asks editors for one.
    pass_threshold: Any = Field(
        default=None,
        description="The score an attempt needs to count as a pass, 0..1 (benchmark default).",
        json_schema_extra={
            "type": "number",
            "minimum": PASS_THRESHOLD_RANGE[0],
            "maximum": PASS_THRESHOLD_RANGE[1],
        },
    )
    judge_model: NonBlank | None = Field(
        default=None,
        description="The LLM judge's model, for benchmarks with a configurable judge; the "
        "benchmark's default when omitted.",
    )
    judge_api_key_secret: SecretName | None = Field(
        default=None,
        description="The Platform secret record with the judge's provider key; required by "
        "judged benchmarks (HLE, GDPVal, BrowseComp).",
    )


class Verifier(_Table):
    """Secrets a registry dataset's verifier reads; not allowed on Osmosis-managed benchmarks."""

    required: list[SecretName] | None = Field(
        default=None,
        max_length=MAX_REQUIRED_SECRETS,
        description="Secret record names the verifier reads (at most 16).",
    )


class Secrets(_Table):
    """Extra secrets whose values may be supplied per run."""

    required: list[SecretName] | None = Field(
        default=None,
        max_length=MAX_REQUIRED_SECRETS,
        description="Secret names resolved at submit from `--secrets-file`, the environment "
        "or a prompt (at most 16).",
    )


class BenchmarkConfig(_Table):
    """An Osmosis benchmark-run config (`configs/benchmark/*.toml`)."""

    experiment: Experiment = Field(description="What the run benchmarks.")
    tasks: Tasks | None = Field(
        default=None, description="Which tasks to run; omitted: every task."
    )
    agents: list[Agent] = Field(
        min_length=1,
        max_length=MAX_AGENTS,
        description="1 to 8 agents (`[[agents]]`), each a harness plus a model.",
    )
    execution: Execution | None = Field(default=None, description="How attempts run.")
    verifier: Verifier | None = Field(
        default=None,
        description="Secrets a registry dataset's verifier reads; not for Osmosis-managed "
        "benchmarks.",
    )
    secrets: Secrets | None = Field(
        default=None, description="Extra secrets whose values may be supplied per run."
    )
    env: EnvTable | None = Field(default=None, description="Environment variables for every agent.")

    @property
    def required_secrets(self) -> list[str]:
        """Every secret name the file references, in the CLI's order, without repeats."""
        names: list[str] = [
            agent.model.api_key_secret
            for agent in self.agents
            if not isinstance(agent.model, HostedModel)
        ]
        names.extend(a.harness_api_key_secret for a in self.agents if a.harness_api_key_secret)
        if self.execution and self.execution.judge_api_key_secret:
            names.append(self.execution.judge_api_key_secret)
        names.extend(self.verifier.required or [] if self.verifier else [])
        names.extend(self.secrets.required or [] if self.secrets else [])
        return list(dict.fromkeys(names))


TABLE_MODELS: dict[str, type[BaseModel]] = {
    "experiment": Experiment,
    "tasks": Tasks,
    "execution": Execution,
    "verifier": Verifier,
    "secrets": Secrets,
}
MODEL_VARIANTS: dict[str, type[BaseModel]] = {
    "provider": ProviderModel,
    "endpoint": EndpointModel,
    "hosted": HostedModel,
}
_ALL_MODELS: list[type[BaseModel]] = [
    BenchmarkConfig,
    Agent,
    *TABLE_MODELS.values(),
    *MODEL_VARIANTS.values(),
]
MODELS_BY_NAME: dict[str, type[BaseModel]] = {model.__name__: model for model in _ALL_MODELS}


def field_description(model: type[BaseModel], key: str) -> str | None:
    info = model.model_fields.get(key)
    if info is None:
        return None
    if info.description:
        return info.description
    for meta in info.metadata:
        description = getattr(meta, "description", None)
        if description:
            return str(description)
    return None


def validate(data: dict[str, Any]) -> BenchmarkConfig:
    return BenchmarkConfig.model_validate(data)
