"""The reads every request makes - the game a move locks, the API token and its user - run SQL
the ORM compiled once (core.prepared.PreparedObjects): each must give the instance the ORM's
own `get()` gives, related objects and converted fields (dates, JSON) included, for each value
it runs with."""
import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError

from accounts import services as account_services
from accounts.models import ApiToken
from core.prepared import PreparedObjects
from games.models import Game
from games.services import play as play_service
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db


def _fields(obj) -> dict:
    return {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields}


def _same(prepared, orm) -> None:
    assert type(prepared) is type(orm)
    assert _fields(prepared) == _fields(orm)
    assert prepared._state.db == orm._state.db and prepared._state.adding is False


def test_the_locked_game_is_the_orms_with_its_players(alice, bob, carol):
    games = [play(make_game(alice, bob, days_per_move=3), "Bb2Bb3"),
             make_game(carol, alice), play(make_game(bob, carol), "Bb2Bb3", "Db4Db3")]
    for game in games:
        with transaction.atomic():
            by_id = play_service._lock(game.pk)
            by_public_id = play_service._lock(None, game.public_id)
            orm = Game.objects.select_related("white", "black").get(pk=game.pk)
        for prepared in (by_id, by_public_id):
            _same(prepared, orm)
            # The players came in the same query, as select_related gives them.
            _same(prepared.white, orm.white)
            _same(prepared.black, orm.black)
    # A dated field went through its converter (a str on SQLite without it).
    assert by_id.created_at == orm.created_at and by_id.created_at.tzinfo is not None


def test_a_game_that_does_not_exist_is_not_found(alice, bob):
    make_game(alice, bob)
    with transaction.atomic():
        with pytest.raises(play_service.NotFound):
            play_service._lock(10**9)
        with pytest.raises(play_service.NotFound):
            play_service._lock(None, "Zz9Zz9Zz")


def test_the_token_read_gives_the_orms_token_and_user(alice, bob):
    for user in (alice, bob):
        token, raw = account_services.api_token_create(user=user, name="t")
        account_services.api_token_user(raw=raw)  # the first use stamps last_used_at
        found_user, found_token = account_services.api_token_user(raw=raw)
        orm = ApiToken.objects.select_related("user").get(pk=token.pk)
        _same(found_token, orm)
        _same(found_user, orm.user)
        assert found_user == user and found_token.user is found_user
    assert account_services.api_token_user(raw="not-a-token") is None
    assert account_services.api_token_user(raw="") is None


@pytest.mark.django_db(transaction=True)
def test_a_locking_read_outside_a_transaction_is_refused_where_the_orm_refuses_it(alice, bob):
    game = make_game(alice, bob)
    prepared = PreparedObjects(lambda pk: Game.objects.select_for_update().filter(pk=pk))
    with transaction.atomic():
        assert prepared.get(game.pk).pk == game.pk  # compiled inside a transaction
    assert connection.get_autocommit()
    try:
        Game.objects.select_for_update().filter(pk=game.pk).first()
    except TransactionManagementError:
        orm_refuses = True
    else:
        orm_refuses = False
    # PostgreSQL: both refuse; SQLite (no row locks): both read.
    assert orm_refuses == connection.features.has_select_for_update
    if orm_refuses:
        with pytest.raises(TransactionManagementError):
            prepared.get(game.pk)
    else:
        assert prepared.get(game.pk).pk == game.pk


def test_a_query_that_does_not_use_each_value_once_is_refused():
    with pytest.raises(ValueError):
        PreparedObjects(lambda pk: Game.objects.filter(pk=1)).get(5)
