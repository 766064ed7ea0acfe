"""Why a challenge was declined: lichess's reason keys and their words (lichess's own English,
in the reader's language). The Bot API takes and reports the keys (declineReasonKey) and the
words (declineReason); the challenge page shows the words to the challenger."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

DECLINE_REASONS = ("generic", "later", "tooFast", "tooSlow", "timeControl", "rated", "casual",
                   "standard", "variant", "noBot", "onlyBot")

DECLINE_TEXT = {
    "generic": _("I'm not accepting challenges at the moment."),
    "later": _("This is not the right time for me, please ask again later."),
    "tooFast": _("This time control is too fast for me, please challenge again with a slower game."),
    "tooSlow": _("This time control is too slow for me, please challenge again with a faster game."),
    "timeControl": _("I'm not accepting challenges with this time control."),
    "rated": _("Please send me a rated challenge instead."),
    "casual": _("Please send me a casual challenge instead."),
    "standard": _("I'm not accepting variant challenges right now."),
    "variant": _("I'm not willing to play this variant right now."),
    "noBot": _("I'm not accepting challenges from bots."),
    "onlyBot": _("I'm only accepting challenges from bots."),
}


_BY_LOWER = {key.lower(): key for key in DECLINE_REASONS}


def decline_reason_key(text: str) -> str | None:
    """lichess's key for `text` in any case (toofast -> tooFast); None if it names none."""
    return _BY_LOWER.get(text.lower())


def decline_words(reason: str) -> str:
    """The words of a reason key (any case; an unknown or empty one: the generic words)."""
    return str(DECLINE_TEXT[decline_reason_key(reason or "") or "generic"])
