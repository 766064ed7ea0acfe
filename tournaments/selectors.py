"""Reads of tournaments: one layer for the REST API, the pages and the socket. Never imports
services."""
from __future__ import annotations

from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext as _

from games import bot_hook
from games.variants import variant_json

from .errors import InvalidTournament, TournamentNotFound
from .models import Entrant, Pairing, Tournament
from .arena import arena_scores
from .standings import Board, standings

LIST_LIMIT = 50  # per status on the list page and in the API answer


def tournament_get(*, tournament_id: str) -> Tournament:
    tournament = (Tournament.objects.select_related("created_by", "winner")
                  .filter(pk=tournament_id).first() if isinstance(tournament_id, str) else None)
    if tournament is None:
        raise TournamentNotFound()
    return tournament


def tournaments_by_status(*, variant: str | None = None, limit: int = LIST_LIMIT
                          ) -> dict[str, list[Tournament]]:
    """{"created": [...], "started": [...], "finished": [...]}, newest first, each with
    `nb_players` (entrants still in)."""
    found: dict[str, list[Tournament]] = {}
    for status in Tournament.Status.values:
        rows: QuerySet[Tournament] = Tournament.objects.filter(status=status)
        if variant:
            rows = rows.filter(variant=variant)
        rows = rows.select_related("created_by", "winner").annotate(
            nb_players=Count("entrants", filter=Q(entrants__withdrawn=False)))
        found[status] = list(rows.order_by("-created_at")[:limit])
    return found


def entrants_of(tournament: Tournament) -> list[Entrant]:
    return list(Entrant.objects.filter(tournament=tournament).select_related("user", "user__bot")
                .order_by("seed", "joined_at", "id"))


def pairings_of(tournament: Tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(tournament=tournament)
                .select_related("white", "black", "game").order_by("round", "id"))


def boards_of(pairings: list[Pairing]) -> list[Board]:
    return [Board(round=p.round, white=p.white_id, black=p.black_id, result=p.result,
                  forfeit=p.forfeit) for p in pairings]


def standings_of(tournament: Tournament, entrants: list[Entrant],
                 pairings: list[Pairing]) -> list[dict]:
    """Best first: {player, rank, score, buchholz, sonneborn_berger, wins, played, sheet, fire}
    (an arena's score is its points, its sheet the points per game, fire a streak running)."""
    if tournament.system == Tournament.System.ARENA:
        counted = sorted((p for p in pairings if p.result and p.counts and p.black_id),
                         key=lambda p: (p.ended_at is None, p.ended_at, p.id))
        lines = arena_scores({e.user_id: e.rating for e in entrants},
                             [(p.white_id, p.black_id, p.result) for p in counted])
        return [{"player": l.player, "rank": l.rank, "score": float(l.points), "buchholz": 0.0,
                 "sonneborn_berger": 0.0, "wins": l.wins, "played": l.games,
                 "sheet": "".join(l.sheet), "fire": l.fire} for l in lines]
    seeds = {e.user_id: e.seed or index for index, e in enumerate(entrants, start=1)}
    lines = standings(seeds, boards_of(pairings),
                      swiss=tournament.system == Tournament.System.SWISS)
    return [{"player": l.player, "rank": l.rank, "score": l.score, "buchholz": l.buchholz,
             "sonneborn_berger": l.sonneborn_berger, "wins": l.wins, "played": l.played,
             "sheet": "", "fire": False} for l in lines]


def bot_user_for(*, level: int | None, username: str | None):
    """The bot account named by `level` (one of the site's) or `username` (any bot account)."""
    from accounts.selectors import user_by_name
    from bots.selectors import bot_get_by_level

    if (level is None) == (username is None):
        raise InvalidTournament(_("Name a bot by level or by username (one of them)."),
                                code="bot_not_named")
    if level is not None:
        return bot_get_by_level(level=level).user
    user = user_by_name(username=username)
    if user is None or not bot_hook.is_bot(user):
        raise TournamentNotFound(_("No bot named %(name)s.") % {"name": username},
                                 code="unknown_bot")
    return user


def is_entrant(*, tournament: Tournament, user) -> bool:
    if user is None or not getattr(user, "pk", None):
        return False
    return Entrant.objects.filter(tournament=tournament, user_id=user.pk, withdrawn=False).exists()


def _pairing_json(p: Pairing) -> dict:
    return {"round": p.round, "white": p.white.username,
            "black": p.black.username if p.black_id else None,
            "game": p.game.public_id if p.game_id else None,
            "result": p.result or None, "forfeit": p.forfeit,
            "status": p.game.status if p.game_id else None, "counts": p.counts}


def tournament_detail(tournament: Tournament, *, user=None) -> dict:
    """What GET /api/v1/tournaments/<id>/, the page and the socket show: the settings,
    the players, the rounds with their pairings, the standings and the crosstable."""
    entrants = entrants_of(tournament)
    pairings = pairings_of(tournament)
    lines = standings_of(tournament, entrants, pairings)
    by_user = {e.user_id: e for e in entrants}
    names = {e.user_id: e.user.username for e in entrants}
    # crosstable: per player, per opponent, the results in round order ("1", "½", "0", "+", "-")
    cells: dict[int, dict[int, list[str]]] = {e.user_id: {} for e in entrants}
    for p in pairings:
        if p.black_id is None or not p.result or not p.counts:
            continue
        for me, other, as_white in ((p.white_id, p.black_id, True),
                                    (p.black_id, p.white_id, False)):
            if me in cells:
                cells[me].setdefault(other, []).append(_mark(p.result, as_white, p.forfeit))
    you = getattr(user, "pk", None)
    return {
        **tournament_summary(tournament, nb_players=sum(not e.withdrawn for e in entrants)),
        "players": [{"username": e.user.username, "rating": e.rating, "seed": e.seed,
                     "withdrawn": e.withdrawn, "bot": bot_hook.is_bot(e.user)} for e in entrants],
        "pairings": [_pairing_json(p) for p in pairings],
        "standings": [{**{k: v for k, v in line.items() if k != "player"},
                       "username": names[line["player"]],
                       "withdrawn": by_user[line["player"]].withdrawn} for line in lines],
        "crosstable": [{"username": names[line["player"]],
                        "results": {names[other]: "".join(marks)
                                    for other, marks in cells[line["player"]].items()}}
                       for line in lines],
        "joined": bool(you) and you in by_user and not by_user[you].withdrawn,
    }


def _mark(result: str, as_white: bool, forfeit: bool) -> str:
    if result == "1/2-1/2":
        return "½"
    won = (result == "1-0") == as_white
    if forfeit:
        return "+" if won else "-"
    return "1" if won else "0"


def tournament_summary(tournament: Tournament, *, nb_players: int) -> dict:
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "system": tournament.system,
        "double": tournament.double,
        "variant": variant_json(tournament.variant),
        "variant_options": tournament.variant_options,
        "rounds": tournament.rounds,
        "current_round": tournament.current_round,
        "days_per_move": tournament.days_per_move,
        "clock": ({"limit": tournament.clock_limit, "increment": tournament.clock_increment}
                  if tournament.clock_limit is not None else None),
        "minutes": tournament.minutes,
        "ends_at": tournament.ends_at.isoformat() if tournament.ends_at else None,
        "max_players": tournament.max_players,
        "nb_players": nb_players,
        "rated": tournament.rated,
        "status": tournament.status,
        "created_by": tournament.created_by.username,
        "starts_at": tournament.starts_at.isoformat() if tournament.starts_at else None,
        "created_at": tournament.created_at.isoformat(),
        "started_at": tournament.started_at.isoformat() if tournament.started_at else None,
        "finished_at": tournament.finished_at.isoformat() if tournament.finished_at else None,
        "winner": tournament.winner.username if tournament.winner_id else None,
    }
