"""lichess's paths that are not under /api/ on lichess (mounted at the site root)."""
from django.urls import path

from . import export

urlpatterns = [
    path("game/export/<str:game_id>", export.GameExportView.as_view(), name="lichess-game-export"),
]
