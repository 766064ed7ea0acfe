"""Fair share (issue 38): the caps a new challenge must pass, so that no account can queue
the bots' searches for everyone or flood a player (with challenges or their mail). Each cap
is its own function, called by `challenge_create` inside its transaction with the rows it
counts locked; each refuses with a coded error before anything is written.

- `bot_games_check`: running games against the site's bots per account (MAX_BOT_GAMES), as
  lichess caps AI games. Each such game queues a search at every turn; with the bots' queues
  split by depth (bots.lanes) this bounds how much of the deep queue one account holds.
- `challenge_rate_check`: challenges created in a rolling window by the challenger, to the
  player and from this challenger to this player (CHALLENGE_RATE_SENT / _RECEIVED / _PAIR).
  Created, not pending: cancelling one does not give it back, so create-and-cancel cannot
  mail a player without end. Towards a player only the challenges they did not accept count:
  friends playing game after game (rematches) are not limited by the games they agreed to.
- `incoming_check`: pending challenges waiting for one player (MAX_INCOMING_CHALLENGES).
"""
from __future__ import annotations

import math
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.utils.translation import ngettext

from games import bot_hook, selectors
from games.errors import (ChallengesPairRateLimited, ChallengesReceivedRateLimited,
                          ChallengesSentRateLimited, TooManyBotGames,
                          TooManyIncomingChallenges)


def lock_parties(challenger, opponent) -> None:
    """Lock the rows of the accounts whose counts the caps read (in id order, so two
    challenges between the same people cannot deadlock): concurrent challenges then pass the
    caps one at a time. A built-in bot's row is not locked: no cap counts what it receives."""
    ids = {challenger.pk}
    if opponent is not None and not bot_hook.is_engine_bot(opponent):
        ids.add(opponent.pk)
    list(get_user_model().objects.select_for_update().filter(pk__in=ids).order_by("pk")
         .values_list("pk", flat=True))


def bot_games_check(challenger, opponent) -> None:
    """Refuse a game against a built-in bot past MAX_BOT_GAMES running ones."""
    if opponent is None or not bot_hook.is_engine_bot(opponent):
        return
    cap = settings.MAX_BOT_GAMES
    if selectors.bot_games_running(user=challenger) >= cap:
        raise TooManyBotGames(ngettext(
            "You are playing %(cap)d game against the bots; finish it before starting another.",
            "You are playing %(cap)d games against the bots; finish one before starting "
            "another.", cap) % {"cap": cap})


# Each window's refusal (translated when raised).
SENT = gettext_noop("You have sent as many challenges as the limit allows for now; try again "
                    "in %(wait)s.")
PAIR = gettext_noop("You have challenged this player as often as the limit allows for now; "
                    "try again in %(wait)s.")
RECEIVED = gettext_noop("This player has received as many challenges as the limit allows for "
                        "now; try again in %(wait)s.")


def challenge_rate_check(challenger, opponent) -> None:
    """Refuse past any rolling-window limit on challenges created (any status counts).
    Challenges to a built-in bot count for the challenger only: the bot accepts at once and
    bot_games_check bounds those games. Towards a player, accepted challenges do not count."""
    now = timezone.now()
    count, seconds = settings.CHALLENGE_RATE_SENT
    _window_check(ChallengesSentRateLimited, SENT, now, count, seconds, challenger=challenger)
    if opponent is None or bot_hook.is_engine_bot(opponent):
        return
    count, seconds = settings.CHALLENGE_RATE_PAIR
    _window_check(ChallengesPairRateLimited, PAIR, now, count, seconds, challenger=challenger,
                  opponent=opponent, unaccepted=True)
    count, seconds = settings.CHALLENGE_RATE_RECEIVED
    _window_check(ChallengesReceivedRateLimited, RECEIVED, now, count, seconds,
                  opponent=opponent, unaccepted=True)


def _window_check(error, detail: str, now, count: int, seconds: int, **who) -> None:
    if count <= 0:  # '0/1' switches a limit off, as the other rate settings
        return
    window = timedelta(seconds=seconds)
    created = selectors.challenges_created_since(since=now - window, limit=count, **who)
    if len(created) < count:
        return
    wait = max(1, math.ceil((created[-1] + window - now).total_seconds()))
    raise error(_(detail) % {"wait": _duration(wait)}, retry_after=wait)


def incoming_check(opponent) -> None:
    """Refuse a challenge to a player who has MAX_INCOMING_CHALLENGES waiting already."""
    if opponent is None or bot_hook.is_engine_bot(opponent):
        return
    if selectors.incoming_challenges_pending(user=opponent) >= settings.MAX_INCOMING_CHALLENGES:
        raise TooManyIncomingChallenges(_(
            "%(name)s has too many challenges waiting; try again once they have answered "
            "some.") % {"name": opponent.username})


def _duration(seconds: int) -> str:
    if seconds < 120:
        return ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes}
