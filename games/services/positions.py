"""The site's bridge to `engine/`: rebuilding a game's position with enough history to see
repetitions, and translating engine outcomes into stored results."""
from __future__ import annotations

import engine
from engine import Position
from engine.geometry import CELL_NAMES

from games.models import Game, Move


def position_for(game: Game) -> Position:
    """The game's current position, with the moves since the last capture or pawn move pushed
    on top so the engine can detect threefold repetition (earlier positions cannot recur)."""
    halfmove_clock = int(game.fen.split()[2])
    root_ply = game.ply - halfmove_clock
    # One read for the root position and the moves after it (ply root_ply is the root).
    rows = list(Move.objects.filter(game=game, ply__gte=max(root_ply, 1)).order_by("ply")
                .values_list("ply", "coord", "fen_after"))
    if root_ply <= 0:
        root_fen = game.start_fen
    else:
        if not rows or rows[0][0] != root_ply:  # as Move.objects.get would: the record is broken
            raise Move.DoesNotExist(f"game {game.pk} has no move at ply {root_ply}")
        root_fen = rows[0][2]
        rows = rows[1:]
    position = Position.from_fen(root_fen)
    for _, coord, _ in rows:
        position.push(engine.Move.from_coord(coord))
    return position


def result_for_winner(winner: bool | None) -> str:
    if winner is None:
        return Game.Result.DRAW
    return Game.Result.WHITE_WINS if winner == engine.WHITE else Game.Result.BLACK_WINS


def result_for_winner_color(color: str | None) -> str:
    if color is None:
        return Game.Result.DRAW
    return Game.Result.WHITE_WINS if color == Game.Color.WHITE else Game.Result.BLACK_WINS


def legal_move_coords(game: Game) -> list[str]:
    if game.status != Game.Status.ACTIVE:
        return []
    return sorted(move.coord() for move in Position.from_fen(game.fen).legal_moves())


def checker_cells(game: Game) -> list[str]:
    """The cells of the pieces giving check in the game's position (the board draws the line
    from each to the king; the browser computes no attacks itself)."""
    return [CELL_NAMES[cell] for cell in Position.from_fen(game.fen).checkers()]
