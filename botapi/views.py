"""The lichess-compatible Bot API and Board API: thin views over `games.services` (every game
action goes through the same services as REST and websockets) and `botapi.services`.

Errors have lichess's shape, `{"error": "<message>"}`, plus our stable `code`; where lichess
answers 400 for a refused action (not your turn, game over, wrong account kind) so do we.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.validators import RegexValidator
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import MethodNotAllowed
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services as account_services
from accounts.errors import MissingScope
from core.errors import SiteError
from accounts.http import client_ip
from accounts.ratelimit import ratelimit_consume
from chat import selectors as chat_selectors
from chat import services as chat_services
from chat.models import ChatMessage
from games import selectors as game_selectors
from games import services as game_services
from games.api.exceptions import api_exception_handler
from bots.services import VARIANT_KEYS_TEXT
from games.decline_reasons import DECLINE_REASONS, decline_reason_key
from core.fields import StrictInput
from games.errors import InvalidClock, InvalidInput, NotAPlayer
from games.models import DAYS_PER_MOVE_CHOICES
from games.variants import DEFAULT_VARIANT

from . import selectors, services
from .auth import (CHALLENGE, ROLE_SCOPES, BearerOrTokenAuthentication, check_scopes,
                   scope_headers)

User = get_user_model()


def lichess_exception_handler(exc, context):
    """The project's error mapping, reshaped as lichess's `{"error": message}` (+ `code`)."""
    response = api_exception_handler(exc, context)
    if response is None or not isinstance(response.data, dict):
        return response
    code = response.data.get("error", "error")
    message = response.data.get("detail", code)
    response.data = {"error": message, "code": code}
    if isinstance(exc, MissingScope):  # lichess's 403, with its scope headers
        for name, value in scope_headers(exc).items():
            response[name] = value
    # lichess refuses an action it will not carry out with 400, not 403/409.
    elif isinstance(exc, SiteError) and response.status_code in (403, 409):
        response.status_code = 400
    return response


class LichessError(serializers.Serializer):
    error = serializers.CharField(help_text="What went wrong, for people.")
    code = serializers.CharField(help_text="Stable machine-readable code.")


class Ok(serializers.Serializer):
    ok = serializers.BooleanField()


class LichessVariantsOut(serializers.Serializer):
    variants = serializers.ListField(child=serializers.CharField(),
                                     help_text="The variant keys this bot plays.")


ERRORS = {400: LichessError, 401: LichessError, 404: LichessError, 429: LichessError}
OK = {200: Ok, **ERRORS}


class LichessView(APIView):
    """Token auth (Bearer or Token), lichess error shape; `role` says who may call it."""

    authentication_classes = [BearerOrTokenAuthentication]
    permission_classes = [IsAuthenticated]
    role: str | None = None  # "bot": external bots only; "board": people only; None: both
    rate_scope = "botapi_action"
    # The token scopes that may call it (any one will do); None: those of the role, and
    # none needed without a role.
    scopes: tuple[str, ...] | None = None

    def get_exception_handler(self):
        return lichess_exception_handler

    def initial(self, request: Request, *args, **kwargs) -> None:
        # A method the path does not have (TRACE...) is a 405 before anything else: the role
        # check below would call it a 400 (wrong kind of account).
        method = request.method.lower()
        if method not in self.http_method_names or not hasattr(self, method):
            raise MethodNotAllowed(request.method)
        super().initial(request, *args, **kwargs)
        accepted = self.scopes if self.scopes is not None else ROLE_SCOPES.get(self.role, ())
        check_scopes(request.auth, accepted)
        check_role(request.user, self.role)
        if request.method == "POST" and self.rate_scope:
            ratelimit_consume(scope=self.rate_scope, key=str(request.user.pk))


def check_role(user, role: str | None) -> None:
    kind = selectors.account_kind(user)
    if kind == "builtin":
        raise InvalidInput(_("Built-in bots are played by the server, not through the API."),
                           code="builtin_bot")
    if role == "bot" and kind != "bot":
        raise InvalidInput(_("This endpoint can only be used with a Bot account."),
                           code="not_a_bot")
    if role == "board" and kind != "human":
        raise InvalidInput(_("This endpoint cannot be used with a Bot account; use /api/bot/."),
                           code="bot_account")


@csrf_exempt  # it changes nothing; a POST to an unknown path must not meet the CSRF page
def lichess_not_found(request: HttpRequest, *args, **kwargs) -> JsonResponse:
    """An unknown path under /api/ (outside /api/v1/): lichess's `{"error": "Not found"}`."""
    return JsonResponse({"error": "Not found", "code": "not_found"}, status=404)


def ok() -> Response:
    return Response({"ok": True})


# ----- account

class AccountView(APIView):
    authentication_classes = [BearerOrTokenAuthentication]
    permission_classes = [IsAuthenticated]

    def get_exception_handler(self):
        return lichess_exception_handler

    @extend_schema(operation_id="lichess_account", tags=["bot-api"],
                   responses={200: OpenApiTypes.OBJECT, 401: LichessError},
                   summary="Your account, lichess's shape (title BOT for bot accounts)")
    def get(self, request: Request) -> Response:
        return Response(selectors.account_json(request.user))


class PlayingView(APIView):
    authentication_classes = [BearerOrTokenAuthentication]
    permission_classes = [IsAuthenticated]

    def get_exception_handler(self):
        return lichess_exception_handler

    @extend_schema(operation_id="lichess_account_playing", tags=["bot-api"],
                   responses={200: OpenApiTypes.OBJECT, 401: LichessError},
                   summary="Your games in progress: {nowPlaying: [...]}")
    def get(self, request: Request) -> Response:
        games = selectors.games_in_progress(user=request.user)
        return Response({"nowPlaying": [selectors.event_game_json(g, request.user)
                                        for g in games]})


MAX_TOKENS_TESTED = 100


class TokenTestView(APIView):
    """lichess's POST /api/token/test: the body is tokens separated by commas; the answer maps
    each to {userId, scopes, expires} or null. lichess-bot checks its token's scopes here."""

    authentication_classes: list = []
    permission_classes: list = []

    def get_exception_handler(self):
        return lichess_exception_handler

    @extend_schema(operation_id="lichess_token_test", tags=["bot-api"],
                   request={"text/plain": OpenApiTypes.STR},
                   responses={200: OpenApiTypes.OBJECT, 400: LichessError, 429: LichessError},
                   summary="Which of these tokens are valid, for whom, with what scopes")
    def post(self, request: Request) -> Response:
        ratelimit_consume(scope="token", key=client_ip(request._request))
        try:
            text = request.body.decode("utf-8")  # any text: a token that is not ours is null
        except UnicodeDecodeError:
            raise InvalidInput(_("Send the tokens as text, separated by commas.")) from None
        raws = [t.strip() for t in text.split(",") if t.strip()][:MAX_TOKENS_TESTED + 1]
        if len(raws) > MAX_TOKENS_TESTED:
            raise InvalidInput(_("At most %(count)s tokens at a time.") % {"count": MAX_TOKENS_TESTED},
                               code="too_many_tokens")
        answer = {}
        for raw in raws:
            found = account_services.api_token_user(raw=raw)
            if found is None:
                answer[raw] = None
                continue
            user, token = found
            answer[raw] = {"userId": user.username.lower(), "expires": None,
                           "scopes": token.scopes}
        return Response(answer)


VARIANTS_HELP = ("The variant keys this bot plays, separated by commas (e.g. "
                 "raumschach,fiveup; GET /api/v1/variants/ lists them). A challenge in any "
                 "other is declined for the bot with reason `variant`.")


# The service's rule for a text of variant keys, stated in the schema.
VARIANT_KEYS = RegexValidator(VARIANT_KEYS_TEXT)


class LichessUpgradeIn(StrictInput):
    description = serializers.CharField(required=False, allow_blank=True, max_length=200,
                                        help_text="Shown on the bots page (optional).")
    variants = serializers.CharField(required=False, allow_blank=True, max_length=400,
                                     validators=[VARIANT_KEYS],
                                     help_text=VARIANTS_HELP + " Default: raumschach.")


class UpgradeView(LichessView):
    rate_scope = "botapi_challenge"
    scopes = ("bot:play",)

    @extend_schema(operation_id="lichess_bot_account_upgrade", tags=["bot-api"],
                   request=LichessUpgradeIn, responses=OK,
                   summary="Make this account an external bot (irreversible; only an account "
                           "that has never played)")
    def post(self, request: Request) -> Response:
        LichessUpgradeIn.check_json_types(request.data)
        data = request.data if hasattr(request.data, "get") else {}
        services.account_upgrade_to_bot(user=request.user,
                                        description=data.get("description", "") or "",
                                        variants=data.get("variants") or None)
        return ok()


class LichessVariantsIn(StrictInput):
    variants = serializers.CharField(max_length=400, validators=[VARIANT_KEYS], help_text=VARIANTS_HELP)


class BotVariantsView(LichessView):
    """Not in lichess (lichess-bot filters variants in its own config): the server declines
    for the bot, so a challenger hears at once and the bot's stream is not asked."""

    role = "bot"

    @extend_schema(operation_id="bot_account_variants", tags=["bot-api"],
                   request=LichessVariantsIn,
                   responses={200: LichessVariantsOut, **ERRORS},
                   summary="Set the variants this bot plays")
    def post(self, request: Request) -> Response:
        data = request.data if hasattr(request.data, "get") else {}
        bot = services.bot_variants_set(user=request.user, variants=data.get("variants"))
        return Response({"variants": bot.variants})


# ----- challenges

def _flag(value: object, name: str) -> bool:
    if value is None or value == "":
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    raise InvalidInput(_("%(name)s must be true or false.") % {"name": name})


def _seconds(data, name: str) -> int | None:
    value = data.get(name)
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.isdigit():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise InvalidClock(_("%(name)s must be whole seconds.") % {"name": name})


def clock_values(data) -> tuple[int | None, int | None]:
    """lichess's `clock.limit` / `clock.increment` (seconds; form fields, or a JSON body's
    dotted keys or a `clock` object). The bounds are the service's (400 invalid_clock)."""
    nested = data.get("clock") if isinstance(data.get("clock"), dict) else {}
    limit = _seconds(data, "clock.limit")
    increment = _seconds(data, "clock.increment")
    if limit is None and nested:
        limit, increment = _seconds(nested, "limit"), _seconds(nested, "increment")
    return limit, increment


def days_value(value: object) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or value not in DAYS_PER_MOVE_CHOICES:
        choices = ", ".join(str(d) for d in DAYS_PER_MOVE_CHOICES)
        raise InvalidInput(_("days must be one of %(choices)s, or absent for no clock.")
                           % {"choices": choices})
    return value


class LichessChallengeIn(StrictInput):
    rated = serializers.BooleanField(required=False, help_text="Rated (default false).")

    days = serializers.ChoiceField(DAYS_PER_MOVE_CHOICES, required=False, allow_null=True,
                                   help_text="Days per move (absent: no clock).")
    color = serializers.ChoiceField(["random", "white", "black"], required=False,
                                    help_text="Your colour.")
    variant = serializers.CharField(required=False, allow_blank=True, help_text=(
        "A variant key (absent or empty: raumschach; GET /api/v1/variants/); an unknown "
        "key is a 400 unknown_variant. A bot that does not play it declines (reason "
        "variant)."))
    variantOptions = serializers.DictField(required=False, help_text=(  # noqa: N815 (lichess)
        "Not in lichess: the variant's game options as an object, e.g. {\"castling\": true} "
        "for Five Up (JSON bodies); a bad one is a 400 bad_variant_option."))
    fen = serializers.CharField(required=False, allow_blank=True, help_text=(
        "Start from this position string of the variant (a casual game, even if rated is "
        "asked, as lichess); one the variant does not read is a 400 bad_position, an illegal "
        "set-up (kings, pawns, the side not to move in check...) a 400 illegal_position, "
        "each with the engine's reason."))


class ChallengeCreateView(LichessView):
    rate_scope = "botapi_challenge"
    scopes = CHALLENGE

    @extend_schema(operation_id="lichess_challenge_create", tags=["bot-api"],
                   request=LichessChallengeIn, responses={200: OpenApiTypes.OBJECT, **ERRORS},
                   summary="Challenge a user or bot (live clock, correspondence or unlimited)",
                   description=("A live game: clock.limit (15 to 10800 seconds) and "
                                "clock.increment (0 to 180), as lichess takes them, without "
                                "days; out of bounds, or with days: 400 invalid_clock."))
    def post(self, request: Request, username: str) -> Response:
        LichessChallengeIn.check_json_types(request.data)
        data = request.data if hasattr(request.data, "get") else {}
        rated = _flag(data.get("rated"), "rated")  # lichess's default: casual
        clock_limit, clock_increment = clock_values(data)
        fen = data.get("fen") or ""
        variant = data.get("variant") or DEFAULT_VARIANT
        if variant == "fromPosition":  # lichess's name for a standard game from a position
            variant = DEFAULT_VARIANT
        color = data.get("color") or "random"
        days = days_value(data.get("days"))
        opponent = game_selectors.user_get(username=username)
        challenge = game_services.challenge_create(challenger=request.user, opponent=opponent,
                                                   color=color, days_per_move=days,
                                                   clock_limit=clock_limit,
                                                   clock_increment=clock_increment,
                                                   rated=rated and not fen, variant=variant,
                                                   variant_options=data.get("variantOptions"),
                                                   fen=fen)
        challenge = selectors.challenge_get(challenge_id=challenge.pk)
        return Response(selectors.challenge_json(challenge, viewer=request.user))


class ChallengeActionView(LichessView):
    action = ""
    scopes = CHALLENGE

    @extend_schema(tags=["bot-api"], request=None, responses=OK)
    def post(self, request: Request, challenge_id: str) -> Response:
        # Only a challenge the account may see (its own, one sent to it, an open link): any
        # other is "not found", as a missing one, so an id cannot be probed for existence.
        challenge = game_selectors.challenge_get_visible(challenge_id=str(challenge_id)[:16],
                                                         user=request.user)
        if self.action == "accept":
            game_services.challenge_accept(challenge=challenge, user=request.user)
        elif self.action == "decline":
            data = request.data if hasattr(request.data, "get") else {}
            # lichess takes the key in any case (tooFast, toofast) and reports it lower-cased.
            reason = decline_reason_key(str(data.get("reason") or "generic"))
            if reason is None:
                raise InvalidInput(_("reason must be one of %(choices)s.")
                                   % {"choices": ", ".join(DECLINE_REASONS)})
            game_services.challenge_decline(challenge=challenge, user=request.user,
                                            reason=reason)
        else:
            game_services.challenge_cancel(challenge=challenge, user=request.user)
        return ok()


# ----- playing

def _my_game(game_id: str, user):
    game = game_selectors.game_by_public_id(public_id=game_id)
    game_services.game_expire_if_due(game=game)
    if game.player_color(user) is None:
        raise NotAPlayer()
    return game


class MoveView(LichessView):
    @extend_schema(operation_id=None, tags=["bot-api"], request=None, responses=OK,
                   parameters=[OpenApiParameter("offeringDraw", bool, description=
                                                "Offer (or accept) a draw with the move.")])
    def post(self, request: Request, game_id: str, move: str) -> Response:
        game = _my_game(game_id, request.user)
        offering = _flag(request.query_params.get("offeringDraw"), "offeringDraw")
        game_services.game_play_move(game=game, user=request.user, move=move, ply=game.ply)
        if offering:
            game.refresh_from_db()
            if game.status == game.Status.ACTIVE:
                game_services.game_draw(game=game, user=request.user, action="offer")
        return ok()


class ResignView(LichessView):
    @extend_schema(tags=["bot-api"], request=None, responses=OK)
    def post(self, request: Request, game_id: str) -> Response:
        game_services.game_resign(game=_my_game(game_id, request.user), user=request.user)
        return ok()


class AbortView(LichessView):
    @extend_schema(tags=["bot-api"], request=None, responses=OK)
    def post(self, request: Request, game_id: str) -> Response:
        game_services.game_abort(game=_my_game(game_id, request.user), user=request.user)
        return ok()


class DrawView(LichessView):
    @extend_schema(tags=["bot-api"], request=None, responses=OK,
                   parameters=[OpenApiParameter("accept", str, OpenApiParameter.PATH,
                                                enum=["yes", "no", "true", "false"])],
                   summary="yes: offer or accept a draw; no: decline the opponent's offer")
    def post(self, request: Request, game_id: str, accept: str) -> Response:
        game = _my_game(game_id, request.user)
        if accept not in ("yes", "no", "true", "false"):
            raise InvalidInput(_("Use draw/yes or draw/no."))
        if accept in ("yes", "true"):
            game_services.game_draw(game=game, user=request.user, action="offer")
        else:
            game_services.game_draw(game=game, user=request.user, action="decline")
        return ok()


class TakebackView(LichessView):
    @extend_schema(tags=["bot-api"], request=None, responses=OK,
                   parameters=[OpenApiParameter("accept", str, OpenApiParameter.PATH,
                                                enum=["yes", "no", "true", "false"])],
                   summary="yes: propose or accept a takeback (casual games); no: decline the "
                           "opponent's proposal")
    def post(self, request: Request, game_id: str, accept: str) -> Response:
        game = _my_game(game_id, request.user)
        if accept not in ("yes", "no", "true", "false"):
            raise InvalidInput(_("Use takeback/yes or takeback/no."))
        action = "offer" if accept in ("yes", "true") else "decline"
        game_services.game_takeback(game=game, user=request.user, action=action)
        return ok()


class LichessChatIn(StrictInput):
    room = serializers.ChoiceField(["player", "spectator"], help_text=(
        "`player`: the players' room; `spectator`: the spectators' room (a player writes there "
        "as lichess allows, e.g. a bot's greeting, but does not read it while playing)."))
    text = serializers.CharField(help_text="Plain text, shown as text.")


class LichessChatLineOut(serializers.Serializer):
    user = serializers.CharField()
    text = serializers.CharField()


class ChatView(LichessView):
    """The game's chat (chat app): read the players' room, or post a line to either room."""

    @extend_schema(tags=["bot-api"], request=None, responses={200: LichessChatLineOut(many=True),
                                                              **ERRORS},
                   summary="The players' chat of this game, oldest first")
    def get(self, request: Request, game_id: str) -> Response:
        game = _my_game(game_id, request.user)
        lines = chat_selectors.chat_messages(game=game, user=request.user,
                                             room=ChatMessage.Room.PLAYERS)
        return Response([{"user": line["author"], "text": line["text"]} for line in lines])

    @extend_schema(tags=["bot-api"], request=LichessChatIn, responses=OK,
                   summary="Say something in the players' or the spectators' chat")
    def post(self, request: Request, game_id: str) -> Response:
        game = _my_game(game_id, request.user)
        LichessChatIn.check_json_types(request.data)
        data = request.data if hasattr(request.data, "get") else {}
        # lichess requires the room (its form has no default); a line must not land in a room
        # its sender did not name
        room = data.get("room")
        if room not in ("player", "spectator"):
            raise InvalidInput(_("room must be player or spectator."), code="room")
        if room == "player":
            chat_services.chat_post(game=game, user=request.user, text=data.get("text"),
                                    room=ChatMessage.Room.PLAYERS)
        else:
            chat_services.chat_announce(game=game, user=request.user, text=data.get("text"))
        return ok()


class LichessImportIn(StrictInput):
    pgn = serializers.CharField(trim_whitespace=False, help_text=(
        "The record: this site's export (GET /game/export/{id}) or a bare move list under a "
        "[Variant] tag, as POST /api/v1/games/import/ takes it (docs/api.md)."))


class ImportView(LichessView):
    """lichess's `POST /api/import`: the same import as POST /api/v1/games/import/ (that
    service's own per-account limit applies, not the Bot API's action window)."""
    rate_scope = None

    @extend_schema(operation_id="lichess_import", tags=["bot-api"], request=LichessImportIn,
                   responses={200: OpenApiTypes.OBJECT, **ERRORS},
                   summary="Import a game record (lichess's shape: {id, url})",
                   description=("The record is replayed by the engine and kept finished, "
                                "unrated and marked imported; a refusal's `error` names the "
                                "line and the move, `code` says what is wrong."))
    def post(self, request: Request) -> Response:
        LichessImportIn.check_json_types(request.data)
        data = LichessImportIn(data=request.data)
        data.is_valid(raise_exception=True)
        game = game_services.game_import(user=request.user, text=data.validated_data["pgn"])
        return Response({"id": game.public_id,
                         "url": request.build_absolute_uri(reverse("game", args=[game.public_id]))})
