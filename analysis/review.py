"""A game's review from its searched positions: per move the evaluation after it, the engine's
move before it and its line, the judgement; per player the accuracy and the judgement counts.
Pure (no Django, no search): analysis.services stores what this returns."""
from __future__ import annotations

from dataclasses import dataclass

from .judge import Score, game_accuracy, judge_move
from .runner import PositionEval

SIDES = ("white", "black")
COUNTED = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


@dataclass
class Review:
    start: Score
    moves: list[dict]  # the shape of analysis.models.GameAnalysis.moves
    accuracy: dict[str, float | None]
    counts: dict[str, dict[str, int]]  # side -> {"inaccuracies", "mistakes", "blunders"}


def review_game(evals: list[PositionEval], played: list[dict], *, white_first: bool) -> Review:
    """`evals`: the start position and the position after each move, searched; `played`: the
    moves ({"ply", "move", "san"}, in order; len(evals) - 1 of them)."""
    if len(evals) != len(played) + 1:
        raise ValueError(f"{len(evals)} positions for {len(played)} moves")
    counts = {side: dict.fromkeys(COUNTED.values(), 0) for side in SIDES}
    moves = []
    for index, move in enumerate(played):
        before, after = evals[index], evals[index + 1]
        white_moved = (index % 2 == 0) == white_first
        judgement = judge_move(before.score, after.score, white_moved=white_moved,
                               best=before.best == move["move"])
        if judgement:
            counts["white" if white_moved else "black"][COUNTED[judgement]] += 1
        moves.append({
            "ply": move["ply"], "move": move["move"], "san": move["san"],
            "eval_cp": after.score.cp, "mate": after.score.mate,
            "best": before.best, "best_san": before.best_san,
            "pv": before.pv, "pv_san": before.pv_san, "depth": before.depth,
            "judgement": judgement,
        })
    accuracy = game_accuracy([e.score for e in evals], white_first=white_first)
    return Review(evals[0].score, moves, accuracy, counts)
