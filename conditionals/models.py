"""Conditional moves (correspondence premoves): "if they play X, I reply Y (then if Z, W ...)".

A line belongs to one player of one game and is seen only by that player. Changed only through
`conditionals.services`."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game


class ConditionalLine(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="conditional_lines")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="conditional_lines")
    # The game's ply while the line waits: moves[0] is the opponent's move number ply + 1.
    # A line whose ply the game has passed no longer applies and is dropped.
    ply = models.PositiveIntegerField()
    # Coordinate moves, alternating: the opponent's, then the owner's reply, ... (even length).
    moves = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["game", "owner"], name="conditional_game_owner_idx")]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.owner_id}@{self.ply}: {' '.join(self.moves)}"
