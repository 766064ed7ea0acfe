// Hover help for the 2D levels: with the toggle on (off by default, remembered), resting the
// pointer on a cell (or focusing it) asks the server which pieces of each side attack it and
// rings them. The engine answers (GET .../attackers/?cell=Cc3); the page computes no attacks.

import { api } from "./api.js";
import { gettext } from "./i18n.js";

const STORAGE_KEY = "raumschach.attackHover";
const DEBOUNCE_MS = 150; // a pointer sweeping across the board asks only where it stops

function remembered() {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

function remember(on) {
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // not remembered; the toggle still applies to this page
  }
}

export class AttackHover {
  /**
   * boardRoot: the 2D board's element (holding the .cell buttons); url: the attackers endpoint;
   * currentFen(): the position shown, so an answer for an older position is dropped;
   * toggleParent: where the "Attackers on hover" checkbox goes.
   */
  constructor({ boardRoot, url, currentFen, toggleParent }) {
    this.boardRoot = boardRoot;
    this.url = url;
    this.currentFen = currentFen;
    this.timer = null;
    this.asked = null; // the cell whose answer we wait for or show
    const label = document.createElement("label");
    label.className = "needs-hover"; // a touch screen has no hover (site.css hides it there)
    this.toggle = document.createElement("input");
    this.toggle.type = "checkbox";
    this.toggle.className = "attack-hover-toggle";
    this.toggle.checked = remembered();
    label.append(this.toggle, " " + gettext("Attackers on hover"));
    toggleParent.append(label);
    this.toggle.addEventListener("change", () => {
      remember(this.toggle.checked);
      if (!this.toggle.checked) this.clear();
    });
    for (const type of ["pointerover", "focusin"]) {
      boardRoot.addEventListener(type, (event) => this.onEnter(event));
    }
    boardRoot.addEventListener("pointerleave", () => this.clear());
  }

  onEnter(event) {
    if (!this.toggle.checked) return;
    const cell = event.target.closest(".cell");
    if (!cell || cell.dataset.name === this.asked) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.ask(cell.dataset.name), DEBOUNCE_MS);
  }

  async ask(name) {
    this.asked = name;
    const fen = this.currentFen();
    let body;
    try {
      body = await api(`${this.url}?cell=${encodeURIComponent(name)}`);
    } catch {
      return; // hover help is a nicety: no answer, no marks
    }
    if (this.asked !== name || !this.toggle.checked || body.fen !== fen || this.currentFen() !== fen) return;
    this.mark(name, body);
  }

  mark(name, body) {
    this.unmark();
    const marked = (cells, color) => {
      for (const cellName of cells) {
        const button = this.boardRoot.querySelector(`.cell[data-name="${cellName}"]`);
        if (button) button.classList.add("attacker", `attacker-${color}`);
      }
    };
    marked(body.white, "white");
    marked(body.black, "black");
    this.boardRoot.dataset.attackersOf = name;
    this.boardRoot.dataset.attackers = [...body.white, ...body.black].join(" ");
  }

  unmark() {
    for (const button of this.boardRoot.querySelectorAll(".cell.attacker")) {
      button.classList.remove("attacker", "attacker-white", "attacker-black");
    }
    delete this.boardRoot.dataset.attackersOf;
    delete this.boardRoot.dataset.attackers;
  }

  clear() {
    clearTimeout(this.timer);
    this.asked = null;
    this.unmark();
  }
}
