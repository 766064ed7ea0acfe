"""docs/bot-api.md lists every `status` a game stream can send (issue 40: Star Trek's bare-king
ending went out as lichess's `variantEnd`, which the docs' list lacked), and nothing else."""
import re
from pathlib import Path

from botapi.selectors import STATUS_IDS
from games.terminations import LICHESS_STATUS

DOC = Path(__file__).resolve().parents[2] / "docs" / "bot-api.md"


def documented_statuses() -> list[str]:
    found = re.search(r"`status`: ((?:\w+, )+\w+)", DOC.read_text())
    assert found, "the game stream's status list is gone from docs/bot-api.md"
    return found.group(1).split(", ")


def test_every_status_sent_is_documented_and_every_documented_one_is_sent():
    sent = {"started", *LICHESS_STATUS.values()}  # botapi.selectors.game_status
    documented = documented_statuses()
    assert "variantEnd" in documented
    assert set(documented) == sent
    assert sent <= set(STATUS_IDS)
