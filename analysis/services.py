"""Every change to game analyses: requesting one (the rules: fair play, once per game, the
caps) and running one (the background job's body). Services take plain values, never a
request."""
from __future__ import annotations

import logging
import math
import time
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.utils import timezone

from core import background
from engine.search.levels import core_for
from games import selectors as game_selectors
from games.models import Game
from games.positions import variant_of
from games.services.commit import after_commit

from . import events, selectors
from .errors import (AnalysisBusy, AnalysisDailyCap, FairPlay, GameInProgress,
                     NothingToAnalyse)
from .models import GameAnalysis
from .review import review_game
from .runner import AnalysisStopped, Budget, analyse_game

logger = logging.getLogger(__name__)

JOB = "analysis.tasks.analyse_game"
PROGRESS_EVERY = 0.5  # seconds between progress writes and events (and after the last position)
DAY = timedelta(days=1)


def budget(variant=None) -> Budget:
    """The search budget per position (settings ANALYSIS_DEPTH / ANALYSIS_NODES, 0 = none) of
    the core that plays `variant` (default Raumschach): a variant searched by the Python core
    (~30-70x slower) has ANALYSIS_PYTHON_NODES instead, so its analysis takes minutes, not
    hours."""
    nodes = settings.ANALYSIS_NODES
    if variant is not None and core_for(variant) == "python":
        nodes = settings.ANALYSIS_PYTHON_NODES
    return Budget(depth=settings.ANALYSIS_DEPTH or None, nodes=nodes or None)


def analysis_request(*, game: Game, user) -> tuple[GameAnalysis, bool]:
    """Request the computer analysis of `game` for `user`: (the analysis, whether a job was
    queued now). A game is analysed once: asking again gives the stored (or running)
    analysis; staff may have a finished one redone. A failed or stale one is queued again.

    Refused, with nothing stored or queued: a game still being played (FairPlay for its
    players, GameInProgress for others), a game without moves, and past the caps (not for
    staff): ANALYSIS_MAX_RUNNING under way (AnalysisBusy), ANALYSIS_DAILY_CAP requested in the
    last 24 hours (AnalysisDailyCap)."""
    if game.status == Game.Status.ACTIVE:
        selectors.check_fair_play(game=game, user=user)
        raise GameInProgress()
    if game.ply == 0:
        raise NothingToAnalyse()
    now = timezone.now()
    with transaction.atomic():
        # The requester's row is the lock that makes the caps hold under concurrent requests.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        # The game's row is the lock that keeps it to one analysis row: several people asking
        # at once would otherwise each find none and insert one (a unique violation, a 500).
        # Taken after the user's, always in this order, so two requests cannot deadlock.
        Game.objects.select_for_update().filter(pk=game.pk).values_list("pk").first()
        existing = GameAnalysis.objects.select_for_update().filter(game=game).first()
        if existing is not None and _keeps(existing, user):
            return existing, False
        if not user.is_staff:
            _check_caps(user, now)
        analysis = existing or GameAnalysis(game=game)
        _reset(analysis, user=user, now=now, total=game.ply + 1, search=budget(variant_of(game)))
        analysis.save()
        after_commit(_start, analysis_id=analysis.pk, game_id=game.pk, public_id=game.public_id,
                     total=analysis.total)
    return analysis, True


def _keeps(analysis: GameAnalysis, user) -> bool:
    """Whether a request leaves `analysis` as it is (rather than queueing it again)."""
    if analysis.status in selectors.UNDER_WAY:
        return not selectors.is_stale(analysis)
    if analysis.status == GameAnalysis.Status.DONE:
        return not user.is_staff  # a staff request redoes it (e.g. after an engine upgrade)
    return False  # failed: try again


def _check_caps(user, now) -> None:
    if selectors.analyses_under_way(user=user, now=now) >= settings.ANALYSIS_MAX_RUNNING:
        raise AnalysisBusy(retry_after=30)
    cap = settings.ANALYSIS_DAILY_CAP
    requested = selectors.analyses_requested_since(user=user, since=now - DAY)
    if len(requested) >= cap:
        frees = requested[-cap] + DAY if cap > 0 else now + DAY
        raise AnalysisDailyCap(retry_after=max(1, math.ceil((frees - now).total_seconds())))


def _reset(analysis: GameAnalysis, *, user, now, total: int, search: Budget) -> None:
    for name, value in {
        "requested_by": user, "requested_at": now, "status": GameAnalysis.Status.QUEUED,
        "started_at": None, "finished_at": None, "core": "", "depth": search.depth,
        "nodes": search.nodes, "progress": 0, "total": total, "start_eval_cp": None,
        "start_mate": None, "moves": [], "white_accuracy": None, "black_accuracy": None,
        "white_inaccuracies": 0, "white_mistakes": 0, "white_blunders": 0,
        "black_inaccuracies": 0, "black_mistakes": 0, "black_blunders": 0, "error": "",
    }.items():
        setattr(analysis, name, value)


def _start(*, analysis_id: int, game_id: int, public_id: str, total: int) -> None:
    """Queue the job (a Celery task on the `analysis` queue, or the in-process `analysis` pool) and
    say so on the game's socket. A job that cannot be queued (broker down) fails the analysis
    at once, so its requester may try again."""
    try:
        background.submit(JOB, analysis_id, pool="analysis", what=f"analysis of game {game_id}")
    except Exception as exc:  # noqa: BLE001 - whatever the broker raised, nothing was queued
        logger.error("analysis of game %s not queued: %s", game_id, exc)
        GameAnalysis.objects.filter(pk=analysis_id, status=GameAnalysis.Status.QUEUED).update(
            status=GameAnalysis.Status.FAILED, error=selectors.NOT_QUEUED)
        events.publish_analysis(game_id=game_id, public_id=public_id, status="failed",
                                progress=0, total=total)
        return
    events.publish_analysis(game_id=game_id, public_id=public_id, status="queued", progress=0,
                            total=total)


def analysis_run(*, analysis_id: int) -> str:
    """The job: search every position of the game, judge the moves, store the result. Runs a
    queued analysis once (a duplicate delivery finds it running or done and does nothing);
    returns the status it leaves."""
    with transaction.atomic():
        analysis = (GameAnalysis.objects.select_for_update().select_related("game")
                    .filter(pk=analysis_id).first())
        if analysis is None or analysis.status != GameAnalysis.Status.QUEUED:
            return "gone" if analysis is None else analysis.status
        analysis.status = GameAnalysis.Status.RUNNING
        analysis.started_at = timezone.now()
        analysis.save(update_fields=["status", "started_at"])
    game = analysis.game
    events.publish_analysis(game_id=game.pk, public_id=game.public_id, status="running",
                            progress=0, total=analysis.total)
    try:
        _analyse(analysis, game)
    except AnalysisStopped:  # the embedded server is stopping: queued again for its restart
        GameAnalysis.objects.filter(pk=analysis_id).update(
            status=GameAnalysis.Status.QUEUED, started_at=None, progress=0)
        return GameAnalysis.Status.QUEUED
    except Exception as exc:  # noqa: BLE001 - the job reports any failure on the analysis
        logger.exception("analysis %s of game %s failed", analysis_id, game.pk)
        GameAnalysis.objects.filter(pk=analysis_id).update(
            status=GameAnalysis.Status.FAILED, finished_at=timezone.now(),
            error=f"{selectors.FAILED_PREFIX}{type(exc).__name__}.")
        events.publish_analysis(game_id=game.pk, public_id=game.public_id, status="failed",
                                progress=analysis.progress,
                                total=analysis.total)
        return GameAnalysis.Status.FAILED
    events.publish_analysis(game_id=game.pk, public_id=game.public_id, status="done",
                            progress=analysis.total,
                            total=analysis.total)
    return GameAnalysis.Status.DONE


def _analyse(analysis: GameAnalysis, game: Game) -> None:
    played = game_selectors.game_moves(game)
    variant = variant_of(game)
    last = [0.0]

    def on_position(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < PROGRESS_EVERY:
            return
        last[0] = now
        analysis.progress = done
        GameAnalysis.objects.filter(pk=analysis.pk).update(progress=done)
        events.publish_analysis(game_id=game.pk, public_id=game.public_id, status="running",
                                progress=done, total=total)

    search = Budget(depth=analysis.depth, nodes=analysis.nodes)
    evals, core = analyse_game(variant, game.start_fen, [m["move"] for m in played], search,
                               on_position=on_position)
    white_first = game.start_fen.split()[1:2] != ["b"]
    review = review_game(evals, played, white_first=white_first)
    analysis.status = GameAnalysis.Status.DONE
    analysis.finished_at = timezone.now()
    analysis.core = core
    analysis.total = analysis.progress = len(evals)
    analysis.start_eval_cp, analysis.start_mate = review.start.cp, review.start.mate
    analysis.moves = review.moves
    analysis.white_accuracy = review.accuracy["white"]
    analysis.black_accuracy = review.accuracy["black"]
    for side in ("white", "black"):
        for name, count in review.counts[side].items():
            setattr(analysis, f"{side}_{name}", count)
    analysis.save()


def analyses_resume() -> list[int]:
    """At the embedded server's start: start again the analyses its previous process left
    queued or running (their jobs died with it; there is no broker to re-deliver them).
    Returns their ids."""
    try:
        waiting = list(GameAnalysis.objects.filter(status__in=selectors.UNDER_WAY)
                       .values_list("pk", "game_id", "game__public_id", "total"))
    except DatabaseError:  # e.g. not migrated yet: the server must still start
        logger.exception("could not look for analyses to resume")
        return []
    for analysis_id, game_id, public_id, total in waiting:
        GameAnalysis.objects.filter(pk=analysis_id).update(
            status=GameAnalysis.Status.QUEUED, started_at=None, progress=0)
        _start(analysis_id=analysis_id, game_id=game_id, public_id=public_id, total=total)
    return [analysis_id for analysis_id, *_ in waiting]
