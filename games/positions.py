"""The site's bridge to `engine/` (no writes, so selectors and services both use it): a game's
variant, its stored repetition keys, its legal moves, and engine outcomes as stored results."""
from __future__ import annotations

from django.utils.translation import gettext as _

import engine
from engine import Position
from engine.step import legal_coords, stored_position

from games.engine_words import position_reason
from games.errors import InvalidInput
from games.models import Game
from games.variants import cell_names, move_from_coord, parse_cell, variant_with_options


def variant_of(game: Game) -> engine.Variant:
    """The rules `game` is played by: its variant with its stored options."""
    return variant_with_options(game.variant, game.variant_options)


def start_position_check(fen: str, variant: engine.Variant) -> str:
    """`fen` as the variant writes it, if a game of `variant` may start from it; InvalidInput
    with the engine's reason otherwise: code bad_position (the string does not read) or
    illegal_position (it reads, but breaks a rule of the set-up: engine/setup.py)."""
    return setup_report(fen, variant, raise_errors=True)["fen"]


def setup_report(fen: str, variant: engine.Variant, *, raise_errors: bool = False) -> dict:
    """What the board editor shows of a position string: {valid, playable, fen, code, check,
    reason} - `valid` if the position is legal, `playable` if a game may also start from it
    (the side to move has a move); `code` bad_position / illegal_position and `check` (the
    engine's rule: kings, pawns, opposite_check, unmoved, pins, no_moves) when not. With
    `raise_errors`, an unplayable position raises InvalidInput instead."""
    try:
        position = Position.from_fen(fen, variant)
    except engine.IllegalPositionError as exc:
        return _refused(variant, exc, "illegal_position", raise_errors)
    except (engine.PositionError, ValueError) as exc:
        return _refused(variant, exc, "bad_position", raise_errors)
    try:
        engine.check_setup(position)
    except engine.NoMoveError as exc:
        if raise_errors:
            raise InvalidInput(_("Illegal %(variant)s position: %(reason)s.")
                               % {"variant": variant.name, "reason": position_reason(exc)},
                               code="illegal_position") from None
        return {"valid": True, "playable": False, "fen": position.fen(), "code": "illegal_position",
                "check": exc.check, "reason": position_reason(exc)}
    except engine.IllegalPositionError as exc:
        return _refused(variant, exc, "illegal_position", raise_errors)
    return {"valid": True, "playable": True, "fen": position.fen(), "code": "", "check": "", "reason": ""}


def _refused(variant: engine.Variant, exc: ValueError, code: str, raise_errors: bool) -> dict:
    if raise_errors:
        text = (_("Illegal %(variant)s position: %(reason)s.") if code == "illegal_position"
                else _("Not a %(variant)s position: %(reason)s."))
        raise InvalidInput(text % {"variant": variant.name, "reason": position_reason(exc)},
                           code=code) from None
    return {"valid": False, "playable": False, "fen": "", "code": code,
            "check": getattr(exc, "check", "malformed"), "reason": position_reason(exc)}


def keys_text(keys: list[int]) -> str:
    return " ".join(f"{key:x}" for key in keys)


def position_keys(game: Game) -> list[int] | None:
    """The stored keys since the last irreversible move (current position last); None when the
    current position is the only one that counts (a game at ply 0; migration 0006 stored the
    keys of every game saved before they were kept)."""
    if game.position_keys:
        return [int(key, 16) for key in game.position_keys.split()]
    return None


def search_position(game: Game) -> Position:
    """The game's current position for a search (the bots'): the stored position string with
    the stored repetition keys as its history, so the search sees repetitions; no move is read
    or replayed."""
    return stored_position(game.fen, position_keys(game), variant_of(game))


def result_for_winner(winner: bool | None) -> str:
    if winner is None:
        return Game.Result.DRAW
    return Game.Result.WHITE_WINS if winner == engine.WHITE else Game.Result.BLACK_WINS


def result_for_winner_color(color: str | None) -> str:
    if color is None:
        return Game.Result.DRAW
    return Game.Result.WHITE_WINS if color == Game.Color.WHITE else Game.Result.BLACK_WINS


def legal_move_coords(game: Game) -> list[str]:
    """The legal moves of the side to move (sorted coordinates); [] once the game is over."""
    if game.status != Game.Status.ACTIVE:
        return []
    return legal_coords(Position.from_fen(game.fen, variant_of(game)))


def checker_cells(game: Game) -> list[str]:
    """The cells of the pieces giving check in the game's position (the board draws the line
    from each to the king; the browser computes no attacks itself)."""
    return checkers_in(game.fen, variant_of(game))


def checkers_in(fen: str, variant: engine.Variant) -> list[str]:
    names = cell_names(variant)
    return [names[cell] for cell in Position.from_fen(fen, variant).checkers()]


def checkers_by_ply(start_fen: str, coords: list[str], variant: engine.Variant) -> list[list[str]]:
    """The checkers in the start position and after each of `coords` (len(coords) + 1 lists):
    one position replayed forward, so a replay costs one move generation per ply, not a
    position rebuilt from its string at every ply."""
    names = cell_names(variant)
    position = Position.from_fen(start_fen, variant)
    found = [[names[cell] for cell in position.checkers()]]
    for coord in coords:
        position.push(move_from_coord(variant, coord))
        found.append([names[cell] for cell in position.checkers()])
    return found


def attackers_of(fen: str, variant: engine.Variant, cell: str) -> dict[str, list[str]]:
    """The cells of each side's pieces attacking the cell named `cell` in `fen` (pins ignored,
    as a check is judged): for the board's hover help, so the browser computes no attacks
    itself. ValueError if `cell` names no cell."""
    index = parse_cell(variant, cell)
    names = cell_names(variant)
    position = Position.from_fen(fen, variant)
    exists = getattr(position, "exists", None)
    if exists is not None and not exists(index):
        # Star Trek: a cell of an attack board that stands on another pin now is on no board
        raise ValueError(_("%(cell)r is on no board in this position (its attack board stands "
                           "elsewhere).") % {"cell": cell})
    return {color: [names[c] for c in position.attackers(index, side)]
            for color, side in (("white", 0), ("black", 1))}


def side_cannot_mate(fen: str, variant: engine.Variant, color: str) -> bool:
    """Whether `color` (white/black) has nothing left to win with in `fen`: the position is the
    engine's insufficient-material draw (its per-variant test), or that side has its royal
    piece alone and no reserve piece it could still place. A flag against such a side is a
    draw, as on lichess."""
    position = Position.from_fen(fen, variant)
    if position.is_insufficient_material():
        return True
    side = 0 if color == Game.Color.WHITE else 1
    if len(position.occupied[side]) != 1:
        return False
    reserves = getattr(position, "reserves", None)
    return not (reserves and reserves[side]
                and position.kings[side] in getattr(position, "unmoved", ()))
