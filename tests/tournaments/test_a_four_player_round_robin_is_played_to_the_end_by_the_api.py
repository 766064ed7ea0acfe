"""A correspondence round robin of four, entirely through the REST API: created, joined,
started (all six games at once, by the Berger tables), every game played to its end by the
players' own requests (resignations and agreed draws), and the final standings and winner."""
import pytest

from .conftest import players

# Transactional: the next round is paired by a background thread, which must see what the
# test wrote (tournaments.rounds.advance_later).
pytestmark = pytest.mark.django_db(transaction=True)

# Who beats whom (the loser resigns) or draws (offer and accept).
PLAN = {frozenset({"alice", "bob"}): "alice", frozenset({"alice", "carol"}): "alice",
        frozenset({"alice", "dave"}): "alice", frozenset({"bob", "carol"}): "bob",
        frozenset({"bob", "dave"}): "draw", frozenset({"carol", "dave"}): "carol"}


def test_a_four_player_round_robin_is_played_to_the_end_by_the_api(after_commit):
    people = players("alice", "bob", "carol", "dave")
    client = {user.username: c for user, c in people}
    with after_commit():
        made = client["alice"].post("/api/v1/tournaments/", {
            "name": "Winter round robin", "variant": "raumschach", "system": "round-robin",
            "days_per_move": 3, "max_players": 4}, format="json")
    assert made.status_code == 201, made.json()
    tid = made.json()["id"]
    assert made.json()["status"] == "created" and made.json()["nb_players"] == 0
    for name in ("alice", "bob", "carol", "dave"):
        with after_commit():
            joined = client[name].post(f"/api/v1/tournaments/{tid}/join/")
        assert joined.status_code == 200, joined.json()
        assert joined.json()["joined"] is True
    with after_commit():
        started = client["alice"].post(f"/api/v1/tournaments/{tid}/start/")
    assert started.status_code == 200, started.json()
    detail = started.json()
    assert detail["status"] == "started" and detail["rounds"] == 3
    pairings = detail["pairings"]
    assert len(pairings) == 6 and {p["round"] for p in pairings} == {1, 2, 3}
    assert len({frozenset((p["white"], p["black"])) for p in pairings}) == 6
    # Seeds by rating, then by who joined first (all 1500 here): alice 1 ... dave 4. Round 1
    # of the Berger table for four: 1-4, 2-3.
    first = {(p["white"], p["black"]) for p in pairings if p["round"] == 1}
    assert first == {("alice", "dave"), ("bob", "carol")}
    for p in pairings:
        game = client["alice"].get(f"/api/v1/games/{p['game']}/").json()
        assert game["status"] == "active" and game["tournament"] == tid
        assert game["days_per_move"] == 3 and game["deadline"] is not None

    for p in pairings:
        outcome = PLAN[frozenset((p["white"], p["black"]))]
        game_url = f"/api/v1/games/{p['game']}/"
        with after_commit():
            if outcome == "draw":
                assert client[p["white"]].post(game_url + "draw/", {"action": "offer"},
                                               format="json").status_code == 200
                answer = client[p["black"]].post(game_url + "draw/", {"action": "accept"},
                                                 format="json")
            else:
                loser = p["black"] if outcome == p["white"] else p["white"]
                answer = client[loser].post(game_url + "resign/")
        assert answer.status_code == 200, answer.json()
        assert answer.json()["status"] == "finished"

    final = client["bob"].get(f"/api/v1/tournaments/{tid}/").json()
    assert final["status"] == "finished" and final["winner"] == "alice"
    assert all(p["result"] for p in final["pairings"])
    table = [(s["rank"], s["username"], s["score"]) for s in final["standings"]]
    assert table == [(1, "alice", 3.0), (2, "bob", 1.5), (3, "carol", 1.0), (4, "dave", 0.5)]
    # Sonneborn-Berger: alice beat everyone (1.5 + 1 + 0.5); bob beat carol and drew dave
    # (1 + 0.5 / 2); carol beat dave (0.5); dave drew bob (1.5 / 2).
    sb = {s["username"]: s["sonneborn_berger"] for s in final["standings"]}
    assert sb == {"alice": 3.0, "bob": 1.25, "carol": 0.5, "dave": 0.75}
    cross = {row["username"]: row["results"] for row in final["crosstable"]}
    assert cross["bob"] == {"alice": "0", "carol": "1", "dave": "½"}
