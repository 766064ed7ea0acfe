// Words for a game state: player names, results, deadlines.

import { format, gettext, ngettext } from "./i18n.js";

/** "w"/"white" -> "white", "b"/"black" -> "black". */
export function colorName(turn) {
  return turn === "b" || turn === "black" ? "black" : "white";
}

// A player may arrive as a name or as {id, username, is_bot, bot_level, ...}.
export function playerName(player) {
  if (!player) return "?";
  if (typeof player === "string") return player;
  return player.username || player.name || `#${player.id}`;
}

export function isBot(player) {
  return !!player && typeof player === "object" && !!(player.is_bot || player.bot);
}

/** How a game ended, in a sentence. `words`: termination -> the words after "by", the page's
 * game-context `termination_words` (games/terminations.py, the one table); `onTime`: result ->
 * the sentence of a live game (one with a `clock`) that ended on time (its `on_time`). */
export function describeResult({ status, result, termination, clock = null }, words = {}, onTime = {}) {
  if (status === "aborted" || termination === "abort") return gettext("Game aborted.");
  if (clock && termination === "timeout" && onTime[result]) return onTime[result];
  const how = words[termination] || termination || "";
  const sentences = {
    "1-0": [gettext("White won."), gettext("White won by %(how)s.")],
    "0-1": [gettext("Black won."), gettext("Black won by %(how)s.")],
    "1/2-1/2": [gettext("Draw."), gettext("Draw by %(how)s.")],
  }[result];
  if (!sentences) return gettext("Game over.");
  return how ? format(sentences[1], { how }) : sentences[0];
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function describeDeadline(deadline, now = Date.now()) {
  if (!deadline) return gettext("No time limit.");
  const due = new Date(deadline);
  const left = due.getTime() - now;
  // The date in the page's language (<html lang>), not the browser's.
  const lang = (globalThis.document && globalThis.document.documentElement.lang) || undefined;
  const when = due.toLocaleString(lang, {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
  });
  if (left <= 0) return format(gettext("Move was due %(when)s."), { when });
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const d = format(ngettext("%(n)s day", "%(n)s days", days), { n: days });
  const h = format(gettext("%(n)s h"), { n: hours });
  const m = format(gettext("%(n)s min"), { n: minutes });
  const parts = days ? [d, h] : hours ? [h, m] : [m];
  return format(gettext("Move due %(when)s (%(left)s left)."), { when, left: parts.join(" ") });
}
