"""What bots do: answer a move, re-queue moves whose task was lost, and start a game between
two bots.

A bot plays through the same `games.services.game_play_move` as a person, stating the ply it
searched from, so a result that arrives after the game moved on (or ended) is refused there and
nothing is ever played twice.
"""
from __future__ import annotations

import logging
import os
import random
import re
import time
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as game_services
from games.clock import clock_json
from games.errors import (Conflict, GameOver, InvalidInput, NotAllowed, NotFound, NotYourTurn,
                          StalePly)
from games.models import Challenge, Game
from games.positions import search_position
from games.services.commit import after_commit
from games.variants import DEFAULT_VARIANT, move_coord, option_values, variant_get

from . import hooks, selectors, showcase
from .budget import clock_movetime, time_limits
from .claims import ply_claim
from .live_overhead import charged_besides_search, live_overhead, live_overhead_record
from .models import Bot
from .search import SearchStopped, bot_search

logger = logging.getLogger(__name__)

# At most this many bot-v-bot games run at once: each keeps a worker busy until it ends, and
# people waiting for a bot's reply must not queue behind them.
MAX_ACTIVE_BOT_GAMES = 4


# A bot's move normally lands within its level's hard time limit (bots.budget, at most ~80 s)
# plus retries; a game waiting this long lost its task.
STALLED_AFTER = timedelta(minutes=5)


@dataclass(frozen=True)
class BotMoveOutcome:
    # "played", "dropped" (ended, gone, not a bot's turn), "busy", "stale", "paced" (the
    # showcase's move is not due yet: queued again for when it is), "stopped" (shutting down)
    status: str
    game_id: int
    ply: int | None = None  # the ply searched from
    move: str | None = None  # coordinate form, when a move was chosen


def move_seed(game: Game, ply: int) -> int:
    """The engine's seed for this game and ply: a re-delivered search replays the same choice
    (depth-limited levels), and a game can be reproduced from its record."""
    return random.Random(f"{game.pk}:{game.created_at.isoformat()}:{ply}").getrandbits(63)


def bot_move_play(*, game_id: int, job_id: str | None = None, seed: int | None = None,
                  movetime: float | None = None) -> BotMoveOutcome:
    """If a bot is to move in game `game_id`, search at its level and play the move.

    job_id: the Celery task id (a re-delivered task keeps it and may resume its own claim);
    seed: the engine's seed (default: `move_seed`); movetime: overrides the level's budget.
    In a live game the search is bounded by the bot's clock too (`live_movetime`).
    A stale or game-over refusal is logged and reported, never raised. The game is read once;
    the search starts from the stored position with its stored repetition keys.
    """
    game, bot = selectors.game_with_bot_to_move(game_id=game_id)
    if game is None:
        logger.info("bot move for game %s dropped: no such game", game_id)
        return BotMoveOutcome("dropped", game_id)
    if bot is None:
        logger.info("bot move for game %s at ply %s dropped: %s", game_id, game.ply,
                    "not a bot's turn" if game.status == Game.Status.ACTIVE else game.status)
        return BotMoveOutcome("dropped", game_id, game.ply)
    ply = game.ply
    if game.is_showcase:
        wait = showcase.showcase_wait(game, now=timezone.now())
        if wait > 0:  # too soon after the last move: play it when it is due
            hooks.dispatch_bot_move(game.pk, bot.level, delay=wait)
            logger.info("showcase game %s at ply %s: move put off %.1f s", game_id, ply, wait)
            return BotMoveOutcome("paced", game_id, ply)
        movetime = showcase.showcase_movetime(movetime)
    movetime = live_movetime(game, bot, movetime)
    turn_started = game.clock_started_at  # game_play_move sets it to the opponent's turn
    with ply_claim(game, ply, owner=job_id, ttl=time_limits(bot.level).claim_ttl) as claim:
        if claim is None:
            logger.info("bot move for game %s at ply %s skipped: another job is searching it",
                        game_id, ply)
            return BotMoveOutcome("busy", game_id, ply)
        if claim == "resumed":
            logger.warning("bot move for game %s at ply %s resumed by re-delivered job %s",
                           game_id, ply, job_id)
        position = search_position(game)
        # The process id tells an operator (and the re-delivery test) which worker searches.
        logger.info("%s searching game %s at ply %s in process %s", bot.name, game_id, ply,
                    os.getpid())
        started = time.monotonic()
        try:
            result = bot_search(position, bot.level,
                                seed=move_seed(game, ply) if seed is None else seed,
                                movetime=movetime)
        except SearchStopped:
            logger.warning("bot move for game %s at ply %s stopped: the server is shutting "
                           "down (the move is started again when it starts)", game_id, ply)
            return BotMoveOutcome("stopped", game_id, ply)
        move = move_coord(position, result.move)
        try:
            game_services.game_play_move(game=game, user=bot.user, move=move, ply=ply)
        except (StalePly, GameOver, NotYourTurn, NotFound) as exc:
            logger.info("bot move %s for game %s at ply %s refused (%s): %s", move, game_id, ply,
                        exc.code, exc.detail)
            return BotMoveOutcome("stale", game_id, ply, move)
        searched = time.monotonic() - started
    _measure_live_overhead(game, turn_started, searched)
    logger.info("%s played %s in game %s at ply %s (depth %s, %s nodes)", bot.name, move,
                game_id, ply, result.depth, result.nodes)
    return BotMoveOutcome("played", game_id, ply, move)


def live_movetime(game: Game, bot: Bot, movetime: float | None) -> float | None:
    """`movetime`, bounded in a live game by what the bot's clock allows now (bots.budget): its
    time as the clock shows it at this moment (the wait in the queue already charged)."""
    shown = clock_json(game, now=timezone.now())
    if shown is None or bot.level is None:
        return movetime
    budget = clock_movetime(bot.level, remaining=shown[game.turn] / 1000,  # the bot's turn
                            increment=shown["increment"], overhead=live_overhead(game.pk))
    return budget if movetime is None else min(movetime, budget)


def _measure_live_overhead(game: Game, turn_started, searched: float) -> None:
    """In a live game, what this move cost the bot's clock (running since `turn_started`)
    besides its `searched` seconds of search - the queue, loading, storing - goes into the
    game's figure for its next budgets."""
    if game.clock_limit is None or turn_started is None:
        return  # no clock, or the first move's clock had not started: nothing was charged
    live_overhead_record(game.pk, charged_besides_search(
        turn_started=turn_started, moved=timezone.now(), searched=searched))


def bot_moves_requeue_stalled(*, older_than: timedelta = STALLED_AFTER) -> list[int]:
    """Queue the move again in every running game that has waited for a bot longer than
    `older_than`: its task was lost (e.g. the whole worker was killed, so the broker only hands
    the task on after its visibility timeout). Returns the games' ids. A task still on its way
    is harmless: the claim and the compare-and-set on the ply keep it to one move."""
    cutoff = timezone.now() - older_than
    stalled = list(selectors.games_waiting_for_a_bot().filter(updated_at__lt=cutoff)
                   .values_list("pk", flat=True))
    for game_id in stalled:
        logger.warning("game %s has waited for its bot since before %s; queueing the move again",
                       game_id, cutoff.isoformat())
        hooks.request_bot_move_if_needed(game_id)
    return stalled


def bot_game_start(*, white_level: object, black_level: object, started_by,
                   variant: str = DEFAULT_VARIANT) -> Game:
    """Start a game between the bots of two levels (staff only) in `variant`; both sides move
    on their own and anyone can watch it like any other game."""
    if not getattr(started_by, "is_staff", False):
        raise NotAllowed(_("Only staff can start bot-v-bot games."))
    rules = variant_get(variant)
    for level in (white_level, black_level):
        if isinstance(level, bool) or not isinstance(level, int):
            raise InvalidInput(_("white and black must be bot levels (integers)."))
    if white_level == black_level:
        raise InvalidInput(_("Choose two different levels: a bot cannot play itself."))
    white = selectors.bot_get_by_level(level=white_level)
    black = selectors.bot_get_by_level(level=black_level)
    # A soft cap: two staff members starting games at the same instant may pass it together.
    if selectors.bot_games_active().count() >= MAX_ACTIVE_BOT_GAMES:
        raise Conflict(_("%(count)s bot-v-bot games are running; wait for one to end.")
                       % {"count": MAX_ACTIVE_BOT_GAMES},
                       code="too_many_bot_games")
    with transaction.atomic():
        # Created here rather than through a challenge: bots never send or accept challenges
        # (games.services refuses them). No clock: both sides answer at once.
        game = Game.objects.create(white=white.user, black=black.user, days_per_move=None,
                                   variant=rules.key, variant_options=option_values(rules),
                                   start_fen=rules.start_fen, fen=rules.start_fen)
        after_commit(hooks.request_bot_move_if_needed, game_id=game.pk)
    logger.info("%s started bot game %s: %s v %s", started_by, game.pk, white.name, black.name)
    return game


# ----- external bots (accounts upgraded through the Bot API, botapi)

EXTERNAL_DEFAULT_DESCRIPTION = "An external engine, run by its owner through the Bot API."
MAX_DESCRIPTION = 200


# A text of variant keys: keys separated by commas, spaces around them allowed (the Bot API's
# schema states the same pattern; " , " and "a,,b" have no such shape).
VARIANT_KEYS_TEXT = r"^\s*[A-Za-z0-9_-]+\s*(,\s*[A-Za-z0-9_-]+\s*)*$"


def _variant_list(variants: object) -> list[str]:
    """Variant keys as a bot lists them: a list, or one text of keys separated by commas;
    each must be a variant of the engine (UnknownVariant)."""
    if isinstance(variants, str):
        if not re.match(VARIANT_KEYS_TEXT, variants):
            raise InvalidInput(_("variants must be variant keys separated by commas, e.g. "
                                 "raumschach,fiveup."))
        variants = [part.strip() for part in variants.split(",")]
    if not isinstance(variants, list) or not variants or len(variants) > 32:
        raise InvalidInput(_("variants must list at least one variant key, e.g. "
                             "raumschach,fiveup."))
    keys = []
    for key in variants:
        key = variant_get(key).key
        if key not in keys:
            keys.append(key)
    return keys


def bot_upgrade_account(*, user, description: str = "", variants: object = None) -> Bot:
    """Make `user` an external bot: irreversible, and only for an account that has played no
    game and has no pending challenge (lichess's rule: a bot's record starts as a bot's).
    `variants`: the variant keys it plays (default Raumschach only)."""
    if not isinstance(description, str) or len(description) > MAX_DESCRIPTION:
        raise InvalidInput(_("description must be text of at most %(count)s characters.")
                           % {"count": MAX_DESCRIPTION})
    keys = [DEFAULT_VARIANT] if variants in (None, "") else _variant_list(variants)
    with transaction.atomic():
        existing = selectors.bot_of_user(user=user)
        if existing is not None and existing.external:
            raise InvalidInput(_("This account is already a bot account."), code="already_bot")
        if existing is not None:
            raise InvalidInput(_("A built-in bot cannot be upgraded."), code="builtin_bot")
        if Game.objects.filter(Q(white=user) | Q(black=user)).exists():
            raise InvalidInput(_("This account has already played games; only an account that "
                                 "has never played can become a bot."), code="has_played")
        if Challenge.objects.filter(Q(challenger=user) | Q(opponent=user),
                                    status=Challenge.Status.PENDING).exists():
            raise InvalidInput(_("Cancel or answer your pending challenges first."),
                               code="pending_challenges")
        try:
            with transaction.atomic():
                bot = Bot.objects.create(
                    user=user, external=True, level=None, name=user.username[:32],
                    description=description.strip() or EXTERNAL_DEFAULT_DESCRIPTION,
                    variants=keys)
        except IntegrityError:  # two upgrades at once: the other one won
            raise Conflict(_("This account is already a bot account."), code="already_bot") from None
    return bot


def bot_set_variants(*, user, variants: object) -> Bot:
    """Set the variants an external bot plays: challenges in any other are declined for it
    (reason `variant`); its running games are not touched."""
    keys = _variant_list(variants)
    bot = selectors.bot_of_user(user=user)
    if bot is None or not bot.external:
        raise InvalidInput(_("Only an external bot account lists the variants it plays."),
                           code="not_a_bot")
    Bot.objects.filter(pk=bot.pk).update(variants=keys)
    bot.variants = keys
    return bot
