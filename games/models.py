"""Stored facts of the site: games, their moves and challenges (API tokens: accounts.models).

Models hold data and database constraints only; every change goes through `games.services`.
Players are Django's built-in User.
"""
from __future__ import annotations

import secrets
import string

import engine
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

# The start position and the end reasons are the engine's (one source); migrations store the
# values themselves, so they never import the engine.
START_FEN = engine.START_FEN
# A position string's longest stored form: Star Trek's (seven levels of ten ranks of six places,
# the pins, the unmoved pawns) runs to about 600 characters at most; Raumschach's fit in 200.
MAX_FEN_LENGTH = 1000
DEFAULT_VARIANT = engine.RAUMSCHACH.key

# Correspondence time controls offered: days per move (None = no clock).
DAYS_PER_MOVE_CHOICES = (1, 2, 3, 5, 7, 10, 14)


PUBLIC_ID_LENGTH = 8  # as lichess's game and challenge ids
PUBLIC_ID_MAX_LENGTH = 16  # the column (old challenge ids, which were longer, fit it)
_PUBLIC_ID_ALPHABET = string.ascii_letters + string.digits


def new_public_id() -> str:
    """A game's public id: 8 random letters and digits (~47 bits), never all digits, so never
    read as an old integer game id. No query: a Game() built as a reference calls it too; the
    unique constraint is the check (a clash is 1 in ~2e14 per pair)."""
    while True:
        value = "".join(secrets.choice(_PUBLIC_ID_ALPHABET) for _ in range(PUBLIC_ID_LENGTH))
        if not value.isdigit():
            return value


# How a game ended, as the archive and the watch lists name it (get_termination_display).
TERMINATION_LABELS = {
    "checkmate": _("Checkmate"), "stalemate": _("Stalemate"),
    "insufficient_material": _("Insufficient material"),
    "threefold_repetition": _("Threefold repetition"), "fifty_moves": _("Fifty-move rule"),
    "resign": _("Resignation"), "timeout": _("Time"), "agreement": _("Agreement"),
    "abort": _("Aborted"), "bare_king": _("Bare king"),
}


class Game(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    class Result(models.TextChoices):
        WHITE_WINS = "1-0"
        BLACK_WINS = "0-1"
        DRAW = "1/2-1/2"
        NONE = "*"

    # "" while the game runs, else one of engine.Termination.
    Termination = models.TextChoices(
        "Termination", [("NONE", ("", _("None")))]
        + [(t.name, (t.value, TERMINATION_LABELS.get(t.value, t.value))) for t in engine.Termination])

    class Color(models.TextChoices):
        WHITE = "white", _("White")
        BLACK = "black", _("Black")

    # The id every URL, API, event and export shows (the integer key stays internal; old integer
    # page URLs redirect to this one).
    public_id = models.CharField(max_length=PUBLIC_ID_MAX_LENGTH, unique=True, default=new_public_id,
                                 editable=False)
    white = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_as_white"
    )
    black = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_as_black"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    result = models.CharField(max_length=8, choices=Result.choices, default=Result.NONE)
    termination = models.CharField(
        max_length=32, choices=Termination.choices, default=Termination.NONE, blank=True
    )
    variant = models.CharField(max_length=32, default=DEFAULT_VARIANT)  # engine.VARIANTS key
    # Every game option of the variant with its value (games.variants.option_values), as
    # `variant.with_options` accepted it; {} for a variant without options.
    variant_options = models.JSONField(default=dict, blank=True)
    start_fen = models.CharField(max_length=MAX_FEN_LENGTH, default=START_FEN)
    fen = models.CharField(max_length=MAX_FEN_LENGTH, default=START_FEN)
    # The colour to move in `fen` (kept with it by every move; set from it when a game is made).
    turn = models.CharField(max_length=5, choices=Color.choices, default=Color.WHITE)
    # Zobrist keys (hex, space-separated) of the positions since the last capture or pawn move,
    # the current one last: all that threefold repetition needs, so a move never replays the
    # game. "" = not known yet (a game made before this field): derived once from the moves.
    position_keys = models.TextField(blank=True, default="")
    # Number of moves played; a move is accepted only from exactly this ply (compare-and-set).
    ply = models.PositiveIntegerField(default=0)
    days_per_move = models.PositiveSmallIntegerField(null=True, blank=True)
    # A live game's clock (issue 46; games/clock.py): seconds each side starts with and adds
    # per move; both null for correspondence (days_per_move) and unlimited games.
    clock_limit = models.PositiveIntegerField(null=True, blank=True)
    clock_increment = models.PositiveSmallIntegerField(null=True, blank=True)
    # lichess's speed of the time control (games.clock.speed_of), kept so that ratings and
    # reads filter by it: bullet, blitz, rapid, classical or correspondence.
    speed = models.CharField(max_length=16, default="correspondence")
    # The ms each side had left as of `clock_started_at` (the running side's) or of its last
    # move (the other's); everything else (what is left now, the deadline) derives from them,
    # so a restarted server knows both clocks. `clock_started_at` is null while no clock runs
    # (before each side's first move, and once the game is over).
    white_clock_ms = models.IntegerField(null=True, blank=True)
    black_clock_ms = models.IntegerField(null=True, blank=True)
    clock_started_at = models.DateTimeField(null=True, blank=True)
    # Each side's lag-compensation quota (ms; lichess's LagTracker): what is left of the
    # credit it may still receive for network lag (games.clock.lag_credit).
    white_lag_quota_ms = models.PositiveIntegerField(default=0)
    black_lag_quota_ms = models.PositiveIntegerField(default=0)
    # When the side to move loses on time (a live game: when its clock or its first-move timer
    # runs out); null without a clock or once the game is over.
    deadline = models.DateTimeField(null=True, blank=True)
    # The time the player to move had left when their vacation stopped the clock (deadline is
    # null meanwhile, so nothing can time the game out); null while the clock runs.
    clock_paused_remaining = models.DurationField(null=True, blank=True)
    draw_offer = models.CharField(max_length=5, choices=Color.choices, blank=True, default="")
    # The colour asking to take its last move back (casual games only: games.services.takeback);
    # "" when nobody is. Any move, the answer, or the end of the game clears it.
    takeback_offer = models.CharField(max_length=5, choices=Color.choices, blank=True, default="")
    # The ply at which an offer was last declined: no new offer until a move is played (an
    # offer-decline loop would otherwise flood the opponent's socket).
    takeback_declined_ply = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # Ratings (issue 15): a rated game's result changes both players' Glicko-2 ratings when it
    # ends; the `ratings` app writes the players' ratings before the result (shown in the
    # archive and the export). Null for casual games and games older than ratings.
    rated = models.BooleanField(default=False)
    white_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    black_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    # The tournament the game is a pairing of (issue 43), null for a challenge's game. Named by
    # its label: games never imports the tournaments app, which listens to games.signals.
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.PROTECT, null=True,
                                   blank=True, related_name="games")
    # An imported game (issue 44): a record someone pasted, replayed by the engine and stored
    # finished and unrated. Its sides are the two inactive system accounts of
    # games.services.imports (so every query that joins players still works, and no real
    # account's record, rating or explorer count sees it); the names the record gave them are
    # `white_name` / `black_name`, and `imported_by` is who pasted it (null once they are gone).
    imported = models.BooleanField(default=False)
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, blank=True, related_name="games_imported")
    white_name = models.CharField(max_length=64, blank=True, default="")
    black_name = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [
            # The archive: a player's games by status, newest activity first.
            models.Index(fields=["white", "status", "-updated_at", "-id"],
                         name="game_white_status_at_idx"),
            models.Index(fields=["black", "status", "-updated_at", "-id"],
                         name="game_black_status_at_idx"),
            # Keyset reads (games.keyset), each order served by an index: ended games by when
            # they ended (all, and a player's as White / as Black), running games by activity.
            models.Index(fields=["-ended_at", "-id"], name="game_ended_idx"),
            models.Index(fields=["white", "-ended_at", "-id"], name="game_white_ended_idx"),
            models.Index(fields=["black", "-ended_at", "-id"], name="game_black_ended_idx"),
            models.Index(fields=["status", "-updated_at", "-id"], name="game_status_active_idx"),
            # Ended games of one status (and a player's), in the keyset order. A planner without
            # statistics (SQLite before any ANALYZE, PostgreSQL before autovacuum's) takes the
            # index with the most equalities on the filter's columns, so every index that leads
            # with `status` (or player and status) goes on in the read's order: otherwise it
            # read every finished game by `status = 'finished'` and sorted them (issue 38).
            # Partial: running games (no ended_at) stay out, so their reads never pick these.
            models.Index(fields=["status", "-ended_at", "-id"], name="game_status_ended_idx",
                         condition=Q(ended_at__isnull=False)),
            models.Index(fields=["white", "status", "-ended_at", "-id"],
                         name="game_white_status_ended_idx", condition=Q(ended_at__isnull=False)),
            models.Index(fields=["black", "status", "-ended_at", "-id"],
                         name="game_black_status_ended_idx", condition=Q(ended_at__isnull=False)),
            # The archive filtered by variant (ended games, in the keyset order).
            models.Index(fields=["variant", "-ended_at", "-id"], name="game_variant_ended_idx"),
            # The deadline sweep only looks at running games with a clock.
            models.Index(
                fields=["deadline"],
                name="game_active_deadline_idx",
                condition=Q(status="active", deadline__isnull=False),
            ),
        ]
        constraints = [
            models.CheckConstraint(condition=~Q(white=models.F("black")), name="game_two_players"),
            # A clock or days per move, never both; a clock has both its numbers.
            models.CheckConstraint(condition=Q(clock_limit__isnull=True)
                                   | Q(days_per_move__isnull=True),
                                   name="game_one_time_control"),
            models.CheckConstraint(condition=Q(clock_limit__isnull=True,
                                               clock_increment__isnull=True)
                                   | Q(clock_limit__isnull=False, clock_increment__isnull=False),
                                   name="game_clock_whole"),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk}: {self.white_id} v {self.black_id} ({self.status} {self.result})"

    def save(self, *args, **kwargs) -> None:
        if self._state.adding:
            # A new game (possibly from a given position): whose turn it is comes from the
            # position string once; from then on every move writes it.
            fields = self.fen.split()
            self.turn = (Game.Color.BLACK.value if len(fields) > 1 and fields[1] == "b"
                         else Game.Color.WHITE.value)
        super().save(*args, **kwargs)

    def player_color(self, user) -> str | None:
        if user is None or not getattr(user, "pk", None):
            return None
        if user.pk == self.white_id:
            return Game.Color.WHITE.value
        if user.pk == self.black_id:
            return Game.Color.BLACK.value
        return None

    def player_of(self, color: str):
        return self.white if color == Game.Color.WHITE else self.black

    # What pages and answers call the sides: the record's names for an imported game (its
    # players are system accounts, never shown as people), else the players' usernames.
    @property
    def white_label(self) -> str:
        return (self.white_name or "?") if self.imported else self.white.username

    @property
    def black_label(self) -> str:
        return (self.black_name or "?") if self.imported else self.black.username


class Move(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    # 1 for White's first move: the game's ply count after this move.
    ply = models.PositiveIntegerField()
    coord = models.CharField(max_length=8)  # "Bc2Cc2", "De5Ee5q"
    san = models.CharField(max_length=24)  # "NAb1-Cb2", "De5-Ee5=Q#"
    fen_after = models.CharField(max_length=MAX_FEN_LENGTH)
    played_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "ply"]
        constraints = [
            models.UniqueConstraint(fields=["game", "ply"], name="move_unique_game_ply"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.ply} {self.san}"


def new_challenge_id() -> str:
    # The game made by accepting it takes this id (as on lichess), so it is a public id, and
    # one no game has; it also serves as the secret of an open-challenge link while that is
    # pending (~47 bits).
    while True:
        value = new_public_id()
        if not Game.objects.filter(public_id=value).exists():
            return value


class Challenge(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        CANCELLED = "cancelled", _("Cancelled")

    class ColorChoice(models.TextChoices):
        WHITE = "white", _("White")
        BLACK = "black", _("Black")
        RANDOM = "random", _("Random")

    id = models.CharField(primary_key=True, max_length=16, default=new_challenge_id, editable=False)
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    # Null: an open challenge anyone logged in can accept through its link.
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="challenges_received",
        null=True,
        blank=True,
    )
    color = models.CharField(max_length=6, choices=ColorChoice.choices, default=ColorChoice.RANDOM)
    days_per_move = models.PositiveSmallIntegerField(null=True, blank=True)
    # A live game's clock (seconds; null: correspondence or unlimited), as on Game.
    clock_limit = models.PositiveIntegerField(null=True, blank=True)
    clock_increment = models.PositiveSmallIntegerField(null=True, blank=True)
    # The game it starts: the variant, its options (as on Game) and a start position string
    # ("" = the variant's start position).
    variant = models.CharField(max_length=32, default=DEFAULT_VARIANT)
    variant_options = models.JSONField(default=dict, blank=True)
    start_fen = models.CharField(max_length=MAX_FEN_LENGTH, blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # Why the opponent declined (lichess's reason keys, e.g. "variant"); "" if not declined.
    decline_reason = models.CharField(max_length=16, blank=True, default="")
    game = models.OneToOneField(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="challenge"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The lobby (issue 15): an open challenge with `public` set is a seek, listed for everyone
    # until `expires_at`; only players whose rating is within [rating_min, rating_max] may take it.
    rated = models.BooleanField(default=True)
    public = models.BooleanField(default=False)
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=Q(clock_limit__isnull=True)
                                   | Q(days_per_move__isnull=True),
                                   name="challenge_one_time_control"),
            models.CheckConstraint(condition=Q(clock_limit__isnull=True,
                                               clock_increment__isnull=True)
                                   | Q(clock_limit__isnull=False, clock_increment__isnull=False),
                                   name="challenge_clock_whole"),
        ]
        indexes = [
            # A player's pending challenges, to and from them, in the order they are listed
            # (newest first; read backwards for oldest first): no sort of their challenges.
            models.Index(fields=["opponent", "status", "-created_at"],
                         name="challenge_opponent_at_idx"),
            models.Index(fields=["challenger", "status", "-created_at"],
                         name="challenge_challenger_at_idx"),
            models.Index(fields=["expires_at"], name="challenge_open_seek_idx",
                         condition=Q(public=True, status="pending", opponent__isnull=True)),
            # The lobby's order (oldest seek first), read from an index.
            models.Index(fields=["created_at"], name="challenge_seek_created_idx",
                         condition=Q(public=True, status="pending", opponent__isnull=True)),
        ]

    @property
    def is_seek(self) -> bool:
        return self.public and self.opponent_id is None

    def __str__(self) -> str:
        target = self.opponent_id or "open"
        return f"Challenge {self.pk}: {self.challenger_id} -> {target} ({self.status})"


class Vacation(models.Model):
    """A player's holiday: while it runs, their correspondence clocks stand still (the game's
    `clock_paused_remaining` keeps what was left). Up to settings.VACATION_DAYS_PER_YEAR days
    a calendar year, counted to the second."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="vacation")
    started_at = models.DateTimeField(null=True, blank=True)  # null: not on vacation
    ends_at = models.DateTimeField(null=True, blank=True)  # when the allowance runs out
    year = models.PositiveSmallIntegerField(default=0)  # the year `seconds_used` counts
    seconds_used = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"vacation of {self.user_id} ({'on' if self.started_at else 'off'})"
