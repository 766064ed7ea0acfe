"""The tournament page's socket (ws/tournaments/<id>/): on connect the whole tournament, the
same as the REST detail, for anyone; after a change (here a join and the start) the new state
without asking; nothing may be sent to it; an unknown tournament is refused with 4404."""
import pytest
from rest_framework.test import APIClient

from tests.realtime.sockets import assert_closed_with, connected, db, receive
from tournaments import services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


def _create(alice):
    return services.tournament_create(creator=alice, name="Socket cup", variant="raumschach",
                                      system="round-robin", days_per_move=3, max_players=2)


def _detail(tournament_id: str) -> dict:
    return APIClient().get(f"/api/v1/tournaments/{tournament_id}/").json()


async def test_the_state_comes_on_connect_and_after_every_change(alice, bob):
    tournament = await db(_create)(alice)
    socket = await connected(f"/ws/tournaments/{tournament.pk}/")  # nobody logged in
    first = await receive(socket)
    assert first["type"] == "tournament"
    assert first["tournament"] == await db(_detail)(tournament.pk)
    assert first["tournament"]["nb_players"] == 0

    await db(services.tournament_join)(tournament_id=tournament.pk, user=alice)
    joined = await receive(socket)
    assert joined["type"] == "tournament" and joined["tournament"]["nb_players"] == 1
    assert [s["username"] for s in joined["tournament"]["standings"]] == ["alice"]

    await db(services.tournament_join)(tournament_id=tournament.pk, user=bob)
    await receive(socket)
    await db(services.tournament_start)(tournament_id=tournament.pk, user=alice)
    started = await receive(socket)
    while started["tournament"]["status"] != "started":  # events of one commit may be two
        started = await receive(socket)
    assert len(started["tournament"]["pairings"]) == 1

    await socket.send_json_to({"type": "join"})
    refused = await receive(socket)
    assert (refused["type"], refused["error"]) == ("error", "invalid")
    await socket.disconnect()


async def test_an_unknown_tournament_is_refused_with_a_4404_close():
    socket = await connected("/ws/tournaments/NoSuchT1/")
    refused = await receive(socket)
    assert (refused["type"], refused["error"]) == ("error", "not_found")
    await assert_closed_with(socket, 4404)
