"""The puzzles' pages (included at /training/)."""
from django.urls import path

from . import web

urlpatterns = [
    path("", web.training, name="training"),
    path("<str:variant>/", web.training_variant, name="training_variant"),
]
