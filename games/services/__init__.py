"""Every change to accounts, challenges and games goes through these functions (keyword-only
arguments, HackSoft style). Views, consumers, tasks and admin actions call them."""
from .accounts import (api_token_create, api_token_obtain, api_token_revoke, api_token_user,
                       client_ip, user_authenticate, user_change_password, user_login,
                       user_logout, user_signup)
from .challenges import (challenge_accept, challenge_cancel, challenge_create, challenge_decline,
                         seeks_expire)
from .play import (game_abort, game_draw, game_expire_if_due, game_play_move, game_resign,
                   games_sweep_expired)
from .ratelimit import ratelimit_consume

__all__ = [
    "api_token_create", "api_token_obtain", "api_token_revoke", "api_token_user", "client_ip",
    "user_authenticate", "user_change_password", "user_login", "user_logout", "user_signup",
    "challenge_accept", "challenge_cancel", "challenge_create", "challenge_decline",
    "game_abort", "game_draw", "game_expire_if_due", "game_play_move", "game_resign",
    "games_sweep_expired", "ratelimit_consume", "seeks_expire",
]
