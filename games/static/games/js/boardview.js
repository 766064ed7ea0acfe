// The board on the game and replay pages: the 2D levels, or the boards stacked in 3D,
// switchable, the choice remembered in localStorage, and each side's reserve (pieces in hand,
// for a variant that has them) beside it. Same contract as Board (setPosition, onMove).
// three.js is loaded only when the 3D view is first shown, so the 2D page paints as before.

import { Board } from "./board.js";
import { pieceImage } from "./position.js";
import { levelWidths } from "./stand2d.js";
import { gettext } from "./i18n.js";

// The 2D/3D choice is kept per game (a stand may suit 3D where a cube does not); the rules
// page's demo keeps its own under `storage` ("demo"), so trying 3D there opens no game in 3D.
const viewKey = (variantKey, storage = "game") =>
  storage === "game" ? `raumschach.boardView.${variantKey}` : `raumschach.boardView.${storage}.${variantKey}`;
const THEMES = { classic: gettext("Classic"), contrast: gettext("High contrast"), slate: gettext("Slate") };

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
    this.reserves = this.buildReserves();
    root.append(this.switcher, this.note, this.reserves, this.el2d, this.el3d);
    // The cell size follows the boards' sizes (site.css): all boards side by side on a
    // laptop (each board's columns plus about one for its labels and the gap), one on a phone.
    // A hex board is as wide as its hexes reach (variant.paneBox), not its descriptor's width.
    const variant = options.variant;
    // A stand (movable boards) is drawn one column per level, labels inside (stand2d.js).
    const widths = variant.movable ? levelWidths(variant)
      : variant.boards.map((b, i) => (variant.hex ? variant.paneBox(i).width : b.width));
    const span = widths.reduce((sum, w) => sum + w + (variant.movable ? 0.4 : 1), 0);
    root.style.setProperty("--board-span", String(span));
    root.style.setProperty("--board-width", String(Math.max(...widths)));
    this.board2d = new Board(this.el2d, options);
    this.view = "2d";
    root.dataset.view = "2d";
    this.storageKey = viewKey(variant.key, options.viewStorage);
    if (stored(this.storageKey, "2d") === "3d") this.show("3d", { save: false });
  }

  buildSwitcher() {
    const group = document.createElement("div");
    group.className = "view-switch";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", gettext("Board view"));
    // Hex levels make no cube; movable boards stand on a stand.
    const variant = this.options.variant;
    const stack = variant.movable ? gettext("Stand (3D)") : variant.hex ? gettext("Stack (3D)") : gettext("Cube (3D)");
    for (const [view, text] of [["2d", gettext("Levels (2D)")], ["3d", stack]]) {
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

  /** Each side's pieces in hand, read from the position string (hidden for a variant
   * without a reserve). The player's own side is listed nearer the board's bottom. */
  buildReserves() {
    const box = document.createElement("div");
    box.className = "reserves";
    box.hidden = !this.options.variant.reserve.length;
    const sides = this.options.orientation === "black" ? ["white", "black"] : ["black", "white"];
    this.reserveLists = {};
    for (const color of sides) {
      const row = document.createElement("p");
      row.className = `reserve reserve-${color}`;
      const title = document.createElement("span");
      title.className = "reserve-title";
      title.textContent = color === "white" ? gettext("White in hand:") : gettext("Black in hand:");
      const list = document.createElement("span");
      list.className = "reserve-pieces";
      this.reserveLists[color] = list;
      row.append(title, " ", list);
      box.append(row);
    }
    return box;
  }

  paintReserves(fen) {
    if (this.reserves.hidden) return;
    const { variant, pieceUrls } = this.options;
    const held = variant.parseFen(fen).reserves;
    for (const [color, list] of Object.entries(this.reserveLists)) {
      list.replaceChildren();
      list.dataset.kinds = held[color].join("");
      for (const kind of held[color]) {
        const img = pieceImage(variant, pieceUrls, { kind, color });
        img.alt = variant.pieceName(kind);
        img.title = variant.pieceName(kind);
        list.append(img);
      }
      if (!held[color].length) list.append(gettext("none"));
    }
  }

  /** Board theme and coordinates on cells, remembered like the view. */
  buildSettings() {
    const wrap = document.createElement("span");
    wrap.className = "board-settings";
    const theme = document.createElement("select");
    theme.className = "theme-select";
    theme.setAttribute("aria-label", gettext("Board theme"));
    for (const [value, text] of Object.entries(THEMES)) theme.append(new Option(text, value));
    theme.value = THEMES[stored("raumschach.theme", "classic")] ? stored("raumschach.theme", "classic") : "classic";
    const coordsLabel = document.createElement("label");
    const coords = document.createElement("input");
    coords.type = "checkbox";
    coords.className = "coords-toggle";
    coords.checked = stored("raumschach.coords", "off") === "on";
    coordsLabel.append(coords, " " + gettext("Coordinates"));
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
    if (save) store(this.storageKey, view);
    if (view === "3d" && !this.board3d) {
      try {
        const module = await import("./board3d.js");
        if (!module.webglAvailable()) throw new Error("no WebGL");
        // Movable boards stand on a stand (board3d/stand.js, chosen by board3d/layout.js).
        this.board3d = new module.Board3D(this.el3d, {
          variant: this.options.variant,
          orientation: this.options.orientation,
          onMove: this.options.onMove,
          choose: (choices) => this.board2d.choose(choices),
          premove: this.options.premove || null,
        });
        this.el3d.hidden = false; // measured by the renderer from here on
        if (this.state) this.board3d.setPosition(this.state);
      } catch (err) {
        this.board3d = null;
        this.note.textContent = gettext("The 3D view needs WebGL, which this browser does not offer; showing the levels.");
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
    if (save && this.options.onView) this.options.onView(view); // a person switched views
  }

  /** Select the piece on `cell` (null: none) in both views, as a click on it would. */
  select(cell) {
    this.board2d.select(cell);
    if (this.board3d) {
      this.board3d.selected = cell;
      this.board3d.paint();
    }
  }

  /** Redraw the selection marks only (a premove planned or its cells arrived). */
  repaintMarks() {
    this.board2d.paintSelection();
    if (this.board3d) this.board3d.paint();
  }

  setPosition(state) {
    this.state = state;
    this.paintReserves(state.fen);
    this.board2d.setPosition(state);
    if (this.board3d) this.board3d.setPosition(state);
  }
}
