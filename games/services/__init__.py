"""Every change to challenges and games goes through these functions (keyword-only arguments,
HackSoft style). Views, consumers, tasks and admin actions call them. Account services (sign-up,
log-in, tokens, rate limits) live in accounts.services."""
from .challenges import (challenge_accept, challenge_cancel, challenge_create, challenge_decline,
                         game_rematch, seeks_expire)
from .imports import game_import
from .paired import game_create_paired
from .play import (game_abort, game_draw, game_expire_if_due, game_flag_if_due, game_play_move,
                   game_resign, games_flags_resume, games_sweep_expired)
from .takeback import game_takeback
from .vacation import (vacation_active, vacation_end, vacation_left, vacation_start,
                       vacations_end_due)

__all__ = [
    "challenge_accept", "challenge_cancel", "challenge_create", "challenge_decline", "game_rematch",
    "game_abort", "game_create_paired", "game_draw", "game_expire_if_due", "game_flag_if_due", "game_import", "game_play_move",
    "game_resign", "game_takeback",
    "games_flags_resume", "games_sweep_expired", "seeks_expire",
    "vacation_active", "vacation_end", "vacation_left", "vacation_start", "vacations_end_due",
]
