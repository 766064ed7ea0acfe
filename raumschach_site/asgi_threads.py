"""Django's ASGI handler with its request threads kept and reused instead of started per request.

Stock `ASGIHandler` enters a fresh `ThreadSensitiveContext()` per request, so asgiref makes a new
one-thread executor for every request: a thread is started, and (because Django's database
connections are per thread) a new database connection is opened, and both are torn down when
the response is sent. Here each request borrows an idle one-thread executor from a small pool
for its whole duration (the same "one thread per request, all of its sync code on that thread"
contract) and gives it back afterwards. Concurrency is unchanged: a request that finds no idle
executor gets a new one; at most `ASGI_THREAD_POOL_IDLE` idle ones are kept.

The middleware chain is also loaded in sync mode, as under WSGI: stock ASGI loads it in async
mode, and with a sync-only middleware in it (OneThreadPerRequestMiddleware) a request went
loop -> thread (the sync middleware) -> loop (`async_to_sync` of Django's async
`_get_response_async`) -> thread again (`sync_to_async` of the view): three hand-overs where
one does. Here the whole chain, view included, runs in one `sync_to_async` call on the
request's thread. Async views still work (Django's sync path wraps them in `async_to_sync`).

`handle` does the sync part of a request in that one hand-over too: the request_started signal,
building the request, the middleware chain and view, and - for an ordinary (not streaming)
response, whose content is complete - closing it (request_finished: database connections are
released) before it is sent. Stock ASGI hands over three times per request for these and runs
two tasks to watch for a client disconnect, which cannot interrupt a sync view anyway.
Streaming responses keep Django's order: sent first, closed afterwards, and while one is sent
a task watches for the client going (as stock Django does), which ends it.
Measured with scripts/move_cpu.py against the stock handler (ASGI_THREAD_POOL=0); the latest
figure is in docs/performance.md. It copies part of Django's `ASGIHandler.handle`, so it is tied
to the version below: tests/deploy/test_the_library_copies_match_the_pinned_versions.py fails
when the installed Django moves past it or its `handle` changes.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.urls import set_script_prefix


# What this module copies, and from which version (see the module docstring).
COPIED_FROM = {"distribution": "Django", "version": "5.2.19",
               "copies": "django.core.handlers.asgi:ASGIHandler.handle",
               "source_sha256": "98faeb5bef800331"}

class _IdleExecutors:
    """Idle one-thread executors. Only touched from the event loop's thread: no lock."""

    def __init__(self) -> None:
        self._idle: list[ThreadPoolExecutor] = []

    def acquire(self) -> ThreadPoolExecutor:
        if self._idle:
            return self._idle.pop()
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")

    def release(self, executor: ThreadPoolExecutor) -> None:
        if len(self._idle) < settings.ASGI_THREAD_POOL_IDLE:
            self._idle.append(executor)
        else:
            executor.shutdown(wait=False)


class PooledThreadASGIHandler(ASGIHandler):
    def __init__(self) -> None:
        super().__init__()
        self.load_middleware(is_async=False)  # see the module docstring
        self._executors = _IdleExecutors()

    async def handle(self, scope, receive, send) -> None:
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))

        def respond():
            signals.request_started.send(sender=self.__class__, scope=scope)
            request, response = self.create_request(scope, body_file)
            if request is not None:
                response = self.get_response(request)
                response._handler_class = self.__class__
            if not response.streaming:
                response.close()
            return response

        try:
            response = await sync_to_async(respond, thread_sensitive=True)()
            if response.streaming:
                await self.send_streaming(response, send, receive)
                await sync_to_async(response.close, thread_sensitive=True)()
            else:
                await self.send_response(response, send)
        finally:
            body_file.close()

    async def send_streaming(self, response, send, receive) -> None:
        """Send a streaming response until it ends or the client goes, whichever is first: a
        stream (the Bot API's) may run for hours, and only the server's `http.disconnect` says
        its client left. The sending task is then cancelled, which closes the response's
        iterator (its `finally` frees what it holds) well inside the server's shutdown grace
        (Daphne kills an application instance 10 s after its client went)."""
        sending = asyncio.create_task(self.send_response(response, send))
        listening = asyncio.create_task(self.listen_for_disconnect(receive))
        await asyncio.wait([sending, listening], return_when=asyncio.FIRST_COMPLETED)
        for task in (listening, sending):
            if not task.done():
                task.cancel()
            try:
                await task
            except (asyncio.CancelledError, RequestAborted):
                pass

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            raise ValueError(
                f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        executor = self._executors.acquire()
        try:
            # `handle` awaits every task it starts, so nothing outlives the context.
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            self._executors.release(executor)


def get_pooled_asgi_application() -> PooledThreadASGIHandler:
    """As django.core.asgi.get_asgi_application, with the pooled request threads."""
    import django

    django.setup(set_prefix=False)
    return PooledThreadASGIHandler()
