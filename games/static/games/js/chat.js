// The game page's chat panel: the room this user may use (players' or spectators', decided by
// the server), loaded over REST, live lines from the game socket, sent over REST. Every line
// is shown with textContent: a message is text, never HTML.

import { api } from "./api.js";
import { format, gettext } from "./i18n.js";

export class ChatPanel {
  constructor(root, { url, muteUrl }) {
    this.root = root;
    this.url = url;
    this.muteUrl = muteUrl;
    this.list = root.querySelector(".chat-lines");
    this.error = root.querySelector(".chat-error");
    this.seen = new Set();
    this.muted = false;
    const form = root.querySelector(".chat-form");
    const input = form.querySelector("input");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send(input);
    });
    // No maxlength: it cut a long paste without a word (issue 29 item 15). Say so instead,
    // and keep the text so it can be shortened.
    this.maxLength = Number(input.dataset.maxLength) || 500;
    input.addEventListener("input", () => this.checkLength(input));
    this.muteBox = root.querySelector("[data-chat-mute]");
    if (this.muteBox) this.muteBox.addEventListener("change", () => this.setMuted(this.muteBox.checked));
  }

  async load() {
    try {
      const body = await api(this.url);
      this.muted = body.muted;
      if (this.muteBox) this.muteBox.checked = body.muted;
      this.list.replaceChildren();
      this.seen.clear();
      for (const line of body.messages) this.add(line);
      this.showError("");
    } catch (err) {
      this.showError(format(gettext("Chat unavailable: %(detail)s"), { detail: err.message }));
    }
  }

  add(line) {
    if (!line || this.seen.has(line.id)) return;
    this.seen.add(line.id);
    const item = document.createElement("li");
    const author = document.createElement("strong");
    author.textContent = `${line.author}: `;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = line.text;
    item.append(author, text);
    this.list.append(item);
    this.list.scrollTop = this.list.scrollHeight;
  }

  checkLength(input) {
    const length = [...input.value.trim()].length;
    const tooLong = length > this.maxLength;
    input.setAttribute("aria-invalid", String(tooLong));
    this.showError(tooLong ? format(gettext("Too long: %(length)s characters; a line has at most %(most)s."),
      { length, most: this.maxLength }) : "");
    return !tooLong;
  }

  async send(input) {
    const text = input.value.trim();
    if (!text || !this.checkLength(input)) return;
    try {
      this.add(await api(this.url, { method: "POST", body: { text } }));
      input.value = "";
      this.showError("");
    } catch (err) {
      this.showError(err.message);
    }
  }

  async setMuted(muted) {
    try {
      await api(this.muteUrl, { method: "POST", body: { muted } });
      await this.load();
    } catch (err) {
      this.showError(err.message);
    }
  }

  showError(text) {
    this.error.textContent = text;
  }
}
