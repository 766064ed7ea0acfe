"""The shipped puzzles (<variant>.jsonl files) load after every migrate and by the puzzles_load
command: each puzzle checked by the engine, the same ids on every load (from the variant and the
position), nothing doubled on a second load, a record that does not hold refused with its file,
line and reason while the rest load; a file of a game the site does not offer is ignored."""
from io import StringIO
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command

from puzzles import ids, loading, shipped
from puzzles.models import Puzzle

pytestmark = pytest.mark.django_db
FIXTURE = Path(__file__).parent / "fixture_data"


def test_loading_twice_adds_nothing_the_second_time():
    first = loading.puzzles_load(directory=FIXTURE)
    assert (first.added, first.present) == (4, 0)
    stored = sorted(Puzzle.objects.values_list("public_id", "variant", "fen"))
    second = loading.puzzles_load(directory=FIXTURE)
    assert (second.added, second.present) == (0, 4)
    assert sorted(Puzzle.objects.values_list("public_id", "variant", "fen")) == stored
    for public_id, variant, fen in stored:
        assert public_id == ids.public_id(ids.puzzle_digest(variant, fen))


def test_records_that_do_not_hold_are_refused_with_their_line_and_reason():
    report = loading.puzzles_load(directory=FIXTURE)
    refused = "\n".join(report.refused)
    assert len(report.refused) == 4, refused
    assert "raumschach.jsonl:3: Not a Raumschach position" in refused
    assert "raumschach.jsonl:4: Move 1 of the solution, Aa1Aa2, is not legal" in refused
    assert "raumschach.jsonl:5: not JSON" in refused
    assert "raumschach.jsonl:6: A solution is a list of an odd number of moves" in refused
    assert not Puzzle.objects.filter(variant="chess").exists()


def test_a_rated_puzzle_keeps_its_rating_when_the_set_is_loaded_again():
    loading.puzzles_load(directory=FIXTURE)
    Puzzle.objects.update(rating=1777, plays=3)
    loading.puzzles_load(directory=FIXTURE)
    assert set(Puzzle.objects.values_list("rating", "plays")) == {(1777, 3)}


def test_migrate_loads_the_shipped_set(settings, monkeypatch):
    monkeypatch.setattr(loading, "DATA_DIR", FIXTURE)
    monkeypatch.setattr(loading.puzzles_load, "__kwdefaults__", {"directory": FIXTURE})
    settings.PUZZLES_LOAD_ON_MIGRATE = False
    shipped.load_after_migrate(sender=apps.get_app_config("puzzles"), verbosity=0)
    assert Puzzle.objects.count() == 0  # switched off (as in the test settings)
    settings.PUZZLES_LOAD_ON_MIGRATE = True
    shipped.load_after_migrate(sender=apps.get_app_config("puzzles"), verbosity=0)
    assert Puzzle.objects.count() == 4
    call_command("migrate", verbosity=0)  # connected to post_migrate: runs again, adds nothing
    assert Puzzle.objects.count() == 4
    Puzzle.objects.all().delete()
    call_command("migrate", verbosity=0)
    assert Puzzle.objects.count() == 4


def test_the_command_says_what_it_did():
    out, err = StringIO(), StringIO()
    call_command("puzzles_load", directory=str(FIXTURE), stdout=out, stderr=err)
    assert "4 puzzles added, 0 already there, 4 refused." in out.getvalue()
    assert "refused raumschach.jsonl:3" in err.getvalue()
