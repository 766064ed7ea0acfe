"""An imported game changes nobody's rating, W/D/L record, leaderboard place or explorer
counts, even when its record names real players; its sides are system accounts that no name
look-up, profile or search finds; it can be analysed."""
import pytest

from accounts.selectors import user_by_name, usernames_starting
from analysis import services as analysis_services
from explorer import services as explorer_services
from explorer.models import ExplorerGame
from games import selectors, services
from ratings import selectors as rating_selectors
from ratings.models import Rating, RatingChange
from tests.imports.helpers import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated_original(alice, bob):
    """A rated game between alice and bob, finished by a resignation."""
    game = finished_game(alice, bob, "raumschach", plies=10, seed=11)
    assert game.rated and game.result in ("1-0", "0-1")
    return game


def test_an_imported_copy_of_a_rated_game_changes_no_rating_or_record(alice, bob, carol,
                                                                        rated_original):
    ratings = list(Rating.objects.order_by("pk").values())
    assert {row["user_id"] for row in ratings} >= {alice.pk, bob.pk}  # the original counted
    changes = RatingChange.objects.count()
    records = {user.pk: selectors.user_record(user=user) for user in (alice, bob, carol)}
    board = rating_selectors.leaderboard(variant="raumschach")
    imported = services.game_import(user=carol, text=selectors.game_export_text(rated_original))
    assert (imported.white_name, imported.black_name) == ("alice", "bob")
    assert list(Rating.objects.order_by("pk").values()) == ratings
    assert RatingChange.objects.count() == changes
    assert {user.pk: selectors.user_record(user=user) for user in (alice, bob, carol)} == records
    assert rating_selectors.leaderboard(variant="raumschach") == board
    assert not imported.rated and imported.tournament_id is None


def test_the_explorer_counts_the_original_and_never_the_import(carol, rated_original):
    imported = services.game_import(user=carol, text=selectors.game_export_text(rated_original))
    assert explorer_services.explorer_backfill() == 1
    assert explorer_services.explorer_catch_up() == 0
    assert explorer_services.explorer_count_games(game_ids=[imported.pk]) == 0
    assert set(ExplorerGame.objects.values_list("game_id", flat=True)) == {rated_original.pk}


def test_the_system_accounts_are_nobody_anyone_can_find_or_log_in_as(anon, carol,
                                                                      rated_original):
    imported = services.game_import(user=carol, text=selectors.game_export_text(rated_original))
    for account in (imported.white, imported.black):
        assert not account.is_active and not account.has_usable_password()
        assert user_by_name(username=account.username) is None
        assert anon.get(f"/api/v1/users/{account.username}/").status_code == 404
    assert usernames_starting(prefix="imported") == []
    assert anon.get("/api/v1/games/", {"player": imported.white.username}).status_code == 404


def test_an_imported_game_can_be_analysed(carol, rated_original):
    imported = services.game_import(user=carol, text=selectors.game_export_text(rated_original))
    analysis, queued = analysis_services.analysis_request(game=imported, user=carol)
    assert queued and analysis.game_id == imported.pk
