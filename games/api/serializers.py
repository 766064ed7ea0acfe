"""Input validation (types and shapes only; rules live in the services) and the response
shapes, which also document the API in the OpenAPI schema."""
from __future__ import annotations

from rest_framework import serializers

from games.models import DAYS_PER_MOVE_CHOICES, Challenge, Game
from games.services.play import DRAW_ACTIONS, MAX_MOVE_TEXT

from .fields import StrictCharField, StrictIntegerField


class ErrorSerializer(serializers.Serializer):
    error = serializers.CharField(help_text="Stable machine-readable code, e.g. stale_ply.")
    detail = serializers.CharField(help_text="Human-readable message.")


# ---- accounts ----
class SignupIn(serializers.Serializer):
    username = StrictCharField(max_length=150, trim_whitespace=True)
    password = StrictCharField(max_length=4096, trim_whitespace=False)
    email = StrictCharField(max_length=254, required=False, allow_blank=True, default="")


class SignupOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField(help_text="Shown once; send as 'Authorization: Token <token>'.")


class CredentialsIn(serializers.Serializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=4096, trim_whitespace=False)
    name = StrictCharField(max_length=64, required=False, allow_blank=True, default="")


class TokenOut(serializers.Serializer):
    token = serializers.CharField()


class PasswordChangeIn(serializers.Serializer):
    old_password = StrictCharField(max_length=4096, trim_whitespace=False)
    new_password = StrictCharField(max_length=4096, trim_whitespace=False)


class RecordOut(serializers.Serializer):
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()


class MeOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.CharField()
    date_joined = serializers.DateTimeField()
    is_bot = serializers.BooleanField()
    record = RecordOut()


class ApiTokenIn(serializers.Serializer):
    name = StrictCharField(max_length=64, required=False, allow_blank=True, default="")


class ApiTokenOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="The first characters of the token.")
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)


class ApiTokenCreatedOut(ApiTokenOut):
    token = serializers.CharField(help_text="The raw token: shown only in this response.")


# ---- games ----
class GameSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    white = serializers.CharField(source="white.username")
    black = serializers.CharField(source="black.username")
    status = serializers.CharField()
    result = serializers.CharField()
    termination = serializers.CharField()
    ply = serializers.IntegerField()
    turn = serializers.CharField()
    days_per_move = serializers.IntegerField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class MoveOut(serializers.Serializer):
    ply = serializers.IntegerField(help_text="The game's ply count after this move (1 = first).")
    move = serializers.CharField(help_text="Coordinate form, e.g. Bc2Cc2.")
    san = serializers.CharField(help_text="Readable form, e.g. NAb1-Cb2.")
    fen = serializers.CharField(help_text="The position string after the move.")


class GameStateOut(serializers.Serializer):
    id = serializers.IntegerField()
    white = serializers.CharField()
    black = serializers.CharField()
    status = serializers.ChoiceField(choices=Game.Status.values)
    result = serializers.ChoiceField(choices=Game.Result.values)
    termination = serializers.CharField()
    fen = serializers.CharField()
    ply = serializers.IntegerField(help_text="Moves played; state it when you move.")
    turn = serializers.ChoiceField(choices=["white", "black"])
    deadline = serializers.DateTimeField(allow_null=True)
    days_per_move = serializers.IntegerField(allow_null=True)
    draw_offer = serializers.CharField(allow_null=True, help_text="Colour offering a draw.")
    your_color = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    moves = MoveOut(many=True)
    legal_moves = serializers.ListField(child=serializers.CharField())
    checkers = serializers.ListField(
        child=serializers.CharField(), required=False,
        help_text="Cells of the pieces giving check to the side to move (empty if none).")


class MovePlayedOut(MoveOut):
    game = GameStateOut()


class MoveIn(serializers.Serializer):
    move = StrictCharField(max_length=MAX_MOVE_TEXT, help_text="Coordinates (Bc2Cc2, De5Ee5q) or the readable form the move list shows (Bc2-Cc2, NAb1-Cb2), any letter case.")
    ply = StrictIntegerField(min_value=0, help_text="The ply the game is at (game.ply).")


class GameStateQueryIn(serializers.Serializer):
    since_ply = serializers.IntegerField(min_value=0, required=False, default=0)


class DrawIn(serializers.Serializer):
    action = serializers.ChoiceField(choices=DRAW_ACTIONS)


class GameFilterIn(serializers.Serializer):
    player = serializers.CharField(required=False, max_length=150)
    status = serializers.ChoiceField(choices=Game.Status.values, required=False)
    result = serializers.ChoiceField(
        choices=[*Game.Result.values, "white", "black", "draw"], required=False)


# ---- challenges ----
class ChallengeIn(serializers.Serializer):
    opponent = StrictCharField(allow_null=True, required=False, default=None, max_length=150,
                               help_text="Username, or null for an open challenge anyone with "
                               "the link can accept.")
    color = serializers.ChoiceField(choices=Challenge.ColorChoice.values,
                                    default=Challenge.ColorChoice.RANDOM)
    days_per_move = serializers.ChoiceField(choices=DAYS_PER_MOVE_CHOICES, allow_null=True,
                                            required=False, default=None)


class ChallengeOut(serializers.Serializer):
    id = serializers.CharField(help_text="Also the secret of an open challenge's link.")
    challenger = serializers.CharField(source="challenger.username")
    opponent = serializers.CharField(source="opponent.username", allow_null=True)
    color = serializers.CharField(help_text="The challenger's colour choice.")
    days_per_move = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    game = serializers.IntegerField(source="game_id", allow_null=True)
    url = serializers.SerializerMethodField(help_text="Link to this challenge; for an open "
                                            "challenge, share it: anyone logged in who has it "
                                            "can accept with POST <url>accept/.")
    created_at = serializers.DateTimeField()

    def get_url(self, challenge: Challenge) -> str:
        path = f"/api/v1/challenges/{challenge.pk}/"
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


class ChallengeListOut(serializers.Serializer):
    incoming = ChallengeOut(many=True)
    outgoing = ChallengeOut(many=True)


class GameIdOut(serializers.Serializer):
    game = serializers.IntegerField()


class ProfileOut(serializers.Serializer):
    username = serializers.CharField()
    date_joined = serializers.DateTimeField()
    is_bot = serializers.BooleanField()
    bot = serializers.DictField(allow_null=True, help_text=(
        "For a bot: username, name, level, description, search_depth, max_think_seconds, "
        "record (as GET /api/v1/bots/<username>/); null for a person."))
    record = RecordOut()
    recent_games = GameSummaryOut(many=True)
