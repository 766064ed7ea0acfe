"""lichess's paths, at the site root under /api/ (clients only change their base URL)."""
from django.urls import path, re_path

import games.converters  # noqa: F401 - registers the `gid` path converter
from games.api.legacy_ids import legacy_game_path

from . import public_views, stream_views, views

urlpatterns = [
    path("account", views.AccountView.as_view(), name="lichess-account"),
    path("account/playing", views.PlayingView.as_view(), name="lichess-account-playing"),
    path("token/test", views.TokenTestView.as_view(), name="lichess-token-test"),
    path("bot/account/upgrade", views.UpgradeView.as_view(), name="lichess-bot-upgrade"),
    path("bot/account/variants", views.BotVariantsView.as_view(), name="bot-account-variants"),
    path("stream/event", stream_views.event_stream, name="lichess-stream-event"),
    path("challenge", public_views.ChallengeListView.as_view(), name="lichess-challenge-list"),
    path("challenge/ai", public_views.ChallengeAiView.as_view(), name="lichess-challenge-ai"),
    path("user/<str:username>", public_views.UserView.as_view(), name="lichess-user"),
    path("users/status", public_views.UsersStatusView.as_view(), name="lichess-users-status"),
    path("bot/online", public_views.bot_online, name="lichess-bot-online"),
    path("import", views.ImportView.as_view(), name="lichess-import"),
    path("challenge/<str:challenge_id>/accept",
         views.ChallengeActionView.as_view(action="accept"), name="lichess-challenge-accept"),
    path("challenge/<str:challenge_id>/decline",
         views.ChallengeActionView.as_view(action="decline"), name="lichess-challenge-decline"),
    path("challenge/<str:challenge_id>/cancel",
         views.ChallengeActionView.as_view(action="cancel"), name="lichess-challenge-cancel"),
    path("challenge/<str:username>", views.ChallengeCreateView.as_view(),
         name="lichess-challenge-create"),
    path("bot/game/stream/<gid:game_id>", stream_views.bot_game_stream,
         name="lichess-bot-game-stream"),
    path("board/game/stream/<gid:game_id>", stream_views.board_game_stream,
         name="lichess-board-game-stream"),
]

for role in ("bot", "board"):
    urlpatterns += [
        # <path:move>: a placement's canonical spelling has a '/' (`Dc5Ac5/g`), which
        # lichess clients send raw in the path (berserk does not encode it; `%2F` arrives
        # decoded the same).
        path(f"{role}/game/<gid:game_id>/move/<path:move>", views.MoveView.as_view(role=role),
             name=f"lichess-{role}-move"),
        path(f"{role}/game/<gid:game_id>/resign", views.ResignView.as_view(role=role),
             name=f"lichess-{role}-resign"),
        path(f"{role}/game/<gid:game_id>/abort", views.AbortView.as_view(role=role),
             name=f"lichess-{role}-abort"),
        path(f"{role}/game/<gid:game_id>/draw/<str:accept>", views.DrawView.as_view(role=role),
             name=f"lichess-{role}-draw"),
        path(f"{role}/game/<gid:game_id>/takeback/<str:accept>",
             views.TakebackView.as_view(role=role), name=f"lichess-{role}-takeback"),
        path(f"{role}/game/<gid:game_id>/chat", views.ChatView.as_view(role=role),
             name=f"lichess-{role}-chat"),
    ]

# An old integer game id (public ids always have a letter, `gid`): the rule of the REST API's
# (docs/api.md, "Game ids"), a permanent redirect to the public id's path, or a 404.
urlpatterns.append(re_path(
    r"^(?:bot|board)/game/(?:stream/)?(?P<game_id>[0-9]+)(?P<rest>(?:/.*)?)$", legacy_game_path))
# Last: any other path under /api/ (the REST API under /api/v1/ has its own) is lichess's 404.
urlpatterns.append(re_path(r"^.*$", views.lichess_not_found))
