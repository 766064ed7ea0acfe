"""Fixtures and helpers shared by the site tests (tests/games, tests/api, tests/accounts).
Each of those folders' conftest.py star-imports this module."""
from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import services as account_services
from accounts.models import ApiToken
from games import services
from games.models import Challenge, Game, Move

User = get_user_model()
PASSWORD = "a-long-Passphrase-7"

# A position where White mates with Be2Dc2 (found with the engine, checked in the tests).
MATE_IN_ONE_FEN = "5/5/5/5/2k2|5/2R2/5/5/5|5/5/5/2K2/5|5/5/5/4Q/5|5/5/5/5/5 w 0 40"
MATE_IN_ONE_MOVE = "Be2Dc2"
# A position where White's Ce3Ce4 leaves Black without a legal move, not in check.
STALEMATE_IN_ONE_FEN = "3k1/4R/5/5/5|5/1K3/5/5/5|5/5/4Q/5/5|5/5/5/5/5|5/5/5/5/5 w 0 40"
STALEMATE_IN_ONE_MOVE = "Ce3Ce4"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # PBKDF2's deliberate slowness only slows the suite; hashing itself is Django's.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def isolated_rate_limits(settings):
    # A fresh key space per test: counters from other tests (or other runs sharing Redis)
    # cannot leak in, and nothing needs flushing.
    settings.RATE_LIMIT_KEY_PREFIX = f"rl-test-{uuid.uuid4().hex}"


def make_user(username: str, password: str = PASSWORD):
    return User.objects.create_user(username=username, password=password)


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def carol(db):
    return make_user("carol")


def make_game(white, black, *, fen: str | None = None, days_per_move: int | None = None,
              deadline=None) -> Game:
    """A game straight in the database (tests only; the site starts games via challenges)."""
    fields = {}
    if fen is not None:
        fields.update(start_fen=fen, fen=fen)
    if days_per_move and deadline is None:
        deadline = timezone.now() + timedelta(days=days_per_move)
    return Game.objects.create(white=white, black=black, days_per_move=days_per_move,
                               deadline=deadline, **fields)


def accepted_challenge_game(white, black, variant: str, **fields) -> Game:
    """A live game of `variant` started as the site starts one: `white`'s challenge to `black`,
    accepted (the services' own path, unlike make_game)."""
    challenge = services.challenge_create(challenger=white, opponent=black, color="white",
                                          days_per_move=None, variant=variant, **fields)
    return services.challenge_accept(challenge=challenge, user=black)


@pytest.fixture
def game(alice, bob):
    """alice (White) v bob (Black), no clock, start position."""
    return make_game(alice, bob)


def play(game: Game, *coords: str) -> Game:
    """Play moves alternately for the two players, from the game's current ply."""
    for coord in coords:
        game.refresh_from_db()
        mover = game.white if game.turn == "white" else game.black
        services.game_play_move(game=game, user=mover, move=coord, ply=game.ply)
    game.refresh_from_db()
    return game


def token_client(user) -> APIClient:
    _, raw = account_services.api_token_create(user=user, name="test")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    return client


@pytest.fixture
def anon() -> APIClient:
    return APIClient()


@pytest.fixture
def as_alice(alice) -> APIClient:
    return token_client(alice)


@pytest.fixture
def as_bob(bob) -> APIClient:
    return token_client(bob)


@pytest.fixture
def as_carol(carol) -> APIClient:
    return token_client(carol)


def db_snapshot() -> dict:
    """Everything a request could change, to assert that a refused one changed nothing.
    (ApiToken.last_used_at is left out: authenticating a request legitimately touches it.)"""
    return {
        "games": list(Game.objects.order_by("pk").values()),
        "moves": list(Move.objects.order_by("pk").values()),
        "challenges": list(Challenge.objects.order_by("pk").values()),
        "tokens": list(ApiToken.objects.order_by("pk").values("pk", "user_id", "key_hash",
                                                              "name")),
        "users": list(User.objects.order_by("pk").values("pk", "username", "password",
                                                         "email", "is_active")),
    }


def assert_error(response, status: int, code: str) -> dict:
    """The response is the API's JSON error with this status and code."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["error"] == code, body
    assert isinstance(body["detail"], str) and body["detail"]
    return body
