"""A planned line is listed in the move list's notation as well as in coordinates (issue 29
item 13: the page showed `Aa1Aa2` beside a move list reading `RAa1xAa2`)."""
import pytest

from games.models import Move
from tests.conditionals.conftest import move, plan

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_san_of_a_line_is_what_the_move_list_shows_once_it_is_played(started, as_alice,
                                                                          as_bob):
    plan(as_alice, started, ["Db4Db3", "Bc2Bc3", "Dc4Dc3", "Bd2Bd3"])
    [line] = as_alice.get(f"/api/v1/games/{started.public_id}/conditional-moves/").json()["lines"]
    assert line["moves"] == ["Db4Db3", "Bc2Bc3", "Dc4Dc3", "Bd2Bd3"]
    move(as_bob, started, "Db4Db3", 1)
    move(as_bob, started, "Dc4Dc3", 3)
    played = list(Move.objects.filter(game=started, ply__gt=1).order_by("ply")
                  .values_list("san", flat=True))
    assert line["san"] == played
    assert line["san"] != line["moves"]
