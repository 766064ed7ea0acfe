"""lichess's paths that are not under /api/ on lichess (mounted at the site root)."""
from django.urls import path, re_path

import games.converters  # noqa: F401 - registers the `gid` path converter
from games.api.legacy_ids import legacy_game_path

from . import export, views

urlpatterns = [
    path("game/export/<gid:game_id>", export.GameExportView.as_view(), name="lichess-game-export"),
    # an old integer id: redirected as everywhere (games.api.legacy_ids)
    re_path(r"^game/export/(?P<game_id>[0-9]+)$", legacy_game_path),
    # anything else there is no game: lichess's JSON 404, as the view's own
    re_path(r"^game/export/", views.lichess_not_found),
]
