"""benchlint against the official `osmosis-ai` loaders (the contract in the README's Profiles section).

For every profile and the release it names: no false accepts (each config the loader rejects
gets an error), and no unexplained rejects (on configs the loader accepts, no error from a rule
the profile lists in `mirrors`).
"""

from __future__ import annotations

import pytest

from benchlint import ConfigError, Settings, load_config
from benchlint.domain.profiles import PROFILES

from .corpus import Case
from .linting import Linted, case_path
from .oracle import Verdict
from .report import Counterexample, describe

MIN_ACCEPTED = 500
MIN_REJECTED = 1000

pytestmark = pytest.mark.parametrize("profile", sorted(PROFILES))
Verdicts = dict[str, list[Verdict]]
Findings = dict[str, list[Linted]]


def test_corpus_covers_both_verdicts(profile: str, verdicts: Verdicts) -> None:
    release = PROFILES[profile].release
    accepted = sum(verdict.accepted for verdict in verdicts[release])
    rejected = len(verdicts[release]) - accepted
    assert accepted >= MIN_ACCEPTED and rejected >= MIN_REJECTED, (
        f"the corpus is too one-sided for osmosis-ai {release}: "
        f"{accepted} accepted, {rejected} rejected"
    )


def test_no_false_accepts(
    profile: str, corpus: list[Case], verdicts: Verdicts, findings: Findings
) -> None:
    missed = [
        example
        for example in _compared(profile, corpus, verdicts, findings)
        if not example.verdict.accepted
        and example.linted.crash is None  # crashes have their own test
        and not example.linted.errors
    ]
    if missed:
        release = PROFILES[profile].release
        title = f"osmosis-ai {release} rejects, benchlint --profile {profile} reports no error"
        pytest.fail(describe(title, missed), pytrace=False)


def test_no_unexplained_rejects(
    profile: str, corpus: list[Case], verdicts: Verdicts, findings: Findings
) -> None:
    mirrors = PROFILES[profile].mirrors
    unexplained = [
        example
        for example in _compared(profile, corpus, verdicts, findings)
        if example.verdict.accepted and example.linted.errors & mirrors
    ]
    if unexplained:
        release = PROFILES[profile].release
        title = (
            f"osmosis-ai {release} accepts, benchlint --profile {profile} reports an error "
            f"from a rule it mirrors ({', '.join(sorted(mirrors))})"
        )

        def kind_and_codes(example: Counterexample) -> str:
            return f"{example.case.kind} {','.join(sorted(example.linted.errors & mirrors))}"

        pytest.fail(describe(title, unexplained, kind_and_codes), pytrace=False)


def test_benchlint_never_crashes(
    profile: str, corpus: list[Case], verdicts: Verdicts, findings: Findings
) -> None:
    crashed = [
        example
        for example in _compared(profile, corpus, verdicts, findings)
        if example.linted.crash is not None
    ]
    if crashed:
        title = f"benchlint --profile {profile} crashed"
        pytest.fail(describe(title, crashed, lambda e: e.linted.crash or ""), pytrace=False)


def test_load_config_agrees_with_the_loader(
    profile: str, corpus: list[Case], verdicts: Verdicts
) -> None:
    """`load_config` never accepts what the loader refuses; on what it accepts, it refuses only
    with errors of rules beyond the loader, never silently, and gives the same
    `required_secrets` (names and order)."""
    release = PROFILES[profile].release
    mirrors = PROFILES[profile].mirrors
    settings = Settings(profile=profile)
    wrong: list[str] = []
    for case, verdict in zip(corpus, verdicts[release], strict=True):
        try:
            config = load_config(case.content, settings=settings, path=case_path(case))
        except ConfigError as error:
            codes = {d.code for d in error.errors}
            if not codes:
                wrong.append(f"#{case.number} {case.kind}: ConfigError without errors")
            elif verdict.accepted and codes & mirrors:
                wrong.append(f"#{case.number} {case.kind}: refused with {sorted(codes & mirrors)}")
            continue
        if not verdict.accepted:
            wrong.append(
                f"#{case.number} {case.kind}: loaded, the loader refuses ({verdict.message})"
            )
        elif tuple(config.required_secrets) != verdict.required_secrets:
            wrong.append(
                f"#{case.number} {case.kind}: required_secrets {config.required_secrets} != "
                f"{list(verdict.required_secrets or ())}"
            )
    assert not wrong, f"{len(wrong)} disagreements:\n" + "\n".join(wrong[:20])


def _compared(
    profile: str, corpus: list[Case], verdicts: Verdicts, findings: Findings
) -> list[Counterexample]:
    """Every case with the verdict of the profile's release and benchlint's result."""
    release = PROFILES[profile].release
    return [
        Counterexample(case, verdict, linted)
        for case, verdict, linted in zip(corpus, verdicts[release], findings[profile], strict=True)
    ]
