"""The HTML pages, one module per area: thin views that read through selectors, change things
only through services, and render Django templates. Game play itself happens in the browser
through the REST API and the websocket (see games/static/games/js/)."""
from .after_game import next_your_turn, rematch
from .archive import archive, turn_count
from .challenges import challenge_action, challenge_detail, home, new_game
from .common import favicon
from .games import describe_result, game_page, replay_page
from .imports import game_import
from .players import my_profile, profile
from .rules import rules_full, rules_index, rules_page

__all__ = [
    "archive", "challenge_action", "challenge_detail", "describe_result", "favicon", "game_import", "game_page",
    "home", "my_profile", "new_game", "next_your_turn", "profile", "rematch", "replay_page",
    "rules_full", "rules_index", "rules_page", "turn_count",
]
