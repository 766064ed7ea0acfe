"""`python -m engine bridge`: the line protocol scripts/bot_bridge.py speaks. Each position line
gets one `bestmove` line with a legal move; bad lines get an `error` line and the engine keeps
answering."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine import Move, Position
from engine import START_FEN

ROOT = Path(__file__).resolve().parents[2]


def test_the_bridge_answers_each_line_and_survives_bad_ones():
    lines = ["isready", f"position {START_FEN} moves Bb2Cb2", "position startpos moves Zz9",
             "hello", "position startpos", "quit", "position startpos"]
    done = subprocess.run([sys.executable, "-m", "engine", "bridge", "--level", "0", "--seed", "1"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    answers = done.stdout.splitlines()
    assert len(answers) == 5  # nothing after quit
    assert answers[0] == "readyok"
    after = Position.from_fen(START_FEN)
    after.push_checked("Bb2Cb2")
    kind, move = answers[1].split()
    assert kind == "bestmove" and Move.from_coord(move) in after.legal_moves()
    assert answers[2].startswith("error ") and answers[3].startswith("error unknown command")
    kind, move = answers[4].split()
    assert Move.from_coord(move) in Position.from_fen(START_FEN).legal_moves()
