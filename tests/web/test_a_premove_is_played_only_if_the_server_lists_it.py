"""premove.js, run under Node with Raumschach's descriptor and the reach endpoint's real answers:
a click on one's own piece asks the server where it could go on an empty board and offers those
cells; a click on one of them plans the move (one only: a new plan replaces it); when the
position comes the plan is played only if the server's legal moves list it (a promotion as the
variant's first promotion piece), else dropped; Esc (cancel) forgets it; the opponent's pieces
and empty cells plan nothing."""
import json
from pathlib import Path

import pytest

from games import variants
from tests.web.descriptors import raumschach
from tests.web.node import NODE, run_module

JS = Path(__file__).resolve().parents[2] / "games/static/games/js"
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the premove script")


def run(body: str, reach: dict[str, dict]):
    """`reach`: the reach endpoint's answers by "piece@cell" (the test asks the real function)."""
    script = f"""
import {{ Variant }} from {json.dumps((JS / "position.js").as_uri())};
import {{ Premove }} from {json.dumps((JS / "premove.js").as_uri())};
const answers = {json.dumps(reach)};
const asked = [];
globalThis.fetch = async (url) => {{
  const q = new URL(url, "http://x").searchParams;
  asked.push(`${{q.get("piece")}}@${{q.get("cell")}}`);
  const body = answers[`${{q.get("piece")}}@${{q.get("cell")}}`];
  const text = JSON.stringify(body || {{ error: "bad_cell" }});
  return {{ ok: !!body, status: body ? 200 : 400, text: async () => text }};
}};
const v = new Variant({json.dumps(raumschach())});
let changes = 0;
const p = new Premove({{ variant: v, reachUrl: "/api/v1/variants/raumschach/reach/",
                         onChange: () => {{ changes += 1; }} }});
const c = (name) => v.parseCell(name);
const names = (cells) => [...cells].map((cell) => v.cellName(cell)).sort();
const piece = (name, fen) => v.parseFen(fen).board[c(name)];
const out = await (async () => {{ {body} }})();
process.stdout.write(JSON.stringify(out));
"""
    return run_module(script)


START = "rnknr/ppppp/5/5/5|buqbu/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|5/5/5/PPPPP/RNKNR w 0 1"


def reach_of(piece: str, cell: str) -> dict:
    return {f"{piece}@{cell}": variants.piece_reach("raumschach", piece, cell)}


def test_the_cells_offered_are_the_servers_and_the_plan_is_played_when_listed():
    out = run(f"""
      p.enable("white");
      p.click(c("Bc2"), piece("Bc2", "{START}"));
      await new Promise((r) => setTimeout(r, 10));
      const offered = names(p.targets);
      p.click(c("Cc2"), null);
      const planned = p.move && [v.cellName(p.move.from), v.cellName(p.move.to)];
      p.enable(null); // our turn came
      const played = p.take(["Bb2Cb2", "Bc2Cc2", "Ab1Aa3"]);
      return {{ offered, planned, played, left: p.move, asked }};""", reach_of("P", "Bc2"))
    assert out["offered"] == ["Bb3", "Bc3", "Bd3", "Cb2", "Cc2", "Cc3", "Cd2"]
    assert out["planned"] == ["Bc2", "Cc2"]
    assert out["played"] == "Bc2Cc2"
    assert out["left"] is None and out["asked"] == ["P@Bc2"]


def test_a_plan_the_position_no_longer_allows_is_dropped():
    out = run(f"""
      p.enable("white");
      p.click(c("Bc2"), piece("Bc2", "{START}"));
      await new Promise((r) => setTimeout(r, 10));
      p.click(c("Bd3"), null); // a capture that is not there when the turn comes
      return {{ played: p.take(["Bc2Cc2", "Ab1Aa3"]), left: p.move }};""", reach_of("P", "Bc2"))
    assert out == {"played": None, "left": None}


def test_a_promotion_premove_takes_the_first_promotion_piece():
    fen = "k4/1P3/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/4K w 0 1"
    out = run(f"""
      p.enable("white");
      p.click(c("Eb4"), piece("Eb4", "{fen}"));
      await new Promise((r) => setTimeout(r, 10));
      const offered = names(p.targets);
      p.click(c("Eb5"), null);
      const played = p.take(["Eb4Eb5n", "Eb4Eb5u", "Eb4Eb5q", "Eb4Eb5r", "Ea1Eb1"]);
      return {{ offered, played }};""",
               reach_of("P", "Eb4"))
    assert "Eb5" in out["offered"]
    assert out["played"] == "Eb4Eb5q"


def test_one_plan_only_and_cancel_forgets_it():
    out = run(f"""
      p.enable("white");
      const theirs = p.click(c("Dc4"), piece("Dc4", "{START}"));
      const empty = p.click(c("Cc3"), null);
      p.click(c("Bc2"), piece("Bc2", "{START}"));
      await new Promise((r) => setTimeout(r, 10));
      p.click(c("Cc2"), null);
      p.click(c("Bd2"), piece("Bd2", "{START}"));  // a new plan starts: the old one is gone
      const replaced = p.move;
      await new Promise((r) => setTimeout(r, 10));
      p.click(c("Cd2"), null);
      const second = [v.cellName(p.move.from), v.cellName(p.move.to)];
      const cancelled = p.cancel();
      const again = p.cancel();
      return {{ theirs, empty, replaced, second, cancelled, again, left: p.move,
               selected: p.selected }};""",
               {**reach_of("P", "Bc2"), **reach_of("P", "Bd2")})
    assert out["theirs"] is False and out["empty"] is False
    assert out["replaced"] is None
    assert out["second"] == ["Bd2", "Cd2"]
    assert (out["cancelled"], out["again"]) == (True, False)
    assert (out["left"], out["selected"]) == (None, None)


def test_nothing_is_planned_on_ones_own_turn():
    out = run(f"""
      p.enable(null);
      return {{ handled: p.click(c("Bc2"), piece("Bc2", "{START}")), asked }};""",
              reach_of("P", "Bc2"))
    assert out == {"handled": False, "asked": []}
