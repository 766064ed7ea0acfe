"""What the explorer leaves out: aborted games, games still running, games from a set-up
position and games with other rules (Five Up with castling) - marked as looked at, nothing
counted, so the start position's moves hold only games that began there by the usual rules."""
import random

import engine
import pytest

from explorer.models import ExplorerGame, ExplorerMove
from explorer.services import explorer_backfill
from games.models import Game
from games.variants import option_values, variant_get
from tests.explorer.archive import new_game, play_random
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db
# Raumschach a few moves in (not its start): a game set up from here.
SET_UP = "rnknr/ppppp/5/5/5|ubqub/pp1pp/2p2/5/5|5/5/5/5/5|5/5/2P2/PP1PP/BUQBU|5/5/5/PPPPP/RNKNR w 0 3"


def test_none_of_them_adds_a_count(django_capture_on_commit_callbacks, alice, bob):
    rng = random.Random(5)
    engine.Position.from_fen(SET_UP)  # a real position
    fiveup = variant_get("fiveup")
    castling = Game.objects.create(white=alice, black=bob, variant="fiveup",
                                   variant_options={**option_values(fiveup), "castling": True},
                                   start_fen=engine.Position.start(fiveup).fen(),
                                   fen=engine.Position.start(fiveup).fen())
    with django_capture_on_commit_callbacks(execute=True):
        aborted = play_random(new_game(alice, bob), 1, rng, end="abort")
        running = play_random(new_game(bob, alice), 6, rng, end="none")
        set_up = play_random(new_game(alice, bob, fen=SET_UP), 6, rng, end="resign")
        other_rules = play_random(castling, 6, rng, end="resign")
    assert aborted.status == "aborted" and running.status == "active"
    assert set_up.status == other_rules.status == "finished"
    assert explorer_backfill() == 0
    assert not ExplorerMove.objects.exists()
    looked_at = dict(ExplorerGame.objects.values_list("game_id", "counted"))
    assert looked_at == {set_up.pk: False, other_rules.pk: False}
