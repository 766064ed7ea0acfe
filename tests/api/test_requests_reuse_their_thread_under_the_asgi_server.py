"""Under Daphne, a request's sync code (middleware, view, closing the response) runs on one
thread; the pooled handler keeps that thread for the next request instead of starting a new
one per request (raumschach_site.asgi_threads)."""
from __future__ import annotations

import asyncio
import threading

from django.core.signals import request_finished

from raumschach_site.asgi_threads import PooledThreadASGIHandler


async def _get(app, path: str) -> int:
    sent: list[dict] = []
    body = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive() -> dict:
        if body:
            return body.pop()
        await asyncio.Event().wait()  # the client never disconnects

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "root_path": "", "query_string": b"", "headers": [(b"host", b"testserver")],
             "client": ("127.0.0.1", 40000), "server": ("testserver", 80)}
    await app(scope, receive, send)
    return sent[0]["status"]


def _threads_of(requests: int) -> list[threading.Thread]:
    threads: list[threading.Thread] = []

    def record(**_kwargs) -> None:
        threads.append(threading.current_thread())

    request_finished.connect(record)
    try:
        app = PooledThreadASGIHandler()

        async def run() -> None:
            for _ in range(requests):
                assert await _get(app, "/api/v1/no-such-endpoint/") == 404

        asyncio.run(run())
    finally:
        request_finished.disconnect(record)
    return threads


def test_requests_one_after_another_run_on_the_same_kept_thread():
    threads = _threads_of(3)
    assert len(threads) == 3
    assert threads[0] is threads[1] is threads[2]
    assert threads[0] is not threading.main_thread()
