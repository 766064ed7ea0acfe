"""`python -m engine bridge` after `uci` speaks the UCI-like form of the engine protocol
(docs/engine-protocol.md): `uci` is answered with `id` lines and `uciok`, `position` only sets
the position, `go` answers `bestmove` with a legal move of the last position set, `go` without
a position and a bad position are `error` lines, and the engine keeps answering."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine import START_FEN, Move, Position

ROOT = Path(__file__).resolve().parents[2]


def test_uci_then_position_and_go():
    lines = ["uci", "isready", "go", "position startpos moves Bb2Cb2", "go",
             "position startpos moves Zz9", "ucinewgame", "position startpos", "go", "quit", "go"]
    done = subprocess.run([sys.executable, "-m", "engine", "bridge", "--level", "0", "--seed", "1"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    answers = done.stdout.splitlines()
    assert answers[:2] == ["id name Raumschach engine (python -m engine bridge)",
                           "id variant raumschach"]
    options = [a for a in answers if a.startswith("option ")]  # UCI_Variant, VariantOptions, Threads
    assert [a.split()[2] for a in options] == ["UCI_Variant", "VariantOptions", "Threads"]
    answers = answers[:2] + [a for a in answers[2:] if not a.startswith("option ")]
    assert answers[2:4] == ["uciok", "readyok"]
    assert answers[4].startswith("error no position")
    after = Position.from_fen(START_FEN)
    after.push_checked("Bb2Cb2")
    kind, move = answers[5].split()
    assert kind == "bestmove" and Move.from_coord(move) in after.legal_moves()
    assert answers[6].startswith("error ")  # the bad position; nothing for ucinewgame
    kind, move = answers[7].split()
    assert Move.from_coord(move) in Position.from_fen(START_FEN).legal_moves()
    assert len(answers) == 8  # nothing after quit
