"""Playing a game: moves, resignation, draw offers, abort and the correspondence clock.

Every change follows one pattern: lock the game row (select_for_update), check, then write with
a compare-and-set on (ply, status) so that even a database without row locks (SQLite) cannot
store two moves for one ply; the unique (game, ply) constraint is the last line. Events and the
bot hook run on commit only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

import engine
from engine import notation
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from engine.step import play_step

from core.prepared import PreparedObjects
from core.prepared_writes import PreparedInsert, PreparedUpdate
from games import clock, events, signals
from games.engine_words import illegal_reason, malformed_reason
from games.errors import (BadPlacement, Conflict, GameOver, IllegalMove, InvalidInput, MalformedMove,
                          NotAPlayer, NotFound, NotYourTurn, StalePly, TimeOut, UnknownCell)
from games.models import Game, Move
from games.positions import (checkers_in, keys_text, position_keys, result_for_winner,
                             result_for_winner_color, side_cannot_mate, variant_of)
from games.variants import foreign_placement, missing_cell_note, move_coord, variant_with_options

from . import clocks
from .commit import after_commit
from .vacation import clock_for_turn, vacation_end

MAX_MOVE_TEXT = 16  # "Aa1Ee5q" is 7 characters; anything much longer is not a move
DRAW_ACTIONS = ("offer", "accept", "decline")


def _other(color: str) -> str:
    return Game.Color.BLACK if color == Game.Color.WHITE else Game.Color.WHITE



def _locking(**where):
    # The players come in the same query (callers name them and serialise the state); only the
    # game row is locked, not the users' rows.
    return Game.objects.select_related("white", "black").select_for_update(of=("self",)).filter(
        **where)


# Every move, resignation and draw offer locks its game: compiled once (core.prepared). An
# unread reference from the API names the game by its public id (selectors.game_public_ref):
# that index finds the row as fast.
_LOCK_BY_ID = PreparedObjects(lambda pk: _locking(pk=pk))
_LOCK_BY_PUBLIC_ID = PreparedObjects(lambda public_id: _locking(public_id=public_id),
                                     kinds=(str,))


def _lock(game_id: int | None, public_id: str | None = None) -> Game:
    if game_id is not None:
        game = _LOCK_BY_ID.get(game_id)
    else:
        game = _LOCK_BY_PUBLIC_ID.get(public_id)
    if game is None:
        raise NotFound(_("No such game."))
    return game


# Every move writes its game row and its move row: the SQL written once (core.prepared_writes).
_UPDATE_ACTIVE = PreparedUpdate(Game, where=("pk", "ply", "status"))
_INSERT_MOVE = PreparedInsert(Move, stamped=("played_at",))


def _cas_update(game: Game, *, expected_ply: int, **fields) -> None:
    """Write `fields` only if the game is still active at `expected_ply`."""
    fields["updated_at"] = timezone.now()
    updated = _UPDATE_ACTIVE.update(where=(game.pk, expected_ply, Game.Status.ACTIVE),
                                    values=fields)
    if updated != 1:
        raise StalePly()
    for name, value in fields.items():
        setattr(game, name, value)


def _finish(game: Game, *, expected_ply: int, status: str, result: str, termination: str,
            flagged: bool = False, **extra) -> None:
    """End the locked `game`. A live game's clocks stop: the running side's time is charged
    up to now (0 when its flag fell), unless `extra` holds the ending move's clock fields."""
    now = timezone.now()
    fields = {**extra}
    if clocks.is_live(game):
        if "clock_started_at" not in fields:
            fields.update(clocks.clock_stop_fields(game, now=now, flagged=flagged))
        fields["clock_started_at"] = None
        after_commit(clocks.flag_schedule, game_id=game.pk, ply=game.ply, deadline=None)
    # `extra` (a final move's fields) may name these too: one keyword each.
    for name in ("deadline", "draw_offer", "takeback_offer"):
        fields.pop(name, None)
    _cas_update(game, expected_ply=expected_ply, status=status, result=result,
                termination=termination, ended_at=now, deadline=None, draw_offer="",
                takeback_offer="", **fields)
    signals.game_ending.send(sender=Game, game=game)
    after_commit(events.publish_end, game_id=game.pk, public_id=game.public_id,
                 variant=game.variant, result=result,
                 termination=termination,
                 player_ids=(game.white_id, game.black_id),
                 clock=clock.clock_json(game, now=now))


def _player_color(game: Game, user) -> str:
    color = game.player_color(user)
    if color is None:
        raise NotAPlayer()
    return color


def _expire_locked(game: Game, *, now: datetime | None = None) -> bool:
    """End a locked, active game whose deadline has passed by `now`. Before both sides have
    moved the game is aborted instead: nobody loses a game that never started."""
    if game.status != Game.Status.ACTIVE or game.deadline is None:
        return False
    if game.deadline > (now or timezone.now()):
        return False
    _time_out_locked(game)
    return True


def _time_out_locked(game: Game) -> None:
    """The side to move ran out of time: it loses, unless the other side cannot mate (a draw,
    as on lichess); before both sides have moved, the game is aborted."""
    if game.ply < 2:
        _finish(game, expected_ply=game.ply, status=Game.Status.ABORTED,
                result=Game.Result.NONE, termination=Game.Termination.ABORT)
        return
    winner = _other(game.turn)
    result = (Game.Result.DRAW if side_cannot_mate(game.fen, variant_of(game), winner)
              else result_for_winner_color(winner))
    _finish(game, expected_ply=game.ply, status=Game.Status.FINISHED, result=result,
            termination=Game.Termination.TIMEOUT, flagged=True)


def game_expire_if_due(*, game: Game) -> bool:
    """End `game` if its correspondence deadline has passed (called when a game is read or
    played, and by the periodic sweep). Refreshes `game` and returns whether it ended now."""
    if not (game.status == Game.Status.ACTIVE and game.deadline
            and game.deadline <= timezone.now()):
        return False
    with transaction.atomic():
        locked = _lock(game.pk)
        ended = _expire_locked(locked)
    game.refresh_from_db()
    return ended


def game_flag_if_due(*, game_id: int, ply: int | None = None) -> bool:
    """A timer's call: end game `game_id` on time if it is still running (at `ply`, when
    given: a timer set at another ply has nothing to do) and its deadline has passed. Whoever
    locks the row first decides; returns whether this call ended the game."""
    current = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).values_list(
        "ply", "deadline").first()
    if current is None or (ply is not None and current[0] != ply):
        return False
    if current[1] is not None and current[1] > timezone.now():
        # Woken early (another process's clock, a broker's rounding): the same ply has the
        # same deadline, so the timer is set again for it rather than left to the sweep.
        clocks.flag_schedule(game_id=game_id, ply=current[0], deadline=current[1])
        return False
    with transaction.atomic():
        try:
            locked = _lock(game_id)
        except NotFound:
            return False
        return _expire_locked(locked)


def games_sweep_expired() -> int:
    """End every active game whose deadline has passed; returns how many ended."""
    due = Game.objects.filter(
        status=Game.Status.ACTIVE, deadline__isnull=False, deadline__lte=timezone.now()
    ).values_list("pk", flat=True)
    ended = 0
    for game_id in list(due):
        with transaction.atomic():
            try:
                locked = _lock(game_id)
            except NotFound:
                continue
            ended += _expire_locked(locked)
    return ended


def games_flags_resume() -> tuple[int, int]:
    """At a server's or worker's start: end every game whose time ran out meanwhile, and set
    the flag timer of every running live game again (timers die with their process; the stored
    deadline is the truth). Returns (games ended, timers set)."""
    ended = games_sweep_expired()
    running = Game.objects.filter(status=Game.Status.ACTIVE, clock_limit__isnull=False,
                                  deadline__isnull=False).values_list("pk", "ply", "deadline")
    return ended, clocks.flags_schedule_many(running.iterator())


def parse_move_text(position: "engine.Position", text: str) -> "engine.Move":
    """The legal move `text` names in `position`: coordinates (Bc2Cc2) or the readable form
    the move list shows (Bc2-Cc2, NAb1-Cb2), in any letter case. Errors are one sentence."""
    try:
        parsed = notation.parse_typed_move(position, text)
    except engine.MalformedMoveError as exc:
        raise MalformedMove(_sentence(malformed_reason(exc))) from None
    except engine.AmbiguousMoveError as exc:
        raise MalformedMove(_sentence(malformed_reason(exc)), code="ambiguous_move") from None
    except engine.IllegalMoveError as exc:
        shown = text.strip()[:40]
        raise IllegalMove(_("%(move)s is illegal: %(reason)s.")
                          % {"move": shown, "reason": illegal_reason(exc.reason)}) from None
    try:
        position.validate(parsed)
    except engine.IllegalMoveError as exc:  # parse_typed_move validates; belt and braces
        raise IllegalMove(_("%(move)s is illegal: %(reason)s.")
                          % {"move": move_coord(position, parsed),
                             "reason": illegal_reason(exc.reason)}) from None
    return parsed


def _starts_with_two_cells(variant: "engine.Variant", text: str) -> bool:
    cell = variant.geometry.cell_pattern
    return re.match(f"(?:{cell}){{2}}", text) is not None


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


def _check_move_input(move: object, ply: object, game: Game) -> str:
    if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
        raise InvalidInput(_("ply must be a non-negative integer."))
    if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE_TEXT:
        raise MalformedMove.in_variant(_variant_for_an_error(game))
    return move.strip()


def _variant_for_an_error(game: Game) -> "engine.Variant":
    """The rules of `game`, which may be an unread reference (selectors.game_ref): its variant
    is read then, on this error's path only. Raumschach's for a game that does not exist (the
    malformed move is still told before the missing game, as it was)."""
    if not game._state.adding:  # a row read from the database
        return variant_of(game)
    where = {"pk": game.pk} if game.pk is not None else {"public_id": game.public_id}
    row = Game.objects.filter(**where).values_list("variant", "variant_options").first()
    return variant_with_options(*row) if row else engine.RAUMSCHACH


@dataclass(frozen=True)
class MovePlayed:
    """A stored move and the game as it left it (no need to read either again)."""

    game: Game
    ply: int
    coord: str
    san: str
    fen_after: str
    legal_moves: list[str]  # of the side to move now; [] once the game is over
    checkers: list[str]  # cells of the pieces giving check now (the board draws the line)


def game_play_move(*, game: Game, user, move: str, ply: int, lag_ms: int = 0,
                   received_at: datetime | None = None) -> MovePlayed:
    """Play `move` (coordinates or readable notation, any case) for `user`, who states the ply
    the game is at: the one move path of REST, websockets and bots. `game` may be an unread
    reference (`game_ref`): the row is locked and read here.

    A live game charges the mover's clock up to `received_at` (when the server received the
    move; default now, before the lock is waited for) less a bounded credit for `lag_ms`, the
    mover's measured network lag (games.clock.lag_credit). A move after the mover's time ran
    out is refused (TimeOut) and ends the game on time, if nobody had yet."""
    received = received_at or timezone.now()
    text = _check_move_input(move, ply, game)
    if isinstance(lag_ms, bool) or not isinstance(lag_ms, int):
        raise InvalidInput(_("lag_ms must be an integer."))
    with transaction.atomic():
        locked = _lock(game.pk, game.public_id)
        move_clock = _move_clock(locked, user=user, ply=ply, received=received, lag_ms=lag_ms)
        if move_clock is not None and move_clock.flagged:
            _time_out_locked(locked)
            expired = "flag"
        else:
            expired = move_clock is None and _expire_locked(locked, now=received)
        if not expired:
            return _play_locked(locked, user=user, text=text, ply=ply, received=received,
                                move_clock=move_clock)
    # The clock ran out before this move: that ending is committed, the move refused.
    _player_color(locked, user)
    if expired == "flag" or locked.termination == Game.Termination.TIMEOUT:
        raise TimeOut()
    raise GameOver(_("The game ended on time before this move."))


def _move_clock(game: Game, *, user, ply: int, received: datetime,
                lag_ms: int) -> clocks.MoveClock | None:
    """A live game's clock after the move the player to move states for the game's ply (None
    for any other request, whose errors the move's checks give)."""
    if not (clocks.is_live(game) and game.status == Game.Status.ACTIVE and ply == game.ply
            and game.player_color(user) == game.turn):
        return None
    if game.ply < 2 and game.deadline is not None and game.deadline <= received:
        return None  # a first-move timer ran out: _expire_locked aborts the game
    return clocks.clock_for_move(game, color=game.turn, received=received, lag_ms=lag_ms)


def _play_locked(game: Game, *, user, text: str, ply: int, received: datetime | None = None,
                 move_clock: clocks.MoveClock | None = None) -> MovePlayed:
    color = _player_color(game, user)
    if game.status != Game.Status.ACTIVE:
        if game.termination == Game.Termination.TIMEOUT:
            raise TimeOut()
        raise GameOver()
    if ply != game.ply:
        raise StalePly(_("The game is at ply %(ply)s, not %(sent)s; reload it.")
                       % {"ply": game.ply, "sent": ply})
    if color != game.turn:
        raise NotYourTurn()
    # The engine's one look at the position: the legal moves, checked against, played, and
    # the opponent's legal moves with the end of the game derived from them.
    keys, variant = position_keys(game), variant_of(game)
    try:
        step = play_step(game.fen, text, keys, variant)
    except (engine.MalformedMoveError, engine.IllegalMoveError) as as_coordinates:
        # Not a legal move in canonical coordinates: read it as a person types it (the
        # readable form the move list shows, any letter case), which also explains in one
        # sentence why it is not a move here.
        position = engine.Position.from_fen(game.fen, variant)
        try:
            parsed = parse_move_text(position, text)
        except MalformedMove:
            # A cell or pin the board lacks, a piece the variant never places: say which.
            if isinstance(as_coordinates, engine.UnknownCellError):
                raise UnknownCell.of(text, as_coordinates) from None
            placement = (as_coordinates if isinstance(as_coordinates, engine.PlacementLetterError)
                         else foreign_placement(variant, text))
            if placement is not None:
                raise BadPlacement.of(text, placement) from None
            # Two of this variant's cells and then something it cannot read (another
            # variant's placement or letter): the coordinate reader's reason says what.
            if (isinstance(as_coordinates, engine.MalformedMoveError)
                    and _starts_with_two_cells(variant, text)):
                raise MalformedMove(_sentence(malformed_reason(as_coordinates))) from None
            # A cell this board lacks (Aa5 on a hex level, whose a-file has four): say which.
            note = missing_cell_note(variant, text)
            if note:
                raise MalformedMove(_("%(move)s is not a move of %(variant)s%(note)s.")
                                    % {"move": text[:40], "variant": variant.name,
                                       "note": note}) from None
            raise
        step = play_step(game.fen, move_coord(position, parsed), keys, variant)
    # Only a move marked as check has checkers to find: no second look at the other moves.
    checkers = checkers_in(step.fen, variant) if step.san.endswith(("+", "#")) else []
    now = timezone.now()
    turn = Game.Color.WHITE.value if step.white_to_move else Game.Color.BLACK.value
    fields: dict = {"fen": step.fen, "ply": ply + 1, "turn": turn,
                    "position_keys": keys_text(step.hashes), "clock_paused_remaining": None}
    if game.draw_offer and game.draw_offer != color:
        fields["draw_offer"] = ""  # moving instead of answering declines the offer
    if game.takeback_offer:
        fields["takeback_offer"] = ""  # a move, anyone's, lapses a takeback offer (lichess)
    if game.takeback_declined_ply is not None:
        fields["takeback_declined_ply"] = None  # a new position: offers may come again
    if move_clock is not None:  # a live game: the mover charged, the opponent's clock starts
        fields.update(move_clock.fields)
    elif step.outcome is None:  # the opponent's clock starts (or stands still: on vacation)
        opponent_id = game.black_id if color == Game.Color.WHITE else game.white_id
        fields.update(clock_for_turn(user_id=opponent_id, days_per_move=game.days_per_move,
                                     now=now))
    if game.clock_paused_remaining is not None:  # a move in a paused game ends the vacation
        after_commit(vacation_end, user_id=user.pk)
    # Registered before _finish registers the end: on-commit callbacks run in order, and
    # listeners must hear the mating move before the game's end.
    # The player to move hears of it in the same send (one hop to the channel layer, not two).
    next_player_id = None
    if step.outcome is None:
        next_player_id = game.white_id if turn == Game.Color.WHITE else game.black_id
    clock_shown = (clocks.clock_json_after(game, fields, turn=turn, now=received or now,
                                           ended=step.outcome is not None)
                   if move_clock is not None else None)
    after_commit(events.publish_move, game_id=game.pk, public_id=game.public_id,
                 variant=game.variant, ply=ply + 1,
                 move=step.coord,
                 san=step.san, fen=step.fen, turn=turn,
                 deadline=fields.get("deadline") if step.outcome is None else None,
                 legal_moves=step.legal_moves, checkers=checkers, next_player_id=next_player_id,
                 clock_paused=fields.get("clock_paused_remaining") is not None,
                 clock=clock_shown)
    if move_clock is not None and step.outcome is None:
        after_commit(clocks.flag_schedule, game_id=game.pk, ply=ply + 1,
                     deadline=fields["deadline"])
    if step.outcome is None:
        _cas_update(game, expected_ply=ply, **fields)
    else:
        _finish(game, expected_ply=ply, status=Game.Status.FINISHED,
                result=result_for_winner(step.outcome.winner),
                termination=str(step.outcome.termination), **fields)
    try:
        _INSERT_MOVE.insert(game_id=game.pk, ply=ply + 1, coord=step.coord, san=step.san,
                            fen_after=step.fen)
    except IntegrityError:  # another writer stored this ply; our transaction rolls back
        raise StalePly() from None

    if next_player_id is not None:
        after_commit(signals.send_after_commit, signal=signals.turn_passed, game_id=game.pk,
                     player_id=next_player_id, live=game.clock_limit is not None)
    return MovePlayed(game=game, ply=ply + 1, coord=step.coord, san=step.san, fen_after=step.fen,
                      legal_moves=step.legal_moves, checkers=checkers)


def _act(game: Game, user, action) -> None:
    """Lock, run the clock, check the user plays and the game runs, then `action(locked,
    color)`; `game` then holds the row as committed."""
    with transaction.atomic():
        locked = _lock(game.pk)
        expired = _expire_locked(locked)
        if not expired:
            color = _player_color(locked, user)
            if locked.status != Game.Status.ACTIVE:
                raise GameOver()
            action(locked, color)
    # The locked row with what was written on it is the committed row: no second read (which
    # on SQLite's shared in-memory test database could also meet a bot's reply, started at the
    # commit, holding the table).
    for field in Game._meta.concrete_fields:
        setattr(game, field.attname, getattr(locked, field.attname))
    if expired:
        _player_color(game, user)
        raise GameOver(_("The game ended on time."))


def game_resign(*, game: Game, user) -> Game:
    def resign(locked: Game, color: str) -> None:
        _finish(locked, expected_ply=locked.ply, status=Game.Status.FINISHED,
                result=result_for_winner_color(_other(color)),
                termination=Game.Termination.RESIGN)

    _act(game, user, resign)
    return game


def game_abort(*, game: Game, user) -> Game:
    """Abort a game in which not both sides have moved yet (no result is recorded)."""
    def abort(locked: Game, color: str) -> None:
        if locked.ply >= 2:
            raise Conflict(_("A game can only be aborted before both sides have moved."),
                           code="cannot_abort")
        if locked.tournament_id is not None:
            # Aborting would let a player skip a pairing they do not like: a tournament game
            # is resigned instead (or lost by not moving, tournaments/services.py).
            raise Conflict(_("A tournament game cannot be aborted; resign it instead."),
                           code="cannot_abort")
        _finish(locked, expected_ply=locked.ply, status=Game.Status.ABORTED,
                result=Game.Result.NONE, termination=Game.Termination.ABORT)

    _act(game, user, abort)
    return game


def game_draw(*, game: Game, user, action: str) -> Game:
    """Offer a draw, or accept / decline the opponent's offer. Offering while the opponent's
    offer stands accepts it."""
    if action not in DRAW_ACTIONS:
        raise InvalidInput(_("action must be one of %(choices)s.")
                           % {"choices": ", ".join(DRAW_ACTIONS)})

    def agree(locked: Game) -> None:
        _finish(locked, expected_ply=locked.ply, status=Game.Status.FINISHED,
                result=Game.Result.DRAW, termination=Game.Termination.AGREEMENT)

    def draw(locked: Game, color: str) -> None:
        opponent_offered = locked.draw_offer == _other(color)
        if action == "offer":
            if locked.draw_offer == color:
                raise Conflict(_("You have already offered a draw."), code="draw_already_offered")
            if opponent_offered:
                agree(locked)
                return
            _cas_update(locked, expected_ply=locked.ply, draw_offer=color)
            after_commit(events.publish_draw_offer, game_id=locked.pk, public_id=locked.public_id,
                         variant=locked.variant, by=color)
            after_commit(signals.send_after_commit, signal=signals.draw_offered,
                         game_id=locked.pk, by=color)
            return
        if not opponent_offered:
            raise Conflict(_("Your opponent has not offered a draw."), code="no_draw_offer")
        if action == "accept":
            agree(locked)
        else:
            _cas_update(locked, expected_ply=locked.ply, draw_offer="")
            after_commit(events.publish_draw_declined, game_id=locked.pk, public_id=locked.public_id,
                         variant=locked.variant, by=color)

    _act(game, user, draw)
    return game
