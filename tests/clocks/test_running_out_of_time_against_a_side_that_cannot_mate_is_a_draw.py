"""Out of time against a side that cannot mate (a lone king; the engine's per-variant
insufficient-material test) is a draw, as on lichess; against a rook it is lost."""
import pytest
from django.utils import timezone

from games import services
from games.models import Game
from games.positions import side_cannot_mate
from games.variants import variant_get
from tests.clocks.helpers import live_game, move_at, ms

pytestmark = pytest.mark.django_db

# White: king and rook; Black: a lone king.
ROOK_V_KING = "4k/5/5/5/5|5/5/5/5/5|5/5/R4/5/5|5/5/5/5/5|5/5/5/5/K4 w 0 1"


def _flag(game: Game) -> Game:
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - ms(1))
    assert services.games_sweep_expired() == 1
    game.refresh_from_db()
    return game


def test_white_flagging_against_a_lone_king_draws(alice, bob):
    game = live_game(alice, bob, limit=60, fen=ROOK_V_KING)
    t0 = timezone.now()
    move_at(game, "Ca3Cb3", t0)
    move_at(game, "Ee5Ed4", t0)  # White to move, White's clock runs
    game = _flag(game)
    assert (game.status, game.result, game.termination) == ("finished", "1/2-1/2", "timeout")


def test_black_flagging_against_a_rook_loses(alice, bob):
    game = live_game(alice, bob, limit=60, fen=ROOK_V_KING)
    t0 = timezone.now()
    for coord in ("Ca3Cb3", "Ee5Ed4", "Cb3Cc3"):
        move_at(game, coord, t0)
    game = _flag(game)
    assert (game.status, game.result, game.termination) == ("finished", "1-0", "timeout")


def test_a_lone_king_cannot_mate_in_every_game():
    for key in ("raumschach", "fiveup", "hexraumschach", "startrek"):
        variant = variant_get(key)
        assert not side_cannot_mate(variant.start_fen, variant, "white"), key
    assert side_cannot_mate(ROOK_V_KING, variant_get("raumschach"), "black")
    assert not side_cannot_mate(ROOK_V_KING, variant_get("raumschach"), "white")
