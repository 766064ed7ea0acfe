"""URL wiring only: each app owns its own routes."""
from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from games import converters  # noqa: F401  (registers the `gid` path converter)
from games.api.vacation import VacationView
from bots import web as bots_web
from ratings import web as ratings_web

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: the CSP allows no inline script.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/v1/accounts/", include("accounts.api_urls")),
    path("api/v1/bots/", include("bots.urls")),
    path("api/v1/mail/", include("notify.api_urls")),
    path("api/v1/vacation/", VacationView.as_view(), name="api-vacation"),
    path("api/v1/games/<gid:game_id>/chat/", include("chat.urls")),
    path("api/v1/games/<gid:game_id>/conditional-moves/", include("conditionals.urls")),
    path("api/v1/analysis/", include("analysis.board.api_urls")),
    path("api/v1/explorer/", include("explorer.urls")),
    path("api/v1/puzzles/", include("puzzles.urls")),
    path("api/v1/games/<gid:game_id>/analysis/", include("analysis.api.urls")),
    path("api/v1/tournaments/", include("tournaments.api.urls")),
    path("api/v1/", include("ratings.urls")),
    path("api/v1/", include("games.api.urls")),
    # The lichess-compatible Bot and Board API: lichess's own paths, so its clients just work.
    path("api/", include("botapi.urls")),
    path("", include("botapi.root_urls")),  # lichess's /game/export/{id}
    path("mail/", include("notify.urls")),
    path("password/reset/", include("notify.reset_urls")),
    path("analysis/", include("analysis.web.urls")),
    path("editor/", include("analysis.web.editor_urls")),
    path("tournaments/", include("tournaments.web.urls")),
    path("training/", include("puzzles.web_urls")),
    # The JavaScript catalogue (issue 45): the active language's djangojs messages as gettext().
    path("jsi18n/", JavaScriptCatalog.as_view(domain="djangojs"), name="javascript-catalog"),
    path("tv/", bots_web.tv, name="tv"),
    path("leaderboard/", ratings_web.leaderboard, name="leaderboard"),
    path("leaderboard/<str:variant>/", ratings_web.leaderboard_variant,
         name="leaderboard_variant"),
    path("", include("accounts.urls")),
    path("", include("games.web.urls")),
    # Last: lichess's short game links (/<id>, /<id>/white), after every page's own path.
    path("", include("botapi.game_links")),
]
