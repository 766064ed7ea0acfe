"""Routes under /api/v1/ (the public REST contract; see the OpenAPI schema at /api/schema/)."""
from django.urls import path, re_path

from games import converters  # noqa: F401  (registers the `gid` converter)

from . import challenges, games, lobby, players, variants
from .legacy_ids import legacy_game_id
from .exceptions import api_not_found

# The account endpoints proper (sign-up, tokens, password) are accounts/api_urls.py's.
urlpatterns = [
    path("accounts/me/", players.MeView.as_view(), name="api-me"),
    path("users/", players.NameSearchView.as_view(), name="api-user-search"),
    path("users/<str:username>/", players.ProfileView.as_view(), name="api-profile"),
    path("challenges/", challenges.ChallengeListView.as_view(), name="api-challenges"),
    path("challenges/<str:challenge_id>/", challenges.ChallengeDetailView.as_view(),
         name="api-challenge"),
    path("challenges/<str:challenge_id>/accept/", challenges.ChallengeAcceptView.as_view(),
         name="api-challenge-accept"),
    path("challenges/<str:challenge_id>/decline/", challenges.ChallengeDeclineView.as_view(),
         name="api-challenge-decline"),
    path("challenges/<str:challenge_id>/cancel/", challenges.ChallengeCancelView.as_view(),
         name="api-challenge-cancel"),
    path("seeks/", lobby.SeekListView.as_view(), name="api-seeks"),
    path("variants/", variants.VariantListView.as_view(), name="api-variants"),
    path("variants/<str:key>/reach/", variants.PieceReachView.as_view(), name="api-variant-reach"),
    path("variants/<str:key>/validate/", variants.PositionSetupView.as_view(), name="api-variant-validate"),
    path("games/", games.GameListView.as_view(), name="api-games"),
    # Before games/<gid>/: "import" has the form of a public id.
    path("games/import/", games.GameImportView.as_view(), name="api-game-import"),
    path("games/<gid:game_id>/", games.GameDetailView.as_view(), name="api-game"),
    path("games/<gid:game_id>/moves/", games.GameMoveView.as_view(), name="api-game-moves"),
    path("games/<gid:game_id>/attackers/", games.GameAttackersView.as_view(),
         name="api-game-attackers"),
    path("games/<gid:game_id>/resign/", games.GameResignView.as_view(), name="api-game-resign"),
    path("games/<gid:game_id>/draw/", games.GameDrawView.as_view(), name="api-game-draw"),
    path("games/<gid:game_id>/takeback/", games.GameTakebackView.as_view(),
         name="api-game-takeback"),
    path("games/<gid:game_id>/abort/", games.GameAbortView.as_view(), name="api-game-abort"),
    path("games/<gid:game_id>/export/", games.GameExportView.as_view(), name="api-game-export"),
    path("games/<gid:game_id>/rematch/", challenges.GameRematchView.as_view(),
         name="api-game-rematch"),
    # An old integer id: redirected to the public id's path (every games/<id>/... route,
    # the chat, conditional-move and analysis ones mounted before this module too).
    re_path(r"^games/(?P<game_id>[0-9]+)/(?P<rest>.*)$", legacy_game_id),
    # Anything else under /api/v1/ is a JSON 404, never an HTML page.
    re_path(r"^.*$", api_not_found),
]
