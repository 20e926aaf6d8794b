"""The output masker under re-entrance and threads: whatever happens while an input's hidden
runs are being worked out, nothing is sent before they are in its table, and nothing hangs.

A re-entrant `mask` is what a warning printed to a masked stream does (the command line's
stderr is one): working out an input's runs compiles patterns and imports modules on first
use, and Python prints a warning such as a 3.12 `SyntaxWarning` or a `re` `FutureWarning`
there. The language server masks on its event loop while the lint thread reads files, which
adds inputs.
"""

from __future__ import annotations

import gc
import threading
from collections import Counter
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


def from_inside_the_work(monkeypatch: pytest.MonkeyPatch, action: Callable[[], object]) -> None:
    """Run `action` once from inside the masker's work on an input (`_hidden`), as a warning
    printed to a masked stream there, or a change an observer makes, would."""
    real = output._hidden
    done: list[bool] = []

    def hidden(text: str, kind: output.InputKind) -> frozenset[str]:
        if not done:
            done.append(True)
            action()
        return real(text, kind)

    monkeypatch.setattr(output, "_hidden", hidden)


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
    nested: list[str] = []
    from_inside_the_work(monkeypatch, lambda: nested.append(masker.mask(f"warning: near {SECRET}")))
    masker.add("doc", CONFIG)
    shown = in_thread(lambda: masker.mask(f"echo {SECRET}"))
    assert SECRET not in shown
    assert nested and SECRET not in nested[0]
    assert nested[0].startswith("warning: near ")  # the words around it are proven harmless
    assert masker.mask(f"again {SECRET}") == "again " + "*" * len(SECRET)


def test_another_thread_masking_meanwhile_waits_and_hides_the_input_being_worked_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first thread is held inside the work on a new input; a second thread masking
    then waits for it (the work is done once) and does not send the input's secret."""
    masker = OutputMasker()
    real = output._hidden
    entered, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def slow_in_the_first_thread(text: str, kind: output.InputKind) -> frozenset[str]:
        calls.append(threading.current_thread().name)
        if threading.current_thread().name == "held":
            entered.set()
            release.wait(HANG)
        return real(text, kind)

    monkeypatch.setattr(output, "_hidden", slow_in_the_first_thread)
    masker.add("doc", CONFIG)
    results: dict[str, str] = {}

    def send(name: str) -> threading.Thread:
        def run() -> None:
            results[name] = masker.mask(f"{name} {SECRET}")

        thread = threading.Thread(target=run, name=name, daemon=True)
        thread.start()
        return thread

    held = send("held")
    assert entered.wait(HANG)
    second = send("second")
    release.set()
    for thread in (held, second):
        thread.join(HANG)
        assert not thread.is_alive()
    assert results == {name: f"{name} " + "*" * len(SECRET) for name in ("held", "second")}
    assert calls == ["held"]


def test_an_input_changed_from_inside_the_work_is_not_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A change made from inside the work (queued, since the lock is held) applies before
    the next text is masked: the newer text's secret is hidden, the older one's no longer."""
    masker = OutputMasker()
    newer_secret = "Hq3wNv8pXc2LmT9kRz"
    from_inside_the_work(
        monkeypatch, lambda: masker.add("doc", CONFIG.replace(SECRET, newer_secret))
    )
    masker.add("doc", CONFIG)
    first = in_thread(lambda: masker.mask(f"{SECRET}"))
    assert first == "*" * len(SECRET)  # the version known when this text was sent
    shown = in_thread(lambda: masker.mask(f"{SECRET} {newer_secret}"))
    assert shown == f"{SECRET} " + "*" * len(newer_secret)


@pytest.mark.parametrize("change", ["remove", "clear"])
def test_an_input_removed_from_inside_the_work_is_no_longer_hidden(
    monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    masker = OutputMasker()
    from_inside_the_work(
        monkeypatch, lambda: masker.remove("doc") if change == "remove" else masker.clear()
    )
    masker.add("doc", CONFIG)
    assert SECRET not in in_thread(lambda: masker.mask(SECRET))
    assert in_thread(lambda: masker.mask(SECRET)) == SECRET


def test_a_credential_of_any_shape_is_hidden_in_a_text_sent_from_inside_the_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A URL's password passes the allow-list by shape (two words); only the input's
    table hides it, and the table is not built yet when the nested text is sent."""
    password = "sunshineSummer"
    masker = OutputMasker()
    nested: list[str] = []
    from_inside_the_work(
        monkeypatch, lambda: nested.append(masker.mask(f"warning: retrying with {password}"))
    )
    masker.add("doc", f'[env]\nDB_URL = "postgres://bob:{password}@db.example.com/x"\n')
    assert password not in in_thread(lambda: masker.mask(f"outer: {password}"))
    assert nested and password not in nested[0]


def test_a_finalizer_printing_through_the_masker_inside_its_work_does_not_hang(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A collection can start at any allocation, inside the masker's locked section too,
    and an object's finalizer may print (an error in `__del__` goes to the masked stderr):
    here one is started at a known point of that section."""
    masker = OutputMasker()
    real = output.grams
    printed: list[str] = []
    collected: list[bool] = []

    class Noisy:
        def __init__(self) -> None:
            self.me = self  # a cycle: only the collector frees it

        def __del__(self) -> None:
            printed.append(masker.mask(f"error closing {SECRET}"))

    def collecting(hidden: frozenset[str]) -> frozenset[str]:
        if not collected:
            collected.append(True)
            Noisy()
            gc.collect()
        return real(hidden)

    monkeypatch.setattr(output, "grams", collecting)
    masker.add("doc", CONFIG)
    shown = in_thread(lambda: masker.mask(f"echo {SECRET}"))
    assert SECRET not in shown
    assert len(printed) == 1 and SECRET not in printed[0]
    assert printed[0].startswith("error closing ")


def test_a_failed_work_leaves_the_masker_usable(monkeypatch: pytest.MonkeyPatch) -> None:
    masker = OutputMasker()
    real = output._hidden
    failures = [MemoryError(), RecursionError()]

    def failing(text: str, kind: output.InputKind) -> frozenset[str]:
        if failures:
            raise failures.pop(0)
        return real(text, kind)

    monkeypatch.setattr(output, "_hidden", failing)
    masker.add("doc", CONFIG)
    for error in (MemoryError, RecursionError):
        with pytest.raises(error):
            masker.mask(SECRET)
    assert masker.mask(SECRET) == "*" * len(SECRET)  # the input stayed pending: worked out now
    assert not masker._inside


@pytest.mark.parametrize(
    ("written", "kind", "secret"),
    [
        ('[env]\nTOKEN = "Zq8\\u0076Lw3\\u006eTt5\\u0058k2\\u0052mPq"\n', "toml", SECRET),
        (
            '[db]\nurl = "postgres://bob:sunshine%53ummer@db.example.com/x"\n',
            "toml",
            "sunshineSummer",
        ),
        ("url: postgres://bob:sun%73hin%65Sum%6Der@db.example.com/x\n", "text", "sunshineSummer"),
    ],
    ids=["toml-unicode-escapes", "url-percent-escape", "text-percent-escapes"],
)
def test_a_credential_written_escaped_is_hidden_as_it_decodes(
    monkeypatch: pytest.MonkeyPatch, written: str, kind: output.InputKind, secret: str
) -> None:
    """Both with the table worked out and in a text sent from inside the work on it."""
    masker = OutputMasker()
    nested: list[str] = []
    from_inside_the_work(monkeypatch, lambda: nested.append(masker.mask(f"warning: {secret}")))
    masker.add("doc", written, kind)
    assert secret not in masker.mask(f"echo {secret}")
    assert nested and secret not in nested[0]


def test_a_queued_change_is_in_sight_while_it_is_applied(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text sent from inside, while a change made from inside is being applied, still
    hides that change's input (it leaves the queue only once applied)."""
    password = "sunshineSummer"
    masker = OutputMasker()
    real_set = OutputMasker._set
    nested: list[str] = []

    def set_and_send(self: OutputMasker, source: object, entry: object) -> None:
        if source == "doc" and not nested:
            nested.append(masker.mask(f"meanwhile {password}"))
        real_set(self, source, entry)  # type: ignore[arg-type]

    monkeypatch.setattr(OutputMasker, "_set", set_and_send)
    masker._queued.append(
        ("doc", (f'url = "postgres://bob:{password}@db.example.com/x"\n', "toml"))
    )
    assert password not in in_thread(lambda: masker.mask(f"echo {password}"))
    assert nested and password not in nested[0]


def test_a_work_cut_short_while_counting_hides_more_not_less(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two inputs hide the same secret; the work on one is interrupted once while its runs
    are being counted. After retrying and removing that input, the other still hides it."""
    masker = OutputMasker()

    class Interrupt(BaseException):
        """What a signal raises between two bytecodes (KeyboardInterrupt, say)."""

    class Interrupted(Counter[str]):
        armed = False  # Counter's own __init__ calls update

        def update(self, *args: object, **kwargs: object) -> None:
            if Interrupted.armed:
                Interrupted.armed = False
                raise Interrupt
            super().update(*args, **kwargs)  # type: ignore[arg-type]

    masker._counts = Interrupted()
    Interrupted.armed = True
    masker.add("a", CONFIG)
    masker.add("b", CONFIG)
    with pytest.raises(Interrupt):
        masker.mask("first")
    assert masker.mask(SECRET) == "*" * len(SECRET)
    masker.remove("a")
    assert masker.mask(SECRET) == "*" * len(SECRET)


def test_a_run_reaching_past_a_public_prefix_is_hidden() -> None:
    """A known format's prefix (`sk-`) is public, but a run of 8 that reaches past it holds
    secret characters: hover showed `sk-0000A0A`, cut at the dot from a broken key
    `sk-0000A0A.00000000` (7 of its characters), found by the random-shape leak test."""
    masker = OutputMasker()
    masker.add("doc", "[env]\nTZ = 'UTC'\nsk-0000A0A.00000000 and more = 1\n")
    assert "0000A0A" not in masker.mask("**`sk-0000A0A`** (a string, optional)")
    assert masker.mask("an OpenAI key (sk-…(51 chars))") == "an OpenAI key (sk-…(51 chars))"


NAME = "dan:my RiverStone@h.toml"  # a password with a space, in a file's name


def test_a_name_whose_password_holds_a_space_is_hidden_across_the_space() -> None:
    """A path's part is one run, white space and all: `my RiverStone` stands in a password's
    place there. Its runs of 8 that cross the space are looked for across the output's
    spaces (`dan:my` alone is too short to be looked for by itself)."""
    masker = OutputMasker()
    masker.add(("name", NAME), f"configs/benchmark/{NAME}", "name")
    shown = masker.mask(f"{NAME}:1:1: BL101 [error] unknown key\n  in {NAME.upper()}")
    assert "dan:my" not in shown.lower() and "RIVERSTONE" not in shown.upper()
    assert shown.endswith(":1:1: BL101 [error] unknown key\n  in " + "*" * len(NAME))


def test_a_spaced_run_stars_only_itself_and_is_forgotten_with_its_input() -> None:
    masker = OutputMasker()
    masker.add("n", NAME, "name")
    text = "see my notes, any River and dan: my Rive."  # no run of 8 of the name
    assert masker.mask(text) == text
    assert masker.mask("x dan:my Rx") == "x ********x"
    masker.remove("n")
    assert masker.mask(f"x {NAME}") == f"x {NAME}"
    assert not masker._spaced_counts and not masker._spaced


def test_a_spaced_run_is_hidden_in_a_text_sent_from_inside_the_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    masker = OutputMasker()
    nested: list[str] = []
    from_inside_the_work(monkeypatch, lambda: nested.append(masker.mask(f"at {NAME}")))
    masker.add("n", NAME, "name")
    masker.mask("work")
    assert nested and "dan:my" not in nested[0] and "River" not in nested[0]
