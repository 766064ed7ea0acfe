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
    } catch {
      // keep the last count; the next notification or reconnect tries again
    }
  };
  // The game page says when a game it shows changed hands (our own move sends us no note).
  document.addEventListener("raumschach:turns-changed", update);
  // Pages with live regions (the home page's games and challenges) re-read them from the
  // server on each notification, so a new challenge or game shows up without a reload.
  const refreshRegions = async () => {
    const regions = document.querySelectorAll("[data-live-region][id]");
    if (!regions.length) return;
    try {
      const response = await fetch(window.location.href, { credentials: "same-origin" });
      if (!response.ok) return;
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      for (const region of regions) {
        const replacement = fresh.getElementById(region.id);
        if (replacement) region.replaceWith(document.adoptNode(replacement));
      }
    } catch {
      // the next notification tries again
    }
  };
  let opened = false;
  new ReconnectingSocket("/ws/notifications/", {
    onMessage: (msg) => {
      // Waiting on an open challenge's page: follow it into the game once someone accepts.
      const waiting = document.querySelector("[data-waiting-challenge]");
      if (msg.type === "challenge_accepted" && waiting &&
          waiting.dataset.waitingChallenge === msg.challenge && msg.game) {
        window.location.assign(`/games/${msg.game}/`);
        return;
      }
      // A lobby change (a seek posted or taken, sent to everyone) cannot change our count.
      if (msg.type !== "lobby") update();
      refreshRegions();
      document.dispatchEvent(new CustomEvent("raumschach:notification", { detail: msg }));
    },
    onOpen: () => { if (opened) update(); opened = true; },
    onStatus: (status) => { badge.dataset.socket = status; },
  }).connect();
}
