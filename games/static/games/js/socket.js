// A websocket that reconnects by itself and says so: status goes
// "connecting" -> "live" -> "reconnecting" (after a drop) -> "live" ...
// Each (re)connect asks the server for what was missed through the query string
// (`?since=<ply>` for a game), built fresh by `query()` at every attempt.

const FIRST_DELAY_MS = 500; // quick first retry: most drops are a server restart or a blip
const MAX_DELAY_MS = 15000; // never wait longer than this between attempts
const TOO_MANY_SOCKETS = 4429; // this address or account holds too many sockets (docs/api.md)
const EVENTS_INTERRUPTED = 4503; // the server lost events (Redis away): resync with ?since=

export class ReconnectingSocket {
  /**
   * @param {string} path  e.g. "/ws/games/Q7rTz2Kx/" (a game's public id)
   * @param {object} handlers  onMessage(data), onStatus(status), onOpen(), query() -> object
   */
  constructor(path, { onMessage = () => {}, onStatus = () => {}, onOpen = () => {}, query = () => ({}) } = {}) {
    this.path = path;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.onOpen = onOpen;
    this.query = query;
    this.delay = FIRST_DELAY_MS;
    this.stopped = false;
    this.everOpened = false;
    this.ws = null;
    this.timer = null;
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const params = new URLSearchParams(this.query());
    const search = params.toString() ? `?${params}` : "";
    return `${scheme}//${window.location.host}${this.path}${search}`;
  }

  connect() {
    this.stopped = false;
    this.onStatus(this.everOpened ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.everOpened = true;
      this.onStatus("live");
      this.onOpen();
    });
    ws.addEventListener("message", (event) => {
      // Served (a message came), not merely opened: a server that accepts and closes at once
      // (4503 while Redis is away) keeps the back-off growing instead of a retry every 0.5 s.
      this.delay = FIRST_DELAY_MS;
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return; // not ours to interpret
      }
      // The server measures the round trip of a player's socket in a live game (the lag it
      // credits to our moves): answer at once, before anything else is done with the message.
      if (data && data.type === "ping") {
        ws.send(JSON.stringify({ type: "pong", id: data.id }));
        return;
      }
      this.onMessage(data);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws || this.stopped) return;
      // 4xxx closes are the server refusing us (not allowed, no such game): retrying won't help.
      // Two are not refusals: 4429 (too many sockets from here; another tab may close: retry
      // slowly) and 4503 (the server lost its event channel: reconnect, backing off, and resync).
      if (event.code === TOO_MANY_SOCKETS) {
        this.delay = MAX_DELAY_MS;
      } else if (event.code >= 4000 && event.code < 5000 && event.code !== EVENTS_INTERRUPTED) {
        this.onStatus("offline");
        return;
      }
      this.onStatus("reconnecting");
      const wait = this.delay * (0.75 + Math.random() * 0.5); // jitter spreads a crowd's retries
      this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
      this.timer = setTimeout(() => this.connect(), wait);
    });
    return this;
  }

  send(data) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(data));
      return true;
    }
    return false;
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
