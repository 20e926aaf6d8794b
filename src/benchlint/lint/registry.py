"""The explicit rule registry: every rule, in code order.

Codes are never reused. A rule that is withdrawn leaves the registry and its code goes to
`RETIRED`, with the reason shown to anyone who still asks for it (`benchlint rule CODE`, a
suppression comment naming it); the registry test allows gaps in a group's codes only there.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..rules import (
    bl001_toml_syntax,
    bl002_file_encoding,
    bl003_file_too_large,
    bl004_symlink_outside_repository,
    bl101_unknown_key,
    bl102_missing_key,
    bl103_wrong_type,
    bl104_invalid_value,
    bl105_item_count,
    bl106_execution_value,
    bl107_pass_threshold_range,
    bl108_invalid_env_name,
    bl109_invalid_endpoint_url,
    bl110_insecure_endpoint,
    bl201_invalid_secret_name,
    bl202_credential_in_secret_name,
    bl203_reserved_hf_token,
    bl204_reserved_runner_secret,
    bl205_secret_env_collision,
    bl206_authorization_header,
    bl207_credential_in_literal,
    bl208_credential_header,
    bl209_implicit_secret_listed,
    bl210_secret_also_env,
    bl211_duplicate_secret,
    bl212_secret_record_missing,
    bl213_credential_named_literal,
    bl301_harness_secret_not_accepted,
    bl302_harness_secret_missing,
    bl303_harness_secret_name,
    bl304_harness_env_collision,
    bl305_unknown_harness,
    bl306_duplicate_agent,
    bl401_judge_secret_missing,
    bl402_hle_parity_recommended,
    bl403_non_reference_harness,
    bl404_benchmark_looks_like_path,
    bl405_unknown_benchmark,
    bl406_unknown_task_selector,
    bl407_task_set_not_published,
    bl408_verifier_on_managed_benchmark,
    bl409_judge_setting_not_used,
    bl410_harness_requirement,
    bl411_benchmark_not_ready,
    bl501_task_set_overrides_filters,
    bl502_not_leaderboard_eligible,
    bl503_duplicate_task_selector,
    bl504_config_location,
    bl505_run_budget,
    bl901_unused_suppression,
    bl902_workspace_data_outdated,
)
from .rule import Rule

DOCS_BASE_URL = "https://github.com/benchlint/benchlint/blob/main/docs/rules"

RULES: tuple[Rule, ...] = tuple(
    module.RULE
    for module in (
        bl001_toml_syntax,
        bl002_file_encoding,
        bl003_file_too_large,
        bl004_symlink_outside_repository,
        bl101_unknown_key,
        bl102_missing_key,
        bl103_wrong_type,
        bl104_invalid_value,
        bl105_item_count,
        bl106_execution_value,
        bl107_pass_threshold_range,
        bl108_invalid_env_name,
        bl109_invalid_endpoint_url,
        bl110_insecure_endpoint,
        bl201_invalid_secret_name,
        bl202_credential_in_secret_name,
        bl203_reserved_hf_token,
        bl204_reserved_runner_secret,
        bl205_secret_env_collision,
        bl206_authorization_header,
        bl207_credential_in_literal,
        bl208_credential_header,
        bl209_implicit_secret_listed,
        bl210_secret_also_env,
        bl211_duplicate_secret,
        bl212_secret_record_missing,
        bl213_credential_named_literal,
        bl301_harness_secret_not_accepted,
        bl302_harness_secret_missing,
        bl303_harness_secret_name,
        bl304_harness_env_collision,
        bl305_unknown_harness,
        bl306_duplicate_agent,
        bl401_judge_secret_missing,
        bl402_hle_parity_recommended,
        bl403_non_reference_harness,
        bl404_benchmark_looks_like_path,
        bl405_unknown_benchmark,
        bl406_unknown_task_selector,
        bl407_task_set_not_published,
        bl408_verifier_on_managed_benchmark,
        bl409_judge_setting_not_used,
        bl410_harness_requirement,
        bl411_benchmark_not_ready,
        bl501_task_set_overrides_filters,
        bl502_not_leaderboard_eligible,
        bl503_duplicate_task_selector,
        bl504_config_location,
        bl505_run_budget,
        bl901_unused_suppression,
        bl902_workspace_data_outdated,
    )
)
RULES_BY_CODE = MappingProxyType({rule.code: rule for rule in RULES})
# Retired code → why, and what replaces it (none yet).
RETIRED: Mapping[str, str] = MappingProxyType({})
RULES_BY_NAME = MappingProxyType({rule.name: rule for rule in RULES})


def rule_url(code: str) -> str:
    return f"{DOCS_BASE_URL}/{code}.md"


def index_url() -> str:
    """The page that lists every rule (docs/rules/README.md)."""
    return f"{DOCS_BASE_URL}/README.md"


def find_rule(code_or_name: str) -> Rule | None:
    key = code_or_name.strip()
    return RULES_BY_CODE.get(key.upper()) or RULES_BY_NAME.get(key.lower())
