"""Time controls as the pages write and offer them (issue 46): "3+2 · Blitz" for a live clock,
"3 days per move" for correspondence; lichess's common live controls for the forms and the
lobby. The browser writes a limit the same way (clock.js, formatLimit; the two are compared
in tests/web/test_a_time_control_reads_the_same_on_pages_and_in_the_script.py)."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from games.clock import SPEED_NAMES, speed_of

# lichess's common live controls (limit seconds, increment seconds) and its custom choices.
CLOCK_PRESETS = [(60, 0), (180, 2), (300, 3), (600, 5), (900, 10)]
CLOCK_LIMIT_SECONDS = [15, 30, 45, 60, 90] + [60 * m for m in range(2, 21)] + [
    60 * m for m in (25, 30, 35, 40, 45, 60, 75, 90, 105, 120, 135, 150, 165, 180)]
CLOCK_INCREMENT_SECONDS = list(range(0, 21)) + [25, 30, 35, 40, 45, 60, 90, 120, 150, 180]

_FRACTIONS = {15: "¼", 30: "½", 45: "¾"}


def format_limit(seconds: int) -> str:
    """The limit in minutes as lichess writes it in "3+2": ¼ ½ ¾ for 15/30/45 s, 1.5 for 90 s."""
    if seconds in _FRACTIONS:
        return _FRACTIONS[seconds]
    minutes = seconds / 60
    return str(int(minutes)) if minutes == int(minutes) else f"{round(minutes, 2):g}"


def speed_name(speed: str) -> str:
    return str(SPEED_NAMES.get(speed, speed))


def clock_name(limit: int, increment: int) -> str:
    """ "3+2 · Blitz" """
    return f"{format_limit(limit)}+{increment} · {speed_name(speed_of(limit, increment))}"


def preset_key(limit: int, increment: int) -> str:
    """A preset as the forms send it: "180+2" (seconds + seconds)."""
    return f"{limit}+{increment}"


def clock_presets() -> list[tuple[str, str]]:
    """[(key, "3+2 · Blitz"), ...] of lichess's common controls."""
    return [(preset_key(limit, inc), clock_name(limit, inc)) for limit, inc in CLOCK_PRESETS]


def _field(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


def is_live(obj: Any) -> bool:
    """A game, challenge or seek (a dict of the lobby) with a clock."""
    return _field(obj, "clock_limit") is not None


def time_control_text(obj: Any) -> str:
    """A game's, challenge's or seek's time control in words."""
    limit = _field(obj, "clock_limit")
    if limit is not None:
        return clock_name(limit, _field(obj, "clock_increment") or 0)
    days = _field(obj, "days_per_move")
    if days:
        return ngettext("%(days)d day per move", "%(days)d days per move", days) % {"days": days}
    return gettext("No time limit")


def clock_text(ms: Any) -> str:
    """Milliseconds left as the clocks show them: "3:00", "1:02:03", "0:09.4" under ten
    seconds (clock.js, formatClock)."""
    left = max(0, int(ms or 0))
    if left < 10_000:
        tenths = left // 100
        return f"0:0{tenths // 10}.{tenths % 10}"
    total = left // 1000
    hours, minutes, seconds = total // 3600, total % 3600 // 60, total % 60
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
