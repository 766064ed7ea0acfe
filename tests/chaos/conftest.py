"""The chaos tests play bots: re-create the bot accounts a transactional test's flush removed
(as tests/bots does)."""
from tests.bots.conftest import _bot_accounts  # noqa: F401 - an autouse fixture
