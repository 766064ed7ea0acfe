"""Reads of game analyses: what the API, the replay page and the export show.

Fair play: an analysis of a game still being played is never shown to its players (no
analysis of a running game is made, but the rule is kept here, where every read passes)."""
from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from games import selectors as game_selectors
from games.models import Game

from .errors import FairPlay, NotAnalysed
from .models import GameAnalysis

UNDER_WAY = (GameAnalysis.Status.QUEUED, GameAnalysis.Status.RUNNING)
SIDES = ("white", "black")


def game_for_analysis(*, game_id: object) -> Game:
    """The game a URL names by its public id: the one place analysis/ turns a URL's game id
    into a game."""
    return game_selectors.game_by_public_id(public_id=game_id)


def analysis_of(*, game: Game) -> GameAnalysis | None:
    return GameAnalysis.objects.filter(game=game).first()


def has_analysis(game: Game) -> bool:
    """Whether an analysis was ever requested for the game (any status)."""
    return GameAnalysis.objects.filter(game=game).exists()


def is_stale(analysis: GameAnalysis, now: datetime | None = None) -> bool:
    """Queued or running for longer than ANALYSIS_STALE_SECONDS: its job died (a killed
    worker, a restarted embedded server); it counts as failed."""
    if analysis.status not in UNDER_WAY:
        return False
    since = analysis.started_at or analysis.requested_at
    return since < (now or timezone.now()) - timedelta(seconds=settings.ANALYSIS_STALE_SECONDS)


def shown_status(analysis: GameAnalysis) -> str:
    return GameAnalysis.Status.FAILED.value if is_stale(analysis) else analysis.status


def analyses_under_way(*, user, now: datetime) -> int:
    """How many analyses `user` has queued or running (stale ones not counted)."""
    fresh = now - timedelta(seconds=settings.ANALYSIS_STALE_SECONDS)
    rows = GameAnalysis.objects.filter(requested_by=user, status__in=UNDER_WAY)
    return sum(1 for started, requested in rows.values_list("started_at", "requested_at")
               if (started or requested) >= fresh)


def analyses_requested_since(*, user, since: datetime) -> list[datetime]:
    """When `user` requested each analysis requested since `since`, oldest first."""
    return list(GameAnalysis.objects.filter(requested_by=user, requested_at__gte=since)
                .order_by("requested_at").values_list("requested_at", flat=True))


def check_fair_play(*, game: Game, user) -> None:
    """FairPlay when `user` plays in `game` and it is still being played."""
    if game.status == Game.Status.ACTIVE and game.player_color(user) is not None:
        raise FairPlay()


def analysis_visible(*, game: Game, user) -> GameAnalysis:
    """The analysis of `game` as `user` may see it: FairPlay for a player of a running game,
    NotAnalysed when there is none."""
    check_fair_play(game=game, user=user)
    analysis = analysis_of(game=game)
    if analysis is None:
        raise NotAnalysed()
    return analysis


def analysis_data(analysis: GameAnalysis, *, game: Game) -> dict:
    """The analysis of `game` as the API serves it (analysis.api.serializers.AnalysisOut)."""
    done = analysis.status == GameAnalysis.Status.DONE
    return {
        "game": game.public_id,
        "status": shown_status(analysis),
        "progress": analysis.progress,
        "total": analysis.total,
        "requested_at": analysis.requested_at,
        "finished_at": analysis.finished_at,
        "core": analysis.core,
        "depth": analysis.depth,
        "nodes": analysis.nodes,
        "start": {"eval_cp": analysis.start_eval_cp, "mate": analysis.start_mate} if done else None,
        "moves": analysis.moves if done else [],
        "players": {side: side_summary(analysis, side) for side in SIDES} if done else None,
        "error": error_words(analysis.error),
    }


# The job stores its failure in English (it runs outside any request); the reader's words.
NOT_QUEUED = "The analysis could not be queued."
FAILED_PREFIX = "The analysis failed: "


def error_words(stored: str) -> str:
    """A stored failure in the active language; a text of another kind as it is."""
    if stored == NOT_QUEUED:
        return _("The analysis could not be queued.")
    if stored.startswith(FAILED_PREFIX) and stored.endswith("."):
        return _("The analysis failed: %(kind)s.") % {"kind": stored[len(FAILED_PREFIX):-1]}
    return stored


def side_summary(analysis: GameAnalysis, side: str) -> dict:
    accuracy = getattr(analysis, f"{side}_accuracy")
    return {"accuracy": None if accuracy is None else round(accuracy, 1),
            "inaccuracies": getattr(analysis, f"{side}_inaccuracies"),
            "mistakes": getattr(analysis, f"{side}_mistakes"),
            "blunders": getattr(analysis, f"{side}_blunders")}


GLYPHS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def eval_text(entry: dict) -> str:
    """An evaluation as the export writes it (lichess's %eval: pawns, or #n for a mate)."""
    if entry.get("mate") is not None:
        return f"#{entry['mate']}"
    return f"{(entry.get('eval_cp') or 0) / 100:.2f}"


def export_annotations(game: Game) -> dict[int, tuple[str, str]]:
    """Per ply, what the game's export adds to the move: its glyph (?!, ?, ??; "" if none) and
    a comment with the evaluation after it (`[%eval 0.34]`, as lichess writes it) and, for a
    judged move, the judgement and the engine's move. {} unless the game is over and its
    analysis done."""
    if game.status == Game.Status.ACTIVE:
        return {}
    analysis = analysis_of(game=game)
    if analysis is None or analysis.status != GameAnalysis.Status.DONE:
        return {}
    found = {}
    for entry in analysis.moves:
        text = f"[%eval {eval_text(entry)}]"
        judgement = entry.get("judgement") or ""
        if judgement:
            text += f" {judgement.capitalize()}."
            if entry.get("best_san"):
                text += f" {entry['best_san']} was best."
        found[entry["ply"]] = (GLYPHS.get(judgement, ""), text)
    return found
