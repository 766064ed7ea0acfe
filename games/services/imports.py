"""Importing a game record (issue 44): the record read by games.import_parser (every move
replayed by the engine), then stored in one transaction as a finished, unrated game marked
imported, or nothing stored at all.

Its sides are two inactive system accounts (`SYSTEM_WHITE`, `SYSTEM_BLACK`), made on first
use: the players' foreign keys stay non-null, so every read that joins players works unchanged,
and no real account plays an imported game, so none of its results reach a person's record,
rating, leaderboard place or tournament. The names the record gives are stored on the game
(docs/architecture.md, "Imported games"). No games signal is sent: nothing listening for games
that start or end (ratings, the explorer, tournaments, bots, mail) hears of an import.
"""
from __future__ import annotations

from datetime import datetime, time

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone

from accounts.ratelimit import ratelimit_consume_sliding
from games.import_parser import ParsedRecord, parse_record
from games.models import Game, Move
from games.positions import keys_text
from games.variants import option_values

# Usernames sign-up can never give (a colon is not a username character), inactive, with no
# usable password: nobody logs in as them, and name look-ups (profiles, search, the archive's
# player filter) see active accounts only.
SYSTEM_WHITE = "imported:white"
SYSTEM_BLACK = "imported:black"


def _system_account(username: str):
    user, _created = get_user_model().objects.get_or_create(
        username=username, defaults={"is_active": False, "password": make_password(None)})
    return user


def game_import(*, user, text: str) -> Game:
    """Import the record `text` for `user`: the stored game (finished, unrated, imported).
    ImportRefused (games.errors) naming the line and move for a record that cannot be imported;
    RateLimited past settings.RATE_LIMITS["game_import"] per account. Nothing is stored unless
    everything is."""
    ratelimit_consume_sliding(scope="game_import", key=f"user:{user.pk}")
    record = parse_record(text)
    return _store(record, user=user)


def _store(record: ParsedRecord, *, user) -> Game:
    now = timezone.now()
    final = record.steps[-1]
    with transaction.atomic():
        game = Game(white=_system_account(SYSTEM_WHITE), black=_system_account(SYSTEM_BLACK),
                    status=Game.Status.FINISHED, result=record.result,
                    termination=record.termination, variant=record.variant.key,
                    variant_options=option_values(record.variant),
                    start_fen=record.start_fen, fen=final.fen,
                    position_keys=keys_text(final.hashes), ply=len(record.steps),
                    rated=False, imported=True, imported_by=user,
                    white_name=record.white_name, black_name=record.black_name, ended_at=now)
        game.save()
        Move.objects.bulk_create(
            Move(game=game, ply=ply, coord=step.coord, san=step.san, fen_after=step.fen)
            for ply, step in enumerate(record.steps, 1))
        if record.played_on is not None and record.played_on <= now.date():
            # The day the record says it was played (the export's Date): created_at is
            # written by the database on insert, so it is set after.
            played = timezone.make_aware(datetime.combine(record.played_on, time(12)))
            Game.objects.filter(pk=game.pk).update(created_at=played)
            game.created_at = played
    return game
