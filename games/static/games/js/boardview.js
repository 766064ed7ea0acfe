// The board on the game and replay pages: the five 2D levels, or the cube in 3D, switchable,
// the choice remembered in localStorage. Same contract as Board (setPosition, onMove).
// three.js is loaded only when the 3D view is first shown, so the 2D page paints as before.

import { Board } from "./board.js";

const STORAGE_KEY = "raumschach.boardView";
const THEMES = { classic: "Classic", contrast: "High contrast", slate: "Slate" };

function stored(key, fallback) {
  try {
    return window.localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback; // storage blocked: the defaults, as for a first visit
  }
}

function store(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // not remembered; the setting still applies to this page
  }
}

const remembered = () => (stored(STORAGE_KEY, "2d") === "3d" ? "3d" : "2d");
const remember = (view) => store(STORAGE_KEY, view);

export class BoardView {
  constructor(root, options) {
    this.root = root;
    this.options = options;
    this.state = null;
    this.board3d = null;
    root.replaceChildren();
    root.classList.add("board-view");
    this.switcher = this.buildSwitcher();
    this.switcher.append(this.buildSettings());
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

  /** Board theme and coordinates on cells, remembered like the view. */
  buildSettings() {
    const wrap = document.createElement("span");
    wrap.className = "board-settings";
    const theme = document.createElement("select");
    theme.className = "theme-select";
    theme.setAttribute("aria-label", "Board theme");
    for (const [value, text] of Object.entries(THEMES)) theme.append(new Option(text, value));
    theme.value = THEMES[stored("raumschach.theme", "classic")] ? stored("raumschach.theme", "classic") : "classic";
    const coordsLabel = document.createElement("label");
    const coords = document.createElement("input");
    coords.type = "checkbox";
    coords.className = "coords-toggle";
    coords.checked = stored("raumschach.coords", "off") === "on";
    coordsLabel.append(coords, " Coordinates");
    const apply = () => {
      this.root.dataset.theme = theme.value;
      this.root.dataset.coords = coords.checked ? "on" : "off";
      if (this.board3d) this.board3d.paint();
    };
    theme.addEventListener("change", () => { store("raumschach.theme", theme.value); apply(); });
    coords.addEventListener("change", () => {
      store("raumschach.coords", coords.checked ? "on" : "off");
      apply();
    });
    apply();
    wrap.append(theme, coordsLabel);
    return wrap;
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
