"""What `games` tells the rest of the site, so that other apps listen instead of `games`
importing them (docs/architecture.md: games never imports bots, ratings, notify...).

Receivers connect in their AppConfig.ready(). Two kinds of moment:
- after commit (`turn_passed`, `game_started`, `challenge_changed`): the fact is stored; receivers may queue work.
  Sent with `send_robust` from an on-commit callback, so one failing receiver (e.g. a broker
  that is down) is logged and cannot stop the others or undo the stored fact.
- inside the transaction (`game_ending`): the game row is locked and about to be written as
  ended; receivers that must change in the same transaction (ratings) do it here, and an error
  rolls the whole ending back.
"""
from __future__ import annotations

import logging

from django.dispatch import Signal

logger = logging.getLogger(__name__)

# kwargs: game_id, player_id (the user now to move), live (the game has a clock: issue 46). A
# move was stored or a game began and the game is still active: somebody (a person or a bot)
# is now to move.
turn_passed = Signal()

# kwargs: game_id. A challenge or seek became a game (sent after commit, before turn_passed).
game_started = Signal()

# kwargs: challenge_id. A challenge was created, declined or cancelled (sent after commit; an
# accepted challenge is followed by game_started instead). Receivers read its current status.
challenge_changed = Signal()

# kwargs: game_id, by ("white" | "black"). A draw offer was stored and stands; the other
# player (a person, or a bot listening here) is to answer it.
draw_offered = Signal()

# kwargs: game_id, by ("white" | "black"). A takeback offer was stored and stands; the other
# player (a person, or a bot listening here) is to answer it.
takeback_offered = Signal()

# kwargs: game (locked, already at its new ply), ply (the ply it was at before). Sent inside
# the transaction that takes moves back: what was planned for the plies taken back (conditional
# moves) goes in the same transaction.
moves_taken_back = Signal()

# kwargs: game (locked, with status/result/termination already set on the instance). Sent
# inside the transaction that ends the game, exactly once per game (the compare-and-set on the
# ply makes a second ending fail before this is sent).
game_ending = Signal()


def send_after_commit(signal: Signal, **kwargs) -> None:
    """Send `signal` robustly (meant to be called from `after_commit`)."""
    for receiver, result in signal.send_robust(sender=None, **kwargs):
        if isinstance(result, Exception):
            logger.error("receiver %r of a games signal failed: %r", receiver, result,
                         exc_info=(type(result), result, result.__traceback__))
