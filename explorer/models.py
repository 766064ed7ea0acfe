"""The opening explorer's stored counts (issue 41): per variant and source, the moves played
from each position of the first plies of finished games, with their results, keyed by the
position's Zobrist key; and one row per game counted (exactly once)."""
from __future__ import annotations

from django.db import models


class Source(models.TextChoices):
    # Games between people; games with a bot (the site's or an external one) on either side.
    PLAYERS = "players"
    BOTS = "bots"


class ExplorerMove(models.Model):
    """One move played from one position: how many counted games played it, and how they
    ended. Written only by upserts that add to the counts (explorer.counting)."""

    # The position's Zobrist key (engine Position.zobrist: placement, side, reserves, unmoved
    # pieces, en passant; not the move counters), as a signed 64-bit number.
    key = models.BigIntegerField()
    variant = models.CharField(max_length=32)
    source = models.CharField(max_length=8, choices=Source.choices)
    move = models.CharField(max_length=16)  # coordinate form, as the board plays it
    san = models.CharField(max_length=24)  # as the move list writes it
    games = models.PositiveIntegerField(default=0)
    white = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    black = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            # The upsert's conflict target, and the one read's index (equality on its first
            # three columns: no statistics are needed to choose it).
            models.UniqueConstraint(fields=["key", "variant", "source", "move"],
                                    name="explorer_move_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.variant}/{self.source} {self.key:x} {self.move}: {self.games}"


class ExplorerGame(models.Model):
    """A finished game the explorer has looked at: its counts were added (`counted`) or it was
    skipped (another start position or other rules). The primary key is what makes counting
    exactly-once: the counts are added in the transaction that inserts this row, and only by
    the writer whose insert took effect."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True,
                                related_name="+")
    counted = models.BooleanField()
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"explorer: game {self.game_id} {'counted' if self.counted else 'skipped'}"
