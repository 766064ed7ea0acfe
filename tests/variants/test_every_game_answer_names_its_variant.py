"""Every answer about a game of Five Up names the variant as {key, name}: the state, a move's
answer, the archive and a profile's recent games, the challenge, the attackers of a cell,
conditional lines and their preview; the export writes the Variant tag."""
import pytest

from games import services
from tests.site_fixtures import token_client

pytestmark = pytest.mark.django_db

FIVEUP = {"key": "fiveup", "name": "Five Up"}


def test_every_game_answer_names_its_variant(fiveup, alice, bob):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None, variant="fiveup")
    as_alice, as_bob = token_client(alice), token_client(bob)
    assert as_alice.get(f"/api/v1/challenges/{challenge.pk}/").json()["variant"] == FIVEUP
    game = services.challenge_accept(challenge=challenge, user=bob)
    base = f"/api/v1/games/{game.public_id}/"

    assert as_alice.get(base).json()["variant"] == FIVEUP
    played = as_alice.post(base + "moves/", {"move": "Ab1Aa3/g", "ply": 0}, format="json")
    assert played.json()["game"]["variant"] == FIVEUP
    assert as_alice.get(base + "attackers/?cell=Cc3").json()["variant"] == FIVEUP
    assert as_alice.get(base + "conditional-moves/").json()["variant"] == FIVEUP
    legal = as_bob.get(base).json()["legal_moves"]
    preview = as_alice.get(base + f"conditional-moves/preview/?moves={legal[0]}").json()
    assert preview["variant"] == FIVEUP
    assert as_alice.get("/api/v1/games/?variant=fiveup").json()["results"][0]["variant"] == FIVEUP
    assert as_alice.get("/api/v1/users/alice/").json()["recent_games"][0]["variant"] == FIVEUP
    assert '[Variant "Five Up"]' in as_alice.get(base + "export/").content.decode()
