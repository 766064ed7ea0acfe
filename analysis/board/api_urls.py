"""The analysis board's REST routes (under /api/v1/analysis/)."""
from django.urls import path

from . import api

urlpatterns = [
    path("tables/", api.EngineTablesView.as_view(), name="api-analysis-tables"),
    path("position/", api.BoardPositionView.as_view(), name="api-analysis-position"),
    path("search/", api.BoardSearchView.as_view(), name="api-analysis-search"),
]
