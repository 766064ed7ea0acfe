"""game_takeback refuses what the rules do not allow, changing nothing: answering an offer
nobody made (or one's own), offering with no move of one's own yet, offering twice, in a
finished game, by someone who does not play, or an unknown action."""
import pytest

from games import services
from games.errors import Conflict, GameOver, InvalidInput, NotAPlayer
from tests.site_fixtures import db_snapshot, play

pytestmark = pytest.mark.django_db


def refused(error, code, **kwargs):
    before = db_snapshot()
    with pytest.raises(error) as caught:
        services.game_takeback(**kwargs)
    assert caught.value.code == code
    assert db_snapshot() == before


def test_accepting_or_declining_without_an_offer_is_refused(game, bob):
    play(game, "Bb2Cb2")
    refused(Conflict, "no_takeback_offer", game=game, user=bob, action="accept")
    refused(Conflict, "no_takeback_offer", game=game, user=bob, action="decline")


def test_one_cannot_accept_ones_own_offer(game, alice):
    play(game, "Bb2Cb2")
    services.game_takeback(game=game, user=alice, action="offer")
    refused(Conflict, "no_takeback_offer", game=game, user=alice, action="accept")


def test_offering_before_ones_first_move_is_refused(game, alice, bob):
    refused(Conflict, "nothing_to_take_back", game=game, user=alice, action="offer")
    play(game, "Bb2Cb2")
    refused(Conflict, "nothing_to_take_back", game=game, user=bob, action="offer")


def test_offering_twice_is_refused(game, alice):
    play(game, "Bb2Cb2")
    services.game_takeback(game=game, user=alice, action="offer")
    refused(Conflict, "takeback_already_offered", game=game, user=alice, action="offer")


def test_a_finished_game_takes_nothing_back(game, alice, bob):
    play(game, "Bb2Cb2")
    services.game_resign(game=game, user=bob)
    refused(GameOver, "game_over", game=game, user=alice, action="offer")


def test_a_spectator_cannot_offer(game, carol):
    play(game, "Bb2Cb2")
    refused(NotAPlayer, "not_a_player", game=game, user=carol, action="offer")


def test_an_unknown_action_is_refused(game, alice):
    play(game, "Bb2Cb2")
    refused(InvalidInput, "invalid", game=game, user=alice, action="undo")
