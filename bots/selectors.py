"""Reads about bots: who is a bot, which bot is to move, and a bot's public profile."""
from __future__ import annotations

from django.db.models import Case, Exists, F, OuterRef, Q, QuerySet, Subquery, When
from django.utils.translation import gettext as _
from engine.search import LEVELS

from games import bot_hook, selectors as game_selectors
from games.errors import NotFound
from games.models import Game
from core.prepared import PreparedRows
from games.variants import DEFAULT_VARIANT, variant_keys

from .models import Bot, Showcase


def bot_list() -> QuerySet[Bot]:
    """The playable bots: the built-in ones weakest first, then external bots by name."""
    return (Bot.objects.select_related("user").filter(user__is_active=True)
            .order_by("external", "level", "user__username"))


def builtin_bots() -> QuerySet[Bot]:
    """The bots the engine plays for (never an external bot: its owner plays through the API)."""
    return Bot.objects.filter(external=False)


def bot_of_user(*, user) -> Bot | None:
    if user is None or not getattr(user, "pk", None):
        return None
    return Bot.objects.select_related("user").filter(user_id=user.pk).first()


def bot_get(*, username: str) -> Bot:
    bot = bot_list().filter(user__username=username).first()
    if bot is None:
        raise NotFound(_("No bot named %(name)s.") % {"name": repr(username)})
    return bot


def bot_get_by_level(*, level: object) -> Bot:
    bot = (bot_list().filter(level=level, external=False).first()
           if isinstance(level, int) else None)
    if bot is None:
        raise NotFound(_("No bot plays at level %(level)s; levels are %(levels)s.")
                       % {"level": repr(level), "levels": sorted(LEVELS)})
    return bot


# Asked after every move: compiled once (core.prepared).
_builtin_level = PreparedRows(
    lambda user_id: builtin_bots().filter(user_id=user_id).values_list("level")[:1])


def bot_level_of_user(*, user_id: int) -> int | None:
    """The level of the built-in bot playing as `user_id`, or None for a person or an external
    bot (its owner's engine moves, never ours). One small query."""
    rows = _builtin_level.rows(user_id)
    return rows[0][0] if rows else None


# Asked when a bot is to move: compiled once (core.prepared).
_game_clock_limit = PreparedRows(
    lambda game_id: Game.objects.filter(pk=game_id).values_list("clock_limit")[:1])


def game_is_live(*, game_id: int) -> bool:
    """Whether game `game_id` is played with a clock (its bot's moves take the live lane)."""
    rows = _game_clock_limit.rows(game_id)
    return bool(rows) and rows[0][0] is not None


def bot_to_move(*, game_id: int) -> Bot | None:
    """The built-in bot whose turn it is in game `game_id`, or None (a human's or an external
    bot's turn, the game is over or gone). One query: the game's player to move, as a
    subquery, joined to the bots."""
    mover = (Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE)
             .annotate(mover=Case(When(turn=Game.Color.WHITE, then=F("white_id")),
                                  default=F("black_id")))
             .order_by().values("mover")[:1])
    return builtin_bots().select_related("user").filter(user_id=Subquery(mover)).first()


def game_with_bot_to_move(*, game_id: int) -> tuple[Game | None, Bot | None]:
    """Game `game_id` (None if gone) and the built-in bot whose turn it is in it (None: a
    person's or an external bot's turn, or the game is over), in one query: the game with both
    players and their bot rows, and whether it is the showcase (`game.is_showcase`). What a
    bot's move reads before it searches."""
    game = (Game.objects.select_related("white__bot", "black__bot")
            .annotate(is_showcase=Exists(Showcase.objects.filter(pk=1, game=OuterRef("pk"))))
            .filter(pk=game_id).first())
    if game is None or game.status != Game.Status.ACTIVE:
        return game, None
    mover = game.white if game.turn == Game.Color.WHITE else game.black
    bot = getattr(mover, "bot", None)  # a person has no bot row (the accessor raises)
    return game, None if bot is None or bot.external else bot


def bot_profile(bot: Bot) -> dict:
    """What a bot's profile shows: its level, how it plays, how long it thinks, its record.
    `description` and `search_depth` are the default variant's; `descriptions` and
    `search_depths` give them per variant (a level searches Five Up fewer plies)."""
    level = LEVELS.get(bot.level)
    per_variant = {key: None if bot.external else bot_hook.engine_level(bot.level, key) for key in variant_keys()}
    return {
        "username": bot.user.username,
        "external": bot.external,
        "name": bot.name,
        "level": bot.level,
        "description": bot_hook.bot_description(level=bot.level, external=bot.external,
                                                stored=bot.description),
        # How the engine is configured at this level (null where the level has no such limit).
        "search_depth": level.depth if level and level.depth else None,
        "descriptions": {key: bot_hook.bot_description(level=bot.level, external=bot.external,
                                                       stored=bot.description, variant=key)
                         for key in per_variant},
        "search_depths": {key: lv.depth if lv and lv.depth else None for key, lv in per_variant.items()},
        "max_think_seconds": level.movetime if level else None,
        "record": game_selectors.user_record(user=bot.user),
        "variants": (list(bot.variants or [DEFAULT_VARIANT]) if bot.external
                     else variant_keys()),
    }


def bot_profile_of_user(*, user) -> dict | None:
    """The bot profile of `user`, or None for a human."""
    bot = bot_of_user(user=user)
    return bot_profile(bot) if bot is not None else None


def bot_games_active() -> QuerySet[Game]:
    """Running games with a built-in bot on both sides."""
    return Game.objects.filter(status=Game.Status.ACTIVE, white__bot__external=False,
                               black__bot__external=False)


def games_waiting_for_a_bot() -> QuerySet[Game]:
    """Running games in which it is a built-in bot's turn (external bots move themselves)."""
    white_to_move = Q(turn=Game.Color.WHITE)
    return Game.objects.filter(
        Q(status=Game.Status.ACTIVE)
        & ((white_to_move & Q(white__bot__external=False))
           | (~white_to_move & Q(black__bot__external=False))))


def bot_to_answer_draw(*, game: Game | None = None, game_id: int | None = None) -> Bot | None:
    """The built-in bot a standing draw offer in the game is addressed to, or None (no offer,
    the game is over, the addressee is a person or an external bot, whose owner's program
    answers through the Bot API)."""
    if game is None:
        game = Game.objects.select_related("white", "black").filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or not game.draw_offer:
        return None
    addressee = game.black if game.draw_offer == Game.Color.WHITE else game.white
    bot = bot_of_user(user=addressee)
    return None if bot is None or bot.external else bot


def bot_to_answer_takeback(*, game: Game | None = None,
                           game_id: int | None = None) -> Bot | None:
    """The built-in bot a standing takeback offer in a casual game is addressed to, once the
    bot has replied (the offerer is to move), or None. While the bot is to move, its search is
    under way for the position the offer would take back: the offer stands and its move lapses
    it, so a search never plays into a position it was not made for."""
    if game is None:
        game = Game.objects.select_related("white", "black").filter(pk=game_id).first()
    if (game is None or game.status != Game.Status.ACTIVE or not game.takeback_offer
            or game.rated or game.turn != game.takeback_offer):
        return None
    addressee = game.black if game.takeback_offer == Game.Color.WHITE else game.white
    bot = bot_of_user(user=addressee)
    return None if bot is None or bot.external else bot
