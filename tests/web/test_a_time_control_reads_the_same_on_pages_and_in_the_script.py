"""A time control and a clock read the same from the server's templates and from the game
page's script: every limit the forms offer ("¼", "1.5", "10"), lichess's speed of every offered
pair (bullet < 180 s <= blitz < 480 <= rapid < 1500 <= classical on limit + 40 x increment) and
the remaining time ("3:00", "0:09.4") - games/web/time_controls.py against clock.js under Node."""
import json
from pathlib import Path

import pytest

from games.clock import speed_of
from games.web.time_controls import (CLOCK_INCREMENT_SECONDS, CLOCK_LIMIT_SECONDS, clock_text,
                                     format_limit, time_control_text)
from tests.web.node import NODE, run_module

CLOCK_JS = Path(__file__).resolve().parents[2] / "games/static/games/js/clock.js"
MS = [0, 1, 99, 100, 9_999, 10_000, 59_999, 60_000, 179_999, 180_000, 3_599_999, 3_600_000,
      10_800_000, -20]


def js(body: str):
    return run_module(f"import * as c from {json.dumps(CLOCK_JS.as_uri())};\n"
                      f"process.stdout.write(JSON.stringify((() => {{ {body} }})()));\n")


@pytest.mark.skipif(NODE is None, reason="needs Node.js to run the clock script")
def test_limits_speeds_and_clocks_are_written_alike():
    pairs = [(limit, inc) for limit in CLOCK_LIMIT_SECONDS for inc in CLOCK_INCREMENT_SECONDS]
    out = js(f"""return {{
        limits: {json.dumps(CLOCK_LIMIT_SECONDS)}.map(c.formatLimit),
        speeds: {json.dumps(pairs)}.map(([l, i]) => c.speedOf(l, i)),
        clocks: {json.dumps(MS)}.map(c.formatClock) }};""")
    assert out["limits"] == [format_limit(s) for s in CLOCK_LIMIT_SECONDS]
    assert out["speeds"] == [speed_of(limit, inc) for limit, inc in pairs]
    assert out["clocks"] == [clock_text(ms) for ms in MS]


def test_the_boundaries_of_the_speeds_are_lichesss():
    assert [speed_of(limit, inc) for limit, inc in
            [(60, 0), (120, 1), (179, 0), (180, 0), (180, 2), (300, 3), (479, 0), (480, 0),
             (600, 5), (900, 10), (1499, 0), (1500, 0), (1800, 20)]] == [
        "bullet", "bullet", "bullet", "blitz", "blitz", "blitz", "blitz", "rapid", "rapid",
        "rapid", "rapid", "classical", "classical"]


def test_lists_write_a_clock_or_the_days_per_move():
    assert time_control_text({"clock_limit": 180, "clock_increment": 2}) == "3+2 · Blitz"
    assert time_control_text({"clock_limit": 30, "clock_increment": 0}) == "½+0 · Bullet"
    assert time_control_text({"clock_limit": None, "days_per_move": 3}) == "3 days per move"
    assert time_control_text({"clock_limit": None, "days_per_move": 1}) == "1 day per move"
    assert time_control_text({"clock_limit": None, "days_per_move": None}) == "No time limit"
