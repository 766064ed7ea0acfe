"""Reads of conditional moves: a player's own lines (nobody else's), and the position after a
planned sequence for the editor on the game page (legal moves come from the engine, never
from the browser)."""
from __future__ import annotations

import engine
from django.conf import settings
from django.utils.translation import gettext as _

from games.engine_words import illegal_reason
from games.errors import IllegalMove, InvalidInput, MalformedMove, NotAPlayer
from games.models import Game
from games.positions import variant_of
from games.variants import move_coord, move_from_coord, variant_json

from .models import ConditionalLine


def planning_position(game: Game) -> engine.Position:
    """The game's current position, from its stored position string (like the legal moves the
    game state lists). Planned lines need no history: a reply that the rules refuse when it is
    due (e.g. the game ended by repetition) is dropped then, and its owner told."""
    return engine.Position.from_fen(game.fen, variant_of(game))


def conditional_player_color(game: Game, user) -> str:
    """The colour `user` plays in `game`; anybody else is refused (NotAPlayer)."""
    color = game.player_color(user)
    if color is None:
        raise NotAPlayer(_("Only the players of a game have conditional moves in it."))
    return color


def conditional_lines_of(*, game: Game, user) -> dict:
    """`user`'s own lines in `game` (a player only; the opponent's are never listed)."""
    conditional_player_color(game, user)
    lines = ConditionalLine.objects.filter(game=game, owner=user).order_by("id")
    return {"game": game.public_id, "variant": variant_json(game.variant), "ply": game.ply,
            "lines": [{"ply": line.ply, "moves": list(line.moves), "san": _sans(game, line)}
                      for line in lines]}


def _sans(game: Game, line: ConditionalLine) -> list[str]:
    """The line in the move list's notation (issue 29 item 13: the page showed `Aa1Aa2` beside
    a move list reading `RAa1xAa2`); a line the game has left behind keeps its coordinates."""
    if line.ply != game.ply:
        return list(line.moves)
    try:
        return play_planned(planning_position(game), list(line.moves))[1]
    except (IllegalMove, InvalidInput, MalformedMove):
        return list(line.moves)


def play_planned(position: engine.Position, moves: list,
                 *, line_number: int | None = None) -> tuple[list[str], list[str]]:
    """Push `moves` (coordinate strings) on `position`, checking each; returns them in the
    engine's coordinate form and in SAN. Raises MalformedMove / IllegalMove naming the move,
    InvalidInput past the game's end."""
    coords: list[str] = []
    sans: list[str] = []
    for index, text in enumerate(moves):
        if position.outcome(claim_draw=True) is not None:
            raise InvalidInput(_("The game is over before move %(move)s.") % {"move": index + 1}
                               if line_number is None else
                               _("The game is over before line %(line)s, move %(move)s.")
                               % {"line": line_number, "move": index + 1},
                               code="line_past_the_end")
        if not isinstance(text, str) or not text.strip() or len(text) > 16:
            raise MalformedMove.in_variant(position.variant)
        try:
            parsed = move_from_coord(position.variant, text.strip())
        except engine.MalformedMoveError as exc:
            raise MalformedMove.in_variant(position.variant, str(exc)) from None
        try:
            position.validate(parsed)
        except engine.IllegalMoveError as exc:
            values = {"line": line_number, "move": index + 1,
                      "coord": move_coord(position, parsed), "reason": illegal_reason(exc.reason)}
            raise IllegalMove((_("Move %(move)s, %(coord)s, is illegal: %(reason)s.")
                               if line_number is None else
                               _("Line %(line)s, move %(move)s, %(coord)s, is illegal: %(reason)s."))
                              % values) from None
        sans.append(position.san(parsed))
        coords.append(move_coord(position, parsed))
        position.push(parsed)
    return coords, sans


def conditional_preview(*, game: Game, user, moves: list) -> dict:
    """The position after `moves` from the game's current one: what the editor draws."""
    conditional_player_color(game, user)
    if len(moves) > settings.CONDITIONAL_MAX_LINE_MOVES:
        raise InvalidInput(_("A line has at most %(count)s moves.")
                           % {"count": settings.CONDITIONAL_MAX_LINE_MOVES},
                           code="line_too_long")
    position = planning_position(game)
    sans = play_planned(position, moves)[1]
    over = position.outcome(claim_draw=True) is not None
    legal = [] if over else sorted(move_coord(position, m) for m in position.legal_moves())
    return {"variant": variant_json(game.variant), "fen": position.fen(),
            "turn": "white" if position.turn == engine.WHITE else "black",
            "san": sans, "legal_moves": legal}
