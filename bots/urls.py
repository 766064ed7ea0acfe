from django.urls import path

from .api import BotDetailView, BotGameCreateView, BotListView

urlpatterns = [
    path("", BotListView.as_view(), name="api-bots"),
    path("games/", BotGameCreateView.as_view(), name="api-bot-games"),
    path("<str:username>/", BotDetailView.as_view(), name="api-bot"),
]
