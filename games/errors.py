"""The errors of the game services: part of the one hierarchy rooted at core.errors.SiteError.

Each error carries a stable machine-readable `code` and an HTTP-like `status`; the REST API
turns them into `{"error": code, "detail": message}` and the websocket consumers into
`{"type": "error", "error": code, "detail": message}`. A service raises before it writes, or
inside its transaction so nothing it started is kept.
"""
from __future__ import annotations

from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import RateLimited, SiteError
from engine import RAUMSCHACH
from games.engine_words import not_a_move


class GameError(SiteError):
    """An error of challenges and games."""


# 400: the request itself is wrong.
class InvalidInput(GameError):
    code = "invalid"
    default_detail = gettext_lazy("Invalid input.")


class FilterNeedsPlayer(GameError):
    """A filter that only means something seen from one player (result won / lost) without one:
    a rule of the query, not a malformed one (every field on its own has a valid value)."""
    code = "needs_player"
    default_detail = gettext_lazy("This filter needs a player.")


class MalformedMove(GameError):
    code = "malformed_move"
    # The cube's words: a game's own variant's are in_variant()'s.
    default_detail = lazy(lambda: not_a_move(RAUMSCHACH.typed_move_hint), str)()

    @classmethod
    def in_variant(cls, variant, why: str = "") -> "MalformedMove":
        """Not a move, with how to type one in `variant` (an engine.Variant: its own examples);
        `why`, the engine's reason, in brackets after."""
        return cls(not_a_move(variant.typed_move_hint, why))


class UnknownCell(MalformedMove):
    """Move text naming a cell (or an attack board's pin) the game's board does not have."""
    code = "unknown_cell"

    @classmethod
    def of(cls, text: str, exc) -> "UnknownCell":
        """From the engine's UnknownCellError `exc` for the typed `text`."""
        return cls(_("%(move)s is not a move of %(variant)s: there is no %(name)s on its board "
                     "(%(hint)s).")
                   % {"move": text[:40], "variant": exc.variant_name, "name": exc.name, "hint": exc.hint})


class BadPlacement(MalformedMove):
    """A placement (`/x` after a move) of a piece the game's variant never places."""
    code = "bad_placement"

    @classmethod
    def of(cls, text: str, exc) -> "BadPlacement":
        """From the engine's PlacementLetterError `exc` for the typed `text`."""
        if not exc.reserve:
            return cls(_("%(move)s is not a move of %(variant)s: %(variant)s places no pieces.")
                       % {"move": text[:40], "variant": exc.variant_name})
        pieces = ", ".join(f"/{letter} ({name})" for letter, name in exc.reserve)
        return cls(_("%(move)s is not a move of %(variant)s: %(letter)s is not a piece %(variant)s "
                     "places; its placements are %(pieces)s.")
                   % {"move": text[:40], "variant": exc.variant_name, "letter": exc.letter, "pieces": pieces})


class InvalidClock(InvalidInput):
    """A time control out of bounds, or a clock and days per move together (issue 46)."""
    code = "invalid_clock"
    default_detail = gettext_lazy("That is not a time control this site offers.")


class IllegalMove(GameError):
    code = "illegal_move"
    default_detail = gettext_lazy("That move is not legal in this position.")


class UnknownVariant(GameError):
    code = "unknown_variant"
    default_detail = gettext_lazy("No such variant.")


class BadVariantOption(GameError):
    code = "bad_variant_option"
    default_detail = gettext_lazy("That is not an option of this variant.")


class CannotChallengeSelf(GameError):
    code = "cannot_challenge_self"
    default_detail = gettext_lazy("You cannot challenge yourself.")


class ImportRefused(GameError):
    """A game record that cannot be imported (issue 44): `code` says what kind of fault
    (malformed_tag, unknown_variant, bad_variant_option, bad_position, malformed_move,
    illegal_move, moves_after_end, result_mismatch, no_moves, too_long); the detail and the
    `line` / `ply` / `move` fields say where (each None when the fault has no such place)."""
    code = "import_invalid"
    default_detail = gettext_lazy("That game record cannot be imported.")

    def __init__(self, detail: str, *, code: str, line: int | None = None,
                 ply: int | None = None, move: str | None = None) -> None:
        super().__init__(detail, code=code)
        self.line, self.ply, self.move = line, ply, move

    @property
    def extra(self) -> dict:
        """The fields an API answer adds to {"error", "detail"}."""
        return {"line": self.line, "ply": self.ply, "move": self.move}


# 403: you may not do this.
class NotAPlayer(GameError):
    code = "not_a_player"
    status = 403
    default_detail = gettext_lazy("You are not a player in this game.")


class NotYourTurn(GameError):
    code = "not_your_turn"
    status = 403
    default_detail = gettext_lazy("It is not your turn.")


class NotAllowed(GameError):
    code = "forbidden"
    status = 403
    default_detail = gettext_lazy("You may not do that.")


# 404
class NotFound(GameError):
    code = "not_found"
    status = 404
    default_detail = gettext_lazy("Not found.")


# 409: the state has moved on.
class StalePly(GameError):
    code = "stale_ply"
    status = 409
    default_detail = gettext_lazy("The game is no longer at that ply; reload it.")


class GameOver(GameError):
    code = "game_over"
    status = 409
    default_detail = gettext_lazy("The game is over.")


class TimeOut(GameOver):
    """A move after the mover's time ran out: refused, and the game ended on time (by this
    request, if nobody had ended it yet)."""
    code = "time_out"
    default_detail = gettext_lazy("Your time ran out before this move arrived; the game is over.")


class Conflict(GameError):
    code = "conflict"
    status = 409
    default_detail = gettext_lazy("That cannot be done in the current state.")


# Fair share (issue 38): the caps of games/services/limits.py.
class TooManyBotGames(Conflict):
    """Running games against the site's bots at settings.MAX_BOT_GAMES (each is a search
    queued at every turn): one ends before another starts."""
    code = "too_many_bot_games"


class TooManyIncomingChallenges(Conflict):
    """The player has settings.MAX_INCOMING_CHALLENGES pending challenges waiting already."""
    code = "too_many_incoming_challenges"


class ChallengeRateLimited(GameError, RateLimited):
    """Past a rolling-window limit on challenges created (cancelled ones count): a 429 with
    Retry-After, also a GameError so every path that reports game errors reports it."""
    code = "challenge_rate_limited"


class ChallengesSentRateLimited(ChallengeRateLimited):
    code = "challenges_sent_rate"  # settings.CHALLENGE_RATE_SENT, by this challenger


class ChallengesReceivedRateLimited(ChallengeRateLimited):
    code = "challenges_received_rate"  # settings.CHALLENGE_RATE_RECEIVED, to this player


class ChallengesPairRateLimited(ChallengeRateLimited):
    code = "challenges_pair_rate"  # settings.CHALLENGE_RATE_PAIR, this challenger to this player
