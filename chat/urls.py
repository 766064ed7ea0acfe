"""Chat routes, mounted under /api/v1/games/<id>/chat/ (before the games API's catch-all)."""
from django.urls import path

from . import api

urlpatterns = [
    path("", api.ChatView.as_view(), name="api-game-chat"),
    path("mute/", api.ChatMuteView.as_view(), name="api-game-chat-mute"),
]
