"""Reads: which games, challenges and records a page or endpoint shows, and the one game-state
shape shared by REST and websockets."""
from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from engine import WHITE, Position

from accounts.selectors import user_by_name
from games import export_hook, keyset
from games.clock import clock_json, speed_of
from games.errors import FilterNeedsPlayer, InvalidInput, NotFound
from games.models import PUBLIC_ID_MAX_LENGTH, Challenge, Game, Move, Vacation
from games.positions import (attackers_of, checker_cells, checkers_by_ply, legal_move_coords,
                             setup_report, variant_of)
from core.prepared import PreparedRows
from games.variants import (declared_options, describe, rules_url, summary, variant_get,
                            variant_json, variant_keys, variant_with_options)

User = get_user_model()

RESULT_ALIASES = {"white": Game.Result.WHITE_WINS, "black": Game.Result.BLACK_WINS,
                  "draw": Game.Result.DRAW}


def variants_described() -> list[dict]:
    """Every variant the engine offers, by key: name, one-line summary, rules page, start
    position, options and the board descriptor (`variant.describe()`)."""
    out = []
    for key in variant_keys():
        variant = variant_get(key)
        out.append({"key": key, "name": variant.name, "summary": summary(variant),
                    "rules": rules_url(key), "start_fen": variant.start_fen,
                    "options": declared_options(variant), "descriptor": describe(variant)})
    return out


def position_setup(*, key: object, fen: str, options: object = None) -> dict:
    """The board editor's verdict on a set-up position of variant `key` (UnknownVariant,
    BadVariantOption): games.positions.setup_report's {valid, playable, fen, code, check,
    reason} plus the variant."""
    variant = variant_with_options(key, options)
    return {"variant": variant_json(variant.key), **setup_report(fen, variant)}


def game_get(*, game_id: object) -> Game:
    try:
        return Game.objects.select_related("white", "black").get(pk=int(game_id))
    except (Game.DoesNotExist, TypeError, ValueError, OverflowError):
        raise NotFound(_("No such game.")) from None


def game_get_by_ref(*, ref: object) -> Game:
    """A game by its public id, or by its old integer id (an all-digit reference: public ids
    always have a letter). Only the pages and the redirects of old URLs take both."""
    text = str(ref)
    if text.isdigit():
        return game_get(game_id=text)
    return game_by_public_id(public_id=text)


def game_by_public_id(*, public_id: object) -> Game:
    """A game by the id every URL, API answer and event names it by (never its integer key)."""
    text = str(public_id)
    if not is_public_id(text):
        raise NotFound(_("No such game."))
    game = Game.objects.select_related("white", "black").filter(public_id=text).first()
    if game is None:
        raise NotFound(_("No such game."))
    return game


def is_public_id(text: str) -> bool:
    """The form of a public id (games.models.new_public_id): letters and digits, at least one
    letter, at most the column's length."""
    return (0 < len(text) <= PUBLIC_ID_MAX_LENGTH and text.isascii() and text.isalnum()
            and not text.isdigit())


def game_key(*, public_id: object) -> int:
    """The internal key of the game with this public id (NotFound if none)."""
    text = str(public_id)
    pk = (Game.objects.filter(public_id=text).values_list("pk", flat=True).first()
          if is_public_id(text) else None)
    if pk is None:
        raise NotFound(_("No such game."))
    return pk


def game_public_ref(*, public_id: object) -> Game:
    """An unread reference to a game by its public id, for a service that locks and reads the
    row itself (game_play_move): saves a read per move. The service raises NotFound for a
    missing row."""
    text = str(public_id)
    if not is_public_id(text):
        raise NotFound(_("No such game."))
    ref = Game(public_id=text)
    ref.pk = None  # Game() has no key: the service finds the row by its public id
    return ref


MAX_ID = 2**63 - 1  # the largest bigint key: larger ids cannot exist (and overflow the drivers)


def game_ref(*, game_id: object) -> Game:
    """An unread reference to game `game_id`, for a service that locks and reads the row itself
    (game_play_move): saves a read per move. The service raises NotFound for a missing row;
    an id that cannot exist is NotFound here."""
    try:
        pk = int(game_id)
    except (TypeError, ValueError, OverflowError):
        raise NotFound(_("No such game.")) from None
    if not 0 < pk <= MAX_ID:
        raise NotFound(_("No such game."))
    return Game(pk=pk)


# Read with every REST move's answer: compiled once (core.prepared), plain tuples.
_moves_after = PreparedRows(
    lambda game_id, since_ply, up_to: Move.objects.filter(game_id=game_id, ply__gt=since_ply,
                                                          ply__lte=up_to)
    .order_by("ply").values_list("ply", "coord", "san", "fen_after"), arity=3)


def game_moves(game: Game, *, since_ply: int = 0) -> list[dict]:
    """The moves after `since_ply` (a reconnecting client asks for what it missed), up to the
    game's ply as `game` holds it: a state is read after its move's commit, and by then the
    opponent may have replied; listing that reply under the older ply made a client that
    then received the reply's event show it twice."""
    rows = _moves_after.rows(game.pk, since_ply, game.ply)
    return [{"ply": ply, "move": coord, "san": san, "fen": fen} for ply, coord, san, fen in rows]


def game_clock_pause(game: Game) -> dict:
    """Whether a vacation stopped the clock of the player to move, what it has left, and who
    of the two players is on vacation (asked only for games with a clock)."""
    paused = game.status == Game.Status.ACTIVE and game.clock_paused_remaining is not None
    on_vacation: list[str] = []
    if game.days_per_move and game.status == Game.Status.ACTIVE:
        away = set(Vacation.objects.filter(
            user_id__in=(game.white_id, game.black_id), started_at__isnull=False,
            ends_at__gt=timezone.now()).values_list("user_id", flat=True))
        on_vacation = [color for color, uid in (("white", game.white_id),
                                                ("black", game.black_id)) if uid in away]
    return {"clock_paused": paused,
            "clock_remaining": (int(game.clock_paused_remaining.total_seconds())
                                if paused else None),
            "on_vacation": on_vacation}


def game_state(game: Game, user=None, *, since_ply: int = 0,
               legal_moves: list[str] | None = None,
               checkers: list[str] | None = None) -> dict:
    """The state of a game as REST and the websocket consumers send it. `legal_moves` and
    `checkers`: already computed by the move that produced this state (else computed here)."""
    return {
        "id": game.public_id,
        "variant": variant_json(game.variant),
        "variant_options": game.variant_options,
        "start_fen": game.start_fen,
        "white": game.white_label,
        "black": game.black_label,
        "status": game.status,
        "result": game.result,
        "termination": game.termination,
        "fen": game.fen,
        "ply": game.ply,
        "turn": game.turn,
        "deadline": game.deadline.isoformat() if game.deadline else None,
        **game_clock_pause(game),
        "days_per_move": game.days_per_move,
        "speed": game.speed,
        "clock": clock_json(game, now=timezone.now()),
        "rated": game.rated,
        "imported": game.imported,
        "white_rating": game.white_rating,
        "black_rating": game.black_rating,
        "draw_offer": game.draw_offer or None,
        "takeback_offer": game.takeback_offer or None,
        "your_color": game.player_color(user),
        "created_at": game.created_at.isoformat(),
        "ended_at": game.ended_at.isoformat() if game.ended_at else None,
        "tournament": game.tournament_id,
        "moves": game_moves(game, since_ply=since_ply),
        "moves_since": since_ply,
        "legal_moves": legal_move_coords(game) if legal_moves is None else legal_moves,
        "checkers": checker_cells(game) if checkers is None else checkers,
    }


def game_replay(game: Game) -> dict:
    """What the replay page steps through: the game state (for anyone, no player's view) with
    the start position and, per move, the cells giving check after it (`start_checkers` for
    ply 0), so the page draws check lines as the game page does without judging attacks."""
    state = game_state(game, None)
    moves = state["moves"]
    found = checkers_by_ply(game.start_fen, [move["move"] for move in moves], variant_of(game))
    state["start_checkers"] = found[0]
    for move, checkers in zip(moves, found[1:]):
        move["checkers"] = checkers
    return state


def game_attackers(*, game: Game, cell: str) -> dict:
    """Which pieces of each side attack `cell` (a name such as Cc3) in the game's current
    position: the hover help of the board, answered by the engine."""
    try:
        found = attackers_of(game.fen, variant_of(game), cell)
    except ValueError as exc:
        raise InvalidInput(str(exc), code="bad_cell") from None
    return {"variant": variant_json(game.variant), "cell": cell, "fen": game.fen, **found}


ARCHIVE_RESULTS = (*Game.Result.values, "white", "black", "draw", "won", "lost")
ARCHIVE_AGAINST = ("bots", "humans")


def _player_named(username: str):
    # One way to name a player everywhere: as sign-up compares names (NFKC, case-folded), so
    # "ALICE" and full-width "ａｌｉｃｅ" find alice in the API and on the pages alike.
    user = user_by_name(username=username)
    if user is None:
        raise NotFound(_("No player named %(name)s.") % {"name": repr(username.strip())})
    return user


def _check_rating_range(rating_min: int | None, rating_max: int | None) -> None:
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise InvalidInput(_("rating_min must not be above rating_max."), code="bad_rating_range")


ARCHIVE_PAGE_SIZE = 20


def games_archive(*, player: str = "", opponent: str = "", status: str = "", result: str = "",
                  against: str = "", date_from: date | None = None,
                  date_to: date | None = None, rated: bool | None = None,
                  rating_min: int | None = None, rating_max: int | None = None,
                  variant: str = "", imported: bool | None = None, cursor: str = "",
                  size: int = ARCHIVE_PAGE_SIZE, count: bool = True) -> keyset.Page:
    """The archive, the one read behind GET /api/v1/games/ and the /archive/ page: one page of
    `size` games at `cursor` (games.keyset: pages are read from a position, never skipped).

    player / opponent: usernames (compared normalised); with both, games between the two.
    status: active, finished or aborted (default any). result: 1-0, 0-1, 1/2-1/2, * or white,
    black, draw; won / lost seen from `player` (needs a player). against: bots or humans, seen
    from `player` when given (their opponent is / is not a bot), else any / no bot in the game.
    date_from / date_to: the day the game ended, inclusive. rated: rated (true) or casual
    games; rating_min / rating_max: a range both players' ratings (as the game ended) fall in.
    Order: running games first (most recently active first), then ended ones by when they
    ended, newest first (ties by id); each is an order an index serves. count: also count the
    games (up to keyset.COUNT_CAP). imported: only imported records (true) or only games
    played here (false).
    Raises InvalidInput for a bad filter value or cursor and NotFound for an unknown name."""
    segments = archive_segments(
        player=player, opponent=opponent, status=status, result=result, against=against,
        date_from=date_from, date_to=date_to, rated=rated, rating_min=rating_min,
        rating_max=rating_max, variant=variant, imported=imported)
    return keyset.paginate(segments, cursor=cursor, size=size, count=count)


def archive_segments(*, player: str = "", opponent: str = "", status: str = "",
                     result: str = "", against: str = "", date_from: date | None = None,
                     date_to: date | None = None, rated: bool | None = None,
                     rating_min: int | None = None, rating_max: int | None = None,
                     variant: str = "", imported: bool | None = None) -> list[keyset.Segment]:
    """The archive's filters as keyset segments (see games_archive). Filters that do not
    depend on the side a player had are `common` (the variant among them); those seen from
    `player` differ between the games they had White and Black."""
    _check_rating_range(rating_min, rating_max)
    common = Q()
    if variant:
        common &= Q(variant=variant_get(variant).key)
    if rated is not None:
        common &= Q(rated=rated)
    if imported is not None:
        common &= Q(imported=imported)
    if rating_min is not None:
        common &= Q(white_rating__gte=rating_min, black_rating__gte=rating_min)
    if rating_max is not None:
        common &= Q(white_rating__lte=rating_max, black_rating__lte=rating_max)
    me = _player_named(player) if player else None
    other = _player_named(opponent) if opponent else None
    if status and status not in Game.Status.values:
        raise InvalidInput(_("status must be one of %(choices)s.")
                           % {"choices": ", ".join(Game.Status.values)})
    sides = _sides(me, other)
    sides = _by_result(sides, result=result, me=me)
    if against:
        if against not in ARCHIVE_AGAINST:
            raise InvalidInput(_("against must be bots or humans."))
        sides = _by_opponent_kind(sides, against=against, me=me)
    if date_from and date_to and date_from > date_to:
        raise InvalidInput(_("The end date is before the start date."))
    # The day as the site's time zone sees it, as bounds on ended_at itself (an index range;
    # ended_at__date would wrap the column in a function).
    if date_from:
        common &= Q(ended_at__gte=_day_start(date_from))
    if date_to:
        common &= Q(ended_at__lt=_day_start(date_to + timedelta(days=1)))
    games = Game.objects.select_related("white", "black").filter(common)
    segments = []
    if status in ("", Game.Status.ACTIVE) and not (date_from or date_to):
        segments.append(keyset.Segment("a", "updated_at", [
            games.filter(side, status=Game.Status.ACTIVE) for side in sides]))
    if status != Game.Status.ACTIVE:
        ended = Q(ended_at__isnull=False) & (Q(status=status) if status else Q())
        segments.append(keyset.Segment("e", "ended_at", [
            games.filter(side & ended) for side in sides]))
    return segments


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def _sides(me, other) -> list[Q]:
    """Disjoint conditions, one index scan each: with a player, the games they had White and
    those they had Black (the first is White's side, the second Black's)."""
    if me is not None and other is not None:
        return [Q(white=me, black=other), Q(black=me, white=other)]
    if me is not None:
        return [Q(white=me), Q(black=me)]
    if other is not None:
        return [Q(white=other), Q(black=other)]
    return [Q()]


def _by_result(sides: list[Q], *, result: str, me) -> list[Q]:
    if not result:
        return sides
    if result not in ARCHIVE_RESULTS:
        raise InvalidInput(_("result must be 1-0, 0-1, 1/2-1/2, * (or white, black, draw; "
                             "won or lost with a player)."))
    if result in ("won", "lost"):
        if me is None:
            raise FilterNeedsPlayer(_("result won or lost needs a player."))
        white_won, black_won = Game.Result.WHITE_WINS, Game.Result.BLACK_WINS
        as_white, as_black = ((white_won, black_won) if result == "won"
                              else (black_won, white_won))
        return [sides[0] & Q(result=as_white), sides[1] & Q(result=as_black)]
    wanted = Q(result=RESULT_ALIASES.get(result, result))
    return [side & wanted for side in sides]


def _by_opponent_kind(sides: list[Q], *, against: str, me) -> list[Q]:
    # Bot accounts through the reverse relation `bot` (bots.Bot.user): no import of bots.
    white_bot, black_bot = Q(white__bot__isnull=False), Q(black__bot__isnull=False)
    if me is not None:  # the opponent's side: Black in the first branch, White in the second
        kinds = [black_bot, white_bot]
        return [side & (kind if against == "bots" else ~kind)
                for side, kind in zip(sides, kinds)]
    anybot = white_bot | black_bot
    return [side & (anybot if against == "bots" else ~anybot) for side in sides]


def challenge_get_visible(*, challenge_id: object, user) -> Challenge:
    """A challenge the user may see: their own, one sent to them, or an open one (whose id is
    the secret of its link). Anything else is reported as missing."""
    challenge = (Challenge.objects.select_related("challenger", "opponent", "game")
                 .filter(pk=str(challenge_id)).first())
    if challenge is None:
        raise NotFound(_("No such challenge."))
    if challenge.opponent_id is None or user.pk in (challenge.challenger_id, challenge.opponent_id):
        return challenge
    raise NotFound(_("No such challenge."))


def challenges_pending_for(*, user) -> dict[str, QuerySet[Challenge]]:
    base = Challenge.objects.select_related("challenger", "opponent").filter(
        status=Challenge.Status.PENDING)
    return {"incoming": base.filter(opponent=user), "outgoing": base.filter(challenger=user)}


def seeks_open(*, fits_user=None, variant: str = "", limit: int = 200) -> list[dict]:
    """The lobby: pending, unexpired public open challenges with their seekers' ratings, oldest
    first, at most `limit`. With `fits_user`: only others' seeks whose rating range admits that
    user's rating (their rating in the seek's variant). `variant`: only seeks of that variant."""
    from django.utils import timezone

    from games import rating_hook

    seeks = (Challenge.objects.select_related("challenger")
             .filter(public=True, opponent__isnull=True, status=Challenge.Status.PENDING,
                     expires_at__gt=timezone.now(), challenger__is_active=True)
             .order_by("created_at"))
    if variant:
        seeks = seeks.filter(variant=variant_get(variant).key)
    if fits_user is not None:
        seeks = seeks.exclude(challenger=fits_user)
    seeks = list(seeks[:limit])  # the lobby is a list to read, not an archive
    # Ratings are per game and speed: a seek's is its game's at its time control's speed.
    pool = {seek.pk: (seek.variant, speed_of(seek.clock_limit, seek.clock_increment))
            for seek in seeks}
    by_pool: dict[tuple[str, str], list[int]] = {}
    for seek in seeks:
        by_pool.setdefault(pool[seek.pk], []).append(seek.challenger_id)
    if fits_user is not None:
        for key in by_pool:
            by_pool[key].append(fits_user.pk)
    # One read per game and speed in the list (usually one or two).
    ratings = {key: rating_hook.ratings_of(ids, variant=key[0], speed=key[1])
               for key, ids in by_pool.items()}
    if fits_user is not None:
        seeks = [seek for seek in seeks
                 if _admits(seek, ratings[pool[seek.pk]][fits_user.pk].rating)]
    return [{"id": seek.pk, "username": seek.challenger.username,
             "rating": ratings[pool[seek.pk]][seek.challenger_id].rating,
             "provisional": ratings[pool[seek.pk]][seek.challenger_id].provisional,
             "shown_rating": ratings[pool[seek.pk]][seek.challenger_id].shown,
             # 0: new to this game (the page says so rather than a starting "1500?")
             "games_rated": ratings[pool[seek.pk]][seek.challenger_id].games_rated,
             "variant": variant_json(seek.variant), "variant_options": seek.variant_options,
             "color": seek.color, "days_per_move": seek.days_per_move,
             "clock_limit": seek.clock_limit, "clock_increment": seek.clock_increment,
             "speed": speed_of(seek.clock_limit, seek.clock_increment), "rated": seek.rated,
             "rating_min": seek.rating_min, "rating_max": seek.rating_max,
             "created_at": seek.created_at, "expires_at": seek.expires_at, "challenge": seek}
            for seek in seeks]


def _admits(seek: Challenge, rating: int) -> bool:
    return ((seek.rating_min is None or seek.rating_min <= rating)
            and (seek.rating_max is None or seek.rating_max >= rating))


def user_record(*, user) -> dict[str, int]:
    """Wins, draws and losses in finished games (aborted games do not count). Counted over the
    player's own games, side by side (an index each), never over the whole table."""
    won = {"white": Game.Result.WHITE_WINS, "black": Game.Result.BLACK_WINS}
    record = {"wins": 0, "draws": 0, "losses": 0}
    for color, other in (("white", "black"), ("black", "white")):
        rows = (Game.objects.filter(**{color: user}, status=Game.Status.FINISHED)
                .order_by().values_list("result").annotate(n=Count("pk")))
        for result, n in rows:
            if result == won[color]:
                record["wins"] += n
            elif result == won[other]:
                record["losses"] += n
            elif result == Game.Result.DRAW:
                record["draws"] += n
    return record


def user_get(*, username: str):
    # As sign-up compares names (issue 29 item 9: "ALICE" was taken but not found).
    user = user_by_name(username=username)
    if user is None:
        raise NotFound(_("No player named %(name)s.") % {"name": repr(username)})
    return user


def _time_control(game: Game) -> str:
    if game.clock_limit is not None:  # PGN's form: seconds + increment
        return f"{game.clock_limit}+{game.clock_increment or 0}"
    if not game.days_per_move:
        return "-"
    unit = "day" if game.days_per_move == 1 else "days"
    return f"{game.days_per_move} {unit} per move"


def game_export_text(game: Game, *, annotations: bool = True) -> str:
    """The game record as text: PGN-like tag pairs (Variant: the variant's name, as lichess
    writes it; VariantOptions when it has any), then the readable moves, numbered, with what
    other apps add to them (`annotations`: games.export_hook, e.g. a computer analysis)."""
    variant = variant_of(game)
    options = " ".join(f"{name}={_option_text(value)}"
                       for name, value in sorted(game.variant_options.items()))
    tags = [
        ("Event", f"{variant.name} game"),
        ("Variant", variant.name),
        *([("VariantOptions", options)] if options else []),
        ("Date", game.created_at.strftime("%Y.%m.%d")),
        ("White", game.white_label),
        ("Black", game.black_label),
        ("Result", game.result),
        ("Termination", game.termination or ("unterminated" if game.status == "active" else "-")),
        ("TimeControl", _time_control(game)),
        ("Rated", "yes" if game.rated else "no"),
        # The players' ratings as the game ended (absent while it runs and for old games).
        *([("WhiteElo", str(game.white_rating))] if game.white_rating is not None else []),
        *([("BlackElo", str(game.black_rating))] if game.black_rating is not None else []),
        ("Plies", str(game.ply)),
    ]
    lines = [f'[{name} "{value}"]' for name, value in tags]
    if game.start_fen != variant.start_fen:
        lines.append(f'[FEN "{game.start_fen}"]')
    # Move numbers follow the start position's side to move and fullmove number.
    start = Position.from_fen(game.start_fen, variant)
    number, white_to_move = start.fullmove_number, start.turn == WHITE
    parts: list[str] = []
    # An analysed game's moves carry their judgement glyph and evaluation (games.export_hook);
    # after a comment, Black's move is numbered again, as PGN writes it.
    notes = export_hook.move_annotations(game) if annotations else {}
    commented = False
    for ply, san in Move.objects.filter(game=game).order_by("ply").values_list("ply", "san"):
        glyph, comment = notes.get(ply, ("", ""))
        if white_to_move:
            parts.append(f"{number}. {san}{glyph}")
        else:
            if not parts or commented:
                parts.append(f"{number}... {san}{glyph}")
            else:
                parts.append(f"{san}{glyph}")
            number += 1
        if comment:
            parts.append(f"{{ {comment} }}")
        commented = bool(comment)
        white_to_move = not white_to_move
    parts.append(game.result)
    return "\n".join(lines) + "\n\n" + " ".join(parts) + "\n"


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


# ---- fair share (issue 38): what games/services/limits.py counts ----

def bot_games_running(*, user) -> int:
    """How many running games `user` plays against the site's own bots (not external ones:
    their owners' programs search, not this site's workers)."""
    engine_white = Q(white__bot__isnull=False, white__bot__external=False)
    engine_black = Q(black__bot__isnull=False, black__bot__external=False)
    return Game.objects.filter(status=Game.Status.ACTIVE).filter(
        (Q(white=user) & engine_black) | (Q(black=user) & engine_white)).count()


def challenges_created_since(*, since, limit: int, challenger=None, opponent=None,
                             unaccepted: bool = False) -> list:
    """When the newest `limit` challenges of `challenger` and/or to `opponent` created since
    `since` were created (a cancelled or declined challenge counts; with `unaccepted`, an
    accepted one does not), newest first."""
    found = Challenge.objects.filter(created_at__gte=since)
    if unaccepted:
        found = found.exclude(status=Challenge.Status.ACCEPTED)
    if challenger is not None:
        found = found.filter(challenger=challenger)
    if opponent is not None:
        found = found.filter(opponent=opponent)
    return list(found.order_by("-created_at").values_list("created_at", flat=True)[:limit])


def rated_games_against_bot_today(*, user, bot, variant: str) -> int:
    """The rated games of `variant` that `user` finished against `bot` in the last 24
    hours: the count the per-bot cap weighs. Per game, as each has its own rating; finished
    only (a result that moved a rating), so a game just started or aborted costs nothing.
    Games played side by side are bounded by the cap on simultaneous bot games."""
    since = timezone.now() - timedelta(days=1)
    return Game.objects.filter(
        Q(white=user, black=bot) | Q(white=bot, black=user),
        rated=True, variant=variant, status=Game.Status.FINISHED, ended_at__gte=since,
    ).count()


def incoming_challenges_pending(*, user) -> int:
    return Challenge.objects.filter(opponent=user, status=Challenge.Status.PENDING).count()


# ---- the opening explorer (issue 41): finished games' first moves, read in batches ----

def finished_game_ids(*, after_id: int = 0, ended_since: datetime | None = None,
                      limit: int = 500) -> list[int]:
    """The ids of finished games (aborted and imported ones never count) above `after_id`, lowest first, at
    most `limit`; with `ended_since`, only games that ended since then. Keyset by id: a
    backfill pages through the whole archive in batches."""
    found = Game.objects.filter(status=Game.Status.FINISHED, pk__gt=after_id, imported=False)
    if ended_since is not None:
        found = found.filter(ended_at__gte=ended_since)
    return list(found.order_by("pk").values_list("pk", flat=True)[:limit])


def finished_game_ids_ended_since(*, since: datetime, limit: int = 100_000) -> list[int]:
    """The ids of games finished since `since` (imported ones left out), lowest first (read through the index of ended
    games of a status, game_status_ended_idx: a day's games, not the archive)."""
    found = (Game.objects.filter(status=Game.Status.FINISHED, ended_at__isnull=False,
                                 ended_at__gte=since, imported=False)
             .order_by("-ended_at", "-id").values_list("pk", flat=True)[:limit])
    return sorted(found)


def finished_game_openings(*, game_ids: list[int], plies: int) -> list[dict]:
    """For each finished game of `game_ids` (others, and imported ones, are left out): its variant and options,
    start position, result, whether a bot (the site's or an external one) played either side,
    and its first `plies` moves in coordinate form. Two queries for the whole batch."""
    games = (Game.objects.filter(pk__in=game_ids, status=Game.Status.FINISHED, imported=False)
             .order_by("pk")
             .values("pk", "variant", "variant_options", "start_fen", "result",
                     "white__bot__id", "black__bot__id"))
    found = {row["pk"]: {"game_id": row["pk"], "variant": row["variant"],
                         "variant_options": row["variant_options"], "start_fen": row["start_fen"],
                         "result": row["result"],
                         "bots": row["white__bot__id"] is not None or row["black__bot__id"] is not None,
                         "moves": []}
             for row in games}
    moves = (Move.objects.filter(game_id__in=list(found), ply__lte=plies)
             .order_by("game_id", "ply").values_list("game_id", "coord"))
    for game_id, coord in moves:
        found[game_id]["moves"].append(coord)
    return list(found.values())
