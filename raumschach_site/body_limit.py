"""An ASGI guard that refuses a request whose declared body is too large before Django reads it.

Django's ASGI handler spools the whole body to a temporary file before any middleware runs, so
the check in raumschach_site.middleware would come after a 20 MB upload was stored. Here the
Content-Length header alone decides: 413, JSON under /api/, and the body is never read.
"""
from __future__ import annotations

import json

from django.conf import settings

from .middleware import API_PREFIX, too_large_body


def _declared_length(scope: dict) -> int:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0
    return 0


class BodySizeLimit:
    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and \
                _declared_length(scope) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            await self._refuse(scope, send)
            return
        await self.app(scope, receive, send)

    @staticmethod
    async def _refuse(scope: dict, send) -> None:
        if scope.get("path", "").startswith(API_PREFIX):
            body, content_type = json.dumps(too_large_body()).encode(), b"application/json"
        else:
            body, content_type = b"Request body too large.\n", b"text/plain; charset=utf-8"
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", content_type),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
