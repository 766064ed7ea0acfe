"""clock.js, run under Node with a fake clock and fake elements: it counts the running side down
from the moment a clock arrived (the other stands still), shows tenths under ten seconds, warns
the viewer once per fall under the low-time mark (again only after an increment lifted the clock
above it), asks the server once when a clock reaches zero, and shows the flag on the side that
ran out when the game ended on time."""
import json
from pathlib import Path

import pytest

from tests.web.node import NODE, run_module

CLOCK_JS = Path(__file__).resolve().parents[2] / "games/static/games/js/clock.js"
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the clock script")

# Elements with just what GameClocks touches; a clock whose time the test sets by hand.
HARNESS = """
class El {
  constructor() { this.dataset = {}; this.attrs = {}; this.classes = new Set();
    this.time = { textContent: "" }; this.flag = { hidden: true, textContent: "" };
    const self = this;
    this.classList = {
      toggle(name, on) { if (on) self.classes.add(name); else self.classes.delete(name); } }; }
  setAttribute(name, value) { this.attrs[name] = value; }
  querySelector(sel) {
    return sel === ".clock-time" ? this.time : sel === ".clock-flag" ? this.flag : null; }
  view() {
    return { text: this.time.textContent, classes: [...this.classes].sort(), flag: !this.flag.hidden }; }
}
let t = 0;
const timers = [];
const els = { white: new El(), black: new El() };
const events = { low: 0, zero: [] };
const clocks = new GameClocks(els, { mine: "white", now: () => t,
  schedule: (fn, ms) => { timers.push([t + ms, fn]); return timers.length; }, cancel: () => {},
  onLow: () => { events.low += 1; }, onZero: (side) => events.zero.push(side) });
const at = (ms) => {
  t = ms; clocks.paint(); return { white: els.white.view(), black: els.black.view() }; };
"""


def run(body: str):
    script = (f"import {{ GameClocks, formatClock, formatLimit, flaggedSide, lowTimeMs }} from "
              f"{json.dumps(CLOCK_JS.as_uri())};\n{HARNESS}\n"
              f"const out = (() => {{ {body} }})();\nprocess.stdout.write(JSON.stringify(out));\n")
    return run_module(script)


def test_the_time_is_written_as_lichess_writes_it():
    ms = [180000, 10000, 9999, 9400, 100, 0, -5, 3723000, 61000]
    assert run(f"return {ms}.map(formatClock);") == [
        "3:00", "0:10", "0:09.9", "0:09.4", "0:00.1", "0:00.0", "0:00.0", "1:02:03", "1:01"]
    assert run("return [15, 30, 45, 60, 90, 180, 600].map(formatLimit);") == [
        "¼", "½", "¾", "1", "1.5", "3", "10"]


def test_only_the_running_side_counts_down_from_when_the_clock_arrived():
    views = run("""
      t = 1000;
      clocks.update({ limit: 180, increment: 2, white: 65000, black: 180000, running: "white" });
      return [at(1000), at(3500), at(56500)];""")
    assert [v["white"]["text"] for v in views] == ["1:05", "1:02", "0:09.5"]
    assert [v["black"]["text"] for v in views] == ["3:00"] * 3
    assert "running" in views[0]["white"]["classes"]
    assert "running" not in views[0]["black"]["classes"]
    assert "tenths" in views[2]["white"]["classes"] and "tenths" not in views[1]["white"]["classes"]


def test_the_low_time_warning_sounds_once_per_fall_for_the_viewers_own_clock():
    out = run("""
      const warned = [];
      // 1+0: the warning starts at 10 s (an eighth of the limit, at least 10 s).
      clocks.update({ limit: 60, increment: 0, white: 12000, black: 12000, running: "white" });
      for (const ms of [1000, 2500, 3000, 4000]) { at(ms); warned.push(events.low); }
      const lowClass = els.white.view().classes.includes("low");
      // Black's clock falling under it is not the viewer's: no sound.
      clocks.update({ limit: 60, increment: 0, white: 9000, black: 12000, running: "black" });
      at(8000); warned.push(events.low);
      // An increment lifts White above it; the next fall warns again.
      clocks.update({ limit: 60, increment: 0, white: 11000, black: 4000, running: "white" });
      at(8000); warned.push(events.low);
      at(10000); warned.push(events.low);
      return { warned, lowClass,
               mark: lowTimeMs(60), mark3: lowTimeMs(180), mark30: lowTimeMs(1800) };""")
    assert out["warned"] == [0, 1, 1, 1, 1, 1, 2]
    assert out["lowClass"] is True
    assert (out["mark"], out["mark3"], out["mark30"]) == (10000, 22500, 60000)


def test_a_clock_at_zero_asks_the_server_once_and_stops_at_zero():
    out = run("""
      clocks.update({ limit: 60, increment: 0, white: 500, black: 60000, running: "white" });
      at(400); const before = events.zero.length;
      const shown = [at(600).white.text, at(5000).white.text];
      return { before, zero: events.zero, shown };""")
    assert out == {"before": 0, "zero": ["white"], "shown": ["0:00.0", "0:00.0"]}


def test_the_flag_shows_on_the_side_that_ran_out_when_the_game_ended_on_time():
    out = run("""
      clocks.update({ limit: 60, increment: 0, white: 0, black: 31000, running: null },
                    { active: false, flagged: true, result: "0-1" });
      const ended = at(99999);
      clocks.update({ limit: 60, increment: 0, white: 4000, black: 31000, running: null },
                    { active: false, flagged: false, result: "1-0" });
      const resigned = at(99999);
      return { ended, resigned,
               draw: flaggedSide({ white: 5, black: 0 }, "1/2-1/2"),
               byResult: flaggedSide({ white: 3, black: 3 }, "1-0") };""")
    assert out["ended"]["white"]["flag"] is True and "flagged" in out["ended"]["white"]["classes"]
    assert out["ended"]["black"]["flag"] is False
    assert "running" not in out["ended"]["black"]["classes"]  # nothing runs after the end
    assert out["ended"]["black"]["text"] == "0:31"
    assert out["resigned"]["white"]["flag"] is False and out["resigned"]["black"]["flag"] is False
    assert (out["draw"], out["byResult"]) == ("black", "black")
