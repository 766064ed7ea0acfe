"""What each kind of mail says, and its idempotency key. Called from the receivers of games'
signals (after commit) and from the periodic jobs; all of it goes through the outbox."""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.language import in_language_of

from games import bot_hook
from games.models import Game

from . import selectors
from .links import site_url
from .outbox import mail_enqueue


def _game_url(game_id: str) -> str:
    return f"{site_url()}/games/{game_id}/"


def _when(deadline) -> str:
    return deadline.strftime("%Y-%m-%d %H:%M UTC") if deadline else ""


def mail_your_turn(*, game_id: int, player_id: int | None = None) -> bool:
    """"Your move" to the player to move (`player_id`, if the signal named them): one per game
    and deadline period, so a repeated signal or task never sends a second one. None after a
    bot's reply: a bot answers within seconds, while the player is still at the board."""
    if player_id is not None and not _player_wants_your_turn_mail(player_id):
        return False
    game = selectors.game_with_players(game_id=game_id)
    if game is None or game.status != Game.Status.ACTIVE:
        return False
    user = game.player_of(game.turn)
    opponent = game.black if user.pk == game.white_id else game.white
    if bot_hook.is_bot(opponent):
        return False
    # The period one mail covers: the deadline; a turn whose clock a vacation stopped; and in
    # a live game (a clock of seconds: a new deadline every move) or a game without a clock
    # (often played live) one day, so a quick game is not a mail a move.
    live = game.clock_limit is not None
    if game.deadline and not live:
        period = game.deadline.isoformat()
    elif game.days_per_move:
        period = f"ply{game.ply}"
    else:
        period = f"day{timezone.now().date().isoformat()}"
    last = selectors.last_move(game=game)
    names = {"name": user.username, "opponent": opponent.username}
    with in_language_of(user):
        lines = [_("Hello %(name)s,") % names, ""]
        if last is None:
            lines.append(_("Your game against %(opponent)s has started and you move first.")
                         % names)
        else:
            lines.append(_("%(opponent)s played %(move)s. It is your move.")
                         % {**names, "move": last.san})
        if game.deadline and not live:
            lines.append(_("You have until %(when)s to move.") % {"when": _when(game.deadline)})
        lines += ["", _("Open the game: %(url)s") % {"url": _game_url(game.public_id)}]
        subject = _("Your move against %(opponent)s") % names
    return mail_enqueue(key=f"your_turn:{game.pk}:{user.pk}:{period}", user=user,
                        kind="your_turn", subject=subject,
                        body="\n".join(lines)) is not None


def _player_wants_your_turn_mail(player_id: int) -> bool:
    """One query by primary key after every move: most players have no verified address or
    no wish for this mail, and then nothing more is read."""
    row = selectors.your_turn_wish(player_id=player_id)
    if row is None:
        return False
    email, verified, wants = row
    # `wants` is None without a settings row (no mail), 0/1 on SQLite, a bool on PostgreSQL.
    if not email or not wants:
        return False
    return (verified or "").lower() == email.lower()


def mail_challenge(*, challenge_id: str) -> bool:
    """The challenge to the challenged player: at most one challenge mail per player in
    CHALLENGE_MAIL_INTERVAL seconds (issue 38: creating and cancelling challenges mailed a
    player without end). A challenge in the interval after one mailed is not mailed: the
    mailed one says so, and it waits on the player's home page. The key (the player and the
    interval's number) keeps it to one mail even when several arrive at once."""
    challenge = selectors.pending_challenge_to_a_player(challenge_id=challenge_id)
    if challenge is None:
        return False
    now = timezone.now()
    interval = settings.CHALLENGE_MAIL_INTERVAL
    if selectors.challenge_mailed_since(user_id=challenge.opponent_id,
                                        since=now - timedelta(seconds=interval)):
        return False
    minutes = max(1, interval // 60)
    names = {"name": challenge.opponent.username, "challenger": challenge.challenger.username}
    with in_language_of(challenge.opponent):
        clock = (ngettext("%(days)d day per move", "%(days)d days per move",
                          challenge.days_per_move) % {"days": challenge.days_per_move}
                 if challenge.days_per_move else _("no time limit"))
        subject = _("%(challenger)s challenges you") % names
        body = "\n".join([
            _("Hello %(name)s,") % names, "",
            _("%(challenger)s challenges you to a game of Raumschach (%(clock)s).")
            % {**names, "clock": clock},
            "", _("Accept or decline: %(url)s") % {"url": f"{site_url()}/challenges/{challenge.pk}/"},
            "",
            ngettext("Challenges sent to you in the next minute are not mailed one by one: "
                     "they wait on your home page: %(url)s",
                     "Challenges sent to you in the next %(minutes)d minutes are not mailed one "
                     "by one: they wait on your home page: %(url)s", minutes)
            % {"minutes": minutes, "url": f"{site_url()}/"}])
    slot = int(now.timestamp()) // interval
    return mail_enqueue(key=f"challenge:{challenge.opponent_id}:{slot}", user=challenge.opponent,
                        kind="challenge",
                        subject=subject,
                        body=body) is not None


def _outcome_for(game: Game, user, opponent: str) -> str:
    """The mail's sentence on how the game ended, seen from `user`."""
    names = {"opponent": opponent}
    if game.status == Game.Status.ABORTED:
        return _("Your game against %(opponent)s was aborted") % names
    if game.result == Game.Result.DRAW:
        return _("Your game against %(opponent)s ended in a draw") % names
    won = (game.result == Game.Result.WHITE_WINS) == (user.pk == game.white_id)
    return (_("Your game against %(opponent)s is won — congratulations") if won
            else _("Your game against %(opponent)s is lost")) % names


def mail_game_over(*, game_id: int) -> int:
    """The result to both players; returns how many mails were stored."""
    game = selectors.game_with_players(game_id=game_id)
    if game is None or game.status == Game.Status.ACTIVE:
        return 0
    stored = 0
    for user, opponent in ((game.white, game.black), (game.black, game.white)):
        # The termination stays the API's code word (it is one in every language's mail).
        how = f" ({game.termination.replace('_', ' ')})" if game.termination else ""
        with in_language_of(user):
            body = "\n".join([
                _("Hello %(name)s,") % {"name": user.username}, "",
                f"{_outcome_for(game, user, opponent.username)}{how}.",
                _("Result: %(result)s") % {"result": game.result}, "",
                _("See the game: %(url)s") % {"url": _game_url(game.public_id)}])
            subject = _("Game over against %(opponent)s") % {"opponent": opponent.username}
        stored += mail_enqueue(key=f"game_over:{game.pk}:{user.pk}", user=user,
                               kind="game_over", subject=subject, body=body) is not None
    return stored


def mail_clock_warnings() -> int:
    """Warn each player to move whose correspondence clock has less than
    NOTIFY_CLOCK_WARNING_HOURS left; once per game and deadline. Games of one day per move are
    left out: their clock always has less than a day, and the "your move" mail said so."""
    now = timezone.now()
    window = timedelta(hours=settings.NOTIFY_CLOCK_WARNING_HOURS)
    games = selectors.games_with_a_deadline_between(
        start=now, end=now + window, min_days_per_move=window.total_seconds() / 86400)
    stored = 0
    for game in games:
        user = game.player_of(game.turn)
        opponent = game.black if user.pk == game.white_id else game.white
        hours = max(1, int((game.deadline - now).total_seconds() // 3600))
        names = {"name": user.username, "opponent": opponent.username, "hours": hours,
                 "when": _when(game.deadline)}
        with in_language_of(user):
            body = "\n".join([
                _("Hello %(name)s,") % names, "",
                ngettext("Your clock against %(opponent)s runs out in about %(hours)d hour "
                         "(%(when)s). If you do not move by then, you lose on time.",
                         "Your clock against %(opponent)s runs out in about %(hours)d hours "
                         "(%(when)s). If you do not move by then, you lose on time.", hours)
                % names,
                "", _("Open the game: %(url)s") % {"url": _game_url(game.public_id)}])
            subject = _("Less than a day left against %(opponent)s") % names
        stored += mail_enqueue(key=f"clock_warning:{game.pk}:{user.pk}:{game.deadline.isoformat()}",
                               user=user, kind="clock_warning", subject=subject,
                               body=body) is not None
    return stored
