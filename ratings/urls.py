"""Ratings routes under /api/v1/ (included before games' catch-all)."""
from django.urls import path

from .api import LeaderboardView, RatingHistoryView

urlpatterns = [
    path("leaderboard/", LeaderboardView.as_view(), name="api-leaderboard"),
    path("users/<str:username>/rating-history/", RatingHistoryView.as_view(),
         name="api-rating-history"),
]
