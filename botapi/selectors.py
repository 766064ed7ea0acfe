"""Reads in lichess's shapes: the account, challenges, the event-stream game summary and the
game stream's gameFull / gameState. Plain dicts, ready for JSON; the database is the source,
so a reconnecting client always gets everything (a gameFull carries every move)."""
from __future__ import annotations

import base64
import hashlib
import heapq
import hmac

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone
from django.utils.translation import gettext as _

from games import rating_hook
from games.clock import CORRESPONDENCE, clock_json, speed_of
from games.decline_reasons import decline_words
from games.errors import NotFound
from games.models import Challenge, Game, Move
from games.positions import legal_move_coords
from games.terminations import LICHESS_STATUS
from games.variants import DEFAULT_VARIANT, variant_get, variant_with_options

User = get_user_model()
# lichess's value for "no clock" (a correspondence game without a deadline).
NO_CLOCK_MS = 2147483647
# lichess's numeric status ids (GameStatusId), for the `status` of gameStart / gameFinish.
STATUS_IDS = {"created": 10, "started": 20, "aborted": 25, "mate": 30, "resign": 31,
              "stalemate": 32, "timeout": 33, "draw": 34, "outoftime": 35, "cheat": 36,
              "noStart": 37, "unknownFinish": 38, "insufficientMaterialClaim": 39,
              "variantEnd": 60}
COMPAT = {"bot": True, "board": True}



def variant_lichess(key: str) -> dict:
    """lichess's variant object, {key, name, short}: the key is ours (raumschach, fiveup...),
    the short name the variant's own (`short`) or its name; Raumschach keeps "3D"."""
    variant = variant_get(key)
    short = getattr(variant, "short", None) or ("3D" if key == DEFAULT_VARIANT else variant.name)
    return {"key": key, "name": variant.name, "short": short}


def initial_fen(*, variant: str, options: dict, fen: str) -> str:
    """lichess's initialFen: "startpos" for the variant's start position, else the string."""
    if not fen or fen == variant_with_options(variant, options).start_fen:
        return "startpos"
    return fen


def millis(value) -> int | None:
    return int(value.timestamp() * 1000) if value else None


def account_kind(user) -> str:
    """'builtin' (the engine plays for it), 'bot' (an external bot) or 'human'."""
    bot = getattr(user, "bot", None) if _has_bot(user) else None
    if bot is None:
        return "human"
    return "bot" if bot.external else "builtin"


def _has_bot(user) -> bool:
    try:
        user.bot  # noqa: B018 - the reverse one-to-one raises when there is none
    except User.bot.RelatedObjectDoesNotExist:
        return False
    return True


def _rating(user, variant: str, speed: str = CORRESPONDENCE) -> tuple[int, bool]:
    # 1500? for an account that has never been rated in the variant at that speed
    preloaded = getattr(user, "botapi_ratings", {})
    pool = (variant, speed)
    view = (preloaded[pool] if pool in preloaded
            else rating_hook.rating_of(user.pk, variant, speed))
    return view.rating, view.provisional


def _preload_ratings(challenges: list[Challenge]) -> None:
    """Each challenge's players' ratings in its variant at its speed, one read per variant and
    speed, kept on the user objects for `_rating`: a list of challenges is then a constant
    number of queries (it was three per challenge)."""
    by_pool: dict[tuple[str, str], list] = {}
    for challenge in challenges:
        pool = (challenge.variant, speed_of(challenge.clock_limit, challenge.clock_increment))
        for user in (challenge.challenger, challenge.opponent):
            if user is not None:
                by_pool.setdefault(pool, []).append(user)
    for (variant, speed), users in by_pool.items():
        views = rating_hook.ratings_of([user.pk for user in users], variant=variant, speed=speed)
        for user in users:
            if not hasattr(user, "botapi_ratings"):
                user.botapi_ratings = {}
            user.botapi_ratings[(variant, speed)] = views[user.pk]


def user_light(user, variant: str = DEFAULT_VARIANT, speed: str = CORRESPONDENCE) -> dict:
    """A player as lichess shows one in a game (GameEventPlayer: `title` null for people) or
    a challenge (ChallengeUser: no `title` for people), rated in `variant` at `speed`."""
    kind = account_kind(user)
    rating, provisional = _rating(user, variant, speed)
    return {"id": user.username.lower(), "name": user.username,
            "title": "BOT" if kind != "human" else None, "rating": rating,
            "provisional": provisional}


def challenge_user(user, variant: str, speed: str = CORRESPONDENCE) -> dict:
    light = user_light(user, variant, speed)
    if light["title"] is None:
        del light["title"]
    return light


def account_json(user) -> dict:
    kind = account_kind(user)
    played = Game.objects.filter(white=user).count() + Game.objects.filter(black=user).count()
    out = {
        "id": user.username.lower(),
        "username": user.username,
        "createdAt": millis(user.date_joined),
        "seenAt": millis(user.last_login or user.date_joined),
        "perfs": {},
        "url": f"{settings.SITE_URL.rstrip('/')}/players/{user.username}/",
        "count": {"all": played},
        "disabled": not user.is_active,
    }
    if kind != "human":
        out["title"] = "BOT"
    return out


def game_status(game: Game) -> str:
    if game.status == Game.Status.ACTIVE:
        return "started"
    return LICHESS_STATUS.get(game.termination, "unknownFinish")


def game_winner(game: Game) -> str | None:
    if game.result == Game.Result.WHITE_WINS:
        return "white"
    if game.result == Game.Result.BLACK_WINS:
        return "black"
    return None


def _clock_ms(game: Game) -> tuple[int, int]:
    """Milliseconds left: a live game's clocks as of the last move's receipt (lichess's
    gameState: the running side's clock started then, so a client subtracts what has passed
    since), the correspondence clock (the side to move has until the deadline, the other side
    a full period), or lichess's "no clock"."""
    if game.clock_limit is not None:
        full = game.clock_limit * 1000
        return (full if game.white_clock_ms is None else game.white_clock_ms,
                full if game.black_clock_ms is None else game.black_clock_ms)
    if not game.days_per_move:
        return NO_CLOCK_MS, NO_CLOCK_MS
    full = game.days_per_move * 86_400_000
    if game.status != Game.Status.ACTIVE or game.deadline is None:
        left = full
    else:
        left = max(0, int((game.deadline - timezone.now()).total_seconds() * 1000))
    return (left, full) if game.turn == Game.Color.WHITE else (full, left)


def game_state_json(game: Game) -> dict:
    # The moves up to the game row's ply: a move stored after the row was read is left for the
    # next state, so `moves`, the status and `legalMoves` always describe one position.
    moves = (Move.objects.filter(game=game, ply__lte=game.ply).order_by("ply")
             .values_list("coord", flat=True))
    wtime, btime = _clock_ms(game)
    increment = (game.clock_increment or 0) * 1000
    state = {
        "type": "gameState",
        "moves": " ".join(moves),
        "wtime": wtime,
        "btime": btime,
        "winc": increment,
        "binc": increment,
        "status": game_status(game),
    }
    # lichess: "true if white is offering draw, else omitted".
    if game.draw_offer == Game.Color.WHITE:
        state["wdraw"] = True
    if game.draw_offer == Game.Color.BLACK:
        state["bdraw"] = True
    # lichess's Board API: "true if white is proposing takeback, else omitted".
    if game.takeback_offer == Game.Color.WHITE:
        state["wtakeback"] = True
    if game.takeback_offer == Game.Color.BLACK:
        state["btakeback"] = True
    winner = game_winner(game)
    if winner:
        state["winner"] = winner
    # Ours, ignored by lichess clients: the legal moves of the side to move (coordinate form),
    # so a bot needs no move generator of its own; empty once the game is over.
    state["legalMoves"] = legal_move_coords(game) if game.status == Game.Status.ACTIVE else []
    # Ours too: the site's `clock` object (as the REST game and the socket events carry it),
    # as of the last move's receipt; null without a clock.
    state["clock"] = clock_json(game, now=game.clock_started_at or timezone.now())
    return state


def _perf_name(speed: str) -> str:
    return speed.capitalize()


# lichess's Clock.Config.limitString
_LIMIT_SHOWN = {15: "\u00bc", 30: "\u00bd", 45: "\u00be", 90: "1.5"}


def time_control_json(*, clock_limit: int | None, clock_increment: int | None,
                      days: int | None) -> dict:
    """lichess's timeControl of a challenge: clock (limit, increment, show), correspondence
    (daysPerTurn) or unlimited."""
    if clock_limit is not None:
        increment = clock_increment or 0
        shown = _LIMIT_SHOWN.get(clock_limit) or f"{clock_limit / 60:g}"
        return {"type": "clock", "limit": clock_limit, "increment": increment,
                "show": f"{shown}+{increment}"}
    if days:
        return {"type": "correspondence", "daysPerTurn": days}
    return {"type": "unlimited"}


def game_full_json(game: Game) -> dict:
    full = {
        "type": "gameFull",
        "id": game.public_id,
        "variant": variant_lichess(game.variant),
        "variantOptions": game.variant_options,
        "speed": game.speed,
        "perf": {"name": _perf_name(game.speed)},
        "rated": game.rated,
        "createdAt": millis(game.created_at),
        "white": user_light(game.white, game.variant, game.speed),
        "black": user_light(game.black, game.variant, game.speed),
        "initialFen": initial_fen(variant=game.variant, options=game.variant_options,
                                  fen=game.start_fen),
        "state": game_state_json(game),
    }
    # `clock` for a live game (lichess: initial and increment in ms), `daysPerTurn` for a
    # correspondence one.
    if game.clock_limit is not None:
        full["clock"] = {"initial": game.clock_limit * 1000,
                         "increment": (game.clock_increment or 0) * 1000}
    if game.days_per_move:
        full["daysPerTurn"] = game.days_per_move
    return full


def full_id(game: Game, color: str) -> str:
    """lichess's fullId: the game id and a player part only that player is told (lichess uses
    it in the player's own URL); derived, not stored."""
    digest = hmac.new(settings.SECRET_KEY.encode(), f"{game.pk}:{color}".encode(),
                      hashlib.sha256).digest()
    return f"{game.public_id}{base64.urlsafe_b64encode(digest).decode()[:4]}"


def game_source(game: Game) -> str:
    """lichess's source: `import` for an imported record, `ai` against a built-in bot, `lobby`
    from a seek, else `friend`."""
    if game.imported:
        return "import"
    if "builtin" in (account_kind(game.white), account_kind(game.black)):
        return "ai"
    challenge = Challenge.objects.filter(game=game).values_list("public", flat=True).first()
    return "lobby" if challenge else "friend"


def event_game_json(game: Game, user) -> dict:
    """The `game` of gameStart / gameFinish, seen from `user`'s side."""
    color = game.player_color(user) or Game.Color.WHITE
    opponent = game.black if color == Game.Color.WHITE else game.white
    last = (Move.objects.filter(game=game, ply=game.ply).values_list("coord", flat=True).first()
            if game.ply else None)
    wtime, btime = _clock_ms(game)
    shown = clock_json(game, now=timezone.now())
    if shown is not None:  # seconds left now, not as of the last move
        wtime, btime = shown["white"], shown["black"]
    status = game_status(game)
    out = {
        "gameId": game.public_id,
        "fullId": full_id(game, color),
        "id": game.public_id,
        "color": color,
        "fen": game.fen,
        "hasMoved": game.ply >= (1 if color == Game.Color.WHITE else 2),
        "isMyTurn": game.status == Game.Status.ACTIVE and game.turn == color,
        "lastMove": last or "",
        "opponent": {"id": opponent.username.lower(), "username": opponent.username,
                     "rating": _rating(opponent, game.variant, game.speed)[0]},
        "perf": game.speed,
        "rated": game.rated,
        "rating": _rating(game.white if color == Game.Color.WHITE else game.black,
                          game.variant, game.speed)[0],
        "secondsLeft": (wtime if color == Game.Color.WHITE else btime) // 1000,
        "source": game_source(game),
        "speed": game.speed,
        # lichess's gameStart names the variant by key and name only
        "variant": {key: value for key, value in variant_lichess(game.variant).items()
                    if key != "short"},
        "compat": COMPAT,
        "status": {"id": STATUS_IDS[status], "name": status},
    }
    winner = game_winner(game)
    if winner:
        out["winner"] = winner
    return out


def _challenge_status(challenge: Challenge) -> str:
    return {Challenge.Status.PENDING: "created", Challenge.Status.ACCEPTED: "accepted",
            Challenge.Status.DECLINED: "declined",
            Challenge.Status.CANCELLED: "canceled"}.get(challenge.status, str(challenge.status))


def challenge_json(challenge: Challenge, *, viewer=None, decline_reason: str = "") -> dict:
    """A challenge as lichess shows one (ChallengeJson; ChallengeDeclinedJson once declined),
    seen by `viewer` (its `direction`: `in` for the challenged, `out` for the challenger);
    `decline_reason`: the reason a decline gave, when the row does not keep it."""
    days = challenge.days_per_move
    speed = speed_of(challenge.clock_limit, challenge.clock_increment)
    out = {
        "id": challenge.pk,
        "url": f"{settings.SITE_URL.rstrip('/')}/challenges/{challenge.pk}/",
        "status": _challenge_status(challenge),
        "challenger": challenge_user(challenge.challenger, challenge.variant, speed),
        "destUser": (challenge_user(challenge.opponent, challenge.variant, speed)
                     if challenge.opponent
                     else None),
        "variant": variant_lichess(challenge.variant),
        "variantOptions": challenge.variant_options,
        "initialFen": initial_fen(variant=challenge.variant, options=challenge.variant_options,
                                  fen=challenge.start_fen),
        "rated": challenge.rated,
        "speed": speed,
        "timeControl": time_control_json(clock_limit=challenge.clock_limit,
                                         clock_increment=challenge.clock_increment, days=days),
        "color": challenge.color,
        "perf": {"icon": "", "name": _perf_name(speed)},
    }
    if challenge.color != "random":  # lichess's finalColor: the challenger's colour, if known
        out["finalColor"] = challenge.color
    if viewer is not None:
        out["direction"] = "out" if viewer.pk == challenge.challenger_id else "in"
    if challenge.game_id:
        out["gameId"] = challenge.pk  # the game took the challenge's id
    if challenge.status == Challenge.Status.DECLINED:
        reason = challenge.decline_reason or decline_reason or "generic"
        out["declineReasonKey"] = reason.lower()
        out["declineReason"] = decline_words(reason)
    return out


def challenge_get(*, challenge_id: str) -> Challenge:
    found = (Challenge.objects.select_related("challenger", "opponent")
             .filter(pk=str(challenge_id)[:16]).first())
    if found is None:
        raise NotFound(_("No such challenge."))
    return found


def games_in_progress(*, user) -> list[Game]:
    """The account's running games, the one waiting longest first (the event stream starts
    with them). As White and as Black are two reads, each in the order of its index
    (game_white_status_at_idx / game_black_status_at_idx, read backwards), merged here: one
    `white = user OR black = user` condition cannot be read in order from an index."""
    sides = [Game.objects.select_related("white", "black")
             .filter(**{color: user}, status=Game.Status.ACTIVE).order_by("updated_at", "id")
             for color in ("white", "black")]
    return list(heapq.merge(*sides, key=lambda game: (game.updated_at, game.pk)))


def challenges_pending_to(*, user) -> list[Challenge]:
    return list(Challenge.objects.select_related("challenger", "opponent")
                .filter(opponent=user, status=Challenge.Status.PENDING).order_by("created_at"))


def challenges_pending(*, user) -> tuple[list[Challenge], list[Challenge]]:
    """The account's pending challenges: (to it, from it), oldest first."""
    # The players' bot rows come with them (account_kind reads them for every challenge).
    pending = (Challenge.objects.select_related("challenger__bot", "opponent__bot")
               .filter(status=Challenge.Status.PENDING).order_by("created_at"))
    incoming, outgoing = list(pending.filter(opponent=user)), list(pending.filter(challenger=user))
    _preload_ratings(incoming + outgoing)
    return incoming, outgoing


def user_online(user) -> bool:
    """Built-in bots are always online (the server plays them); anybody else while an event
    stream of theirs is open (botapi.services.online_key)."""
    if account_kind(user) == "builtin":
        return True
    return cache.get(online_key(user.pk)) is not None


def online_key(user_id: int) -> str:
    """The cache key an open event stream keeps (botapi.services.stream_slot_acquire)."""
    return f"{settings.BOTAPI_STREAM_KEY_PREFIX}:online:{user_id}"


def user_json(user) -> dict:
    """A user's public data (lichess's User): the account's shape without its private parts."""
    out = account_json(user)
    out.pop("disabled", None)
    if not user.is_active:
        out["disabled"] = True
    out["online"] = user_online(user)
    return out


def users_status(*, names: list[str], with_game_ids: bool = False) -> list[dict]:
    """lichess's /api/users/status: {id, name, title?, online?, playing?} per known name, in
    the order asked; `online`/`playing` only when true, as lichess. Beyond finding each name,
    a constant number of reads for all of them (bot rows, online keys, running games)."""
    from accounts.selectors import users_by_names

    found = users_by_names(usernames=names)
    users = [found[name] for name in names if name in found]
    ids = [user.pk for user in users]
    kinds = _account_kinds(ids)
    online = cache.get_many([online_key(pk) for pk in ids])
    playing = _latest_running_game_ids(ids)
    out = []
    for user in users:
        entry = {"id": user.username.lower(), "name": user.username}
        if kinds.get(user.pk, "human") != "human":
            entry["title"] = "BOT"
        if kinds.get(user.pk) == "builtin" or online_key(user.pk) in online:
            entry["online"] = True
        if user.pk in playing:
            entry["playing"] = True
            if with_game_ids:
                entry["playingId"] = playing[user.pk]
        out.append(entry)
    return out


def _account_kinds(user_ids: list[int]) -> dict[int, str]:
    """{user id: 'builtin' | 'bot'} for the bot accounts among them (account_kind's answer)."""
    bot_model = User.bot.related.related_model
    return {pk: "bot" if external else "builtin"
            for pk, external in bot_model.objects.filter(user_id__in=user_ids)
            .values_list("user_id", "external")}


def _latest_running_game_ids(user_ids: list[int]) -> dict[int, str]:
    """{user id: public id of their most recently active running game}: their running games
    as White and as Black (game_white_status_at_idx / game_black_status_at_idx), the newest
    of each player's taken here."""
    latest: dict[int, tuple] = {}
    for color in ("white", "black"):
        rows = (Game.objects.filter(**{f"{color}__in": user_ids}, status=Game.Status.ACTIVE)
                .order_by().values_list(f"{color}_id", "updated_at", "id", "public_id"))
        for pk, *newest in rows:
            if pk not in latest or tuple(newest) > latest[pk]:
                latest[pk] = tuple(newest)
    return {pk: row[2] for pk, row in latest.items()}


def bots_online(*, limit: int) -> list[dict]:
    """The bot accounts online (built-in ones always), as lichess's User, at most `limit`."""
    from bots.models import Bot

    from django.db.models import F

    out = []
    # Built-in levels first, then external bots (no level): NULLs sort first on SQLite.
    by_level = (F("level").asc(nulls_last=True), "user__username")
    for bot in Bot.objects.select_related("user").order_by(*by_level):
        if len(out) >= limit:
            break
        if bot.user.is_active and user_online(bot.user):
            out.append(user_json(bot.user))
    return out


def game_export_json(game: Game) -> dict:
    """lichess's game export as JSON (GameJson's main fields), our text record as `record`."""
    from games.selectors import game_export_text

    moves = Move.objects.filter(game=game).order_by("ply").values_list("coord", flat=True)
    status = game_status(game)
    out = {
        "id": game.public_id, "rated": game.rated, "variant": variant_lichess(game.variant),
        "speed": game.speed, "perf": game.speed,
        "createdAt": millis(game.created_at),
        "lastMoveAt": millis(game.ended_at or game.updated_at),
        "status": status, "source": game_source(game),
        "players": _export_players(game),
        "moves": " ".join(moves),
        "initialFen": initial_fen(variant=game.variant, options=game.variant_options,
                                  fen=game.start_fen),
        "record": game_export_text(game),
    }
    if game.clock_limit is not None:
        out["clock"] = {"initial": game.clock_limit, "increment": game.clock_increment or 0,
                        "totalTime": game.clock_limit + 40 * (game.clock_increment or 0)}
    if game.days_per_move:
        out["daysPerTurn"] = game.days_per_move
    winner = game_winner(game)
    if winner:
        out["winner"] = winner
    return out


def _export_players(game: Game) -> dict:
    if game.imported:
        # As lichess exports an imported game's sides: a name, no account, no rating (the
        # sides are system accounts here, never shown as people).
        return {"white": {"name": game.white_label}, "black": {"name": game.black_label}}
    return {color: {"user": {"id": player.username.lower(), "name": player.username},
                    "rating": _rating(player, game.variant, game.speed)[0]}
            for color, player in (("white", game.white), ("black", game.black))}


def ai_game_json(game: Game, user, *, level: int) -> dict:
    """lichess's answer to POST /api/challenge/ai: the new game, seen by its challenger."""
    color = game.player_color(user) or Game.Color.WHITE
    status = game_status(game)
    return {"id": game.public_id, "fullId": full_id(game, color),
            "variant": variant_lichess(game.variant), "speed": game.speed,
            "perf": game.speed, "rated": game.rated, "fen": game.fen, "turns": game.ply,
            "source": "ai", "status": {"id": STATUS_IDS[status], "name": status},
            "createdAt": millis(game.created_at), "player": color, "aiLevel": level}
