"""Routes under /api/v1/games/<id>/conditional-moves/ (mounted before the games API's
catch-all)."""
from django.urls import path

from . import api

urlpatterns = [
    path("", api.ConditionalLinesView.as_view(), name="api-game-conditional-moves"),
    path("preview/", api.ConditionalPreviewView.as_view(),
         name="api-game-conditional-preview"),
]
