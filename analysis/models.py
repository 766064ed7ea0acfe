"""The computer analysis of a game: one row per game, written only by `analysis.services`.

Per move (`moves`, a JSON list in ply order, entry k-1 for ply k) the analysis stores what the
engine saw, in the shape the API serves (lichess's analysis export, one entry per move):

    {"ply": 1, "san": "NAb1-Cb2",            # the move played
     "eval_cp": 34, "mate": null,            # the position after it, from White's side
                                             # (exactly one of the two is set; mate in n: +n
                                             # White mates, -n Black mates, 0 = mated now)
     "best": "Bc2Cc2", "best_san": "...",    # the engine's move in the position before it
     "pv": ["Bc2Cc2", ...],                  # its principal variation (coordinate form)
     "judgement": "" | "inaccuracy" | "mistake" | "blunder"}

`start_eval_cp` / `start_mate` evaluate the position before the first move. Per side: the
accuracy (lichess's formula, analysis.judge) and the counts of each judgement.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game


class GameAnalysis(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    class Judgement(models.TextChoices):
        NONE = ""
        INACCURACY = "inaccuracy"
        MISTAKE = "mistake"
        BLUNDER = "blunder"

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                     null=True, blank=True, related_name="analyses_requested")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    requested_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # What was searched: the core ("native"/"python") and the budget per position.
    core = models.CharField(max_length=8, blank=True, default="")
    depth = models.PositiveSmallIntegerField(null=True, blank=True)
    nodes = models.PositiveIntegerField(null=True, blank=True)
    # Positions searched so far of `total` (the moves of the game + the start position).
    progress = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    start_eval_cp = models.IntegerField(null=True, blank=True)
    start_mate = models.SmallIntegerField(null=True, blank=True)
    moves = models.JSONField(default=list, blank=True)
    white_accuracy = models.FloatField(null=True, blank=True)
    black_accuracy = models.FloatField(null=True, blank=True)
    white_inaccuracies = models.PositiveSmallIntegerField(default=0)
    white_mistakes = models.PositiveSmallIntegerField(default=0)
    white_blunders = models.PositiveSmallIntegerField(default=0)
    black_inaccuracies = models.PositiveSmallIntegerField(default=0)
    black_mistakes = models.PositiveSmallIntegerField(default=0)
    black_blunders = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=200, blank=True, default="")  # why it failed

    class Meta:
        indexes = [
            # The caps: a user's analyses under way, and those requested since a time.
            models.Index(fields=["requested_by", "status"], name="analysis_user_status_idx"),
            models.Index(fields=["requested_by", "requested_at"], name="analysis_user_at_idx"),
        ]

    def __str__(self) -> str:
        return f"analysis of game {self.game_id} ({self.status})"
