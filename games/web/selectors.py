"""Reads the HTML pages need beyond `games.selectors`: the home page's ordering, the header's
"your turn" count and the bot list (the archive is games.selectors.games_archive, shared with
the API).

Bot accounts are recognised through the reverse relation `bot` (bots.Bot.user, related_name
"bot") as an ORM lookup, so this module does not import `bots` (docs/architecture.md layering).
"""
from __future__ import annotations


from django.contrib.auth import get_user_model
from django.db.models import F, Q, QuerySet

from games import bot_hook, keyset
from games.models import Game

User = get_user_model()

WHITE_TO_MOVE = Q(turn=Game.Color.WHITE)


def _your_turn(user) -> Q:
    return (Q(white=user) & WHITE_TO_MOVE) | (Q(black=user) & ~WHITE_TO_MOVE)


def games_active_for(*, user) -> list[Game]:
    """The user's running games: those where it is their turn first, then the nearest
    deadline first (games without a clock last), then the most recently active. No index
    gives that order, so only the player's own running games are sorted: read as White and as
    Black from an index each (game_white_status_at_idx / game_black_status_at_idx; one
    `white = user OR black = user` condition let the planner walk every running game)."""
    games = [game for color in ("white", "black")
             for game in Game.objects.select_related("white", "black")
             .filter(**{color: user}, status=Game.Status.ACTIVE).order_by("-updated_at", "-id")]
    # Stable sorts, least significant key first: the newest activity, then the deadline (none
    # last), then "your turn" first.
    games.sort(key=lambda game: (game.updated_at, game.pk), reverse=True)
    games.sort(key=lambda game: (game.deadline is None, game.deadline or 0))
    games.sort(key=lambda game: game.turn != game.player_color(user))
    return games


def your_turn_count(*, user) -> int:
    if not getattr(user, "is_authenticated", False):
        return 0
    return Game.objects.filter(_your_turn(user), status=Game.Status.ACTIVE).count()


def next_game_your_turn(*, user, after: str | None = None) -> Game | None:
    """The game where it is `user`'s turn that should be played next: nearest deadline first
    (no clock last), then the longest waiting; `after` (the public id of the game just left)
    is skipped."""
    games = Game.objects.filter(_your_turn(user), status=Game.Status.ACTIVE)
    if after is not None:
        games = games.exclude(public_id=after)
    return games.order_by(F("deadline").asc(nulls_last=True), "updated_at", "id").first()


def games_recent_finished_for(*, user, limit: int = 10) -> list[Game]:
    """The user's latest finished games: as White and as Black read from an index each and
    merged (games.keyset), not every game of theirs sorted."""
    games = Game.objects.select_related("white", "black").filter(status=Game.Status.FINISHED,
                                                                 ended_at__isnull=False)
    ended = keyset.Segment("e", "ended_at", [games.filter(white=user), games.filter(black=user)])
    return keyset.paginate([ended], size=limit, count=False).rows


def games_playing_now(*, limit: int = 10) -> QuerySet[Game]:
    """Watch: running games anyone can look at, most recently moved first (games still at ply
    0 are left out: nothing to watch yet)."""
    return (Game.objects.select_related("white", "black")
            .filter(status=Game.Status.ACTIVE, ply__gt=0)
            .order_by("-updated_at", "-id")[:limit])


def games_finished_latest(*, limit: int = 10) -> QuerySet[Game]:
    """Watch: the latest finished games played on the site (imported records are not)."""
    return (Game.objects.select_related("white", "black")
            .filter(status=Game.Status.FINISHED, ended_at__isnull=False, imported=False)
            .order_by("-ended_at", "-id")[:limit])


def bots_available() -> list[dict]:
    """The bot accounts, built-in ones by level, then external ones (run by their owners through
    the Bot API) by name: [{username, level, name, description, descriptions, external}]
    (`description`: in the default variant; `descriptions`: bot_hook.bot_descriptions)."""
    rows = (User.objects.filter(bot__isnull=False, is_active=True)
            .values("username", "bot__level", "bot__name", "bot__description", "bot__external")
            .order_by("bot__external", "bot__level", "username"))
    return [{"username": r["username"], "level": r["bot__level"], "name": r["bot__name"],
             "description": bot_hook.bot_description(level=r["bot__level"],
                                                     external=r["bot__external"],
                                                     stored=r["bot__description"]),
             # How it plays each game (a level searches Five Up fewer plies than Raumschach).
             "descriptions": bot_hook.bot_descriptions(level=r["bot__level"],
                                                       external=r["bot__external"],
                                                       stored=r["bot__description"]),
             "external": r["bot__external"]}
            for r in rows]



def bot_profile(username: str) -> dict | None:
    """The bots_available() row of one bot account (level, name, description), else None."""
    return next((row for row in bots_available() if row["username"] == username), None)


def bot_usernames(*names: str) -> set[str]:
    """Which of the given usernames are bot accounts."""
    return set(User.objects.filter(username__in=names, bot__isnull=False)
               .values_list("username", flat=True))


def player_name_resolve(text: str) -> tuple[str, list[str]]:
    """What a name typed in the archive's filters means: (the name, []) when it names a
    player or starts the name of exactly one ("ann" -> "annie"); ("", the candidates) when it
    starts several names; ("", []) when it starts none (the archive then says so)."""
    from accounts.selectors import user_by_name, usernames_starting

    if user_by_name(username=text) is not None:
        return text, []
    names = usernames_starting(prefix=text)
    if len(names) == 1:
        return names[0], []
    return "", names
