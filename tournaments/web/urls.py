"""The tournament pages (mounted at /tournaments/)."""
from django.urls import path

from . import views

urlpatterns = [
    path("", views.tournament_list, name="tournaments"),
    path("<str:tournament_id>/", views.tournament_page, name="tournament"),
    path("<str:tournament_id>/join/", views.tournament_join, name="tournament_join"),
    path("<str:tournament_id>/withdraw/", views.tournament_withdraw, name="tournament_withdraw"),
    path("<str:tournament_id>/start/", views.tournament_start, name="tournament_start"),
    path("<str:tournament_id>/bots/", views.tournament_invite, name="tournament_invite"),
]
