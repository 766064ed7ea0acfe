// The board on the game and replay pages: the five 2D levels, or the cube in 3D, switchable,
// the choice remembered in localStorage. Same contract as Board (setPosition, onMove).
// three.js is loaded only when the 3D view is first shown, so the 2D page paints as before.

import { Board } from "./board.js";

const STORAGE_KEY = "raumschach.boardView";

function remembered() {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "3d" ? "3d" : "2d";
  } catch {
    return "2d"; // storage blocked: 2D, as for a first visit
  }
}

function remember(view) {
  try {
    window.localStorage.setItem(STORAGE_KEY, view);
  } catch {
    // not remembered; the view still switches
  }
}

export class BoardView {
  constructor(root, options) {
    this.root = root;
    this.options = options;
    this.state = null;
    this.board3d = null;
    root.replaceChildren();
    root.classList.add("board-view");
    this.switcher = this.buildSwitcher();
    this.el2d = document.createElement("div");
    this.el3d = document.createElement("div");
    this.el3d.hidden = true;
    this.note = document.createElement("p");
    this.note.className = "hint view-note";
    root.append(this.switcher, this.note, this.el2d, this.el3d);
    this.board2d = new Board(this.el2d, options);
    this.view = "2d";
    root.dataset.view = "2d";
    if (remembered() === "3d") this.show("3d", { save: false });
  }

  buildSwitcher() {
    const group = document.createElement("div");
    group.className = "view-switch";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Board view");
    for (const [view, text] of [["2d", "Levels (2D)"], ["3d", "Cube (3D)"]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button secondary small";
      button.dataset.view = view;
      button.textContent = text;
      button.setAttribute("aria-pressed", String(view === "2d"));
      button.addEventListener("click", () => this.show(view));
      group.append(button);
    }
    return group;
  }

  async show(view, { save = true } = {}) {
    if (save) remember(view);
    if (view === "3d" && !this.board3d) {
      try {
        const module = await import("./board3d.js");
        if (!module.webglAvailable()) throw new Error("no WebGL");
        this.board3d = new module.Board3D(this.el3d, {
          orientation: this.options.orientation,
          onMove: this.options.onMove,
          choosePromotion: (choices) => this.board2d.pickPromotion(choices),
        });
        this.el3d.hidden = false; // measured by the renderer from here on
        if (this.state) this.board3d.setPosition(this.state);
      } catch (err) {
        this.board3d = null;
        this.note.textContent = "The 3D view needs WebGL, which this browser does not offer; showing the levels.";
        this.root.querySelector('[data-view="3d"]').disabled = true;
        view = "2d";
      }
    }
    this.view = view;
    this.root.dataset.view = view;
    this.el3d.hidden = view !== "3d";
    for (const button of this.switcher.querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(button.dataset.view === view));
    }
    if (view === "3d") this.board3d.resize();
  }

  setPosition(state) {
    this.state = state;
    this.board2d.setPosition(state);
    if (this.board3d) this.board3d.setPosition(state);
  }
}
