"""Every change to tournaments (keyword-only arguments, HackSoft style): create, join, invite a
bot, withdraw, start. Rounds, results and the end are rounds.py's. Each checks before it writes,
with the tournament's row locked, so a refusal changes nothing and two joins cannot overfill it.
"""
from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import bot_hook, rating_hook
from games.clock import check_time_control, speed_of
from games.errors import GameError
from games.models import DAYS_PER_MOVE_CHOICES
from games.selectors import game_ref
from games.services import game_resign
from games.services.commit import after_commit
from games.variants import option_values, variant_with_options

from . import events, rounds
from .errors import (AlreadyFinished, AlreadyJoined, AlreadyStarted, InvalidTournament,
                     NotJoined, NotTheCreator, TooFewPlayers, TournamentFull,
                     TournamentNotFound, UnknownSystem)
from .models import Entrant, Pairing, Tournament

logger = logging.getLogger(__name__)

SYSTEMS = tuple(Tournament.System.values)
MAX_ROUNDS = 20
MAX_ROUND_ROBIN_PLAYERS = 20  # each plays everyone at once: 19 games running per player
MAX_SWISS_PLAYERS = 500
DEFAULT_MAX_PLAYERS = {"round-robin": 8, "swiss": 64, "arena": 64}
MIN_ARENA_MINUTES, MAX_ARENA_MINUTES, DEFAULT_ARENA_MINUTES = 5, 720, 60
DEFAULT_SWISS_ROUNDS = 5
MAX_STARTS_AHEAD = timedelta(days=90)


def _check_settings(*, name: object, system: object, rounds_asked: object, double: object,
                    days_per_move: object, clock_limit: object, clock_increment: object,
                    minutes: object, max_players: object, rated: object,
                    starts_at: object) -> None:
    if system not in SYSTEMS:
        raise UnknownSystem(_("system must be one of: %(systems)s.")
                            % {"systems": ", ".join(SYSTEMS)})
    if not isinstance(name, str) or not 2 <= len(name.strip()) <= 80:
        raise InvalidTournament(_("name must be 2 to 80 characters."), code="bad_name")
    if system == "arena":
        if clock_limit is None or days_per_move is not None:
            raise InvalidTournament(_("An arena is played with a live clock: give clock_limit "
                                      "and clock_increment, not days_per_move."),
                                    code="invalid_clock")
        check_time_control(clock_limit=clock_limit, clock_increment=clock_increment,
                           days_per_move=None)  # InvalidClock: out of bounds
        if isinstance(minutes, bool) or not isinstance(minutes, int) or not (
                MIN_ARENA_MINUTES <= minutes <= MAX_ARENA_MINUTES):
            raise InvalidTournament(_("minutes must be from %(low)d to %(high)d.")
                                    % {"low": MIN_ARENA_MINUTES, "high": MAX_ARENA_MINUTES},
                                    code="bad_minutes")
        if rounds_asked is not None or double:
            raise InvalidTournament(_("An arena has no rounds; leave rounds and double out."),
                                    code="bad_rounds")
    else:
        if clock_limit is not None or clock_increment is not None:
            raise InvalidTournament(_("Round robins and Swiss events are played by "
                                      "correspondence: give days_per_move, not a clock."),
                                    code="invalid_clock")
        if days_per_move not in DAYS_PER_MOVE_CHOICES or isinstance(days_per_move, bool):
            raise InvalidTournament(_("days_per_move must be one of %(choices)s.")
                                    % {"choices": ", ".join(map(str, DAYS_PER_MOVE_CHOICES))},
                                    code="invalid_clock")
        if minutes is not None:
            raise InvalidTournament(_("Only an arena has minutes."), code="bad_minutes")
    if system == "swiss":
        if double:
            raise InvalidTournament(_("Only a round robin can be double."), code="bad_rounds")
        if not isinstance(rounds_asked, int) or not 1 <= rounds_asked <= MAX_ROUNDS:
            raise InvalidTournament(_("rounds must be from 1 to %(max)d.") % {"max": MAX_ROUNDS},
                                    code="bad_rounds")
    elif system == "round-robin" and rounds_asked is not None:
        raise InvalidTournament(_("A round robin's rounds follow from its players; leave "
                                  "rounds out."), code="bad_rounds")
    cap = MAX_ROUND_ROBIN_PLAYERS if system == "round-robin" else MAX_SWISS_PLAYERS
    if (not isinstance(max_players, int) or isinstance(max_players, bool)
            or not 2 <= max_players <= cap):
        raise InvalidTournament(_("max_players must be from 2 to %(cap)d.") % {"cap": cap},
                                code="bad_max_players")
    if not isinstance(rated, bool):
        raise InvalidTournament(_("rated must be true or false."))
    if starts_at is not None:
        now = timezone.now()
        if not isinstance(starts_at, datetime) or not now < starts_at <= now + MAX_STARTS_AHEAD:
            raise InvalidTournament(_("starts_at must be in the next 90 days."),
                                    code="bad_starts_at")


def tournament_create(*, creator, name: str, variant: str, system: str,
                      variant_options: dict | None = None, rounds: int | None = None,
                      double: bool = False, days_per_move: int | None = None,
                      clock_limit: int | None = None, clock_increment: int | None = None,
                      minutes: int | None = None, max_players: int | None = None,
                      starts_at: datetime | None = None, rated: bool = True) -> Tournament:
    """Create a tournament (nobody in it yet; its creator joins like anyone)."""
    if system == "arena":
        if minutes is None:
            minutes = DEFAULT_ARENA_MINUTES
        if clock_limit is not None and clock_increment is None:
            clock_increment = 0
    if max_players is None and system in DEFAULT_MAX_PLAYERS:
        max_players = DEFAULT_MAX_PLAYERS[system]
    if rounds is None and system == "swiss":
        rounds = DEFAULT_SWISS_ROUNDS
    _check_settings(name=name, system=system, rounds_asked=rounds, double=double,
                    days_per_move=days_per_move, clock_limit=clock_limit,
                    clock_increment=clock_increment, minutes=minutes, max_players=max_players,
                    rated=rated, starts_at=starts_at)
    rules = variant_with_options(variant, variant_options)  # UnknownVariant, BadVariantOption
    if bot_hook.is_bot(creator):
        raise NotTheCreator(_("Bots do not create tournaments."))
    with transaction.atomic():
        # The creator's row, locked: two requests at once cannot both pass the cap.
        get_user_model().objects.select_for_update().filter(pk=creator.pk).first()
        open_ones = Tournament.objects.filter(created_by=creator).exclude(
            status=Tournament.Status.FINISHED).count()
        if open_ones >= settings.TOURNAMENTS_OPEN_PER_CREATOR:
            raise InvalidTournament(
                _("You have %(n)d tournaments that are not over; that is the most one player "
                  "may run at once.") % {"n": open_ones}, code="too_many_tournaments")
        tournament = Tournament.objects.create(
            name=name.strip(), created_by=creator, system=system, double=bool(double),
            variant=rules.key, variant_options=option_values(rules),
            rounds=rounds if system == "swiss" else None, days_per_move=days_per_move,
            clock_limit=clock_limit, clock_increment=clock_increment, minutes=minutes,
            max_players=max_players, rated=rated, starts_at=starts_at)
        after_commit(events.publish_tournament, tournament_id=tournament.pk)
    return tournament


def _lock(tournament_id: str) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise TournamentNotFound()
    return tournament


def _check_open(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.STARTED:
        raise AlreadyStarted()
    if tournament.status == Tournament.Status.FINISHED:
        raise AlreadyFinished()


def _enter(tournament: Tournament, user) -> Entrant:
    late = (tournament.system == Tournament.System.ARENA
            and tournament.status == Tournament.Status.STARTED)
    if not late:
        _check_open(tournament)
    if not user.is_active:
        raise InvalidTournament(_("That account is disabled."), code="account_disabled")
    if Entrant.objects.filter(tournament=tournament, user=user).exists():
        raise AlreadyJoined()
    if Entrant.objects.filter(tournament=tournament).count() >= tournament.max_players:
        raise TournamentFull()
    if not bot_hook.bot_plays_variant(user, tournament.variant):
        raise InvalidTournament(_("%(bot)s does not play this game.") % {"bot": user.username},
                                code="bot_variant")
    if not bot_hook.is_engine_bot(user):
        entries = Entrant.objects.filter(user=user, withdrawn=False).exclude(
            tournament__status=Tournament.Status.FINISHED).count()
        if entries >= settings.TOURNAMENTS_ENTRIES_PER_PLAYER:
            raise InvalidTournament(_("You are in %(n)d tournaments that are not over; finish "
                                      "one before joining another.") % {"n": entries},
                                    code="too_many_entries")
    # Seeding reads the rating of the tournament's game at its speed (correspondence, or the
    # arena clock's: issue 46 keeps a rating per speed).
    speed = speed_of(tournament.clock_limit, tournament.clock_increment)
    rating = rating_hook.rating_of(user.pk, tournament.variant, speed).rating
    entrant = Entrant.objects.create(tournament=tournament, user=user, rating=round(rating))
    if late:  # an arena may be joined while it runs (lichess's): paired once someone is free
        after_commit(rounds.advance_later, tournament_id=tournament.pk)
    after_commit(events.publish_tournament, tournament_id=tournament.pk)
    return entrant


def tournament_join(*, tournament_id: str, user) -> Entrant:
    """Join before the start. Refused: a started or finished tournament, a second join, a full
    one; an engine bot joins only when invited."""
    if bot_hook.is_engine_bot(user):
        raise NotTheCreator(_("The site's bots join when the creator invites them."))
    with transaction.atomic():
        return _enter(_lock(tournament_id), user)


def tournament_invite_bot(*, tournament_id: str, by, bot_user) -> Entrant:
    """The creator brings a bot in (one of the site's levels, or an external bot account)."""
    if not bot_hook.is_bot(bot_user):
        raise InvalidTournament(_("Only bots can be invited; people join themselves."),
                                code="not_a_bot")
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.created_by_id != by.pk:
            raise NotTheCreator()
        bots = Entrant.objects.filter(tournament=tournament, user__bot__isnull=False).count()
        if bots >= settings.TOURNAMENTS_MAX_BOTS:
            raise TournamentFull(_("A tournament may have at most %(n)d bots.")
                                 % {"n": settings.TOURNAMENTS_MAX_BOTS}, code="too_many_bots")
        return _enter(tournament, bot_user)


def tournament_withdraw(*, tournament_id: str, user) -> None:
    """Leave. Before the start the entry is simply removed. After it the player stays in the
    standings, is paired no more, and every game of theirs still running is resigned (a loss,
    rated as any resignation); finished games keep their results."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.status == Tournament.Status.FINISHED:
            raise AlreadyFinished()
        entrant = Entrant.objects.filter(tournament=tournament, user=user).first()
        if entrant is None or entrant.withdrawn:
            raise NotJoined()
        if tournament.status == Tournament.Status.CREATED:
            entrant.delete()
        else:
            entrant.withdrawn = True
            entrant.save(update_fields=["withdrawn"])
            running = list(Pairing.objects.filter(Q(white=user) | Q(black=user),
                                                  tournament=tournament, result="",
                                                  game__isnull=False)
                           .values_list("game_id", flat=True))
            # After commit, each in its own transaction: a game's end locks the game and then
            # the tournament (rounds.tournament_advance), never the other way round.
            after_commit(_resign_all, game_ids=running, user=user)
        after_commit(events.publish_tournament, tournament_id=tournament.pk)


def _resign_all(*, game_ids: list[int], user) -> None:
    for game_id in game_ids:
        try:
            game_resign(game=game_ref(game_id=game_id), user=user)
        except GameError:  # ended meanwhile
            continue


def tournament_start(*, tournament_id: str, user) -> Tournament:
    """Start: by its creator (`user`), or by the sweep at `starts_at` (`user` None). Seeds by
    rating (then by who joined first); a round robin creates all its games, a Swiss its first
    round's. At `starts_at` with too few players the tournament ends with no games."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if user is not None and tournament.created_by_id != user.pk:
            raise NotTheCreator()
        _check_open(tournament)
        entrants = list(Entrant.objects.filter(tournament=tournament).select_related("user")
                        .order_by("-rating", "joined_at", "id"))
        needed = 2
        if tournament.system == Tournament.System.SWISS:
            needed = max(2, (tournament.rounds or 1) + 1)
        if len(entrants) < needed:
            if user is None:
                rounds.finish(tournament, entrants, [])
                after_commit(events.publish_tournament, tournament_id=tournament.pk)
                return tournament
            raise TooFewPlayers(_("%(n)d players have joined; this tournament needs at least "
                                  "%(needed)d.") % {"n": len(entrants), "needed": needed})
        for seed, entrant in enumerate(entrants, start=1):
            entrant.seed = seed
        Entrant.objects.bulk_update(entrants, ["seed"])
        tournament.status = Tournament.Status.STARTED
        tournament.started_at = timezone.now()
        if tournament.system == Tournament.System.ROUND_ROBIN:
            rounds.start_round_robin(tournament, entrants)
        elif tournament.system == Tournament.System.ARENA:
            tournament.ends_at = tournament.started_at + timedelta(minutes=tournament.minutes)
            rounds.pair_arena(tournament, entrants, [])
        elif not rounds.pair_swiss_round(tournament, entrants, 1, []):
            raise TooFewPlayers()
        tournament.save(update_fields=["status", "started_at", "ends_at", "rounds",
                                       "current_round"])
        after_commit(events.publish_tournament, tournament_id=tournament.pk)
    return tournament


def tournaments_sweep() -> int:
    """The periodic net: start tournaments whose start time has come, and advance started ones
    whose round is complete or whose arena has free players (an advance lost between a game's
    end and its background work: a crash, a server stopping with it queued)."""
    done = 0
    due = Tournament.objects.filter(status=Tournament.Status.CREATED,
                                     starts_at__lte=timezone.now()).values_list("pk", flat=True)
    for tournament_id in list(due[:100]):
        try:
            tournament_start(tournament_id=tournament_id, user=None)
            done += 1
        except Exception:  # noqa: BLE001 - one tournament's trouble must not stop the others
            logger.exception("tournament %s could not start", tournament_id)
    running = (Tournament.objects.filter(status=Tournament.Status.STARTED)
               .exclude(system=Tournament.System.ARENA)
               .exclude(pairings__result="").values_list("pk", flat=True).distinct())
    # Arenas: those whose time is up (their scores froze then; this writes the end), and those
    # still running, whose free players a lost advance would leave waiting (pairs them).
    arenas = Tournament.objects.filter(status=Tournament.Status.STARTED,
                                       system=Tournament.System.ARENA).order_by("ends_at")
    over = arenas.filter(ends_at__lte=timezone.now()).values_list("pk", flat=True)
    live = arenas.filter(ends_at__gt=timezone.now()).values_list("pk", flat=True)
    for tournament_id in [*running[:100], *over[:100], *live[:100]]:
        done += rounds.tournament_advance(tournament_id=tournament_id)
    return done
