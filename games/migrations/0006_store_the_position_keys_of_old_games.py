"""Store the repetition keys (`position_keys`) of every game saved before the game row kept
them (migration 0002 filled `turn` but not the keys), so reading a game never replays its
moves: the replay that derived them on every read (games.positions.position_for) is gone.

The keys are derived once here the way that replay did: the position at the last capture or
pawn move, with the moves since then pushed on top. A game whose record is broken (a missing
move at that ply) is left as it was and named in the output; its repetition history is then
its current position only, as for a game at ply 0."""
import engine
from django.db import migrations

BATCH = 500


def _keys(Move, game) -> str | None:
    halfmove_clock = int(game.fen.split()[2])
    if game.ply == 0 or halfmove_clock == 0:
        return None  # the current position is the only one that counts
    root_ply = game.ply - halfmove_clock
    rows = list(Move.objects.filter(game_id=game.pk, ply__gte=max(root_ply, 1)).order_by("ply")
                .values_list("ply", "coord", "fen_after"))
    variant = engine.VARIANTS[game.variant]
    if root_ply <= 0:
        root_fen = game.start_fen
    else:
        if not rows or rows[0][0] != root_ply:
            return None
        root_fen, rows = rows[0][2], rows[1:]
    position = engine.Position.from_fen(root_fen, variant)
    for _, coord, _ in rows:
        position.push(engine.Move.from_coord(coord))
    keys = (position.history + [position.hash])[-(position.hmc + 1):]
    return " ".join(f"{key:x}" for key in keys)


def store_keys(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    todo = Game.objects.filter(position_keys="", ply__gt=0).only(
        "pk", "fen", "ply", "variant", "start_fen").order_by("pk")
    last = 0
    while True:
        batch = list(todo.filter(pk__gt=last)[:BATCH])
        if not batch:
            return
        for game in batch:
            keys = _keys(Move, game)
            if keys is None and int(game.fen.split()[2]) and game.ply:
                print(f"\n  game {game.pk}: move at ply {game.ply - int(game.fen.split()[2])} "
                      "missing; its repetition keys are left empty")
            if keys:
                Game.objects.filter(pk=game.pk).update(position_keys=keys)
        last = batch[-1].pk


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0005_merge_ratings_fields"),
    ]

    operations = [
        migrations.RunPython(store_keys, migrations.RunPython.noop, elidable=True),
    ]
