"""The puzzles' request and answer shapes (types only; the rules are the services')."""
from __future__ import annotations

from rest_framework import serializers

from core.fields import QueryCharField, StrictCharField, StrictInput
from games.variants import DEFAULT_VARIANT

MAX_MOVES = 64  # far beyond any puzzle's line
MAX_MOVE = 40


class NextQueryIn(StrictInput):
    variant = QueryCharField(required=False, default=DEFAULT_VARIANT, min_length=1, max_length=32,
                             help_text="A variant key (GET /api/v1/variants/); default raumschach.")


class PuzzleOut(serializers.Serializer):
    id = serializers.CharField(source="public_id", help_text="Five letters and digits.")
    variant = serializers.CharField()
    fen = serializers.CharField(help_text="The position, the solver to move.")
    solution = serializers.ListField(child=serializers.CharField(),
                                     help_text="Coordinate moves, the solver's first; the "
                                               "opponent's replies between (odd length).")
    themes = serializers.ListField(child=serializers.CharField())
    rating = serializers.SerializerMethodField()
    plays = serializers.IntegerField(help_text="Rated attempts so far.")
    game = serializers.CharField(source="game_public_id", allow_null=True, default=None,
                                 help_text="The finished game it was mined from, if any.")

    def get_rating(self, puzzle) -> int:
        return round(puzzle.rating)


class AttemptIn(StrictInput):
    moves = serializers.ListField(child=StrictCharField(max_length=MAX_MOVE), max_length=MAX_MOVES,
                                  allow_empty=True,
                                  help_text="The moves played, coordinate form, the opponent's "
                                            "replies included; ending at the first wrong move, "
                                            "or short of the end when the solver gave up.")
    seconds = serializers.FloatField(required=False, default=0.0, min_value=0, max_value=86400)


class GlickoOut(serializers.Serializer):
    rating = serializers.IntegerField()
    rd = serializers.IntegerField()
    provisional = serializers.BooleanField()


class AttemptOut(serializers.Serializer):
    id = serializers.CharField()
    correct = serializers.BooleanField()
    failed_at = serializers.IntegerField(allow_null=True,
                                         help_text="Index of the first wrong move (or where the "
                                                   "attempt stopped); null when solved.")
    rated = serializers.BooleanField(help_text="False for anyone logged out and for a puzzle "
                                               "already played: only the first attempt is rated.")
    rating_diff = serializers.IntegerField()
    rating = GlickoOut(allow_null=True, help_text="The player's puzzle rating in this game now.")
    puzzle_rating = serializers.IntegerField()
