"""The output masker under re-entrance and threads: whatever happens while an input's hidden
runs are being worked out, nothing is sent before they are in its table, and nothing hangs.

A re-entrant `mask` is what a warning printed to a masked stream does (the command line's
stderr is one): working out an input's runs compiles patterns and imports modules on first
use, and Python prints a warning such as a 3.12 `SyntaxWarning` or a `re` `FutureWarning`
there. The language server masks on its event loop while the lint thread reads files, which
adds inputs.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from benchlint.secrets import output
from benchlint.secrets.output import OutputMasker

SECRET = "Zq8vLw3nTt5Xk2RmPq"  # no recogniser's shape: only the masker's table hides it
CONFIG = f'[env]\nTOKEN = "{SECRET}"\n'
HANG = 60  # seconds: a liveness bound (a deadlock never returns), not a speed target


def in_thread(call: Callable[[], str]) -> str:
    """`call()` in a thread; fails (rather than hanging the suite) if it never returns."""
    result: list[str] = []
    worker = threading.Thread(target=lambda: result.append(call()), daemon=True)
    worker.start()
    worker.join(HANG)
    assert not worker.is_alive(), "mask() never returned: a deadlock"
    return result[0]


def test_a_secret_of_an_added_input_is_hidden() -> None:
    masker = OutputMasker()
    assert masker.mask(f"echo {SECRET}") == f"echo {SECRET}"  # not an input: nothing to hide
    masker.add("doc", CONFIG)
    assert SECRET not in masker.mask(f"echo {SECRET}")
    assert SECRET.upper() not in masker.mask(f"echo {SECRET.upper()}")
    masker.remove("doc")
    assert masker.mask(f"echo {SECRET}") == f"echo {SECRET}"


def test_mask_called_while_an_input_is_worked_out_neither_hangs_nor_leaks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    masker = OutputMasker()
    real = output._hidden
    nested: list[str] = []

    def printing_a_warning(text: str, kind: output.InputKind) -> frozenset[str]:
        if not nested:  # the warning goes to a masked stream, once
            nested.append(masker.mask(f"warning: near {SECRET}"))
        return real(text, kind)

    monkeypatch.setattr(output, "_hidden", printing_a_warning)
    masker.add("doc", CONFIG)
    shown = in_thread(lambda: masker.mask(f"echo {SECRET}"))
    assert SECRET not in shown
    assert nested and SECRET not in nested[0]
    assert nested[0].startswith("warning: near ")  # the words around it are proven harmless
    assert masker.mask(f"again {SECRET}") == "again " + "*" * len(SECRET)


def test_another_thread_masking_meanwhile_hides_the_input_being_worked_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first thread is held inside the work on a new input; a second thread masking
    then must not send the input's secret in clear (it works the input out itself)."""
    masker = OutputMasker()
    real = output._hidden
    entered, release = threading.Event(), threading.Event()

    def slow_in_the_first_thread(text: str, kind: output.InputKind) -> frozenset[str]:
        if threading.current_thread().name == "held":
            entered.set()
            release.wait(HANG)
        return real(text, kind)

    monkeypatch.setattr(output, "_hidden", slow_in_the_first_thread)
    masker.add("doc", CONFIG)
    results: list[str] = []
    held = threading.Thread(
        target=lambda: results.append(masker.mask(f"one {SECRET}")), name="held", daemon=True
    )
    held.start()
    try:
        assert entered.wait(HANG)
        assert SECRET not in in_thread(lambda: masker.mask(f"two {SECRET}"))
    finally:
        release.set()
        held.join(HANG)
    assert not held.is_alive()
    assert results and SECRET not in results[0]


def test_an_input_changed_while_worked_out_is_worked_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An edit that lands while the last version's runs are computed is not lost: the
    newer text's secret is hidden too, and the older one's no longer is."""
    masker = OutputMasker()
    real = output._hidden
    newer_secret = "Hq3wNv8pXc2LmT9kRz"
    edited: list[bool] = []

    def edited_meanwhile(text: str, kind: output.InputKind) -> frozenset[str]:
        if not edited:
            edited.append(True)
            masker.add("doc", CONFIG.replace(SECRET, newer_secret))
        return real(text, kind)

    monkeypatch.setattr(output, "_hidden", edited_meanwhile)
    masker.add("doc", CONFIG)
    shown = in_thread(lambda: masker.mask(f"{SECRET} {newer_secret}"))
    assert newer_secret not in shown
    assert shown.startswith(SECRET)  # the older version is no longer an input
