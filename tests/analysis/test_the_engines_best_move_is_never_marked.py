"""The engine's own move is never judged, even when re-searched one ply later its evaluation
drops (the horizon moved); a different move with the same drop is."""
from analysis.judge import Score, judge_move
from analysis.review import review_game
from analysis.runner import PositionEval


def at(cp: int, best: str, white_to_move: bool) -> PositionEval:
    return PositionEval(Score(cp=cp, white_to_move=white_to_move), best, best, [best], [best])


def test_the_best_move_is_not_marked_whatever_the_drop():
    assert judge_move(Score(cp=500), Score(cp=-500), white_moved=True, best=True) == ""
    assert judge_move(Score(cp=500), Score(cp=-500), white_moved=True, best=False) == "blunder"


def test_a_review_marks_the_other_move_and_not_the_engines():
    evals = [at(300, "Bb2Cb2", True), at(-400, "Dd4Cd4", False), at(-400, "Bc2Cc2", True)]
    played = [{"ply": 1, "move": "Bb2Cb2", "san": "b-Cb2"},  # the engine's move, eval wobbles
              {"ply": 2, "move": "Dd4Cd3", "san": "d-Cd3"}]  # Black's own, no drop for Black
    review = review_game(evals, played, white_first=True)
    assert [m["judgement"] for m in review.moves] == ["", ""]
    played[0]["move"] = "Bc2Cc2"  # not the engine's move: the same drop is a blunder
    review = review_game(evals, played, white_first=True)
    assert review.moves[0]["judgement"] == "blunder"
    assert review.moves[0]["best"] == "Bb2Cb2"
    assert review.counts["white"] == {"inaccuracies": 0, "mistakes": 0, "blunders": 1}
