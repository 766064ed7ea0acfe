"""scripts/fill_archive.py (the archive benchmarks' fill: docs/performance.md, issues 30 and 38)
writes rows the current models accept: it writes raw rows in bulk, so a column the models gain
(issue 46's NOT NULL lag quotas and takeback offers) broke it with an IntegrityError, and no
benchmark of the archive could be run until someone tried. A small fill on the run's database
(SQLite or PostgreSQL's COPY).

Transactional: on PostgreSQL the script commits its COPY on the raw connection, which would
end a test's wrapping transaction and leave its rows to the tests after it; a transactional
test's flush takes them away."""
import sys
from pathlib import Path

import pytest

from chat.models import ChatMessage
from games.models import Challenge, Game

pytestmark = pytest.mark.django_db(transaction=True)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import fill_archive  # noqa: E402 - a script, not a package


def test_a_small_fill_writes_games_challenges_and_chat(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["fill_archive.py", "--games", "60", "--players", "30",
                                      "--active", "4", "--seeks", "3", "--chat", "10"])
    fill_archive.main()
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == 60
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == 4
    game = Game.objects.filter(status=Game.Status.FINISHED).latest("ended_at")
    assert (game.speed, game.white_lag_quota_ms, game.takeback_offer) == ("correspondence", 0, "")
    game.full_clean()
    assert Challenge.objects.filter(status=Challenge.Status.ACCEPTED).count() == 30
    assert Challenge.objects.filter(opponent=None, public=True).count() == 3
    assert ChatMessage.objects.count() == 10 + 300
    assert "60 finished" in capsys.readouterr().out
