"""Input validation (types and shapes only; rules live in the services) and the response
shapes, which also document the API in the OpenAPI schema."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import (QueryBooleanField, QueryCharField, QueryChoiceField, QueryDateField,
                         QueryIntegerField,
                         StrictCharField, StrictInput, StrictIntegerField)
from core.serializers import FieldsOnceSerializer
from games.clock import speed_of
from games.models import DAYS_PER_MOVE_CHOICES, MAX_FEN_LENGTH, Challenge, Game
from games.services.play import DRAW_ACTIONS, MAX_MOVE_TEXT
from games.services.takeback import TAKEBACK_ACTIONS
from games.variants import DEFAULT_VARIANT, variant_json

# ---- variants ----
class VariantOut(FieldsOnceSerializer):
    key = serializers.CharField(help_text="The variant's key (engine.VARIANTS), e.g. raumschach "
                                "or fiveup: what every API takes as `variant`.")
    name = serializers.CharField(help_text="Its name for people, e.g. Five Up.")


VARIANT_OPTIONS_HELP = ("The variant's game options and their values, e.g. {\"castling\": true} "
                        "for Five Up (GET /api/v1/variants/ lists each variant's options).")


def variant_options_field(**kwargs) -> serializers.DictField:
    return serializers.DictField(help_text=VARIANT_OPTIONS_HELP, **kwargs)


class VariantFieldMixin:
    """`variant` as {key, name} from an object's stored variant key."""

    @extend_schema_field(VariantOut)
    def get_variant(self, obj) -> dict:
        key = obj["variant"] if isinstance(obj, dict) else obj.variant
        return key if isinstance(key, dict) else variant_json(key)


class NameSuggestionOut(serializers.Serializer):
    username = serializers.CharField()


class VariantFilterIn(StrictInput):
    variant = QueryCharField(required=False, min_length=1, max_length=32, help_text=(
        "A variant key (GET /api/v1/variants/); an unknown key is a 400 unknown_variant."))


class VariantDescribedOut(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    summary = serializers.CharField(help_text="One line for the new-game form.")
    rules = serializers.CharField(help_text="The site's page of the variant's rules.")
    start_fen = serializers.CharField(help_text="The variant's start position string.")
    options = serializers.DictField(help_text=(
        "The game options it offers: {name: {default, label}}; give values as a challenge's "
        "variant_options."))
    descriptor = serializers.DictField(help_text=(
        "What the board is drawn from (variant.describe()): boards, cells with their layout, "
        "placement order, pieces, promotion and reserve letters, position-string fields."))



class PieceReachOut(serializers.Serializer):
    variant = VariantOut()
    piece = serializers.CharField(help_text="The piece's letter (upper case White, lower case Black).")
    cell = serializers.CharField()
    fen = serializers.CharField(help_text="The lone piece's position string (no kings: for drawing).")
    moves = serializers.ListField(child=serializers.CharField(),
                                  help_text="Cells it can move to on an empty board (engine order).")
    attacks = serializers.ListField(child=serializers.CharField(),
                                    help_text="Cells it attacks: where it would capture an enemy piece.")


class PositionSetupOut(serializers.Serializer):
    variant = VariantOut()
    valid = serializers.BooleanField(help_text="The position is legal (it may be mate or stalemate).")
    playable = serializers.BooleanField(help_text="A game may start from it: legal, and the side to move "
                                        "has a move (what `fen` on a challenge needs).")
    fen = serializers.CharField(allow_blank=True, help_text="The position string as the variant writes it "
                                "(empty when it is not valid).")
    code = serializers.CharField(allow_blank=True, help_text="bad_position (it does not read) or "
                                 "illegal_position (it reads but breaks a set-up rule); empty when playable.")
    check = serializers.CharField(allow_blank=True, help_text=(
        "The rule broken: malformed, kings, pawns, opposite_check, unmoved, pins, no_moves; empty when "
        "playable."))
    reason = serializers.CharField(allow_blank=True, help_text="The engine's reason, for people.")


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


# ---- games ----
GAME_ID_HELP = ("The game's public id: 8 letters and digits, the id of its URLs, events and "
                "export (an integer before v1.2).")


SPEED_HELP = ("lichess's speed of the time control (limit + 40 x increment seconds): bullet "
              "< 180 <= blitz < 480 <= rapid < 1500 <= classical; correspondence for days per "
              "move or no clock. Ratings are kept per game and speed.")


class ClockOut(serializers.Serializer):
    limit = serializers.IntegerField(help_text="Seconds each side started with.")
    increment = serializers.IntegerField(help_text="Seconds added to a side's clock per move.")
    white = serializers.IntegerField(help_text=(
        "Milliseconds White has left as of this answer (or event: as of the server's receipt "
        "of its move, increment added)."))
    black = serializers.IntegerField(help_text="Milliseconds Black has left, likewise.")
    running = serializers.CharField(allow_null=True, help_text=(
        "The side whose clock runs (white or black); null before the clocks start (each "
        "side's first move has a first-move timer instead: `deadline`) and after the end."))


def clock_field(**kwargs) -> ClockOut:
    return ClockOut(allow_null=True, help_text=(
        "A live game's clock; null for correspondence and unlimited games."), **kwargs)


class GameSummaryOut(VariantFieldMixin, serializers.Serializer):
    id = serializers.CharField(source="public_id", help_text=GAME_ID_HELP)
    variant = serializers.SerializerMethodField()
    variant_options = variant_options_field()
    white = serializers.CharField(source="white_label", help_text=(
        "White's username; for an imported game, the name its record gave."))
    black = serializers.CharField(source="black_label")
    status = serializers.CharField()
    result = serializers.CharField()
    termination = serializers.CharField()
    ply = serializers.IntegerField()
    turn = serializers.CharField()
    days_per_move = serializers.IntegerField(allow_null=True)
    clock_limit = serializers.IntegerField(allow_null=True, help_text="Seconds; null: no clock.")
    clock_increment = serializers.IntegerField(allow_null=True)
    speed = serializers.CharField(help_text=SPEED_HELP)
    deadline = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    rated = serializers.BooleanField(help_text="A rated game changes both players' ratings.")
    imported = serializers.BooleanField(help_text=(
        "An imported record (POST /api/v1/games/import/): unrated, counted nowhere."))
    white_rating = serializers.IntegerField(allow_null=True, help_text=(
        "White's rating when the game ended; null while it runs."))
    black_rating = serializers.IntegerField(allow_null=True)


class MoveOut(FieldsOnceSerializer):
    ply = serializers.IntegerField(help_text="The game's ply count after this move (1 = first).")
    move = serializers.CharField(help_text="Coordinate form, e.g. Bc2Cc2.")
    san = serializers.CharField(help_text="Readable form, e.g. NAb1-Cb2.")
    fen = serializers.CharField(help_text="The position string after the move.")


class GameStateOut(FieldsOnceSerializer):
    id = serializers.CharField(help_text=GAME_ID_HELP)
    variant = VariantOut()
    variant_options = variant_options_field()
    start_fen = serializers.CharField(help_text="The position string the game started from.")
    white = serializers.CharField()
    black = serializers.CharField()
    status = QueryChoiceField(choices=Game.Status.values)
    result = QueryChoiceField(choices=Game.Result.values)
    termination = serializers.CharField()
    fen = serializers.CharField()
    ply = serializers.IntegerField(help_text="Moves played; state it when you move.")
    turn = serializers.ChoiceField(choices=["white", "black"])
    deadline = serializers.DateTimeField(allow_null=True)
    clock_paused = serializers.BooleanField(
        help_text="The player to move is on vacation: their clock stands still (deadline null).")
    clock_remaining = serializers.IntegerField(
        allow_null=True, help_text="Seconds the paused clock will restart with.")
    on_vacation = serializers.ListField(
        child=serializers.CharField(),
        help_text="Colours (white, black) of the players now on vacation (games with a clock).")
    days_per_move = serializers.IntegerField(allow_null=True)
    speed = serializers.CharField(help_text=SPEED_HELP)
    clock = clock_field()
    rated = serializers.BooleanField()
    imported = serializers.BooleanField(help_text=(
        "An imported record (POST /api/v1/games/import/): finished, unrated, counted in no "
        "rating, record, leaderboard or explorer; `white` / `black` are the record's names."))
    white_rating = serializers.IntegerField(allow_null=True)
    black_rating = serializers.IntegerField(allow_null=True)
    draw_offer = serializers.CharField(allow_null=True, help_text="Colour offering a draw.")
    takeback_offer = serializers.CharField(
        allow_null=True, help_text="Colour asking to take its last move back (casual games).")
    your_color = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    tournament = serializers.CharField(allow_null=True, help_text=(
        "The id of the tournament this game is a pairing of (/api/v1/tournaments/<id>/), or "
        "null."))
    moves = MoveOut(many=True, help_text=(
        "The moves after `moves_since` (all of them when it is 0), oldest first."))
    moves_since = serializers.IntegerField(help_text=(
        "The ply `moves` starts after: since_ply when asked, the stated ply in a move's "
        "answer, else 0 (the whole game)."))
    legal_moves = serializers.ListField(child=serializers.CharField())
    checkers = serializers.ListField(
        child=serializers.CharField(), required=False,
        help_text="Cells of the pieces giving check to the side to move (empty if none).")


class MovePlayedOut(MoveOut):
    game = GameStateOut()


class MoveIn(StrictInput):
    move = StrictCharField(max_length=MAX_MOVE_TEXT, help_text="Coordinates (Bc2Cc2, De5Ee5q) or the readable form the move list shows (Bc2-Cc2, NAb1-Cb2), any letter case.")
    ply = StrictIntegerField(min_value=0, help_text="The ply the game is at (game.ply).")


class GameStateQueryIn(StrictInput):
    since_ply = QueryIntegerField(min_value=0, required=False, default=0, help_text=(
        "Only list moves after this ply (for clients catching up)."))


class AttackersOut(serializers.Serializer):
    variant = VariantOut()
    cell = serializers.CharField(help_text="The cell asked about, e.g. Cc3.")
    fen = serializers.CharField(help_text="The position the answer is for (the game's current one).")
    white = serializers.ListField(child=serializers.CharField(),
                                  help_text="Cells of White's pieces attacking the cell.")
    black = serializers.ListField(child=serializers.CharField(),
                                  help_text="Cells of Black's pieces attacking the cell.")


class DrawIn(StrictInput):
    action = serializers.ChoiceField(choices=DRAW_ACTIONS)


class TakebackIn(StrictInput):
    action = serializers.ChoiceField(choices=TAKEBACK_ACTIONS)


class GameFilterIn(VariantFilterIn):
    """The archive's filters: the same as the /archive/ page's (games.selectors.games_archive)."""
    # Query fields: `?player=` sent empty is refused, not read as no filter
    player = QueryCharField(required=False, max_length=150,
                            help_text="A username (any case or width).")
    opponent = QueryCharField(required=False, max_length=150,
                                     help_text="With player: games between the two.")
    status = QueryChoiceField(choices=Game.Status.values, required=False)
    result = QueryChoiceField(
        choices=[*Game.Result.values, "white", "black", "draw", "won", "lost"], required=False,
        help_text="won / lost: seen from player (without player: 400 needs_player).")
    against = QueryChoiceField(choices=["bots", "humans"], required=False,
                               help_text="The opponent (of player, if given) is a bot or a "
                               "human.")
    date_from = QueryDateField(required=False, help_text="Ended on or after this day.")
    date_to = QueryDateField(required=False, help_text="Ended on or before this day.")
    rated = QueryBooleanField(required=False, help_text="Only rated (true) or casual games.")
    imported = QueryBooleanField(required=False, help_text=(
        "Only imported records (true) or only games played here (false)."))
    rating_min = QueryIntegerField(required=False, min_value=0, max_value=4000,
                                   help_text="Both players rated at least this as it ended.")
    rating_max = QueryIntegerField(required=False, min_value=0, max_value=4000,
                                   help_text="Both players rated at most this as it ended.")


class ArchivePageIn(StrictInput):
    """Where in the archive to read: pages are reached by cursor (next / previous), never by
    number, so a deep page costs what the first one does."""
    cursor = serializers.CharField(required=False, default="", max_length=200, help_text=(
        "Opaque: the `next` or `previous` link's cursor. Empty: the first page."))
    page_size = QueryIntegerField(required=False, default=20, min_value=1, max_value=100)


class GameArchivePageOut(serializers.Serializer):
    count = serializers.IntegerField(help_text=(
        "Games matching the filters, counted up to 1000 (see count_capped)."))
    count_capped = serializers.BooleanField(help_text=(
        "More than `count` games match (shown as \"1,000+\"): the archive is not counted "
        "exactly on every page."))
    next = serializers.URLField(allow_null=True, help_text="The following (older) page.")
    previous = serializers.URLField(allow_null=True, help_text="The preceding (newer) page.")
    results = GameSummaryOut(many=True)


# ---- challenges ----
class ChallengeIn(StrictInput):
    opponent = StrictCharField(allow_null=True, required=False, default=None, max_length=150,
                               help_text="Username, or null for an open challenge anyone with "
                               "the link can accept.")
    color = serializers.ChoiceField(choices=Challenge.ColorChoice.values,
                                    default=Challenge.ColorChoice.RANDOM)
    days_per_move = serializers.ChoiceField(choices=DAYS_PER_MOVE_CHOICES, allow_null=True,
                                            required=False, default=None)
    clock_limit = StrictIntegerField(required=False, allow_null=True, default=None, help_text=(
        "A live game: seconds each side starts with, 15 to 10800 (with days_per_move null); "
        "out of bounds, or with days_per_move: 400 invalid_clock."))
    clock_increment = StrictIntegerField(required=False, allow_null=True, default=None,
                                         help_text=("Seconds added per move, 0 to 180 (default "
                                                    "0 with a clock_limit)."))
    rated = serializers.BooleanField(required=False, allow_null=True, default=None, help_text=(
        "Rated (default) or casual. Against a bot, rated games are capped per day; past the "
        "cap the default is casual and an explicit true is refused (409 bot_rating_cap)."))
    public = serializers.BooleanField(required=False, default=False, help_text=(
        "With no opponent: list the challenge in the lobby (a seek, GET /api/v1/seeks/)."))
    rating_min = serializers.IntegerField(required=False, allow_null=True, default=None,
                                          min_value=0, max_value=4000,
                                          help_text="A seek: lowest rating that may take it.")
    rating_max = serializers.IntegerField(required=False, allow_null=True, default=None,
                                          min_value=0, max_value=4000,
                                          help_text="A seek: highest rating that may take it.")
    variant = StrictCharField(required=False, default=DEFAULT_VARIANT, allow_blank=True,
                              max_length=32, help_text=(
        "The game's variant key (GET /api/v1/variants/); unknown: 400 unknown_variant."))
    variant_options = variant_options_field(required=False, default=dict)
    fen = StrictCharField(required=False, allow_blank=True, default="", max_length=MAX_FEN_LENGTH,
                          help_text=("Start from this position string of the variant: a casual "
                                     "game (rated: true is made casual, as lichess does); a "
                                     "string the variant does not read is a 400 bad_position, "
                                     "an illegal set-up a 400 illegal_position, each with the "
                                     "engine's reason (GET /api/v1/variants/{key}/validate/ "
                                     "asks first)."))


class ChallengeOut(VariantFieldMixin, serializers.Serializer):
    id = serializers.CharField(help_text="Also the secret of an open challenge's link.")
    variant = serializers.SerializerMethodField()
    variant_options = variant_options_field()
    start_fen = serializers.CharField(help_text="The start position string; empty for the "
                                      "variant's own.")
    decline_reason = serializers.CharField(help_text=(
        "Why it was declined (lichess's keys, e.g. variant: a bot that does not play it)."))
    challenger = serializers.CharField(source="challenger.username")
    opponent = serializers.CharField(source="opponent.username", allow_null=True)
    color = serializers.CharField(help_text="The challenger's colour choice.")
    days_per_move = serializers.IntegerField(allow_null=True)
    clock_limit = serializers.IntegerField(allow_null=True)
    clock_increment = serializers.IntegerField(allow_null=True)
    speed = serializers.SerializerMethodField(help_text=SPEED_HELP)
    status = serializers.CharField()
    game = serializers.CharField(source="game.public_id", allow_null=True, help_text=(
        "The public id of the game made by accepting it (the challenge's own id, for a "
        "challenge made since v1.2), else null."))
    rated = serializers.BooleanField()
    public = serializers.BooleanField(help_text="A seek listed in the lobby.")
    rating_min = serializers.IntegerField(allow_null=True)
    rating_max = serializers.IntegerField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True, help_text="When a seek leaves the "
                                           "lobby.")
    url = serializers.SerializerMethodField(help_text="Link to this challenge; for an open "
                                            "challenge, share it: anyone logged in who has it "
                                            "can accept with POST <url>accept/.")
    created_at = serializers.DateTimeField()

    def get_speed(self, challenge: Challenge) -> str:
        return speed_of(challenge.clock_limit, challenge.clock_increment)

    def get_url(self, challenge: Challenge) -> str:
        path = f"/api/v1/challenges/{challenge.pk}/"
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


class ChallengeListOut(serializers.Serializer):
    incoming = ChallengeOut(many=True)
    outgoing = ChallengeOut(many=True)


class GameIdOut(serializers.Serializer):
    game = serializers.CharField(help_text=GAME_ID_HELP)


class SeekOut(VariantFieldMixin, serializers.Serializer):
    id = serializers.CharField(help_text="Take it with POST /api/v1/challenges/<id>/accept/.")
    variant = serializers.SerializerMethodField()
    variant_options = variant_options_field()
    username = serializers.CharField(help_text="Who is waiting.")
    rating = serializers.IntegerField(help_text="The seeker's rating in the seek's variant.")
    provisional = serializers.BooleanField()
    color = serializers.CharField(help_text="The seeker's colour choice.")
    days_per_move = serializers.IntegerField(allow_null=True)
    clock_limit = serializers.IntegerField(allow_null=True)
    clock_increment = serializers.IntegerField(allow_null=True)
    speed = serializers.CharField(help_text=SPEED_HELP)
    rated = serializers.BooleanField()
    rating_min = serializers.IntegerField(allow_null=True)
    rating_max = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()


class SeekFilterIn(VariantFilterIn):
    fits_me = QueryBooleanField(required=False, default=False, help_text=(
        "Only seeks whose rating range admits your rating in its variant (and not your own)."))


class VariantRatingOut(serializers.Serializer):
    variant = VariantOut()
    speed = serializers.CharField(help_text=SPEED_HELP)
    rating = serializers.IntegerField()
    rd = serializers.IntegerField()
    provisional = serializers.BooleanField()
    games_rated = serializers.IntegerField()


class ProfileOut(serializers.Serializer):
    username = serializers.CharField()
    date_joined = serializers.DateTimeField()
    is_bot = serializers.BooleanField()
    bot = serializers.DictField(allow_null=True, help_text=(
        "For a bot: username, name, level, description, search_depth, max_think_seconds, "
        "record (as GET /api/v1/bots/<username>/); null for a person."))
    record = RecordOut()
    rating = serializers.IntegerField(help_text="Glicko-2 rating in Raumschach (1500 to start); "
                                      "`ratings` lists every variant's.")
    rd = serializers.IntegerField(help_text="Rating deviation; grows while inactive.")
    provisional = serializers.BooleanField(help_text="rd above 110: shown as e.g. 1500?.")
    games_rated = serializers.IntegerField()
    ratings = VariantRatingOut(many=True, help_text=(
        "The player's rating in each variant and speed they have played rated (each its own "
        "pool)."))
    recent_games = GameSummaryOut(many=True)


class GameImportIn(StrictInput):
    text = StrictCharField(
        trim_whitespace=False, help_text=(
            "The record: the site's export (GET /api/v1/games/{id}/export/: tag pairs, then "
            "numbered moves; glyphs and { comments } are skipped), or a bare move list in "
            "readable or coordinate form, after a [Variant \"Five Up\"] tag (Raumschach "
            "without one). At most 65,536 characters and 2,000 plies (longer: too_long)."))


class ImportErrorOut(serializers.Serializer):
    error = serializers.CharField(help_text=(
        "malformed_tag, unknown_variant, bad_variant_option, bad_position, malformed_move, "
        "illegal_move, moves_after_end, result_mismatch, no_moves, too_long (or invalid: the "
        "body itself)."))
    detail = serializers.CharField(help_text="Says the line, the move and why.")
    line = serializers.IntegerField(allow_null=True, required=False,
                                    help_text="The record's line at fault (1 = the first).")
    ply = serializers.IntegerField(allow_null=True, required=False,
                                   help_text="The move at fault, counted in plies (1 = the first).")
    move = serializers.CharField(allow_null=True, required=False,
                                 help_text="The move's text as the record wrote it.")
