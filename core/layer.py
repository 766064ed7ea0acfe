"""What the channel layer tells its receivers when it may have lost messages.

The Redis layer (raumschach_site.redis_layer) puts a message of type LAYER_GAP in every
waiting receiver's queue of its process when it loses Redis: events published meanwhile are
lost (the game is stored, its event is not), so a receiver must not go on as if it had heard
everything. A game socket closes with CLOSE_LAYER_GAP (the client reconnects and resyncs with
`?since=`), a Bot API stream ends (lichess clients open it again and get the full state)."""

LAYER_GAP = "layer.gap"
# Like HTTP's 503: the one 4xxx close that is not a refusal, so clients reconnect (a server may
# only send 1000 or 3000-4999; RFC 6455's 1012 "Service Restart" is not allowed to it).
CLOSE_LAYER_GAP = 4503
