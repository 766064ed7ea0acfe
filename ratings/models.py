"""Stored ratings: one Glicko-2 rating per player, variant and speed (as lichess keeps one per
variant and speed) and the history of every change."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from . import glicko2


class Rating(models.Model):
    """A player's current Glicko-2 rating in one variant at one speed, created lazily at the
    defaults (1500/350/0.06) the first time a rated game of that variant and speed ends."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ratings")
    # engine.VARIANTS key; Raumschach, the one game before variants, unless told
    variant = models.CharField(max_length=32, default="raumschach")
    # The game's speed (games.clock.SPEEDS): lichess keeps a rating per variant and speed,
    # correspondence apart; every rating before live games is a correspondence one.
    speed = models.CharField(max_length=16, default="correspondence")
    rating = models.FloatField(default=glicko2.START_RATING)
    # The deviation as of `rated_at`; it grows with inactivity (ratings.periods) when read.
    rd = models.FloatField(default=glicko2.START_RD)
    volatility = models.FloatField(default=glicko2.START_VOLATILITY)
    games_rated = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    peak = models.FloatField(null=True, blank=True)  # highest non-provisional rating reached
    rated_at = models.DateTimeField(null=True, blank=True)  # the last rated game's end

    class Meta:
        # The leaderboard's whole order (ties by id), so it reads in index order: no sort.
        indexes = [models.Index(fields=["variant", "speed", "-rating", "user"],
                                name="rating_variant_speed_board_idx")]
        constraints = [models.UniqueConstraint(fields=["user", "variant", "speed"],
                                               name="rating_one_per_player_variant_speed")]

    def __str__(self) -> str:
        return (f"{self.user_id} ({self.variant} {self.speed}): "
                f"{self.rating:.0f}/{self.rd:.0f}")


class RatingChange(models.Model):
    """One rated game's effect on one player (two rows per rated game)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="rating_changes")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE,
                             related_name="rating_changes")
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    rd_before = models.FloatField()  # after inactivity growth, i.e. what the game was rated at
    rd_after = models.FloatField()
    volatility_after = models.FloatField()
    score = models.FloatField()  # 1 win, 0.5 draw, 0 loss
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["user", "created_at", "id"]
        constraints = [
            # The last line against rating one game twice (the game's CAS is the first).
            models.UniqueConstraint(fields=["user", "game"], name="rating_change_once_per_game"),
        ]

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before
