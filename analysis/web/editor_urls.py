"""The board editor's page routes (included at /editor/)."""
from django.urls import path

from . import editor

urlpatterns = [
    path("", editor.board_editor_index, name="board_editor"),
    path("<slug:key>/", editor.board_editor, name="board_editor_variant"),
]
