"""A player's network lag, measured by the server on the player's game socket (issue 46).

In a live game the server pings each player's socket every GAME_SOCKET_PING_SECONDS
(`{"type": "ping", "id": n}`) and the client answers at once (`{"type": "pong", "id": n}`).
The round trip of each answered ping is one sample; the estimate mixes them as lichess's
client does (ui/lib/src/socket.ts, `pong`): the plain mean of the first four samples, then an
exponential average taking a tenth of each new one, each sample capped at 10 s. lichess lets
the client report that figure; here the server measures it, so a client can only lengthen its
own round trip (by answering late), never state one. What that can gain is bounded twice:
the estimate handed to the game service is at most LAG_MAX_MS, and the service credits the
mover at most its own per-move cap and refilling quota (games.services, clocks-core).

A pong whose id is not a ping still awaiting its answer (forged, repeated, or older than
the last PENDING pings) is no sample. A socket that has left a ping unanswered for
STALE_AFTER_PINGS intervals gets no credit until it answers again: an unanswered ping says
nothing the server can check.

The consumer pings a player only while it is that player's turn (the lag of a move is the
mover's; pinging the waiting side too would double the pings for nothing), so the estimate
at a move is as old as the player's last turn at most.
"""
from __future__ import annotations

import time
from collections.abc import Callable

SAMPLE_CAP_MS = 10_000  # lichess's cap on one round trip
LAG_MAX_MS = 2_000  # the most a move's lag may be said to be: beyond it the link is broken
PENDING = 2  # unanswered pings remembered; an older answer is too late to be a sample
STALE_AFTER_PINGS = 3  # intervals a ping may wait for its answer before the estimate is unused
FIRST_SAMPLES = 4  # samples averaged plainly before the exponential mix takes over
MIX = 0.1  # the weight of a new sample after the first ones


class LagMeter:
    """The round trip of one socket. Not thread-safe: one consumer's event loop uses it."""

    def __init__(self, *, interval: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = interval
        self.clock = clock
        self.next_id = 1
        self.pending: dict[int, float] = {}  # ping id -> when it was sent
        self.samples = 0
        self.average_ms = 0.0
        self.unanswered_since: float | None = None  # the oldest ping sent since the last answer

    def ping(self) -> dict:
        """The next ping message, its send time noted (send it at once)."""
        ping_id = self.next_id
        self.next_id += 1
        now = self.clock()
        self.pending[ping_id] = now
        if self.unanswered_since is None:
            self.unanswered_since = now
        while len(self.pending) > PENDING:
            del self.pending[min(self.pending)]
        return {"type": "ping", "id": ping_id}

    def pong(self, ping_id: object) -> bool:
        """Take an answer; whether it was one to a ping awaiting it (so a sample)."""
        if isinstance(ping_id, bool) or not isinstance(ping_id, int):
            return False
        sent = self.pending.pop(ping_id, None)
        if sent is None:
            return False
        now = self.clock()
        # Pings are answered in order: one sent before this one and unanswered never will be.
        for older in [key for key in self.pending if key < ping_id]:
            del self.pending[older]
        sample = min((now - sent) * 1000.0, SAMPLE_CAP_MS)
        self.samples += 1
        mix = 1.0 / self.samples if self.samples <= FIRST_SAMPLES else MIX
        self.average_ms += mix * (sample - self.average_ms)
        self.unanswered_since = min(self.pending.values(), default=None)
        return True

    def lag_ms(self) -> int:
        """The lag to credit a move arriving now: the smoothed round trip, never over
        LAG_MAX_MS; 0 before any answer and while a ping has waited too long for its own."""
        if not self.samples:
            return 0
        waiting = self.unanswered_since
        if waiting is not None and self.clock() - waiting > STALE_AFTER_PINGS * self.interval:
            return 0
        return int(round(min(self.average_ms, LAG_MAX_MS)))
