"""``match --cpu-clock``: both cores' time limits count the searching thread's CPU time.

A child process plays one move of a match player (``make_player(..., cpu_clock=True)``, the
path ``python -m engine match --cpu-clock`` takes) while the parent stops it with SIGSTOP for
longer than the move's whole budget.  On the CPU clock the paused seconds do not count: the
search reports less time than the pause although the pause fell inside it (the wall time
around the search covers it).  On the wall clock the same search would report at least the
pause.  The margins are whole seconds of a budget of 0.3 s (at most 4x that to finish the
level's minimum depth), so load cannot flip the result.
"""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from engine.core import native_module

PAUSE = 3.0  # seconds the child is stopped: more than any budget below can use

CHILD = """
import json, sys, time
from engine import Position
from engine.search.match import make_player
name, player = make_player(sys.argv[1], cpu_clock=sys.argv[2] == "cpu")
pos = Position.start()
print("ready", flush=True)
t0 = time.perf_counter()
result = player(pos, 1)
print(json.dumps({"time": result.time, "wall": time.perf_counter() - t0, "depth": result.depth}), flush=True)
"""


def _paused_move(spec: str, clock: str) -> dict:
    child = subprocess.Popen([sys.executable, "-c", CHILD, spec, clock], stdout=subprocess.PIPE, text=True,
                             cwd=os.getcwd())
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.05)  # let the search begin: it runs for at least one budget (0.3 s)
        child.send_signal(signal.SIGSTOP)
        time.sleep(PAUSE)
        child.send_signal(signal.SIGCONT)
        out = json.loads(child.stdout.readline())
    finally:
        child.send_signal(signal.SIGCONT)
        child.wait(timeout=60)
    return out


@pytest.mark.parametrize("spec", ["native:4@0.3", "py:4@0.3"])
def test_a_cpu_clock_search_does_not_count_the_pause(spec):
    if spec.startswith("native") and native_module() is None:
        pytest.skip("the native core is not built")
    out = _paused_move(spec, "cpu")
    assert out["wall"] >= PAUSE  # the pause fell inside the search ...
    assert out["time"] < PAUSE  # ... and the search's clock did not count it
    assert out["depth"] >= 1


@pytest.mark.parametrize("spec", ["native:4@0.3", "py:4@0.3"])
def test_a_wall_clock_search_counts_the_pause(spec):
    # The control: without --cpu-clock the same paused move reports the pause.
    if spec.startswith("native") and native_module() is None:
        pytest.skip("the native core is not built")
    out = _paused_move(spec, "wall")
    assert out["wall"] >= PAUSE
    assert out["time"] >= PAUSE
