"""What the server tells the user and the client's log. Every text is masked on its way out
a credential never leaves the server, not even inside an error report."""

from __future__ import annotations

import contextlib
import functools
import inspect
import traceback
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

P = ParamSpec("P")
R = TypeVar("R")


class ClientMessages:
    def __init__(self, server: LanguageServer) -> None:
        self._server = server
        self._shown: set[str] = set()

    def log(self, text: str, kind: lsp.MessageType = lsp.MessageType.Info) -> None:
        with contextlib.suppress(Exception):  # no transport (shutting down): nothing to tell
            self._server.window_log_message(lsp.LogMessageParams(kind, text))

    def error(self, text: str) -> None:
        """Show (and log) a problem the user must fix, such as bad settings, once until the
        settings change: it would otherwise come back on every keystroke."""
        if text in self._shown:
            return
        self._shown.add(text)
        self.log(text, lsp.MessageType.Error)
        with contextlib.suppress(Exception):
            self._server.window_show_message(
                lsp.ShowMessageParams(lsp.MessageType.Error, f"benchlint: {text}")
            )

    def forget_shown(self) -> None:
        """Settings changed: show a still-present problem again."""
        self._shown.clear()

    def internal(self, error: BaseException, where: str) -> None:
        """A bug in benchlint: logged with its traceback, never shown as a crash."""
        trace = "".join(traceback.format_exception(error))
        self.log(f"internal error in {where}: {trace}", lsp.MessageType.Error)

    def guard(self, handler: Callable[P, R]) -> Callable[P, R | None]:
        """Run a handler so that an exception is logged and answered with `None`: pygls would
        otherwise send the exception's text (which may quote the document) to the client."""

        @functools.wraps(handler)
        def run(*args: P.args, **kwargs: P.kwargs) -> R | None:
            try:
                return handler(*args, **kwargs)
            except Exception as error:
                self.internal(error, handler.__name__)
                return None

        return run

    def guard_async(self, handler: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R | None]]:
        """`guard` for coroutine handlers (pygls must still see a coroutine function)."""
        assert inspect.iscoroutinefunction(handler)

        @functools.wraps(handler)
        async def run(*args: P.args, **kwargs: P.kwargs) -> R | None:
            try:
                return await handler(*args, **kwargs)
            except Exception as error:
                self.internal(error, handler.__name__)
                return None

        return run
