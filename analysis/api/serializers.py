"""What the analysis endpoints answer (declared, so the OpenAPI schema describes them)."""
from __future__ import annotations

from rest_framework import serializers

STATUSES = ["queued", "running", "done", "failed"]
JUDGEMENTS = ["", "inaccuracy", "mistake", "blunder"]


class EvalOut(serializers.Serializer):
    eval_cp = serializers.IntegerField(allow_null=True, help_text=(
        "Centipawns from White's side; null when `mate` is set."))
    mate = serializers.IntegerField(allow_null=True, help_text=(
        "Mate in n moves from White's side (+n White mates, -n Black mates; 0: the side to "
        "move is checkmated); null when `eval_cp` is set."))


class AnalysedMoveOut(EvalOut):
    ply = serializers.IntegerField(help_text="1 for the first move of the game.")
    move = serializers.CharField(help_text="The move played (coordinate form).")
    san = serializers.CharField(help_text="The move played (readable form).")
    best = serializers.CharField(allow_null=True, help_text=(
        "The engine's move in the position before this one (coordinate form)."))
    best_san = serializers.CharField(allow_null=True)
    pv = serializers.ListField(child=serializers.CharField(), help_text=(
        "The engine's principal variation from the position before this move, starting "
        "with `best` (coordinate form)."))
    pv_san = serializers.ListField(child=serializers.CharField())
    depth = serializers.IntegerField(help_text="Plies searched completely for `best`.")
    judgement = serializers.ChoiceField(choices=JUDGEMENTS, allow_blank=True, help_text=(
        "By the drop in the mover's winning chances (lichess's scale): inaccuracy >= 0.1, "
        "mistake >= 0.2, blunder >= 0.3; \"\" when none. The engine's own move is never "
        "judged."))


class SideOut(serializers.Serializer):
    accuracy = serializers.FloatField(allow_null=True, help_text=(
        "0-100, as lichess computes it; null for a side that made no move."))
    inaccuracies = serializers.IntegerField()
    mistakes = serializers.IntegerField()
    blunders = serializers.IntegerField()


class PlayersOut(serializers.Serializer):
    white = SideOut()
    black = SideOut()


class AnalysisOut(serializers.Serializer):
    game = serializers.CharField(help_text="The game's public id.")
    status = serializers.ChoiceField(choices=STATUSES)
    progress = serializers.IntegerField(help_text="Positions searched so far.")
    total = serializers.IntegerField(help_text="Positions to search (moves + 1).")
    requested_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    core = serializers.CharField(help_text="The engine core that searched: native or python.")
    depth = serializers.IntegerField(allow_null=True, help_text="Depth limit per position.")
    nodes = serializers.IntegerField(allow_null=True, help_text="Node limit per position.")
    start = EvalOut(allow_null=True, help_text="The start position's evaluation (when done).")
    moves = AnalysedMoveOut(many=True, help_text="One entry per move (when done).")
    players = PlayersOut(allow_null=True, help_text="Per side summary (when done).")
    error = serializers.CharField(allow_blank=True, help_text="Why it failed.")
