"""Twisted, under Daphne, parses every POST's form body into `request.args` for nobody: Daphne
hands the raw body to Django. The server turns that off (raumschach_site/request_bodies.py)
for each request Daphne makes; Django still reads the body (every form and API test through a
real server process shows that)."""
from types import SimpleNamespace

from daphne.http_protocol import WebRequest
from twisted.web.test.requesthelper import DummyChannel

from raumschach_site import request_bodies


def _request() -> WebRequest:
    channel = DummyChannel()
    channel.factory = SimpleNamespace(server=SimpleNamespace(protocol_connected=lambda r: None))
    return WebRequest(channel)


def test_daphnes_requests_do_not_parse_form_bodies():
    request_bodies.install()
    request_bodies.install()  # a second call changes nothing
    request = _request()
    assert request._parsePOSTFormSubmission is False
    assert request.server is not None  # Daphne's own set-up still ran
