"""Challenges: to a user, open (anyone logged in with the link accepts), or to a bot (accepted
at once). Accepting starts the game."""
from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import bot_hook, events, rating_hook, selectors, signals
from games.clock import check_time_control, speed_of
from games.errors import CannotChallengeSelf, Conflict, InvalidInput, NotAllowed, NotFound
from games.models import DAYS_PER_MOVE_CHOICES, Challenge, Game
from games.positions import start_position_check
from games.variants import DEFAULT_VARIANT, option_values, variant_json, variant_with_options

from . import clocks, limits
from .commit import after_commit
from .vacation import clock_for_turn

MAX_PENDING_CHALLENGES = 50  # per challenger; stops one account flooding everyone's inbox



def _check_options(color: object, days_per_move: object) -> None:
    if color not in Challenge.ColorChoice.values:
        raise InvalidInput(_("color must be white, black or random."))
    if days_per_move is not None and (
        isinstance(days_per_move, bool) or days_per_move not in DAYS_PER_MOVE_CHOICES
    ):
        choices = ", ".join(str(d) for d in DAYS_PER_MOVE_CHOICES)
        raise InvalidInput(_("days_per_move must be one of %(choices)s, or null for no clock.")
                           % {"choices": choices})


def challenge_create(*, challenger, opponent, color: str, days_per_move: int | None,
                     rated: bool | None = None, public: bool = False,
                     rating_min: int | None = None, rating_max: int | None = None,
                     variant: str = DEFAULT_VARIANT, variant_options: dict | None = None,
                     fen: str = "", clock_limit: int | None = None,
                     clock_increment: int | None = None) -> Challenge:
    """Create a challenge; `opponent` None makes an open challenge, and with `public` a seek
    listed in the lobby (optionally only for ratings in [rating_min, rating_max]). A challenge to
    a bot is accepted at once (its `game` is set on return). `rated` None: rated, except against
    a bot already played rated too often today (see `_rated_against`).

    variant / variant_options: the game's rules (UnknownVariant, BadVariantOption); `fen`: a
    start position string of that variant ("" = its start position; a game from a position
    is casual). An external bot that does not play the variant declines at once (reason
    `variant`). clock_limit / clock_increment: a live game's clock in seconds (15-10800 and
    0-180; with days_per_move null), else InvalidClock (games.clock.check_time_control)."""
    _check_options(color, days_per_move)
    clock_limit, clock_increment = check_time_control(
        clock_limit=clock_limit, clock_increment=clock_increment, days_per_move=days_per_move)
    _check_seek_options(opponent=opponent, rated=rated, public=public, rating_min=rating_min,
                        rating_max=rating_max)
    rules = variant_with_options(variant, variant_options)
    fen = _check_start_position(fen, rules)
    if fen:
        rated = False
    if opponent is not None and opponent.pk == challenger.pk:
        raise CannotChallengeSelf()
    if bot_hook.is_engine_bot(challenger):
        raise NotAllowed(_("Bots do not send challenges."))
    if opponent is not None and not opponent.is_active:
        raise InvalidInput(_("That account is disabled."), code="unknown_user")
    pending = Challenge.objects.filter(challenger=challenger, status=Challenge.Status.PENDING)
    if pending.count() >= MAX_PENDING_CHALLENGES:
        raise Conflict(_("You have %(count)s pending challenges; cancel some first.")
                       % {"count": MAX_PENDING_CHALLENGES},
                       code="too_many_challenges")
    seek_fields = {}
    if public:
        _check_open_seeks(challenger)
        seek_fields = {"public": True, "rating_min": rating_min, "rating_max": rating_max,
                       "expires_at": timezone.now() + timedelta(hours=settings.SEEK_EXPIRY_HOURS)}
    rated = _rated_against(challenger, opponent, rated, rules.key)
    with transaction.atomic():
        _check_fair_share(challenger, opponent)
        challenge = Challenge.objects.create(challenger=challenger, opponent=opponent,
                                             color=color, days_per_move=days_per_move,
                                             clock_limit=clock_limit,
                                             clock_increment=clock_increment,
                                             rated=rated, variant=rules.key,
                                             variant_options=option_values(rules),
                                             start_fen=fen, **seek_fields)
        if public:
            after_commit(events.publish_lobby_changed, challenge_id=challenge.pk,
                         variant=challenge.variant, change="new")
        if opponent is not None and bot_hook.is_engine_bot(opponent):
            _start_game(challenge, acceptor=opponent)
        elif opponent is not None and not bot_hook.bot_plays_variant(opponent, rules.key):
            # lichess-bot declines a variant its owner did not list; the site does it for the
            # bot, so the challenger hears at once and the bot's stream is not asked.
            _set_status(challenge, Challenge.Status.DECLINED, decline_reason="variant")
            after_commit(signals.send_after_commit, signal=signals.challenge_changed,
                         challenge_id=challenge.pk)
        elif opponent is not None:
            after_commit(events.publish_challenge_received, challenge_id=challenge.pk,
                         variant=challenge.variant, user_id=opponent.pk, challenger=challenger.username)
            after_commit(signals.send_after_commit, signal=signals.challenge_changed,
                         challenge_id=challenge.pk)
    return challenge


def _check_fair_share(challenger, opponent) -> None:
    """The caps of games/services/limits.py (issue 38), with the counted rows locked."""
    limits.lock_parties(challenger, opponent)
    limits.bot_games_check(challenger, opponent)
    limits.challenge_rate_check(challenger, opponent)
    limits.incoming_check(opponent)


def _check_start_position(fen: object, rules) -> str:
    """A challenge's start position string: "" (the variant's own) or one the engine reads in
    this variant with a move to play (InvalidInput with the engine's message otherwise)."""
    if fen is None or fen == "":
        return ""
    if not isinstance(fen, str) or len(fen) > Game._meta.get_field("start_fen").max_length:
        raise InvalidInput(_("fen must be a position string."), code="bad_position")
    # A rated request is made casual (challenge_create), as lichess does with a `fen`.
    return start_position_check(fen.strip(), rules)


# ---- ratings and the lobby (issue 15) ----

def _check_seek_options(*, opponent, rated: object, public: object, rating_min: object,
                        rating_max: object) -> None:
    if rated is not None and not isinstance(rated, bool):
        raise InvalidInput(_("rated must be true or false."))
    if not isinstance(public, bool):
        raise InvalidInput(_("public must be true or false."))
    if public and opponent is not None:
        raise InvalidInput(_("Only a challenge to nobody in particular can be public (a seek)."),
                           code="public_needs_no_opponent")
    for value in (rating_min, rating_max):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value <= 4000):
            raise InvalidInput(_("rating_min and rating_max must be integers from 0 to 4000."))
    if (rating_min is not None or rating_max is not None) and not public:
        raise InvalidInput(_("A rating range is only for public seeks."), code="range_needs_seek")
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise InvalidInput(_("rating_min must not be above rating_max."), code="bad_rating_range")


def _check_open_seeks(challenger) -> None:
    open_seeks = Challenge.objects.filter(challenger=challenger, public=True,
                                          status=Challenge.Status.PENDING,
                                          expires_at__gt=timezone.now())
    if open_seeks.count() >= settings.MAX_OPEN_SEEKS:
        raise Conflict(_("You have %(count)s open seeks; cancel one first.")
                       % {"count": settings.MAX_OPEN_SEEKS},
                       code="too_many_seeks")


def _rated_against(challenger, opponent, rated: bool | None, variant: str) -> bool:
    """Whether the game will be rated. Against a bot at most RATED_GAMES_PER_BOT_PER_DAY rated
    games of each game a day: a person cannot farm rating points off one bot's weaknesses."""
    if opponent is None or not bot_hook.is_bot(opponent):
        return True if rated is None else rated
    if rated is False:
        return False
    played = selectors.rated_games_against_bot_today(user=challenger, bot=opponent,
                                                     variant=variant)
    if played < settings.RATED_GAMES_PER_BOT_PER_DAY:
        return True
    if rated:
        raise Conflict(_("You have finished %(played)d rated games of %(game)s against "
                         "%(bot)s in the last 24 hours; play casual games of it against "
                         "that bot until then.")
                       % {"played": played, "game": variant_json(variant)["name"],
                          "bot": opponent.username},
                       code="bot_rating_cap")
    return False


def _check_seek_taker(challenge: Challenge, user) -> None:
    if challenge.expires_at is not None and challenge.expires_at <= timezone.now():
        raise Conflict(_("That seek has expired."), code="seek_expired")
    if challenge.rating_min is None and challenge.rating_max is None:
        return
    speed = speed_of(challenge.clock_limit, challenge.clock_increment)
    rating = rating_hook.rating_of(user.pk, challenge.variant, speed).rating
    low, high = challenge.rating_min or 0, challenge.rating_max or 10_000
    if not low <= rating <= high:
        raise NotAllowed(_("This seek is for ratings %(low)s-%(high)s; yours is %(rating)s.")
                         % {"low": low, "high": high, "rating": rating},
                         code="rating_out_of_range")


def _lock_pending(challenge: Challenge) -> Challenge:
    try:
        locked = Challenge.objects.select_for_update().get(pk=challenge.pk)
    except Challenge.DoesNotExist:
        raise NotFound(_("No such challenge.")) from None
    if locked.status != Challenge.Status.PENDING:
        said = {Challenge.Status.ACCEPTED: _("The challenge is already accepted."),
                Challenge.Status.DECLINED: _("The challenge is already declined."),
                Challenge.Status.CANCELLED: _("The challenge is already cancelled.")}
        raise Conflict(said.get(locked.status, _("The challenge is no longer pending.")),
                       code="challenge_not_pending")
    return locked


def _set_status(challenge: Challenge, status: str, **fields) -> None:
    """Compare-and-set from pending, so two acceptors cannot both start a game."""
    updated = Challenge.objects.filter(pk=challenge.pk, status=Challenge.Status.PENDING).update(
        status=status, updated_at=timezone.now(), **fields
    )
    if updated != 1:
        raise Conflict(_("The challenge is no longer pending."), code="challenge_not_pending")
    challenge.status = status
    for name, value in fields.items():
        setattr(challenge, name, value)


def _start_game(challenge: Challenge, *, acceptor) -> Game:
    color = challenge.color
    if color == Challenge.ColorChoice.RANDOM:
        color = secrets.choice([Challenge.ColorChoice.WHITE, Challenge.ColorChoice.BLACK])
    if color == Challenge.ColorChoice.WHITE:
        white, black = challenge.challenger, acceptor
    else:
        white, black = acceptor, challenge.challenger
    days = challenge.days_per_move
    start = challenge.start_fen or variant_with_options(challenge.variant,
                                                        challenge.variant_options).start_fen
    now = timezone.now()
    # The game takes the challenge's id, as lichess promises its clients.
    game = Game(public_id=challenge.pk, white=white, black=black,
                days_per_move=days, rated=challenge.rated, variant=challenge.variant,
                variant_options=challenge.variant_options, start_fen=start, fen=start)
    # The first mover's clock: its first-move timer (a live game), or its days (correspondence;
    # the side to move of a start position string is the first mover).
    first_mover = black if start.split()[1:2] == ["b"] else white
    for name, value in {**clock_for_turn(user_id=first_mover.pk, days_per_move=days, now=now),
                        **clocks.clock_new_game_fields(
                            clock_limit=challenge.clock_limit,
                            clock_increment=challenge.clock_increment,
                            days_per_move=days, now=now)}.items():
        setattr(game, name, value)
    game.save()
    if clocks.is_live(game):
        after_commit(clocks.flag_schedule, game_id=game.pk, ply=0, deadline=game.deadline)
    _set_status(challenge, Challenge.Status.ACCEPTED, game=game)
    after_commit(events.publish_challenge_accepted, challenge_id=challenge.pk,
                 variant=game.variant, user_id=challenge.challenger_id, public_id=game.public_id,
                 by=acceptor.username)
    # The first mover, not White: a set-up position may have Black to move (and a bot with
    # Black must be asked for its move).
    after_commit(events.publish_your_turn, public_id=game.public_id, variant=game.variant,
                 user_id=first_mover.pk, ply=0, deadline=game.deadline)
    after_commit(signals.send_after_commit, signal=signals.game_started, game_id=game.pk)
    after_commit(signals.send_after_commit, signal=signals.turn_passed, game_id=game.pk,
                 player_id=first_mover.pk, live=game.clock_limit is not None)
    return game


def challenge_accept(*, challenge: Challenge, user) -> Game:
    with transaction.atomic():
        locked = _lock_pending(challenge)
        if locked.is_seek and locked.challenger_id == user.pk:
            raise Conflict(_("That is your own seek; cancel it instead."), code="own_seek")
        if locked.challenger_id == user.pk:
            raise NotAllowed(_("You cannot accept your own challenge."), code="own_challenge")
        if locked.opponent_id is not None and locked.opponent_id != user.pk:
            raise NotAllowed(_("This challenge is for someone else."), code="not_your_challenge")
        if bot_hook.is_engine_bot(user):
            raise NotAllowed(_("Bots only play challenges sent to them."))
        _check_seek_taker(locked, user)
        game = _start_game(locked, acceptor=user)
        if locked.public:
            after_commit(events.publish_lobby_changed, challenge_id=locked.pk,
                         variant=locked.variant, change="taken")
    challenge.refresh_from_db()
    return game


def challenge_decline(*, challenge: Challenge, user, reason: str = "") -> Challenge:
    """Decline a challenge sent to `user`; `reason`: lichess's reason key (e.g. "later"), kept
    for the challenger's event."""
    with transaction.atomic():
        locked = _lock_pending(challenge)
        if locked.opponent_id is None or locked.opponent_id != user.pk:
            raise NotAllowed(_("Only the challenged player can decline; the challenger cancels."),
                             code="not_your_challenge")
        _set_status(locked, Challenge.Status.DECLINED, decline_reason=reason[:16])
        after_commit(signals.send_after_commit, signal=signals.challenge_changed,
                     challenge_id=locked.pk)
    challenge.refresh_from_db()
    return challenge


def challenge_cancel(*, challenge: Challenge, user) -> Challenge:
    with transaction.atomic():
        locked = _lock_pending(challenge)
        if locked.challenger_id != user.pk:
            raise NotAllowed(_("Only the challenger can cancel a challenge."),
                             code="not_your_challenge")
        _set_status(locked, Challenge.Status.CANCELLED)
        after_commit(signals.send_after_commit, signal=signals.challenge_changed,
                     challenge_id=locked.pk)
        if locked.public:
            after_commit(events.publish_lobby_changed, challenge_id=locked.pk,
                         variant=locked.variant, change="gone")
    challenge.refresh_from_db()
    return challenge


def game_rematch(*, game: Game, user) -> Challenge:
    """After a game, challenge the same opponent again with the colours swapped, the same
    clock, variant, options and start position. A rematch against a bot starts at once (the
    challenge's `game` is set)."""
    color = game.player_color(user)
    if color is None:
        raise NotAllowed(_("Only a player of the game can ask for a rematch."), code="not_a_player")
    if game.status == Game.Status.ACTIVE:
        raise Conflict(_("The game is still running."), code="game_active")
    opponent = game.black if color == Game.Color.WHITE else game.white
    swapped = (Challenge.ColorChoice.BLACK if color == Game.Color.WHITE
               else Challenge.ColorChoice.WHITE)
    default_start = variant_with_options(game.variant, game.variant_options).start_fen
    return challenge_create(challenger=user, opponent=opponent, color=swapped,
                            days_per_move=game.days_per_move, clock_limit=game.clock_limit,
                            clock_increment=game.clock_increment, variant=game.variant,
                            variant_options=game.variant_options,
                            fen="" if game.start_fen == default_start else game.start_fen)


def seeks_expire() -> int:
    """Cancel every pending seek whose time is up (the periodic sweep), telling the lobby;
    listing and taking already ignore them, this only tidies the challenger's list."""
    now = timezone.now()
    expired = list(Challenge.objects.filter(public=True, status=Challenge.Status.PENDING,
                                            expires_at__lte=now).values_list("pk", "variant"))
    cancelled = 0
    for challenge_id, variant in expired:
        with transaction.atomic():
            updated = Challenge.objects.filter(
                pk=challenge_id, status=Challenge.Status.PENDING, expires_at__lte=now
            ).update(status=Challenge.Status.CANCELLED, updated_at=now)
            if updated:
                cancelled += 1
                after_commit(events.publish_lobby_changed, challenge_id=challenge_id,
                             variant=variant, change="gone")
    return cancelled
