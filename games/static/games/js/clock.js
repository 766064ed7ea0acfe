// The two clocks of a live game (issue 46). The server keeps the time; each state and move
// event brings its `clock` ({limit, increment, white, black, running}: ms left as of the
// moment the answer was made), and this counts the running side down locally from the moment
// it arrived, until the next one replaces it. Nothing here ends a game: at zero the page asks
// the server (any request that touches the game ends it on time), and the end event shows the
// flag.

import { format, gettext } from "./i18n.js";

// Every word the clocks say, in one place, in the page's language (djangojs catalogue).
export const STRINGS = {
  clockOf: (side) => (side === "white" ? gettext("White's clock") : gettext("Black's clock")),
  flag: gettext("Time out"),
  running: gettext("running"),
  // Not made in time, the game is aborted (no result): said on the first move's timer.
  firstMove: (seconds) => format(gettext("First move: %(seconds)s s left."), { seconds }),
  firstMoveTitle: gettext("A side that does not make its first move in time aborts the game (no result)."),
  speeds: { bullet: gettext("Bullet"), blitz: gettext("Blitz"), rapid: gettext("Rapid"),
    classical: gettext("Classical"), correspondence: gettext("Correspondence") },
};

const TENTHS_BELOW_MS = 10000; // lichess shows tenths under 10 s
const SECOND = 1000;

/** "3:00", "1:02:03", and under ten seconds "0:09.4" (never below zero). */
export function formatClock(ms) {
  const left = Math.max(0, Math.floor(ms));
  if (left < TENTHS_BELOW_MS) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(left / SECOND);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** The limit as lichess writes it in "3+2": minutes, ¼ ½ ¾ for 15/30/45 s, 1.5 for 90 s. */
export function formatLimit(seconds) {
  const fractions = { 15: "¼", 30: "½", 45: "¾" };
  if (fractions[seconds]) return fractions[seconds];
  const minutes = seconds / 60;
  return Number.isInteger(minutes) ? String(minutes) : String(Math.round(minutes * 100) / 100);
}

/** "3+2" from a clock (or from {limit, increment}). */
export function timeControl(clock) {
  return `${formatLimit(clock.limit)}+${clock.increment}`;
}

/** lichess's estimate of a game's length: bullet < 180 s <= blitz < 480 <= rapid < 1500 <=
 * classical (the server's speed is the one that counts; this is for forms that have none). */
export function speedOf(limit, increment) {
  const estimate = limit + 40 * increment;
  if (estimate < 180) return "bullet";
  if (estimate < 480) return "blitz";
  if (estimate < 1500) return "rapid";
  return "classical";
}

/** When the low-time warning starts: lichess's emergency time, an eighth of the limit, at
 * least 10 s and at most 60 s. */
export function lowTimeMs(limitSeconds) {
  return Math.min(60, Math.max(10, limitSeconds / 8)) * SECOND;
}

/** The side that ran out of time in a finished game: the one with nothing left, else the
 * loser by the result (a draw on time: the side with less). */
export function flaggedSide(clock, result) {
  if (!clock) return null;
  if (clock.white <= 0 && clock.black > 0) return "white";
  if (clock.black <= 0 && clock.white > 0) return "black";
  if (result === "1-0") return "black";
  if (result === "0-1") return "white";
  return clock.white <= clock.black ? "white" : "black";
}

/**
 * The clocks on the page. `elements`: {white, black}, each a .clock box holding a .clock-time;
 * `mine`: the viewer's colour (null for a spectator: no warning sound);
 * onLow(): the viewer's own clock fell under the warning time (once per fall);
 * onZero(side): the running clock reached zero here (the server decides what that means);
 * now(): milliseconds, monotonic (performance.now in the page; a fake in tests);
 * schedule(fn, ms) / cancel(id): the timer (setTimeout/clearTimeout in the page).
 */
export class GameClocks {
  constructor(elements, { mine = null, onLow = () => {}, onZero = () => {},
    now = () => performance.now(), schedule = (fn, ms) => setTimeout(fn, ms),
    cancel = (id) => clearTimeout(id) } = {}) {
    this.elements = elements;
    this.mine = mine;
    this.onLow = onLow;
    this.onZero = onZero;
    this.now = now;
    this.schedule = schedule;
    this.cancel = cancel;
    this.clock = null;
    this.at = 0; // now() when this.clock arrived
    this.active = false;
    this.flagged = null;
    this.timer = null;
    this.warned = false; // the low-time sound was played for this fall under the warning time
    this.zeroSent = false;
    for (const side of ["white", "black"]) {
      const el = elements[side];
      if (!el) continue;
      el.setAttribute("role", "timer");
      el.setAttribute("aria-label", STRINGS.clockOf(side));
    }
  }

  /** A new clock from the server. `active`: the game is running; `result` for a finished
   * game ended on time (`flagged`: show whose flag fell). */
  update(clock, { active = true, flagged = false, result = "" } = {}) {
    if (!clock) return;
    this.clock = clock;
    this.at = this.now();
    this.active = active;
    this.flagged = !active && flagged ? flaggedSide(clock, result) : null;
    this.zeroSent = false;
    this.paint();
  }

  /** The ms left on `side`'s clock now. */
  left(side) {
    if (!this.clock) return 0;
    const stored = this.clock[side];
    const running = this.active && this.clock.running === side;
    return running ? Math.max(0, stored - (this.now() - this.at)) : Math.max(0, stored);
  }

  get running() {
    return this.active && this.clock ? this.clock.running : null;
  }

  paint() {
    if (this.timer !== null) {
      this.cancel(this.timer);
      this.timer = null;
    }
    if (!this.clock) return;
    const low = lowTimeMs(this.clock.limit);
    for (const side of ["white", "black"]) {
      const el = this.elements[side];
      if (!el) continue;
      const ms = this.left(side);
      const text = el.querySelector(".clock-time");
      if (text) text.textContent = formatClock(ms);
      el.dataset.ms = String(Math.round(ms));
      el.classList.toggle("running", this.running === side);
      el.classList.toggle("low", ms < low && (this.active || this.flagged === side));
      el.classList.toggle("tenths", ms < TENTHS_BELOW_MS);
      el.classList.toggle("flagged", this.flagged === side);
      const flag = el.querySelector(".clock-flag");
      if (flag) {
        flag.hidden = this.flagged !== side;
        flag.textContent = STRINGS.flag;
      }
    }
    const side = this.running;
    if (!side) return;
    const ms = this.left(side);
    if (side === this.mine) {
      if (ms < low && !this.warned) {
        this.warned = true;
        this.onLow();
      } else if (ms >= low) {
        this.warned = false; // an increment lifted it: the next fall warns again
      }
    }
    if (ms <= 0) {
      if (!this.zeroSent) {
        this.zeroSent = true;
        this.onZero(side);
      }
      return; // nothing more to count; the server's answer comes next
    }
    // Wake when the shown text next changes (a tenth under 10 s, else a second).
    const step = ms < TENTHS_BELOW_MS ? 100 : SECOND;
    const wait = (ms % step) || step;
    this.timer = this.schedule(() => this.paint(), Math.max(20, wait + 5));
  }

  stop() {
    if (this.timer !== null) this.cancel(this.timer);
    this.timer = null;
  }
}
