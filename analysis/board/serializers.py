"""The analysis board's request and answer shapes (types only; the rules are the services')."""
from __future__ import annotations

from rest_framework import serializers

from core.fields import StrictCharField, StrictInput
from games.api.serializers import variant_options_field
from games.variants import DEFAULT_VARIANT

MAX_FEN = 1000  # games.models.MAX_FEN_LENGTH: Star Trek's strings run past 400


class BoardPositionIn(StrictInput):
    variant = StrictCharField(default=DEFAULT_VARIANT, max_length=40)
    variant_options = variant_options_field(required=False, default=dict)
    fen = StrictCharField(max_length=MAX_FEN, trim_whitespace=False, allow_blank=True,
                          help_text="The position string (as the variant writes it).")
    move = StrictCharField(required=False, max_length=40,
                           help_text="A coordinate move to play from it, e.g. Bc2Cc2 (omit: the position itself).")


class BoardSearchIn(StrictInput):
    variant = StrictCharField(default=DEFAULT_VARIANT, max_length=40)
    variant_options = variant_options_field(required=False, default=dict)
    fen = StrictCharField(max_length=MAX_FEN, trim_whitespace=False, allow_blank=True)


class PositionNumbersOut(serializers.Serializer):
    codes = serializers.ListField(child=serializers.IntegerField())
    side = serializers.IntegerField()
    hmc = serializers.IntegerField()
    extra = serializers.ListField(child=serializers.IntegerField(), allow_null=True)


class PlayedOut(serializers.Serializer):
    move = serializers.CharField(help_text="Coordinate form, e.g. Bc2Cc2.")
    san = serializers.CharField(help_text="The readable form with its check mark, e.g. NAb1-Cb2+.")
    packed = serializers.IntegerField(help_text="The engine's packed move (what the browser's engine plays).")


class BoardPositionOut(serializers.Serializer):
    fen = serializers.CharField()
    turn = serializers.ChoiceField(choices=["white", "black"])
    legal_moves = serializers.ListField(child=serializers.CharField())
    checkers = serializers.ListField(child=serializers.CharField())
    outcome = serializers.CharField(allow_null=True, help_text="e.g. Checkmate, or null while moves remain.")
    numbers = PositionNumbersOut(help_text="The position as the browser's engine reads it.")
    played = PlayedOut(allow_null=True)


class BoardSearchOut(serializers.Serializer):
    depth = serializers.IntegerField()
    score = serializers.IntegerField(help_text="Centipawns for the side to move; +-(30000 - n) for a mate in n plies.")
    nodes = serializers.IntegerField()
    seconds = serializers.FloatField()
    pv = serializers.ListField(child=serializers.IntegerField())
    pv_text = serializers.ListField(child=serializers.CharField())
