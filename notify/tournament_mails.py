"""The mail that a tournament's round has started (issue 43): one per player and round (a round
robin's rounds start together: one mail listing every game). notify listens to
tournaments.signals.round_started (after commit); tournaments never imports notify."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from accounts.language import in_language_of

from .links import site_url
from .outbox import mail_enqueue


def mail_round_started(*, tournament_id: str, round_number: int | None,
                       pairings: list[tuple[int, int | None, int | None]]) -> int:
    """Returns how many mails were stored (bots, players without a confirmed address or who
    switched the kind off get none; a repeated signal stores nothing: the key is per round)."""
    from games.models import Game
    from tournaments.selectors import tournament_get

    tournament = tournament_get(tournament_id=tournament_id)
    players = {p for w, b, _g in pairings for p in (w, b) if p is not None}
    users = get_user_model().objects.in_bulk(players)
    games = Game.objects.in_bulk([g for _w, _b, g in pairings if g is not None])
    # Each player's games as (colour, opponent, url); None is a bye. Worded per player below,
    # in that player's language.
    games_of: dict[int, list[tuple[str, str, str] | None]] = {p: [] for p in players}
    for white_id, black_id, game_id in pairings:
        if black_id is None:
            games_of[white_id].append(None)
            continue
        url = f"{site_url()}/games/{games[game_id].public_id}/"
        games_of[white_id].append(("white", users[black_id].username, url))
        games_of[black_id].append(("black", users[white_id].username, url))
    names = {"round": round_number or 0, "name": tournament.name}
    stored = 0
    for player, entries in games_of.items():
        user = users[player]
        with in_language_of(user):
            lines = [_("You have a bye this round (1 point).") if entry is None
                     else (_("White against %(name)s: %(url)s") if entry[0] == "white"
                           else _("Black against %(name)s: %(url)s"))
                     % {"name": entry[1], "url": entry[2]}
                     for entry in entries]
            if round_number is None:
                subject = _("%(name)s has started") % names
                opening = _("The round robin %(name)s has started; all your games run at once:")
            else:
                subject = _("Round %(round)d of %(name)s") % names
                opening = _("Round %(round)d of %(name)s has started:")
            body = "\n".join([
                _("Hello %(name)s,") % {"name": user.username}, "",
                opening % names, "", *lines, "",
                _("The tournament: %(url)s") % {"url": f"{site_url()}/tournaments/{tournament.pk}/"}])
        key = f"tournament:{tournament.pk}:{round_number or 'all'}:{player}"
        stored += mail_enqueue(key=key, user=user, kind="tournament", subject=subject,
                               body=body) is not None
    return stored
