"""What the tournament endpoints take and answer (declared, so the OpenAPI schema describes
them). The shapes follow lichess's tournament answers where they overlap (id, name, status,
nbPlayers as nb_players, standings, winner)."""
from __future__ import annotations

from rest_framework import serializers

from core.fields import StrictCharField, StrictInput, StrictIntegerField
from games.api.serializers import VariantOut, variant_options_field
from games.variants import DEFAULT_VARIANT

SYSTEM_HELP = ("round-robin (every player meets every other; Berger tables), swiss (Dutch "
               "pairing) or arena (live games: a free player is paired at once, for `minutes`).")


class TournamentIn(StrictInput):
    name = StrictCharField(max_length=80, trim_whitespace=False, help_text=(
        "2 to 80 characters once trimmed (else 400 bad_name)."))
    variant = StrictCharField(required=False, default=DEFAULT_VARIANT, max_length=32, help_text=(
        "The game's variant key (GET /api/v1/variants/); unknown: 400 unknown_variant."))
    variant_options = variant_options_field(required=False, default=dict)
    system = StrictCharField(max_length=20, help_text=SYSTEM_HELP)
    rounds = StrictIntegerField(required=False, allow_null=True, default=None, help_text=(
        "A Swiss's rounds (1-20, default 5); a round robin's follow from its players."))
    double = serializers.BooleanField(required=False, default=False, help_text=(
        "A round robin played twice, colours reversed."))
    days_per_move = StrictIntegerField(required=False, allow_null=True, default=None, help_text=(
        "Days per move (1, 2, 3, 5, 7, 10 or 14): a round robin or Swiss is played by "
        "correspondence."))
    clock_limit = StrictIntegerField(required=False, allow_null=True, default=None, help_text=(
        "An arena's clock: seconds (15-10800), with clock_increment (0-180); the round robin "
        "and Swiss are by correspondence (400 invalid_clock)."))
    clock_increment = StrictIntegerField(required=False, allow_null=True, default=None)
    minutes = StrictIntegerField(required=False, allow_null=True, default=None, help_text=(
        "An arena's length in minutes (5-720, default 60)."))
    max_players = StrictIntegerField(required=False, allow_null=True, default=None, help_text=(
        "2-20 for a round robin (default 8), 2-500 for a Swiss (default 64)."))
    starts_at = serializers.DateTimeField(required=False, allow_null=True, default=None,
                                          help_text="Starts by itself then (within 90 days).")
    rated = serializers.BooleanField(required=False, default=True)


class BotInviteIn(StrictInput):
    level = StrictIntegerField(required=False, allow_null=True, default=None, min_value=0,
                               max_value=5, help_text="One of the site's bots, by level.")
    username = StrictCharField(required=False, allow_null=True, default=None, max_length=150,
                               help_text="Or a bot account by name.")


class TournamentClockOut(serializers.Serializer):
    limit = serializers.IntegerField()
    increment = serializers.IntegerField()


class TournamentSummaryOut(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    # Named in settings.SPECTACULAR_SETTINGS (TournamentSystemEnum, TournamentStatusEnum).
    system = serializers.ChoiceField(choices=["round-robin", "swiss", "arena"])
    double = serializers.BooleanField()
    variant = VariantOut()
    variant_options = variant_options_field()
    rounds = serializers.IntegerField(allow_null=True, help_text=(
        "A Swiss's rounds; a round robin's once it started (null before)."))
    current_round = serializers.IntegerField(help_text=(
        "The Swiss round being played (0 before the start); a round robin plays all at once."))
    days_per_move = serializers.IntegerField(allow_null=True)
    clock = TournamentClockOut(allow_null=True)
    minutes = serializers.IntegerField(allow_null=True, help_text="An arena's length.")
    ends_at = serializers.DateTimeField(allow_null=True, help_text=(
        "When a started arena ends: its scores are frozen then."))
    max_players = serializers.IntegerField()
    nb_players = serializers.IntegerField(help_text="Players in it (withdrawn ones not counted).")
    rated = serializers.BooleanField()
    status = serializers.ChoiceField(choices=["created", "started", "finished"])
    created_by = serializers.CharField()
    starts_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    winner = serializers.CharField(allow_null=True)


class PlayerOut(serializers.Serializer):
    username = serializers.CharField()
    rating = serializers.IntegerField(help_text="In the tournament's game, when they joined.")
    seed = serializers.IntegerField(allow_null=True, help_text="Starting number (from the start).")
    withdrawn = serializers.BooleanField()
    bot = serializers.BooleanField()


class PairingOut(serializers.Serializer):
    round = serializers.IntegerField()
    white = serializers.CharField()
    black = serializers.CharField(allow_null=True, help_text="null: a bye (1 point, Swiss).")
    game = serializers.CharField(allow_null=True, help_text="The game's public id.")
    result = serializers.CharField(allow_null=True, help_text="1-0, 0-1, 1/2-1/2, bye; null "
                                   "while the game runs.")
    forfeit = serializers.BooleanField(help_text="Scored without the game being played out.")
    status = serializers.CharField(allow_null=True, help_text="The game's status.")
    counts = serializers.BooleanField(help_text=(
        "False for an arena's game that ended after the arena: it scores nothing."))


class StandingOut(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    score = serializers.FloatField()
    buchholz = serializers.FloatField()
    sonneborn_berger = serializers.FloatField()
    wins = serializers.IntegerField()
    played = serializers.IntegerField()
    withdrawn = serializers.BooleanField()
    sheet = serializers.CharField(help_text=(
        "An arena's points per game in order, e.g. 2240 (\"\" otherwise)."))
    fire = serializers.BooleanField(help_text="An arena: two or more wins in a row, now "
                                    "(the next win counts double).")


class CrosstableRowOut(serializers.Serializer):
    username = serializers.CharField()
    results = serializers.DictField(child=serializers.CharField(), help_text=(
        "Per opponent, the results against them in round order: 1, ½, 0, + (forfeit win), "
        "- (forfeit loss)."))


class TournamentOut(TournamentSummaryOut):
    players = PlayerOut(many=True)
    pairings = PairingOut(many=True, help_text="Every board of every round paired so far, "
                          "in round order.")
    standings = StandingOut(many=True)
    crosstable = CrosstableRowOut(many=True)
    joined = serializers.BooleanField(help_text="Whether you are in it (and not withdrawn).")


class TournamentListOut(serializers.Serializer):
    created = TournamentSummaryOut(many=True)
    started = TournamentSummaryOut(many=True)
    finished = TournamentSummaryOut(many=True)
