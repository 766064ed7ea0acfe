"""Bot accounts: ordinary users that the engine plays for, one per strength level."""
from __future__ import annotations

from django.conf import settings
from django.db import models


class Bot(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bot"
    )
    level = models.PositiveSmallIntegerField(unique=True)  # engine.search LEVELS key, 0..5
    name = models.CharField(max_length=32)
    description = models.CharField(max_length=200)

    class Meta:
        ordering = ["level"]

    def __str__(self) -> str:
        return f"{self.name} (level {self.level})"


class Showcase(models.Model):
    """The one running bot-v-bot showcase game (a single row, pk 1)."""

    game = models.ForeignKey("games.Game", on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="+")

    def __str__(self) -> str:
        return f"Showcase: game {self.game_id}"
