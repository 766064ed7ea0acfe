"""The opening explorer's REST route (under /api/v1/explorer/)."""
from django.urls import path

from . import api

urlpatterns = [
    path("", api.ExplorerView.as_view(), name="api-explorer"),
]
