// The header's "your turn" count, kept live by ws/notifications/: any notification
// (your_turn, game_ended, challenge_received, ...) makes us re-read the count. The count is
// also in the tab title ("(2) your turn · ..."), and "your_turn" becomes a browser
// notification once the user allowed them (the header's "Turn on notifications" button).

import { api } from "./api.js";
import { format, gettext } from "./i18n.js";
import { ReconnectingSocket } from "./socket.js";

const baseTitle = document.title;

function showCountInTitle(count) {
  document.title = count > 0
    ? format(gettext("(%(count)s) your turn · %(title)s"), { count, title: baseTitle })
    : baseTitle;
}

function notificationsAllowed() {
  return "Notification" in window && window.Notification.permission === "granted";
}

function bindNotificationButton() {
  const button = document.querySelector("[data-enable-notifications]");
  if (!button || !("Notification" in window)) return;
  const show = () => { button.hidden = window.Notification.permission !== "default"; };
  button.addEventListener("click", async () => {
    try {
      await window.Notification.requestPermission();
    } catch {
      // an old browser without the promise form: nothing more to do
    }
    show();
  });
  show();
}

/** A system notification for "your turn", unless this very game is open and visible or the
 * turn has already passed (a planned reply, a conditional move, answered for the user). */
async function notifyYourTurn(msg) {
  if (!notificationsAllowed()) return;
  const page = document.getElementById("game");
  const watching = page && page.dataset.game === String(msg.game) && !document.hidden;
  if (watching) return;
  try {
    const state = await api(`/api/v1/games/${msg.game}/?since_ply=${msg.ply}`);
    if (state.status !== "active" || state.ply !== msg.ply) return;
  } catch {
    // could not check: notifying once too often beats missing a turn
  }
  try {
    const note = new window.Notification(gettext("Your turn in Raumschach"), {
      body: msg.san ? format(gettext("Your opponent played %(move)s."), { move: msg.san })
        : gettext("A game is waiting for your first move."),
      tag: `raumschach-game-${msg.game}`, // one notification per game, replaced by the next
    });
    note.addEventListener("click", () => {
      window.focus();
      window.location.assign(`/games/${msg.game}/`);
    });
  } catch {
    // some platforms only allow notifications from a service worker: the title still counts
  }
}

const badge = document.querySelector("[data-turn-count]");
if (badge) {
  bindNotificationButton();
  showCountInTitle(Number(badge.dataset.count) || 0);
  const countUrl = badge.dataset.countUrl;
  const update = async () => {
    try {
      const { count } = await api(countUrl);
      badge.textContent = String(count);
      badge.dataset.count = String(count);
      showCountInTitle(count);
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
      if (msg.type === "your_turn") notifyYourTurn(msg);
      // A lobby change (a seek posted or taken, sent to everyone) cannot change our count.
      if (msg.type !== "lobby") update();
      refreshRegions();
      document.dispatchEvent(new CustomEvent("raumschach:notification", { detail: msg }));
    },
    onOpen: () => { if (opened) update(); opened = true; },
    onStatus: (status) => { badge.dataset.socket = status; },
  }).connect();
}
