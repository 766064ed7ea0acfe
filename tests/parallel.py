"""What the tests need to run in parallel under pytest-xdist (scripts/test.sh passes `-n`): the
name of this worker, and work done once per test run however many workers need it."""
from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path

import pytest


def worker_suffix() -> str:
    """"-gw0", "-gw1"... under xdist, "" in a plain run: for files of fixed names (logs in
    test-artifacts/) that each worker writes."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return f"-{worker}" if worker else ""


def once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str,
                 make: Callable[[], object]) -> None:
    """Call `make` once in this test run: in a plain run at once; under xdist in the first
    worker that gets here, while the others wait for it (a build into the source tree, which
    two workers must not do at the same time, and need not do twice)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        make()
        return
    # Each worker's basetemp is <run's basetemp>/popen-gwN: the parent is this run's alone.
    shared: Path = tmp_path_factory.getbasetemp().parent
    done = shared / f"{name}.done"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not done.exists():
            make()
            done.touch()
