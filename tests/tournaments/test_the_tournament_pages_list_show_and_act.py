"""The pages: /tournaments/ lists upcoming, running and finished tournaments per game and
creates one from its form; /tournaments/<id>/ shows the standings, crosstable and games, and
its buttons join, withdraw, start and invite a bot (a refusal is a message, nothing changes);
a tournament's game page links back to it."""
import pytest
from django.test import Client

from tests.site_fixtures import PASSWORD, make_user
from tournaments.models import Entrant, Tournament

pytestmark = pytest.mark.django_db


def _logged_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_create_join_invite_and_start_from_the_pages(after_commit):
    alice, bob = make_user("alice"), make_user("bob")
    as_alice, as_bob = _logged_in(alice), _logged_in(bob)
    with after_commit():
        made = as_alice.post("/tournaments/", {
            "name": "Page cup", "variant": "fiveup", "system": "round-robin",
            "days_per_move": "3", "max_players": "4", "rated": "on"})
    assert made.status_code == 302
    tournament = Tournament.objects.get(name="Page cup")
    assert made["Location"] == f"/tournaments/{tournament.pk}/"
    assert tournament.variant == "fiveup" and tournament.system == "round-robin"

    listed = Client().get("/tournaments/?variant=fiveup").content.decode()
    assert "Page cup" in listed and "Upcoming" in listed
    assert "Page cup" not in Client().get("/tournaments/?variant=raumschach").content.decode()

    with after_commit():
        as_bob.post(f"/tournaments/{tournament.pk}/join/")
        as_alice.post(f"/tournaments/{tournament.pk}/bots/", {"level": "1"})
    assert Entrant.objects.filter(tournament=tournament).count() == 2
    refused = as_bob.post(f"/tournaments/{tournament.pk}/join/", follow=True)
    assert "already joined" in refused.content.decode()
    assert as_bob.post(f"/tournaments/{tournament.pk}/start/", follow=True).status_code == 200
    tournament.refresh_from_db()
    assert tournament.status == "created"  # bob is not its creator

    page = as_alice.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'id="standings"' in page and 'id="crosstable"' in page and "bob" in page
    assert 'data-action="start"' in page and 'data-action="invite"' in page


def test_a_tournament_game_links_back_to_its_tournament(after_commit):
    alice, bob = make_user("alice"), make_user("bob")
    as_alice = _logged_in(alice)
    with after_commit():
        as_alice.post("/tournaments/", {"name": "Link cup", "variant": "raumschach",
                                        "system": "round-robin", "days_per_move": "3",
                                        "max_players": "2"})
        tournament = Tournament.objects.get(name="Link cup")
        as_alice.post(f"/tournaments/{tournament.pk}/join/")
        _logged_in(bob).post(f"/tournaments/{tournament.pk}/join/")
        as_alice.post(f"/tournaments/{tournament.pk}/start/")
    game = tournament.games.get()
    page = as_alice.get(f"/games/{game.public_id}/").content.decode()
    assert f'href="/tournaments/{tournament.pk}/"' in page
    detail = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f'href="/games/{game.public_id}/"' in detail


def test_an_unknown_tournament_is_a_404_page():
    assert Client().get("/tournaments/nosuch/").status_code == 404


def test_an_arena_is_created_from_the_page_with_its_clock_and_length(after_commit):
    alice = make_user("alice")
    with after_commit():
        made = _logged_in(alice).post("/tournaments/", {
            "name": "Page arena", "variant": "raumschach", "system": "arena",
            "days_per_move": "3", "clock_minutes": "1", "clock_increment": "0",
            "minutes": "10", "max_players": "8"})
    assert made.status_code == 302
    arena = Tournament.objects.get(name="Page arena")
    assert (arena.system, arena.clock_limit, arena.clock_increment, arena.minutes,
            arena.days_per_move) == ("arena", 60, 0, 10, None)
    page = Client().get(f"/tournaments/{arena.pk}/").content.decode()
    assert "Arena" in page and "clock 60 s + 0 s" in page
