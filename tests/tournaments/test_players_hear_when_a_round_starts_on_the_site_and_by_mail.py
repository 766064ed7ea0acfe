"""When a round starts each of its players hears it: a "tournament_round" note on their
notification socket (with their game, or none for a bye) and a mail (notify's kind
"tournament", once per round, never to a bot or to a player who switched it off). A round
robin's rounds start together: one note and one mail each."""
import pytest

from notify.models import MailSettings, OutgoingMail
from tests.notify.conftest import verify
from tests.site_fixtures import make_user
from tournaments import events, services
from tournaments.models import Pairing

# Transactional: the next round is paired by a background thread, which must see what the
# test wrote (tournaments.rounds.advance_later).
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def notes(monkeypatch):
    heard = []
    monkeypatch.setattr(events.game_events, "notify_user",
                        lambda user_id, event, data: heard.append((user_id, event, data)))
    return heard


def _players(*names):
    users = [make_user(name) for name in names]
    for user in users:
        verify(user, f"{user.username}@example.org")
    return users


def test_each_swiss_round_is_announced_to_its_players(after_commit, notes):
    ann, ben, cat = _players("ann", "ben", "cat")
    MailSettings.objects.filter(user=cat).update(tournament=False)
    with after_commit():
        tournament = services.tournament_create(creator=ann, name="Three", variant="raumschach",
                                                system="swiss", rounds=2, days_per_move=1)
        for user in (ann, ben, cat):
            services.tournament_join(tournament_id=tournament.pk, user=user)
        services.tournament_start(tournament_id=tournament.pk, user=ann)
    first = [n for n in notes if n[1] == "tournament_round"]
    assert {n[0] for n in first} == {ann.pk, ben.pk, cat.pk}
    games = {n[0]: n[2]["games"] for n in first}
    bye = Pairing.objects.get(tournament=tournament, round=1, black__isnull=True).white_id
    assert games[bye] == []
    game = Pairing.objects.get(tournament=tournament, round=1, black__isnull=False).game
    assert all(games[p] == [game.public_id] for p in (game.white_id, game.black_id))
    assert all(n[2]["round"] == 1 and n[2]["tournament"] == tournament.pk for n in first)
    mails = OutgoingMail.objects.filter(kind="tournament")
    assert sorted(m.user.username for m in mails) == ["ann", "ben"]  # cat switched it off
    assert all(f"/tournaments/{tournament.pk}/" in m.body for m in mails)

    notes.clear()
    with after_commit():
        from games import services as games_services
        games_services.game_resign(game=game, user=game.black)
    second = [n for n in notes if n[1] == "tournament_round"]
    assert {n[2]["round"] for n in second} == {2} and len(second) == 3
    assert OutgoingMail.objects.filter(kind="tournament").count() == 4
    second_round = OutgoingMail.objects.filter(kind="tournament", subject__startswith="Round 2")
    assert second_round.count() == 2


def test_a_round_robin_is_announced_once_with_every_game(after_commit, notes):
    users = _players("ann", "ben", "cat", "dan")
    with after_commit():
        tournament = services.tournament_create(creator=users[0], name="Four",
                                                variant="raumschach", system="round-robin",
                                                days_per_move=7)
        for user in users:
            services.tournament_join(tournament_id=tournament.pk, user=user)
        services.tournament_start(tournament_id=tournament.pk, user=users[0])
    heard = [n for n in notes if n[1] == "tournament_round"]
    assert len(heard) == 4 and all(len(n[2]["games"]) == 3 and n[2]["round"] is None
                                   for n in heard)
    mails = OutgoingMail.objects.filter(kind="tournament")
    assert mails.count() == 4
    assert all(m.body.count("/games/") == 3 for m in mails)
