"""The puzzles' REST routes (under /api/v1/puzzles/)."""
from django.urls import path

from . import api

urlpatterns = [
    path("next/", api.PuzzleNextView.as_view(), name="api-puzzle-next"),
    path("<str:public_id>/", api.PuzzleView.as_view(), name="api-puzzle"),
    path("<str:public_id>/attempt/", api.PuzzleAttemptView.as_view(), name="api-puzzle-attempt"),
]
