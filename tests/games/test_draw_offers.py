"""game_draw: offer, accept, decline; an offer lapses when the opponent moves instead."""
import pytest

from games import services
from games.errors import Conflict, InvalidInput, NotAPlayer
from tests.site_fixtures import db_snapshot, play

pytestmark = pytest.mark.django_db


def test_an_accepted_offer_draws_the_game(game, alice, bob):
    services.game_draw(game=game, user=alice, action="offer")
    assert game.draw_offer == "white"
    services.game_draw(game=game, user=bob, action="accept")
    assert (game.status, game.result, game.termination) == ("finished", "1/2-1/2", "agreement")


def test_a_declined_offer_is_withdrawn_and_play_goes_on(game, alice, bob):
    services.game_draw(game=game, user=alice, action="offer")
    services.game_draw(game=game, user=bob, action="decline")
    assert game.draw_offer == "" and game.status == "active"


def test_offering_while_the_opponent_offers_agrees_to_the_draw(game, alice, bob):
    services.game_draw(game=game, user=alice, action="offer")
    services.game_draw(game=game, user=bob, action="offer")
    assert (game.result, game.termination) == ("1/2-1/2", "agreement")


def test_moving_instead_of_answering_declines_the_offer(game, alice):
    services.game_draw(game=game, user=alice, action="offer")
    play(game, "Bb2Cb2")  # the offer stands through the offerer's own move
    assert game.draw_offer == "white"
    play(game, "Dc4Dc3")
    assert game.draw_offer == ""


def test_one_cannot_accept_ones_own_offer(game, alice):
    services.game_draw(game=game, user=alice, action="offer")
    before = db_snapshot()
    with pytest.raises(Conflict) as caught:
        services.game_draw(game=game, user=alice, action="accept")
    assert caught.value.code == "no_draw_offer"
    assert db_snapshot() == before


def test_offering_twice_is_refused(game, alice):
    services.game_draw(game=game, user=alice, action="offer")
    before = db_snapshot()
    with pytest.raises(Conflict) as caught:
        services.game_draw(game=game, user=alice, action="offer")
    assert caught.value.code == "draw_already_offered"
    assert db_snapshot() == before


def test_declining_without_an_offer_is_refused(game, bob):
    before = db_snapshot()
    with pytest.raises(Conflict) as caught:
        services.game_draw(game=game, user=bob, action="decline")
    assert caught.value.code == "no_draw_offer"
    assert db_snapshot() == before


def test_an_unknown_action_is_refused(game, alice):
    before = db_snapshot()
    with pytest.raises(InvalidInput):
        services.game_draw(game=game, user=alice, action="maybe")
    assert db_snapshot() == before


def test_a_spectator_cannot_offer_a_draw(game, carol):
    before = db_snapshot()
    with pytest.raises(NotAPlayer):
        services.game_draw(game=game, user=carol, action="offer")
    assert db_snapshot() == before
