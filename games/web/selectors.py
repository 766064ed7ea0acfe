"""Reads the HTML pages need beyond `games.selectors`: the home page's ordering, the header's
"your turn" count, the archive's filters and the bot list.

Bot accounts are recognised through the reverse relation `bot` (bots.Bot.user, related_name
"bot") as an ORM lookup, so this module does not import `bots` (ARCHITECTURE.md layering).
"""
from __future__ import annotations

from datetime import date

from django.contrib.auth import get_user_model
from django.db.models import BooleanField, Case, F, Q, QuerySet, Value, When

from games.errors import NotFound
from games.models import Game

User = get_user_model()

# The position string's side-to-move field sits between the placement and the clocks.
WHITE_TO_MOVE = Q(fen__contains=" w ")


def _your_turn(user) -> Q:
    return (Q(white=user) & WHITE_TO_MOVE) | (Q(black=user) & ~WHITE_TO_MOVE)


def games_active_for(*, user) -> QuerySet[Game]:
    """The user's running games: those where it is their turn first, then the nearest
    deadline first (games without a clock last), then the most recently active."""
    return (
        Game.objects.select_related("white", "black")
        .filter(Q(white=user) | Q(black=user), status=Game.Status.ACTIVE)
        .annotate(your_turn=Case(When(_your_turn(user), then=Value(True)),
                                 default=Value(False), output_field=BooleanField()))
        .order_by("-your_turn", F("deadline").asc(nulls_last=True), "-updated_at", "-id")
    )


def your_turn_count(*, user) -> int:
    if not getattr(user, "is_authenticated", False):
        return 0
    return Game.objects.filter(_your_turn(user), status=Game.Status.ACTIVE).count()


def games_recent_finished_for(*, user, limit: int = 10) -> QuerySet[Game]:
    return (Game.objects.select_related("white", "black")
            .filter(Q(white=user) | Q(black=user), status=Game.Status.FINISHED)
            .order_by("-ended_at", "-id")[:limit])


def games_playing_now(*, limit: int = 10) -> QuerySet[Game]:
    """Watch: running games anyone can look at, most recently moved first (games still at ply
    0 are left out: nothing to watch yet)."""
    return (Game.objects.select_related("white", "black")
            .filter(status=Game.Status.ACTIVE, ply__gt=0)
            .order_by("-updated_at", "-id")[:limit])


def games_finished_latest(*, limit: int = 10) -> QuerySet[Game]:
    """Watch: the latest finished games on the site."""
    return (Game.objects.select_related("white", "black")
            .filter(status=Game.Status.FINISHED)
            .order_by("-ended_at", "-id")[:limit])


ARCHIVE_RESULTS = ("white", "black", "draw", "won", "lost")
ARCHIVE_AGAINST = ("bots", "humans")


def _user_named(username: str):
    user = User.objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise NotFound(f"No player named {username.strip()!r}.")
    return user


def games_archive(*, player: str = "", opponent: str = "", result: str = "",
                  against: str = "", date_from: date | None = None,
                  date_to: date | None = None) -> QuerySet[Game]:
    """Finished games, most recently ended first, filtered:

    player / opponent: usernames; with both, games between the two. result: white, black,
    draw, or won / lost from `player`'s side (needs a player). against: bots or humans, seen
    from `player` when given (their opponent is / is not a bot), else any / no bot in the game.
    date_from / date_to: the day the game ended, inclusive. Raises NotFound for unknown names.
    """
    games = Game.objects.select_related("white", "black").filter(status=Game.Status.FINISHED)
    me = _user_named(player) if player else None
    other = _user_named(opponent) if opponent else None
    if me is not None:
        games = games.filter(Q(white=me) | Q(black=me))
    if other is not None:
        if me is not None:
            games = games.filter(Q(white=me, black=other) | Q(black=me, white=other))
        else:
            games = games.filter(Q(white=other) | Q(black=other))

    white_won, black_won = Game.Result.WHITE_WINS, Game.Result.BLACK_WINS
    if result == "white":
        games = games.filter(result=white_won)
    elif result == "black":
        games = games.filter(result=black_won)
    elif result == "draw":
        games = games.filter(result=Game.Result.DRAW)
    elif result in ("won", "lost") and me is not None:
        mine = Q(white=me, result=white_won) | Q(black=me, result=black_won)
        theirs = Q(white=me, result=black_won) | Q(black=me, result=white_won)
        games = games.filter(mine if result == "won" else theirs)

    white_bot, black_bot = Q(white__bot__isnull=False), Q(black__bot__isnull=False)
    if against in ARCHIVE_AGAINST:
        if me is not None:
            opponent_bot = (Q(white=me) & black_bot) | (Q(black=me) & white_bot)
        else:
            opponent_bot = white_bot | black_bot
        games = games.filter(opponent_bot if against == "bots" else ~opponent_bot)

    if date_from:
        games = games.filter(ended_at__date__gte=date_from)
    if date_to:
        games = games.filter(ended_at__date__lte=date_to)
    return games.order_by("-ended_at", "-id")


def bots_available() -> list[dict]:
    """The bot accounts by level: [{username, level, name, description}]."""
    rows = (User.objects.filter(bot__isnull=False, is_active=True)
            .values("username", "bot__level", "bot__name", "bot__description")
            .order_by("bot__level"))
    return [{"username": r["username"], "level": r["bot__level"], "name": r["bot__name"],
             "description": r["bot__description"]} for r in rows]


def bot_usernames(*names: str) -> set[str]:
    """Which of the given usernames are bot accounts."""
    return set(User.objects.filter(username__in=names, bot__isnull=False)
               .values_list("username", flat=True))
