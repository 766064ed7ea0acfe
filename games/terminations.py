"""How a game ended, in one table: for each way (engine.Termination) the words the pages say
after "by" ("White won by resignation."), and the status lichess clients read in the Bot API.
Everything else is derived from it (the words are lazy: each page says them in its language):

- WORDS: the replay page's sentence (games.web.views.games.describe_result) and the game page's
  (gameinfo.js's describeResult, given the table in the page's game-context JSON);
- ANALYSIS_HEADINGS: the analysis board's outcome line for the endings the engine decides
  (a heading: "Fifty-move rule"); an ending without one shows its name;
- LICHESS_STATUS: the Bot API's `status` (botapi.selectors.game_status).
- ON_TIME: a live game's (one with a clock, issue 46) whole sentence when it ended on time,
  by result, instead of the correspondence deadline's words ("Black won on time.").

tests/web/test_how_a_game_ended_is_said_the_same_on_every_page_and_api.py pins every output."""
from __future__ import annotations

from typing import NamedTuple

from django.utils.translation import gettext_lazy

from engine import Termination


class Ending(NamedTuple):
    words: str  # after "by" in the result's sentence (lazy: worded in the reader's language)
    lichess: str  # lichess's game status (GameStatus), botapi.selectors.STATUS_IDS


ENDINGS: dict[Termination, Ending] = {
    Termination.CHECKMATE: Ending(gettext_lazy("checkmate"), "mate"),
    Termination.STALEMATE: Ending(gettext_lazy("stalemate"), "stalemate"),
    Termination.INSUFFICIENT_MATERIAL: Ending(gettext_lazy("insufficient material"), "draw"),
    Termination.THREEFOLD_REPETITION: Ending(gettext_lazy("threefold repetition"), "draw"),
    Termination.FIFTY_MOVES: Ending(gettext_lazy("the fifty-move rule"), "draw"),
    Termination.RESIGN: Ending(gettext_lazy("resignation"), "resign"),
    Termination.TIMEOUT: Ending(gettext_lazy("time (deadline passed)"), "outoftime"),
    Termination.AGREEMENT: Ending(gettext_lazy("agreement"), "draw"),
    Termination.ABORT: Ending(gettext_lazy("abort"), "aborted"),
    # lichess's status for a variant's own ending.
    Termination.BARE_KING: Ending(gettext_lazy("a bare king (Star Trek: a king left alone loses)"),
                                  "variantEnd"),
}

# A live game ended on time, by result: what both pages say instead of the deadline's words.
ON_TIME: dict[str, str] = {
    "1-0": gettext_lazy("White won on time."),
    "0-1": gettext_lazy("Black won on time."),
    # lichess: out of time against a side that cannot mate is a draw (games.clock).
    "1/2-1/2": gettext_lazy("Draw: time ran out against a side that cannot mate."),
}

# Keyed by the stored value (Game.termination, the engine's str enum's value).
WORDS: dict[str, str] = {t.value: ending.words for t, ending in ENDINGS.items()}
# The replay page's sentence (describe_result), by result: with the words and without.
WON_BY: dict[str, str] = {"1-0": gettext_lazy("White won by %(how)s."),
                          "0-1": gettext_lazy("Black won by %(how)s."),
                          "1/2-1/2": gettext_lazy("Draw by %(how)s.")}
WON: dict[str, str] = {"1-0": gettext_lazy("White won."), "0-1": gettext_lazy("Black won."),
                       "1/2-1/2": gettext_lazy("Draw.")}
LICHESS_STATUS: dict[str, str] = {t.value: ending.lichess for t, ending in ENDINGS.items()}


# The engine's own endings the analysis board names, as headings (the bare king without its
# gloss: the heading sits above the board of a Star Trek game already).
ANALYSIS_HEADINGS: dict[str, str] = {
    Termination.CHECKMATE.value: gettext_lazy("Checkmate"),
    Termination.STALEMATE.value: gettext_lazy("Stalemate"),
    Termination.INSUFFICIENT_MATERIAL.value: gettext_lazy("Insufficient material"),
    Termination.FIFTY_MOVES.value: gettext_lazy("Fifty-move rule"),
    Termination.THREEFOLD_REPETITION.value: gettext_lazy("Threefold repetition"),
    Termination.BARE_KING.value: gettext_lazy("Bare king"),
}
