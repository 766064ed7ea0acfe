"""What tournaments tell other apps (notify listens: mail when a round starts), after commit,
so tournaments never imports them.

round_started kwargs: tournament_id, round_number (None: a round robin's every round, started
at once), pairings: [(white_id, black_id | None, game_id | None)] (a bye: no black, no game).
"""
from django.dispatch import Signal

round_started = Signal()
