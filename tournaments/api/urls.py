"""Routes under /api/v1/tournaments/."""
from django.urls import path

from . import views

urlpatterns = [
    path("", views.TournamentListView.as_view(), name="api-tournaments"),
    path("<str:tournament_id>/", views.TournamentDetailView.as_view(), name="api-tournament"),
    path("<str:tournament_id>/join/", views.TournamentJoinView.as_view(),
         name="api-tournament-join"),
    path("<str:tournament_id>/withdraw/", views.TournamentWithdrawView.as_view(),
         name="api-tournament-withdraw"),
    path("<str:tournament_id>/start/", views.TournamentStartView.as_view(),
         name="api-tournament-start"),
    path("<str:tournament_id>/bots/", views.TournamentBotsView.as_view(),
         name="api-tournament-bots"),
]
