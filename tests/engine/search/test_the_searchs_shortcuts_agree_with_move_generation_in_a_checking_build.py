"""The native search takes three shortcuts past move generation and making (search.c):
whether a hash move or killer is one of its piece's quiet moves (``pos_quiet_pseudo``), whether
a move gives check (``pos_gives_check``, which sifts out the pruned quiet moves unmade), and
whether a move surely cannot answer a check (``surely_illegal``).  A wrong verdict would not
crash anything: it would quietly search another tree.  A build with ``RS_VERIFY_CHECK`` checks
every verdict against generating or making the move and aborts at the first disagreement; this
test makes that build in a scratch directory and searches every game's bench positions with it,
the narrow build (Raumschach, Five Up) and the wide one (hex, Star Trek)."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.conftest import require_native

ROOT = Path(__file__).resolve().parents[3]
GAMES = ("raumschach", "fiveup", "hexraumschach", "startrek")

pytestmark = pytest.mark.slow

SEARCH = """
import sys
from engine import Position
from engine.search import bench, native, searcher
from engine.variants import VARIANTS
for key in sys.argv[1:]:
    variant = VARIANTS[key]
    for _name, fen in bench.bench_positions(variant):
        position = Position.from_fen(fen, variant)
        result = native.NativeSearcher(seed=0).search(position, searcher.SearchLimits(depth=5))
        assert result.move is not None, (key, fen)
        print(key, result.nodes)
"""


def test_a_build_that_checks_every_shortcut_searches_all_four_games_bench_sets_without_a_disagreement(tmp_path):
    require_native()  # (no C compiler here: skipped, or in CI failed, with the reason)
    shutil.copy(ROOT / "setup.py", tmp_path)
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    env = {**os.environ, "CFLAGS": f"{os.environ.get('CFLAGS', '')} -DRS_VERIFY_CHECK".strip()}
    env.pop("PYTHONPATH", None)
    build = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=tmp_path, env=env,
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-2000:]

    # In the scratch directory `engine` is the checking build's (nothing else is on the path
    # before it); without its native modules NativeSearcher refuses to start, so a failed build
    # cannot pass as the pure-Python core.
    run = subprocess.run([sys.executable, "-c", SEARCH, *GAMES], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, f"exit {run.returncode} (-6: a shortcut disagreed and the build aborted)\n{run.stderr[-2000:]}"
    searched = [line.split()[0] for line in run.stdout.splitlines()]
    assert set(searched) == set(GAMES)
