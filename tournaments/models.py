"""Stored facts of tournaments: the event, its entrants and its pairings (one per game or bye).

Models hold data and constraints only; every change goes through `tournaments.services`. A
tournament's games are ordinary games (games.Game) that carry the tournament (Game.tournament),
created through `games.services.game_create_paired`.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.models import Game, new_public_id


def new_tournament_id() -> str:
    # As lichess's: 8 letters and digits in the URL (/tournaments/<id>/).
    return new_public_id()


class Tournament(models.Model):
    class System(models.TextChoices):
        ROUND_ROBIN = "round-robin"
        SWISS = "swiss"
        ARENA = "arena"

    class Status(models.TextChoices):
        CREATED = "created"
        STARTED = "started"
        FINISHED = "finished"

    id = models.CharField(primary_key=True, max_length=16, default=new_tournament_id,
                          editable=False)
    name = models.CharField(max_length=80)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="tournaments_created")
    system = models.CharField(max_length=16, choices=System.choices)
    # A round robin played twice, colours reversed in the second cycle.
    double = models.BooleanField(default=False)
    variant = models.CharField(max_length=32)
    variant_options = models.JSONField(default=dict, blank=True)
    # Swiss: the rounds asked for; a round robin: set at the start from the entrants.
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    # The time control: days per move (correspondence), or a live clock (limit and increment
    # in seconds; the shape of games.Game's, issue 46) for the live systems to come.
    days_per_move = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_limit = models.PositiveIntegerField(null=True, blank=True)
    clock_increment = models.PositiveIntegerField(null=True, blank=True)
    # An arena's length (lichess's "minutes"), and when it ends once started: its scores are
    # frozen then; games still running do not count.
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    max_players = models.PositiveSmallIntegerField()
    rated = models.BooleanField(default=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CREATED)
    current_round = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    winner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                               blank=True, related_name="tournaments_won")

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            # The list page: a status's tournaments, newest first (and per variant).
            models.Index(fields=["status", "-created_at"], name="tournament_status_idx"),
            models.Index(fields=["variant", "status", "-created_at"],
                         name="tournament_variant_idx"),
            # The start sweep: tournaments waiting for their start time.
            models.Index(fields=["starts_at"], name="tournament_due_idx",
                         condition=Q(status="created", starts_at__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"Tournament {self.pk}: {self.name} ({self.system}, {self.status})"


class Entrant(models.Model):
    """A player of a tournament (lichess's "player" of a tournament)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="tournament_entries")
    # The rating in the tournament's variant when they joined (seeding).
    rating = models.PositiveSmallIntegerField(default=1500)
    # The starting number (1 = top seed), given when the tournament starts.
    seed = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    # Withdrawn after the start: kept in the standings, paired no more (docs/architecture.md).
    withdrawn = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament", "seed", "joined_at"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="entrant_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.tournament_id}"


class Pairing(models.Model):
    """One board of one round: a game between `white` and `black`, or a bye (`black` null).
    `result` is the game's (1-0, 0-1, 1/2-1/2) once it ended, "" before; `forfeit` marks a
    result given without a game played to its end (a first move never made)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField()
    white = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="+")
    black = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              blank=True, related_name="+")
    game = models.OneToOneField(Game, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="tournament_pairing")
    result = models.CharField(max_length=8, blank=True, default="")
    forfeit = models.BooleanField(default=False)
    # An arena's game that ended after the arena did: its result stands but scores nothing.
    counts = models.BooleanField(default=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "round", "id"]
        indexes = [models.Index(fields=["tournament", "round"], name="pairing_round_idx")]
        constraints = [
            models.CheckConstraint(condition=~Q(white=models.F("black")),
                                   name="pairing_two_players"),
        ]

    @property
    def is_bye(self) -> bool:
        return self.black_id is None

    def __str__(self) -> str:
        return f"{self.tournament_id} r{self.round}: {self.white_id}-{self.black_id} {self.result}"
