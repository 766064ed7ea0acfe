"""Websocket URL patterns (served by Daphne through `raumschach_site.asgi`)."""
from django.urls import path

from .consumers import GameConsumer, NotificationConsumer

websocket_urlpatterns = [
    # <id>: a public id; the consumer refuses anything else (an old integer id with a hint).
    path("ws/games/<str:game_id>/", GameConsumer.as_asgi()),
    path("ws/notifications/", NotificationConsumer.as_asgi()),
]
