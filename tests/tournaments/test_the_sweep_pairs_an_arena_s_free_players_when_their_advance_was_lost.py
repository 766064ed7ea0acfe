"""A game's end hands the arena's pairing to the background (tournaments.rounds.advance_later);
if that work is lost (a crash, a server stopping with it queued), the two freed players are
not left waiting until the arena ends: the periodic sweep pairs the free players of every
running arena."""
import pytest

from bots.services import bot_upgrade_account
from games import services as games
from tests.site_fixtures import make_user
from tournaments import rounds, services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def slow_first_moves(settings):
    settings.FIRST_MOVE_SECONDS = 3600  # nobody moves; the games end by resignation


def test_the_sweep_pairs_an_arena_s_free_players_when_their_advance_was_lost(monkeypatch,
                                                                            after_commit):
    director = make_user("director")
    bots = [make_user(f"b{n}") for n in range(1, 5)]
    for bot in bots:
        bot_upgrade_account(user=bot)
    with after_commit():
        arena = services.tournament_create(creator=director, name="Lost", system="arena",
                                           variant="raumschach", clock_limit=60,
                                           clock_increment=0, minutes=10, max_players=4)
        for bot in bots:
            services.tournament_invite_bot(tournament_id=arena.pk, by=director, bot_user=bot)
        services.tournament_start(tournament_id=arena.pk, user=director)
    first = {p.game_id: p for p in Pairing.objects.filter(tournament=arena)
             .select_related("game", "white", "black")}
    assert len(first) == 2
    lost = []
    monkeypatch.setattr(rounds, "advance_later", lambda **kwargs: lost.append(kwargs))
    with after_commit():
        for pairing in first.values():  # both games end; their advances are lost
            games.game_resign(game=pairing.game, user=pairing.black)
    assert len(lost) == 2
    assert not Pairing.objects.filter(tournament=arena, result="").exists()  # all four wait
    with after_commit():
        assert services.tournaments_sweep() == 1
    again = list(Pairing.objects.filter(tournament=arena, result=""))
    assert len(again) == 2  # the two winners met, the two losers met (nobody's last opponent)
    assert {frozenset((p.white_id, p.black_id)) for p in again}.isdisjoint(
        {frozenset((p.white_id, p.black_id)) for p in first.values()})
