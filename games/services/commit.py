"""Run listeners (events, the bot hook) after the current transaction commits."""
from __future__ import annotations

from collections.abc import Callable

from django.db import transaction


def after_commit(func: Callable[..., object], **kwargs) -> None:
    """Call `func(**kwargs)` once the transaction commits (at once outside one). robust: a
    failing listener (e.g. Redis down) is logged and cannot undo the stored fact."""

    def callback() -> None:
        func(**kwargs)

    # Django names the callback in its log when it fails; a partial has no name.
    callback.__qualname__ = getattr(func, "__qualname__", repr(func))
    transaction.on_commit(callback, robust=True)
