"""Stored puzzles (issue 41): each a position with its solution, rated by Glicko-2 from the
attempts on it as lichess rates its puzzles; each player's puzzle rating per game; the first
(rated) attempt of each player on each puzzle; and the finished games the miner has read."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from ratings import glicko2


class Puzzle(models.Model):
    """A position (the solver to move) and the line that solves it, solver's moves first. Its
    public id is derived from the variant and the position (puzzles.ids), so loading the same
    set twice finds the same rows."""

    public_id = models.CharField(max_length=12, unique=True)
    # sha256 of variant and position string: what makes a puzzle the same puzzle (a unique
    # index on the hash, not on the string: Star Trek's strings run past 400 characters).
    digest = models.CharField(max_length=64, unique=True)
    variant = models.CharField(max_length=32)
    fen = models.TextField()
    solution = models.JSONField()  # coordinate moves, the solver's first, odd length
    themes = models.JSONField(default=list)
    depth = models.PositiveSmallIntegerField(default=0)  # the miner's search depth
    source = models.CharField(max_length=200, blank=True)  # the miner's note of where it came from
    # The finished game it was mined from (the archive job); None for the shipped set.
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    rating = models.FloatField(default=glicko2.START_RATING)
    rd = models.FloatField(default=glicko2.START_RD)
    volatility = models.FloatField(default=glicko2.START_VOLATILITY)
    plays = models.PositiveIntegerField(default=0)  # rated attempts
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # `next`'s read: the puzzles of a variant nearest a rating, walked from it both ways.
        indexes = [models.Index(fields=["variant", "rating"], name="puzzle_variant_rating_idx")]

    def __str__(self) -> str:
        return f"{self.public_id} ({self.variant}, {self.rating:.0f})"


class PuzzleRating(models.Model):
    """A player's Glicko-2 puzzle rating in one game, created at the defaults on the first
    rated attempt."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="puzzle_ratings")
    variant = models.CharField(max_length=32)
    rating = models.FloatField(default=glicko2.START_RATING)
    rd = models.FloatField(default=glicko2.START_RD)  # as of rated_at; grows with inactivity
    volatility = models.FloatField(default=glicko2.START_VOLATILITY)
    attempts = models.PositiveIntegerField(default=0)
    solved = models.PositiveIntegerField(default=0)
    rated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "variant"],
                                               name="puzzle_rating_one_per_player_variant")]

    def __str__(self) -> str:
        return f"{self.user_id} ({self.variant} puzzles): {self.rating:.0f}/{self.rd:.0f}"


class PuzzleAttempt(models.Model):
    """A player's first attempt on a puzzle: the one that was rated (later ones are answered
    but neither stored nor rated, as on lichess)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="puzzle_attempts")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts")
    correct = models.BooleanField()
    moves = models.JSONField(default=list)
    seconds = models.FloatField(default=0)
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    puzzle_rating_before = models.FloatField()
    puzzle_rating_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "puzzle"],
                                               name="puzzle_attempt_once_per_player")]


class MinedGame(models.Model):
    """A finished game the archive job has mined (whatever it found): never mined twice."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True,
                                related_name="+")
    puzzles = models.PositiveSmallIntegerField(default=0)
    at = models.DateTimeField(auto_now_add=True)
