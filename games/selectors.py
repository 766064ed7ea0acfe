"""Reads: which games, challenges and records a page or endpoint shows, and the one game-state
shape shared by REST and websockets."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, QuerySet

from games.errors import InvalidInput, NotFound
from games.models import ApiToken, Challenge, Game, Move
from games.services.positions import checker_cells, legal_move_coords

User = get_user_model()

RESULT_ALIASES = {"white": Game.Result.WHITE_WINS, "black": Game.Result.BLACK_WINS,
                  "draw": Game.Result.DRAW}


def game_get(*, game_id: object) -> Game:
    try:
        return Game.objects.select_related("white", "black").get(pk=int(game_id))
    except (Game.DoesNotExist, TypeError, ValueError, OverflowError):
        raise NotFound("No such game.") from None


MAX_ID = 2**63 - 1  # the largest bigint key: larger ids cannot exist (and overflow the drivers)


def game_ref(*, game_id: object) -> Game:
    """An unread reference to game `game_id`, for a service that locks and reads the row itself
    (game_play_move): saves a read per move. The service raises NotFound for a missing row;
    an id that cannot exist is NotFound here."""
    try:
        pk = int(game_id)
    except (TypeError, ValueError, OverflowError):
        raise NotFound("No such game.") from None
    if not 0 < pk <= MAX_ID:
        raise NotFound("No such game.")
    return Game(pk=pk)


def game_moves(game: Game, *, since_ply: int = 0) -> list[dict]:
    """The moves after `since_ply` (a reconnecting client asks for what it missed)."""
    rows = Move.objects.filter(game=game, ply__gt=since_ply).order_by("ply")
    return [{"ply": m.ply, "move": m.coord, "san": m.san, "fen": m.fen_after}
            for m in rows]


def game_state(game: Game, user=None, *, since_ply: int = 0) -> dict:
    """The state of a game as REST and the websocket consumers send it."""
    return {
        "id": game.pk,
        "white": game.white.username,
        "black": game.black.username,
        "status": game.status,
        "result": game.result,
        "termination": game.termination,
        "fen": game.fen,
        "ply": game.ply,
        "turn": game.turn,
        "deadline": game.deadline.isoformat() if game.deadline else None,
        "days_per_move": game.days_per_move,
        "draw_offer": game.draw_offer or None,
        "your_color": game.player_color(user),
        "created_at": game.created_at.isoformat(),
        "ended_at": game.ended_at.isoformat() if game.ended_at else None,
        "moves": game_moves(game, since_ply=since_ply),
        "legal_moves": legal_move_coords(game),
        "checkers": checker_cells(game),
    }


def game_list(*, player: str | None = None, status: str | None = None,
              result: str | None = None) -> QuerySet[Game]:
    """The archive: games filtered by player username, status and result, newest first.
    Raises InvalidInput for unknown filter values and NotFound for an unknown player."""
    games = Game.objects.select_related("white", "black")
    if player:
        user = User.objects.filter(username=player).first()
        if user is None:
            raise NotFound(f"No player named {player!r}.")
        games = games.filter(Q(white=user) | Q(black=user))
    if status:
        if status not in Game.Status.values:
            raise InvalidInput(f"status must be one of {', '.join(Game.Status.values)}.")
        games = games.filter(status=status)
    if result:
        result = RESULT_ALIASES.get(result, result)
        if result not in Game.Result.values:
            raise InvalidInput("result must be 1-0, 0-1, 1/2-1/2, * (or white, black, draw).")
        games = games.filter(result=result)
    return games.order_by("-updated_at", "-id")


def challenge_get_visible(*, challenge_id: object, user) -> Challenge:
    """A challenge the user may see: their own, one sent to them, or an open one (whose id is
    the secret of its link). Anything else is reported as missing."""
    challenge = (Challenge.objects.select_related("challenger", "opponent", "game")
                 .filter(pk=str(challenge_id)).first())
    if challenge is None:
        raise NotFound("No such challenge.")
    if challenge.opponent_id is None or user.pk in (challenge.challenger_id, challenge.opponent_id):
        return challenge
    raise NotFound("No such challenge.")


def challenges_pending_for(*, user) -> dict[str, QuerySet[Challenge]]:
    base = Challenge.objects.select_related("challenger", "opponent").filter(
        status=Challenge.Status.PENDING)
    return {"incoming": base.filter(opponent=user), "outgoing": base.filter(challenger=user)}


def user_record(*, user) -> dict[str, int]:
    """Wins, draws and losses in finished games (aborted games do not count)."""
    finished = Game.objects.filter(status=Game.Status.FINISHED)
    counts = finished.aggregate(
        wins=Count("pk", filter=Q(white=user, result=Game.Result.WHITE_WINS)
                   | Q(black=user, result=Game.Result.BLACK_WINS)),
        losses=Count("pk", filter=Q(white=user, result=Game.Result.BLACK_WINS)
                     | Q(black=user, result=Game.Result.WHITE_WINS)),
        draws=Count("pk", filter=(Q(white=user) | Q(black=user)) & Q(result=Game.Result.DRAW)),
    )
    return {"wins": counts["wins"], "draws": counts["draws"], "losses": counts["losses"]}


def user_get(*, username: str):
    user = User.objects.filter(username=username, is_active=True).first()
    if user is None:
        raise NotFound(f"No player named {username!r}.")
    return user


def api_tokens_of(*, user) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user).order_by("-created_at")


def _time_control(game: Game) -> str:
    if not game.days_per_move:
        return "-"
    unit = "day" if game.days_per_move == 1 else "days"
    return f"{game.days_per_move} {unit} per move"


def game_export_text(game: Game) -> str:
    """The game record as text: PGN-like tag pairs, then the readable moves, numbered."""
    tags = [
        ("Event", "Raumschach game"),
        ("Variant", "Raumschach"),
        ("Date", game.created_at.strftime("%Y.%m.%d")),
        ("White", game.white.username),
        ("Black", game.black.username),
        ("Result", game.result),
        ("Termination", game.termination or ("unterminated" if game.status == "active" else "-")),
        ("TimeControl", _time_control(game)),
        ("Plies", str(game.ply)),
    ]
    lines = [f'[{name} "{value}"]' for name, value in tags]
    if game.start_fen != Game._meta.get_field("start_fen").default:
        lines.append(f'[FEN "{game.start_fen}"]')
    # Move numbers follow the start position's side to move and fullmove number.
    start_fields = game.start_fen.split()
    number, white_to_move = int(start_fields[3]), start_fields[1] == "w"
    parts: list[str] = []
    for san in Move.objects.filter(game=game).order_by("ply").values_list("san", flat=True):
        if white_to_move:
            parts.append(f"{number}. {san}")
        else:
            if not parts:
                parts.append(f"{number}... {san}")
            else:
                parts.append(san)
            number += 1
        white_to_move = not white_to_move
    parts.append(game.result)
    return "\n".join(lines) + "\n\n" + " ".join(parts) + "\n"
