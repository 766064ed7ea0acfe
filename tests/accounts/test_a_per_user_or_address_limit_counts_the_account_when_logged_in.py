"""requester_key: the one key of the limits counted per user or address (analysis board,
explorer, puzzles, the editor's validation): the account when logged in, else the client's
address as client_ip reads it behind the trusted proxies."""
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory

from accounts.http import requester_key
from tests.site_fixtures import make_user


def test_a_logged_in_request_counts_against_its_account(db):
    request = RequestFactory().get("/", REMOTE_ADDR="203.0.113.7")
    request.user = make_user("keyed")
    assert requester_key(request) == f"user:{request.user.pk}"


def test_an_anonymous_request_counts_against_its_address(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1",
                                   HTTP_X_FORWARDED_FOR="198.51.100.9, 203.0.113.7")
    request.user = AnonymousUser()
    assert requester_key(request) == "ip:203.0.113.7"
