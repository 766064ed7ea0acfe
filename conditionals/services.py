"""Conditional moves: store a player's lines, play the reply when the opponent's move matches,
drop what no longer applies and tell the owner (only the owner).

The reply goes through the one move service, `games.services.game_play_move`, in its own
transaction after the opponent's move committed (we are called from `turn_passed`, which is
sent after commit), so both moves are announced in order: the opponent's move's events run
before `turn_passed`, and the reply's events run when the reply commits. The compare-and-set
on the ply inside the move service guarantees one move per ply: if the owner's own manual move
wins the race, the reply is refused as stale and its lines are dropped.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext

from games import events, services as game_services
from games.errors import Conflict, GameError, GameOver, InvalidInput, NotFound, StalePly
from games.models import Game, Move
from core.prepared import PreparedRows
from games.variants import DEFAULT_VARIANT, variant_json

from .models import ConditionalLine

if TYPE_CHECKING:  # the move service's result type; only named here
    from games.services.play import MovePlayed
from .selectors import conditional_player_color, planning_position, play_planned


def _check_shape(lines: object) -> list[list[str]]:
    if not isinstance(lines, list):
        raise InvalidInput(gettext("lines must be a list of lists of moves."))
    if len(lines) > settings.CONDITIONAL_MAX_LINES:
        raise InvalidInput(gettext("At most %(count)s lines per game.")
                           % {"count": settings.CONDITIONAL_MAX_LINES},
                           code="too_many_lines")
    checked = []
    for index, line in enumerate(lines):
        if not isinstance(line, list) or not line or len(line) % 2:
            raise InvalidInput(gettext("Line %(line)s must list pairs of moves: theirs, then your "
                                       "reply.") % {"line": index + 1}, code="invalid_line")
        if len(line) > settings.CONDITIONAL_MAX_LINE_MOVES:
            raise InvalidInput(gettext("A line has at most %(count)s moves.")
                               % {"count": settings.CONDITIONAL_MAX_LINE_MOVES},
                               code="line_too_long")
        checked.append(line)
    return checked


def _check_replies_agree(lines: list[list[str]]) -> None:
    """Lines may branch on the opponent's moves, but the same moves must get the same reply."""
    replies: dict[tuple[str, ...], str] = {}
    for line in lines:
        for i in range(0, len(line), 2):
            prefix = tuple(line[: i + 1])
            if replies.setdefault(prefix, line[i + 1]) != line[i + 1]:
                raise InvalidInput(gettext("Two lines answer %(moves)s differently.")
                                   % {"moves": " ".join(prefix)},
                                   code="conflicting_lines")


def conditional_lines_set(*, game: Game, user, lines: object) -> list[list[str]]:
    """Replace `user`'s lines in `game` with `lines` (each: opponent's move, reply, ...). Only
    on the opponent's turn of an active game; every move is checked against the engine."""
    checked = _check_shape(lines)
    with transaction.atomic():
        # The game row lock orders this against the opponent's move: the lines are stored for
        # the ply they were checked at, or refused because that move came first.
        try:
            locked = Game.objects.select_for_update(of=("self",)).get(pk=game.pk)
        except Game.DoesNotExist:
            raise NotFound(gettext("No such game.")) from None
        color = conditional_player_color(locked, user)
        if locked.status != Game.Status.ACTIVE:
            raise GameOver()
        if locked.turn == color:
            raise Conflict(gettext("It is your turn: play your move; conditional moves are for the "
                                   "opponent's turn."), code="your_turn")
        normalised = []
        start = planning_position(locked)
        for index, line in enumerate(checked):
            position = start.copy()
            coords, _sans = play_planned(position, line, line_number=index + 1)
            normalised.append(coords)
        _check_replies_agree(normalised)
        ConditionalLine.objects.filter(game=locked, owner=user).delete()
        ConditionalLine.objects.bulk_create(
            ConditionalLine(game=locked, owner=user, ply=locked.ply, moves=line)
            for line in normalised)
    return normalised


def _drop(lines: Iterable[ConditionalLine], *, reason: str, code: str, game: Game | None,
          removed_already: bool = False) -> None:
    """Delete lines that no longer apply and tell each owner, after commit, on their own
    notification group only (`code` says why for programs: game_over, moved_on, other_move,
    preempted, not_played). A line another request deleted first is that request's to tell
    about, unless this one removed it itself (`removed_already`): one notice per line."""
    lines = list(lines)
    if not lines:
        return
    variant = game.variant if game is not None else DEFAULT_VARIANT
    public_id = game.public_id if game is not None else None  # a deleted game has none
    with transaction.atomic():
        for line in lines:
            deleted, _ = ConditionalLine.objects.filter(pk=line.pk).delete()
            if not (deleted or removed_already):
                continue
            transaction.on_commit(
                lambda line=line: events.notify_user(line.owner_id, "conditional_dropped", {
                    "game": public_id, "variant": variant_json(variant),
                    "moves": list(line.moves), "reason": reason, "code": code}),
                robust=True)


def conditional_lines_discard(*, game: Game) -> None:
    """The game is ending (called inside its transaction): its lines go with it."""
    ConditionalLine.objects.filter(game=game).delete()


def conditional_lines_taken_back(*, game: Game) -> None:
    """Moves were taken back (called inside that transaction): every line was planned from a
    position the game has left, so all go, and each owner hears why."""
    _drop(ConditionalLine.objects.filter(game=game), reason=gettext("Moves were taken back."),
          code="taken_back", game=game)


# Asked after every move: compiled once (core.prepared).
_any_line = PreparedRows(
    lambda game_id: ConditionalLine.objects.filter(game_id=game_id).values_list("pk")[:1])


def conditional_moves_fire(*, game_id: int) -> MovePlayed | None:
    """A turn passed in `game_id`: if the player now to move has a line starting with the move
    just played, play its reply; drop lines that no longer apply. Returns the reply played."""
    if not _any_line.rows(game_id):  # the one query of most moves: nobody planned here
        return None
    lines = list(ConditionalLine.objects.filter(game_id=game_id))
    if not lines:
        return None
    game = Game.objects.select_related("white", "black").filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE:
        _drop(lines, reason=gettext("The game is over."), code="game_over", game=game)
        return None
    mover = game.white if game.turn == Game.Color.WHITE else game.black
    waiting = [ln for ln in lines if ln.owner_id != mover.pk and ln.ply == game.ply]
    firing = [ln for ln in lines if ln.owner_id == mover.pk and ln.ply == game.ply - 1]
    last_two = dict(Move.objects.filter(game_id=game_id, ply__gte=game.ply - 1)
                    .values_list("ply", "coord"))
    played = last_two.get(game.ply)
    # The owner moved by hand (`played`) right after the opponent's move their line expected,
    # before the planned reply was played: say so, not merely that the game moved on.
    preempted = [ln for ln in lines if ln.owner_id != mover.pk and ln.ply == game.ply - 2
                 and ln.moves[0] == last_two.get(game.ply - 1)]
    for line in preempted:
        _drop([line], code="preempted", game=game, reason=gettext(
            "You played %(played)s yourself before your planned reply %(reply)s to %(move)s was "
            "played, so the planned line was dropped.")
            % {"played": played, "reply": line.moves[1], "move": line.moves[0]})
    _drop([ln for ln in lines if ln not in waiting and ln not in firing and ln not in preempted],
          reason=gettext("The game moved on; the line no longer applies."), code="moved_on",
          game=game)
    if not firing:
        return None
    matching = [ln for ln in firing if ln.moves[0] == played]
    _drop([ln for ln in firing if ln not in matching], code="other_move",
          reason=gettext("Your opponent played %(played)s, not the move the line expected.")
          % {"played": played},
          game=game)
    if not matching:
        return None
    # The lines move on before the reply is played: the reply's own turn_passed (which may
    # fire the opponent's lines, and sees ours) must find them already at the new ply. Each
    # line is claimed by a change conditional on its ply: a line another request changed or
    # deleted since it was read (the owner's own move dropping it, the owner clearing it) is
    # that request's to act on and to tell about, so it is neither played nor told of here.
    advanced, removed = [], []
    with transaction.atomic():
        for line in matching:
            claim = ConditionalLine.objects.filter(pk=line.pk, ply=line.ply)
            if len(line.moves) > 2:
                if claim.update(moves=line.moves[2:], ply=game.ply + 1):
                    advanced.append(line)
            elif claim.delete()[0]:
                removed.append(line)
    if not (advanced or removed):
        return None
    reply = (advanced + removed)[0].moves[1]
    try:
        # Its own transaction, through the one move service, like any other move.
        record = game_services.game_play_move(game=game, user=mover, move=reply, ply=game.ply)
    except (StalePly, GameError) as exc:
        if isinstance(exc, StalePly):  # the owner's own move won the race for this ply
            code, reason = "preempted", (f"You moved yourself before your planned reply {reply} "
                                         "was played, so the planned line was dropped.")
        else:
            code, reason = "not_played", f"The reply {reply} was not played: {exc.detail}"
        # A line this request deleted is told of here; one it moved on is told of by whoever
        # deletes it (the owner's own move may have dropped it already).
        _drop(removed, code=code, reason=reason, removed_already=True, game=game)
        _drop(advanced, code=code, reason=reason, game=game)
        return None
    # The owner (only) hears that their plan answered for them: the "your turn" they were sent
    # for the opponent's move is already out of date.
    transaction.on_commit(lambda: events.notify_user(mover.pk, "conditional_played", {
        "game": game.public_id, "variant": variant_json(game.variant), "ply": record.ply,
        "move": record.coord, "san": record.san}),
        robust=True)
    return record


def conditional_lines_clear(*, game: Game, user) -> None:
    conditional_player_color(game, user)
    ConditionalLine.objects.filter(game=game, owner=user).delete()

