from django.urls import path

from .api import BotListView

urlpatterns = [path("", BotListView.as_view(), name="api-bots")]
