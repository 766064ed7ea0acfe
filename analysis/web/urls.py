"""The analysis board's page route (included at /analysis/)."""
from django.urls import path

from . import views

urlpatterns = [
    path("", views.analysis_board, name="analysis_board"),
]
