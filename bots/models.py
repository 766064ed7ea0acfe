"""Bot accounts: ordinary users that the engine plays for, one per strength level (built-in),
and external bots: accounts upgraded through the lichess-compatible Bot API (`botapi`), whose
owner runs an engine elsewhere and plays through HTTP. The engine never plays for those."""
from __future__ import annotations

from django.conf import settings
from django.db import models


class Bot(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bot"
    )
    # engine.search LEVELS key, 0..5, for built-in bots; null for external ones (NULLs do not
    # collide under the unique constraint).
    level = models.PositiveSmallIntegerField(unique=True, null=True, blank=True)
    external = models.BooleanField(default=False)
    name = models.CharField(max_length=32)
    description = models.CharField(max_length=200)
    # The variant keys an external bot plays (its owner lists them through the Bot API); a
    # challenge in another is declined for it with lichess's reason "variant". Built-in bots
    # play every variant the engine has, whatever this says.
    variants = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["level"]

    def __str__(self) -> str:
        if self.external:
            return f"{self.name} (external)"
        return f"{self.name} (level {self.level})"


class Showcase(models.Model):
    """The one running bot-v-bot showcase game (a single row, pk 1)."""

    game = models.ForeignKey("games.Game", on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="+")

    def __str__(self) -> str:
        return f"Showcase: game {self.game_id}"
