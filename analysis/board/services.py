"""The analysis board's actions: one move played from a position (the engine's rules and
notation), and the server's short search for a browser that cannot run the WebAssembly engine
(rate-limited, capped in time, and off for a player's own games in progress)."""
from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

import engine
from accounts.ratelimit import ratelimit_consume_sliding
from engine.core import core_name, native_supports
from engine.search import SearchLimits
from engine.step import legal_coords
from engine.wasm_tables import position_numbers
from games.engine_words import illegal_reason
from games.terminations import ANALYSIS_HEADINGS
from games.variants import cell_names, move_from_coord

from .errors import BadMove, EngineOffInYourGame, NothingToSearch
from .selectors import is_position_of_my_game_in_progress, parse_position



def position_node(pos: engine.Position) -> dict:
    """What the board shows of a position: its string, side to move, legal moves (coordinate
    form), the cells giving check, the outcome if the game is over, and its numbers for the
    browser's engine."""
    names = cell_names(pos.variant)
    outcome = pos.outcome(claim_draw=False)
    return {
        "fen": pos.fen(),
        "turn": "white" if pos.turn == engine.WHITE else "black",
        "legal_moves": legal_coords(pos),
        "checkers": [names[cell] for cell in pos.checkers()],
        "outcome": (str(ANALYSIS_HEADINGS.get(outcome.termination.value, outcome.termination.value))
                    if outcome else None),
        "numbers": position_numbers(pos),  # what the browser's engine is given
    }


def board_position(*, client_key: str, variant: engine.Variant, fen: object, move: str | None = None) -> dict:
    """The position `fen` (after `move`, a coordinate move such as Bc2Cc2, if given): its
    string, legal moves, checkers and outcome, and the move's text and packed form.
    BadPosition / BadMove with the engine's reason; nothing is stored.  Rate-limited per user
    or address (settings.RATE_LIMITS["analysis_board"])."""
    ratelimit_consume_sliding(scope="analysis_board", key=client_key)
    pos = parse_position(fen, variant, setup=move is None)  # a move's start was accepted before
    played = None
    if move is not None:
        try:
            parsed = move_from_coord(variant, move)
            pos.validate(parsed)
        except engine.IllegalMoveError as exc:
            raise BadMove(_("%(move)s is illegal: %(reason)s.")
                          % {"move": move, "reason": illegal_reason(exc.reason)}) from None
        except engine.MoveError as exc:
            raise BadMove(f"{move}: {exc}") from None
        played = {"move": pos.coord(parsed), "san": pos.san(parsed), "packed": engine.pack_move(parsed)}
        pos.push(parsed)
    return {**position_node(pos), "played": played}


def board_search(*, user, client_key: str, variant: engine.Variant, fen: object) -> dict:
    """The server's search of `fen` for the analysis board (a browser without WebAssembly):
    at most settings.ANALYSIS_BOARD_SEARCH_SECONDS, rate-limited per user or address
    (settings.RATE_LIMITS["analysis_search"]); refused for the position of a game in progress
    the user plays."""
    pos = parse_position(fen, variant, setup=False)
    if is_position_of_my_game_in_progress(user, pos):
        raise EngineOffInYourGame()
    if not pos.generate_legal():
        raise NothingToSearch()
    ratelimit_consume_sliding(scope="analysis_search", key=client_key)
    limits = SearchLimits(movetime=settings.ANALYSIS_BOARD_SEARCH_SECONDS)
    if core_name() == "native" and native_supports(variant):
        from engine.search.native import NativeSearcher
        searcher = NativeSearcher()
    else:
        from engine.search import Searcher
        searcher = Searcher()
    result = searcher.search(pos, limits)
    line, texts = pos.copy(), []
    for move in result.pv:
        texts.append(line.san(move))
        line.push(move)
    return {"depth": result.depth, "score": result.score, "nodes": result.nodes, "seconds": round(result.time, 3),
            "pv": [engine.pack_move(m) for m in result.pv], "pv_text": texts}
