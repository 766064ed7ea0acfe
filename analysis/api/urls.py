"""Analysis routes, mounted under /api/v1/games/<id>/analysis/ (before the games API's
catch-all)."""
from django.urls import path

from . import views

urlpatterns = [
    path("", views.GameAnalysisView.as_view(), name="api-game-analysis"),
]
