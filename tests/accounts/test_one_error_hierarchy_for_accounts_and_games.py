"""One error hierarchy (issue 12): account and game errors share the root SiteError and its
JSON shape, but a refused sign-up is not a game error."""
from accounts.errors import AccountError, SignupRefused
from core.errors import RateLimited, SiteError
from games.errors import GameError, IllegalMove, NotFound


def test_account_errors_are_site_errors_but_not_game_errors():
    assert issubclass(SignupRefused, AccountError) and issubclass(SignupRefused, SiteError)
    assert not issubclass(SignupRefused, GameError)
    assert not issubclass(RateLimited, GameError)


def test_game_errors_are_site_errors():
    assert issubclass(IllegalMove, GameError) and issubclass(NotFound, SiteError)


def test_every_error_carries_a_code_and_a_status():
    for error in (SignupRefused("x", code="username_taken"), RateLimited(retry_after=3),
                  IllegalMove()):
        assert error.code and 400 <= error.status < 500 and error.detail
