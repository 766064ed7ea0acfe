"""Fill a scratch database with N finished games and their players (not a test): for measuring
the reads that list games (scripts/archive_bench.py) on an archive of a realistic size.

Players are created first (usernames fill00001..., no password), then the games in one bulk
write: COPY on PostgreSQL, executemany in batches of 10,000 in one transaction on SQLite
(1,000,000 games take a few minutes on PostgreSQL, 200,000 about a minute on SQLite on the
2-core machine), then the challenges (the accepted one behind every other game, some declined,
open seeks, pending ones to and from the first 20 players) and chat lines (one per two games,
and 300 in the newest game's players' room) the same way. Games end
between 2023 and now, newest with the highest ids, as a site's archive grows; results, rated
flags and ratings are drawn at random (seeded). Games carry no move rows: list reads never read
them. Some running games (--active) are added so the home page's "playing now" has rows.

No ANALYZE is run (only with --analyze): a site's archive grows by games added one by one, and
its planner has whatever statistics it has (SQLite: none until someone runs ANALYZE; PostgreSQL:
none until autovacuum's first analyze), so the reads are measured as such a site serves them
(issue 38: with ANALYZE here the published figures hid plans that sorted every finished game).
--no-autovacuum (PostgreSQL) keeps autovacuum off the filled tables while measuring.

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/rs_flat_1m
    createdb -h 127.0.0.1 -U postgres rs_flat_1m
    .venv/bin/python manage.py migrate -v0
    .venv/bin/python scripts/fill_archive.py --games 1000000 --players 2000 --no-autovacuum

Refuses a database that already holds games unless --append.
"""
from __future__ import annotations

import argparse
import io
import itertools
import os
import random
import string
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = datetime(2023, 1, 1, tzinfo=timezone.utc)
TERMINATIONS = {"1-0": ["checkmate", "resign", "timeout"],
                "0-1": ["checkmate", "resign", "timeout"],
                "1/2-1/2": ["stalemate", "agreement", "threefold_repetition", "fifty_moves"]}


def setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    os.environ.setdefault("DEBUG", "1")  # a scratch database: no secret key needed
    import django

    django.setup()


def make_players(count: int, prefix: str) -> list[int]:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from accounts.models import Profile
    from accounts.usernames import username_key, username_skeleton
    from ratings.models import Rating

    user_model = get_user_model()
    password = make_password(None)  # unusable: hashed once, not per player
    now = datetime.now(timezone.utc)
    users = [user_model(username=f"{prefix}{i:05d}", password=password, date_joined=now)
             for i in range(1, count + 1)]
    user_model.objects.bulk_create(users, batch_size=1000)
    rows = list(user_model.objects.filter(username__startswith=prefix).order_by("pk")
                .values_list("pk", "username"))
    ids = [pk for pk, _ in rows]
    # The normalised names sign-up would store (accounts.receivers does it per save; bulk_create
    # sends no signal), so names are found as on a real site, by one indexed key.
    Profile.objects.bulk_create(
        [Profile(user_id=pk, username_key=username_key(name),
                 username_skeleton=username_skeleton(name))
         for pk, name in rows], batch_size=1000, ignore_conflicts=True)
    rng = random.Random(7)
    Rating.objects.bulk_create(
        [Rating(user_id=pk, rating=rng.gauss(1500, 250), rd=rng.uniform(45, 120),
                games_rated=rng.randint(10, 500), rated_at=now - timedelta(days=rng.randint(0, 60)))
         for pk in ids], batch_size=1000, ignore_conflicts=True)
    return ids


def column_defaults(model) -> dict:
    """Every column of `model` with a constant default, at that default: rows written in bulk
    name only what they choose, and columns the model gains later (issue 46's clocks, lag
    quotas and takeback offers: NOT NULL with a default) are filled as the ORM would."""
    return {field.column: field.default for field in model._meta.concrete_fields
            if field.has_default() and isinstance(field.default, (str, int, float, type(None)))}


def game_rows(count: int, players: list[int], *, seed: int, active: int):
    """Rows of the games table as {column: value}, oldest ending first."""
    from games.models import START_FEN, Game

    defaults = column_defaults(Game)
    rng = random.Random(seed)
    ids = _public_ids(rng)
    now = datetime.now(timezone.utc) - timedelta(hours=1)
    span = (now - START).total_seconds()
    for i in range(count + active):
        white, black = rng.sample(players, 2)
        running = i >= count
        if running:
            ended, result, termination, status = None, "*", "", Game.Status.ACTIVE
            updated = now + timedelta(seconds=i - count)
            created = updated - timedelta(days=rng.randint(0, 20))
        else:
            ended = START + timedelta(seconds=span * (i + rng.random()) / count)
            result = rng.choices(("1-0", "0-1", "1/2-1/2"), (45, 40, 15))[0]
            termination, status = rng.choice(TERMINATIONS[result]), Game.Status.FINISHED
            updated, created = ended, ended - timedelta(hours=rng.randint(1, 24 * 30))
        rated = rng.random() < 0.7
        yield {**defaults, "public_id": next(ids), "white_id": white, "black_id": black, "status": status, "result": result,
               "termination": termination, "variant": "raumschach", "variant_options": "{}",
               "start_fen": START_FEN,
               "fen": START_FEN, "turn": "white", "position_keys": "",
               "ply": rng.randint(10, 160), "days_per_move": rng.choice((None, 1, 3, 7)),
               "deadline": None, "clock_paused_remaining": None, "draw_offer": "",
               "created_at": created, "updated_at": updated, "ended_at": ended,
               "rated": rated,
               "white_rating": None if running or not rated else _rating(rng),
               "black_rating": None if running or not rated else _rating(rng)}


def _rating(rng: random.Random) -> int:
    # A rating as a game stores it: a positive small integer (the column's check).
    return max(100, int(rng.gauss(1500, 250)))


def _public_ids(rng: random.Random):
    """Games' public ids as games.models.new_public_id makes them (8 letters and digits, never
    all digits), unique, from the seeded generator; challenges of games take their game's."""
    alphabet = string.ascii_letters + string.digits
    taken: set[str] = set()
    while True:
        value = "".join(rng.choices(alphabet, k=8))
        if not value.isdigit() and value not in taken:
            taken.add(value)
            yield value


def challenge_rows(games: list[tuple], players: list[int], *, seed: int, seeks: int):
    """The challenges a site of this size holds: the accepted one behind every other game
    (it has the game's id), some declined or cancelled ones, open seeks in the lobby and
    challenges pending to and from the first players (the Bot API's challenge list)."""
    from games.models import Challenge

    rng = random.Random(seed + 1)
    now = datetime.now(timezone.utc)
    base = {**column_defaults(Challenge), "color": "random", "variant": "raumschach", "variant_options": "{}",
            "start_fen": "", "decline_reason": "", "rated": True, "public": False,
            "rating_min": None, "rating_max": None, "expires_at": None, "days_per_move": 3}
    for n, (game_id, public_id, white, black, created) in enumerate(games):
        if n % 2 == 0:
            yield {**base, "id": public_id, "challenger_id": white, "opponent_id": black,
                   "status": "accepted", "game_id": game_id, "created_at": created,
                   "updated_at": created}
        elif n % 7 == 1:
            yield {**base, "id": f"x{public_id[1:]}", "challenger_id": white,
                   "opponent_id": black, "status": rng.choice(("declined", "cancelled")),
                   "game_id": None, "created_at": created, "updated_at": created}
    for i in range(seeks):
        created = now - timedelta(seconds=seeks - i)
        yield {**base, "id": f"s{i:07d}", "challenger_id": rng.choice(players),
               "opponent_id": None, "status": "pending", "game_id": None, "public": True,
               "created_at": created, "updated_at": created,
               "expires_at": now + timedelta(days=7)}
    for i, player in enumerate(players[:20]):
        for j in range(20):
            other = rng.choice(players[20:])
            mine, theirs = (player, other) if j % 2 else (other, player)
            created = now - timedelta(minutes=j)
            yield {**base, "id": f"p{i:03d}{j:03d}", "challenger_id": mine,
                   "opponent_id": theirs, "status": "pending", "game_id": None,
                   "created_at": created, "updated_at": created}


def chat_rows(games: list[tuple], *, seed: int, lines: int, busy: int):
    """`lines` chat lines spread over the games at random, and `busy` in the newest finished
    game (the chat-history read: its room holds more lines than the history shows)."""
    rng = random.Random(seed + 2)
    for i in range(lines + busy):
        game_id, _, white, black, created = games[-1] if i >= lines else rng.choice(games)
        room = "players" if i >= lines else rng.choice(("players", "spectators"))
        yield {"game_id": game_id, "room": room, "author_id": rng.choice((white, black)),
               "text": f"line {i}", "created_at": created + timedelta(seconds=i % 3600)}


def write_games(rows, columns: list[str], table: str = "games_game") -> int:
    from django.db import connection, transaction

    written = 0
    if connection.vendor == "postgresql":
        connection.ensure_connection()
        with connection.connection.cursor() as cursor:
            with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row([row[c] for c in columns])
                    written += 1
        connection.connection.commit()
        return written
    marks = ", ".join("?" for _ in columns)
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
    batch: list[tuple] = []
    with transaction.atomic(), connection.cursor() as cursor:
        for row in rows:
            batch.append(tuple(_sqlite(row[c]) for c in columns))
            if len(batch) == 10_000:
                cursor.executemany(sql.replace("?", "%s"), batch)
                written += len(batch)
                batch = []
        if batch:
            cursor.executemany(sql.replace("?", "%s"), batch)
            written += len(batch)
    return written


def _sqlite(value):
    # As Django stores them on SQLite: datetimes as naive UTC text.
    if isinstance(value, datetime):
        return value.astimezone(timezone.utc).replace(tzinfo=None).isoformat(" ")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, required=True, help="finished games to add")
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--active", type=int, default=200, help="running games to add")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seeks", type=int, default=500, help="open seeks in the lobby")
    parser.add_argument("--chat", type=int, default=None,
                        help="chat lines spread over the games (default: one per two games)")
    parser.add_argument("--append", action="store_true",
                        help="add to a database that already holds games")
    parser.add_argument("--analyze", action="store_true",
                        help="run ANALYZE after the fill (off by default: a site that grew "
                             "has no fresh statistics, and the published figures must not "
                             "depend on them)")
    parser.add_argument("--no-autovacuum", action="store_true",
                        help="PostgreSQL: turn autovacuum off for the filled tables first, so "
                             "reads are measured as before its first ANALYZE, however long "
                             "the measurement takes")
    args = parser.parse_args()
    setup_django()
    from django.db import connection

    from games.models import Game

    if Game.objects.exists() and not args.append:
        raise SystemExit("The database already holds games: use a fresh scratch database "
                         "(or --append).")
    if args.no_autovacuum and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for table in ("games_game", "games_challenge", "chat_chatmessage"):
                cursor.execute(f"ALTER TABLE {table} SET (autovacuum_enabled = off)")
    began = time.perf_counter()
    prefix = f"fill{args.seed}x"
    players = make_players(args.players, prefix)
    columns = list(next(game_rows(1, players, seed=0, active=0)))
    before = Game.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    written = write_games(game_rows(args.games, players, seed=args.seed, active=args.active),
                          columns)
    games = list(Game.objects.filter(pk__gt=before, status=Game.Status.FINISHED).order_by("pk")
                 .values_list("pk", "public_id", "white_id", "black_id", "created_at"))
    rows = challenge_rows(games, players, seed=args.seed, seeks=args.seeks)
    first = next(rows)
    challenges = write_games(itertools.chain([first], rows), list(first), "games_challenge")
    lines = args.games // 2 if args.chat is None else args.chat
    rows = chat_rows(games, seed=args.seed, lines=lines, busy=300)
    first = next(rows)
    chats = write_games(itertools.chain([first], rows), list(first), "chat_chatmessage")
    if args.analyze:
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    print(f"{connection.vendor}: {len(players)} players, {written} games "
          f"({args.games} finished, {args.active} running), {challenges} challenges, "
          f"{chats} chat lines in "
          f"{time.perf_counter() - began:.1f} s"
          f"{' (then ANALYZE)' if args.analyze else ' (no ANALYZE)'}")


if __name__ == "__main__":
    main()
