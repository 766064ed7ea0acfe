"""Daphne hands each request's body to the application as it came; Twisted, under it, also
parses a POST's form body (multipart or URL-encoded) into `request.args`, which Daphne never
reads. That cost ~3 % of a server's CPU at 1,000 live games - most of it Twisted reading the
Content-Type header of every JSON POST with the email package (py-spy, docs/performance.md) -
and for a large upload it would hold a second, parsed copy of the body in memory. Twisted's own
switch for this (`parsePOSTFormSubmission`) is turned off for every request Daphne makes."""
from __future__ import annotations


def install() -> None:
    try:
        from daphne.http_protocol import WebRequest
    except ImportError:  # not served by Daphne (a test client): nothing to turn off
        return
    if getattr(WebRequest, "_rs_forms_unparsed", False):
        return
    original = WebRequest.__init__

    def __init__(self, *args, **kwargs) -> None:
        original(self, *args, **kwargs)
        # Read only in Request.requestReceived, after this: Django parses the body itself.
        self._parsePOSTFormSubmission = False

    WebRequest.__init__ = __init__
    WebRequest._rs_forms_unparsed = True
