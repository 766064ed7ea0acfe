// The header's "your turn" count, kept live by ws/notifications/: any notification
// (your_turn, game_ended, challenge_received, ...) makes us re-read the count.

import { api } from "./api.js";
import { ReconnectingSocket } from "./socket.js";

const badge = document.querySelector("[data-turn-count]");
if (badge) {
  const countUrl = badge.dataset.countUrl;
  const update = async () => {
    try {
      const { count } = await api(countUrl);
      badge.textContent = String(count);
      badge.dataset.count = String(count);
      badge.closest("a")?.setAttribute("aria-label", `Your turn in ${count} game${count === 1 ? "" : "s"}`);
    } catch {
      // keep the last count; the next notification or reconnect tries again
    }
  };
  // The game page says when a game it shows changed hands (our own move sends us no note).
  document.addEventListener("raumschach:turns-changed", update);
  let opened = false;
  new ReconnectingSocket("/ws/notifications/", {
    onMessage: (msg) => {
      update();
      document.dispatchEvent(new CustomEvent("raumschach:notification", { detail: msg }));
    },
    onOpen: () => { if (opened) update(); opened = true; },
    onStatus: (status) => { badge.dataset.socket = status; },
  }).connect();
}
