"""Bot TV's default pace (issue 39: it waited ~20 s a move, so a visitor saw nothing happen):
a fresh install plays a showcase move every 5 s, each bot thinking at most 1 s. The pacing
itself is tested with controlled clocks in test_the_showcase_moves_at_most_once_per_interval."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_fresh_install_paces_bot_tv_at_five_seconds_a_move():
    env = {name: value for name, value in os.environ.items() if not name.startswith("SHOWCASE_")}
    env.update(DEBUG="1", DATABASE_URL="sqlite:///:memory:")  # the settings as shipped
    done = subprocess.run(
        [sys.executable, "-c", "from raumschach_site import settings as s; "
         "print(s.SHOWCASE_ENABLED, s.SHOWCASE_SECONDS_PER_MOVE, s.SHOWCASE_MOVETIME)"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "5.0", "1.0"]
