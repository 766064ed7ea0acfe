// "Play again" after a live game (issue 46), as on lichess: the button offers the opponent a
// rematch (the same game and clock, colours swapped: POST /api/v1/games/<id>/rematch/) and this
// page waits for the answer; the opponent's page, open on the same finished game, shows the
// offer at once (their notification socket hears "challenge_received") with Accept and
// Decline; accepting takes both pages to the new game (the offering page follows
// "challenge_accepted" through notifications.js's data-waiting-challenge). A rematch with a bot
// starts at once.

import { api } from "./api.js";
import { format, gettext } from "./i18n.js";

// Every word of the play-again panel, in one place, in the page's language (djangojs catalogue).
export const STRINGS = {
  waiting: (name) => format(gettext("Rematch offered to %(name)s: waiting for an answer…"), { name }),
  offered: (name) => format(gettext("%(name)s wants to play again."), { name }),
  accept: gettext("Accept"),
  decline: gettext("Decline"),
  cancel: gettext("Cancel"),
  declined: gettext("Rematch declined."),
  cancelled: gettext("Rematch offer withdrawn."),
};

export class PlayAgain {
  /**
   * @param {HTMLElement} root  the .play-again box (a status line and a row of buttons)
   * @param {object} options  rematchUrl, challengesUrl (the API's pending challenges),
   *   opponent (username), gameFits(challenge) -> bool (the challenge is a rematch of this game)
   */
  constructor(root, { rematchUrl, challengesUrl, opponent, gameFits, button = null }) {
    this.root = root;
    this.button = button; // "Play again": hidden while an offer (ours or theirs) is open
    this.rematchUrl = rematchUrl;
    this.challengesUrl = challengesUrl;
    this.opponent = opponent;
    this.gameFits = gameFits;
    this.text = root.querySelector(".play-again-status");
    this.buttons = root.querySelector(".play-again-buttons");
    this.error = root.querySelector(".play-again-error");
    this.challenge = null;
    document.addEventListener("raumschach:notification", (event) => this.onNotification(event.detail));
  }

  /** After the game ended: an offer already made by either side (a reload) is shown again. */
  async look() {
    try {
      const pending = await api(this.challengesUrl);
      const theirs = (pending.incoming || []).find((c) => this.fits(c, this.opponent));
      const ours = (pending.outgoing || []).find((c) => c.opponent === this.opponent && this.gameFits(c));
      if (theirs) this.showOffer(theirs);
      else if (ours) this.showWaiting(ours);
    } catch {
      // the button still works
    }
  }

  fits(challenge, from) {
    return challenge.status === "pending" && challenge.challenger === from && this.gameFits(challenge);
  }

  async offer() {
    this.showError("");
    try {
      const challenge = await api(this.rematchUrl, { method: "POST" });
      if (challenge.game) {
        window.location.assign(`/games/${challenge.game}/`); // a bot accepted at once
        return;
      }
      this.showWaiting(challenge);
    } catch (err) {
      this.showError(err.message);
    }
  }

  async onNotification(msg) {
    if (msg.type !== "challenge_received" || msg.from !== this.opponent) return;
    try {
      const challenge = await api(`/api/v1/challenges/${encodeURIComponent(msg.challenge)}/`);
      if (this.fits(challenge, this.opponent)) this.showOffer(challenge);
    } catch {
      // gone already (cancelled): nothing to show
    }
  }

  showWaiting(challenge) {
    this.challenge = challenge;
    this.root.hidden = false;
    this.root.dataset.waitingChallenge = challenge.id; // notifications.js follows it into the game
    this.root.dataset.state = "waiting";
    if (this.button) this.button.hidden = true;
    this.text.textContent = STRINGS.waiting(this.opponent);
    this.setButtons([[STRINGS.cancel, "secondary", () => this.answer("cancel", STRINGS.cancelled)]]);
  }

  showOffer(challenge) {
    this.challenge = challenge;
    this.root.hidden = false;
    delete this.root.dataset.waitingChallenge;
    this.root.dataset.state = "offered";
    if (this.button) this.button.hidden = true;
    this.text.textContent = STRINGS.offered(this.opponent);
    this.setButtons([[STRINGS.accept, "", () => this.accept()],
      [STRINGS.decline, "danger", () => this.answer("decline", STRINGS.declined)]]);
  }

  async accept() {
    try {
      const { game } = await api(`/api/v1/challenges/${encodeURIComponent(this.challenge.id)}/accept/`,
        { method: "POST" });
      window.location.assign(`/games/${game}/`);
    } catch (err) {
      this.showError(err.message);
    }
  }

  async answer(action, done) {
    try {
      await api(`/api/v1/challenges/${encodeURIComponent(this.challenge.id)}/${action}/`, { method: "POST" });
    } catch (err) {
      this.showError(err.message);
      return;
    }
    this.challenge = null;
    delete this.root.dataset.waitingChallenge;
    this.root.dataset.state = "";
    if (this.button) this.button.hidden = false;
    this.text.textContent = done;
    this.setButtons([]);
  }

  setButtons(specs) {
    this.buttons.replaceChildren();
    for (const [label, kind, onClick] of specs) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = `button${kind ? ` ${kind}` : ""}`;
      button.textContent = label;
      button.addEventListener("click", onClick);
      this.buttons.append(button);
    }
  }

  showError(text) {
    this.error.textContent = text;
  }
}
