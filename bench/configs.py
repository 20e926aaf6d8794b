"""The configs the benchmarks time: clean (VALID), typical, broken and large."""

from __future__ import annotations

VALID = """\
# Two agents on Terminal-Bench 2.1, smoke-test sized.
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[agents.env]
LOG_LEVEL = "debug"
MAX_TURNS = "40"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "endpoint"
base_url = "https://models.example.com/v1"
model = "team/coder-32b"
api_key_secret = "TEAM_ENDPOINT_KEY"

[agents.model.extra_headers]
X-Team = "evals"

[execution]
attempts_per_task = 2
max_concurrent_attempts = 4
timeout_multiplier = 1.5
max_retries = 1

[secrets]
required = ["GITHUB_TOKEN"]

[env]
TZ = "UTC"
"""

# The typical config: 39 lines, 2 agents, 2 findings (BL403, BL502) and comments.
TYPICAL = """\
[experiment]
benchmark = "terminal-bench-2-1"          # key, exact name or ID

[tasks]
task_names = ["terminal-bench/git-multibranch"]

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[agents.env]
LOG_LEVEL = "debug"

[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "CURSOR_API_KEY"

[agents.model]
type = "endpoint"
base_url = "https://models.example.com/v1"
model = "my-model"
api_key_secret = "MY_ENDPOINT_KEY"

[execution]
attempts_per_task = 1
max_concurrent_attempts = 4
timeout_multiplier = 1.0
max_retries = 0

[secrets]
required = ["EXTRA_TOKEN"]                # resolved at submit

[env]                                     # every agent
TZ = "UTC"
LANG = "C.UTF-8"
"""

# Ten diagnostics, all with ranges, none a syntax error.
BROKEN = """\
[experiment]
benchmark = "./data/terminal-bench.jsonl"
descripton = "nightly"

[tasks]
task_set = "Parity"

[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "CURSOR_TOKEN"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OpenAI key"

[agents.env]
HF_TOKEN = "x"
log-level = "debug"

[[agents]]
harness = "claude_code"

[agents.model]
type = "endpoint"
base_url = "http://models.example.com/v1"
model = "team/coder-32b"
api_key_secret = "TEAM_ENDPOINT_KEY"

[execution]
attempts_per_task = "2"
"""


def large(lines: int = 5000) -> str:
    """A valid config of about `lines` lines: long task lists and big env tables."""
    head = VALID.replace("[[agents]]", "[tasks]\ntask_names = [\n" + "{tasks}]\n\n[[agents]]", 1)
    per_task = lines // 2
    tasks = "".join(f'  "terminal-bench/task-{i:05}",\n' for i in range(per_task))
    env = "".join(f'VAR_{i:05} = "value {i}"\n' for i in range(lines - per_task - 60))
    return head.replace("{tasks}", tasks) + env


def one_mebibyte() -> str:
    text = large(5000)
    filler = "".join(f'FILL_{i:06} = "{"x" * 40}"\n' for i in range(25_000))
    whole = (text + filler)[: 1 << 20]
    return whole[: whole.rfind("\n") + 1]  # whole lines: a valid file just under 1 MiB
