// The opening explorer beside the analysis board: the moves played from the board's position in
// finished games (GET /api/v1/explorer/), their counts and a White / draw / Black bar; a click
// on a move plays it on the board; Players / Bots chooses whose games. Every word shown comes
// from the panel's data-text-* attributes (translated in templates/explorer/_panel.html).

import { api } from "../../games/js/api.js";

const SOURCES = ["players", "bots"];

/** Whole percentages of the three results that add up to 100 (largest remainders). */
export function percentages(white, draws, black) {
  const total = white + draws + black;
  if (!total) return [0, 0, 0];
  const exact = [white, draws, black].map((n) => (100 * n) / total);
  const whole = exact.map(Math.floor);
  const order = exact.map((x, i) => [x - whole[i], i]).sort((a, b) => b[0] - a[0]);
  for (let k = 0; k < 100 - whole.reduce((a, b) => a + b, 0); k += 1) whole[order[k][1]] += 1;
  return whole;
}

export class ExplorerPanel {
  /** box: the panel's section; variant: its key; rulesUsual: false when the board plays other
   * rules than the variant's defaults (nothing is counted for those); onPick(move): play a
   * coordinate move on the board. */
  constructor(box, { variant, rulesUsual = true, onPick }) {
    this.box = box;
    this.variant = variant;
    this.rulesUsual = rulesUsual;
    this.onPick = onPick;
    this.text = box.dataset;
    this.source = "players";
    this.cache = new Map(); // `${source} ${fen}` -> the answer: going back costs no request
    this.fen = null;
    this.playable = true;
    for (const button of box.querySelectorAll("[data-source]")) {
      button.addEventListener("click", () => this.choose(button.dataset.source));
    }
  }

  choose(source) {
    if (!SOURCES.includes(source) || source === this.source) return;
    this.source = source;
    for (const button of this.box.querySelectorAll("[data-source]")) {
      const on = button.dataset.source === source;
      button.setAttribute("aria-pressed", String(on));
      button.classList.toggle("secondary", !on);
    }
    if (this.fen) this.show(this.fen, this.playable);
  }

  status(text) { this.box.querySelector(".explorer-status").textContent = text || ""; }

  /** The board shows `fen`; `playable`: whether moves may be played from it (not at the end). */
  async show(fen, playable = true) {
    this.fen = fen;
    this.playable = playable;
    if (!this.rulesUsual) { this.render(null); this.status(this.text.textOtherRules); return; }
    const key = `${this.source} ${fen}`;
    let data = this.cache.get(key);
    if (!data) {
      this.status(this.text.textLoading);
      try {
        data = await api(`${this.text.url}?${new URLSearchParams({ variant: this.variant, fen, source: this.source })}`);
      } catch (err) {
        if (fen === this.fen) { this.render(null); this.status(err.message); }
        return;
      }
      this.cache.set(key, data);
    }
    if (fen !== this.fen || key !== `${this.source} ${this.fen}`) return; // moved on meanwhile
    this.render(data);
    this.status(data.games ? "" : this.text.textEmpty);
    this.box.dataset.games = String(data.games);
    this.box.dataset.shown = key;
  }

  render(data) {
    const body = this.box.querySelector("tbody");
    const foot = this.box.querySelector("tfoot");
    body.replaceChildren();
    foot.replaceChildren();
    if (!data || !data.games) return;
    for (const row of data.moves) body.append(this.row(row, true));
    foot.append(this.row({ san: this.text.textTotal, ...data, move: null }, false));
  }

  row(row, isMove) {
    const tr = document.createElement("tr");
    const name = document.createElement("td");
    if (isMove) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "explorer-move";
      button.dataset.move = row.move;
      button.textContent = row.san;
      button.title = this.text.textPlay.replace("%(move)s", row.san);
      button.disabled = !this.playable;
      button.addEventListener("click", () => this.onPick(row.move));
      name.append(button);
    } else {
      name.textContent = row.san;
    }
    const count = document.createElement("td");
    count.className = "explorer-count";
    count.textContent = row.games.toLocaleString();
    const bar = document.createElement("td");
    bar.append(this.bar(row));
    tr.append(name, count, bar);
    return tr;
  }

  bar({ white, draws, black }) {
    const box = document.createElement("div");
    box.className = "explorer-bar";
    const shares = percentages(white, draws, black);
    const labels = [this.text.textWhite, this.text.textDraws, this.text.textBlack];
    ["white", "draws", "black"].forEach((cls, i) => {
      if (!shares[i]) return;
      const part = document.createElement("span");
      part.className = cls;
      part.style.width = `${shares[i]}%`;
      part.title = `${labels[i]}: ${shares[i]}%`;
      part.textContent = shares[i] >= 15 ? `${shares[i]}%` : "";
      box.append(part);
    });
    box.setAttribute("aria-label", labels.map((label, i) => `${label} ${shares[i]}%`).join(", "));
    box.setAttribute("role", "img");
    return box;
  }
}
