"""Match bookkeeping: Elo and its margin, colours alternating, openings reused in pairs."""
import math

import pytest

from engine import Position
from engine.search.match import elo_with_margin, make_player, opening, run_match


def test_an_even_score_is_zero_elo():
    d, margin, clipped = elo_with_margin(10, 0, 10)
    assert d == pytest.approx(0)
    assert margin > 0 and not clipped


def test_three_quarters_of_the_points_is_about_191_elo():
    d, _, _ = elo_with_margin(15, 0, 5)
    assert d == pytest.approx(-400 * math.log10(1 / 0.75 - 1))
    assert round(d) == 191


def test_more_games_narrow_the_margin():
    assert elo_with_margin(30, 20, 10)[1] < elo_with_margin(3, 2, 1)[1]


def test_a_lopsided_score_still_has_a_finite_sensible_margin():
    d, margin, _ = elo_with_margin(15, 1, 2)
    assert 250 < d < 400
    assert 100 < margin < 400


def test_a_perfect_score_is_reported_as_a_bound():
    d, _, clipped = elo_with_margin(20, 0, 0)
    assert clipped and math.isfinite(d) and d > 0


def test_openings_are_reproducible_and_varied():
    assert opening(1) == opening(1)
    assert len({tuple(opening(s)) for s in range(6)}) > 1
    pos = Position.start()
    for m in opening(3):
        pos.push_checked(m)


def test_colours_alternate_and_each_opening_is_played_twice():
    match = run_match("1", "0", 4, seed=3, max_plies=24)
    assert match.wins + match.draws + match.losses == 4
    assert [g.white for g in match.games] == ["Easy", "Beginner", "Easy", "Beginner"]
    assert match.games[0].moves[:4] == match.games[1].moves[:4]
    assert all(g.plies <= 24 + 1 for g in match.games)


def test_a_bad_player_name_is_a_clear_error():
    with pytest.raises(ValueError, match="level"):
        make_player("grandmaster")


def test_a_match_with_out_writes_every_game_and_a_summary_line(tmp_path):
    from engine import Position
    from engine.search.match import run_match

    match = run_match("1", "0", 2, seed=3, max_plies=30, out_dir=tmp_path)
    games = sorted(tmp_path.glob("game-*.txt"))
    assert [g.name for g in games] == ["game-001.txt", "game-002.txt"]
    first = games[0].read_text()
    assert '[White "Easy"]' in first and f'[Result "{match.games[0].result}"]' in first
    # The record replays: its readable moves are legal in order from the start.
    moves = [token for token in first.split("\n\n", 1)[1].split() if not token[0].isdigit() or "-" in token[1:]]
    pos = Position.start()
    for san in moves[:-1]:
        pos.push_checked(san)
    assert pos.ply == match.games[0].plies
    summary = (tmp_path / "summary.txt").read_text().splitlines()
    assert len(summary) == 1 and summary[0].startswith("1 vs 0 seed 3: Easy vs Beginner")
