"""`python -m engine bridge` learns the game it plays from the protocol, as Fairy-Stockfish
does: `setoption name UCI_Variant value <key>` switches the variant (its options back to their
defaults), `setoption name VariantOptions value castling=on` sets options; `legalmoves` and
`refused` lines are noted without an answer; a bad variant or option is an `error` line and
the engine keeps going with the game it had."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine import Position
from engine.variants import variant_by_key

ROOT = Path(__file__).resolve().parents[2]


def bridge(*lines: str) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "engine", "bridge", "--level", "0", "--seed", "2"],
                          input="\n".join([*lines, "quit"]) + "\n", capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_each_game_is_played_after_its_setoption():
    for key in ("fiveup", "hexraumschach", "startrek", "raumschach"):
        answers = bridge(f"setoption name UCI_Variant value {key}", "legalmoves x y",
                         "refused Aa1Aa2 not a legal move here", "isready", "position startpos")
        assert answers[0] == "readyok"
        kind, text = answers[1].split()
        pos = Position.start(variant_by_key(key))
        assert kind == "bestmove" and pos.parse_coord(text) in pos.legal_moves(), (key, text)
        assert len(answers) == 2


def test_variant_options_and_bad_settings():
    answers = bridge("setoption name UCI_Variant value fiveup",
                     "setoption name VariantOptions value castling=on",
                     "setoption name VariantOptions value colour=red",
                     "setoption name UCI_Variant value chess",
                     "setoption name Hash value 16",
                     "position startpos")
    assert [a.split()[0] for a in answers] == ["error", "error", "error", "bestmove"]
    assert "colour" in answers[0] and "chess" in answers[1] and "Hash" in answers[2]
    fiveup = Position.start(variant_by_key("fiveup").with_options(castling=True))
    move = answers[3].split()[1]
    assert fiveup.parse_coord(move) in fiveup.legal_moves()
