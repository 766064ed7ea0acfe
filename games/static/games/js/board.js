// The five-level board: renders a position, highlights, and turns clicks or keys into moves.
// It only offers moves the server listed in legal_moves; it never judges legality itself.

import {
  LEVELS, FILES, PIECE_NAMES, PROMOTION_KINDS, cellIndex, cellLevel, cellRank, cellFile,
  cellName, isDark, parseFen, parseCoordMove, parseCell, pieceKey, pieceLabel,
} from "./position.js";

const SIZE = 5;

export class Board {
  /**
   * @param {HTMLElement} root  element to render into (emptied)
   * @param {object} options
   *   pieceUrls: {wK: url, ...}; orientation: "white" | "black";
   *   onMove(moveText): called with a coordinate move the server listed as legal
   */
  constructor(root, { pieceUrls, orientation = "white", onMove = null } = {}) {
    this.root = root;
    this.pieceUrls = pieceUrls;
    this.orientation = orientation;
    this.onMove = onMove;
    this.board = new Array(125).fill(null);
    this.movesByFrom = new Map(); // from cell -> [{from, to, promotion, text}]
    this.enabled = false;
    this.selected = null;
    this.focusCell = cellIndex(0, 0, 0);
    this.cells = new Array(125);
    this.build();
  }

  build() {
    this.root.replaceChildren();
    this.root.classList.add("board");
    this.root.dataset.orientation = this.orientation;
    const flipped = this.orientation === "black";
    const order = (n) => (flipped ? [...Array(n).keys()].reverse() : [...Array(n).keys()]);
    this.sections = new Array(SIZE);
    this.strip = this.buildStrip();
    this.root.append(this.strip);
    // On a phone one level is shown large (CSS); the strip switches between them.
    this.shownLevel = flipped ? 3 : 1;
    for (const level of order(SIZE)) {
      const section = document.createElement("section");
      this.sections[level] = section;
      section.dataset.level = LEVELS[level];
      section.className = "level";
      section.setAttribute("role", "group");
      section.setAttribute("aria-label", `Level ${LEVELS[level]}`);
      const title = document.createElement("h3");
      title.className = "level-name";
      title.textContent = LEVELS[level];
      title.setAttribute("aria-hidden", "true");
      const badge = document.createElement("span");
      badge.className = "level-targets";
      title.append(badge);
      const grid = document.createElement("div");
      grid.className = "grid";
      // White sees rank 5 at the top, files a..e left to right, levels A..E; Black sees the
      // point reflection: rank 1 at the top, files e..a, levels E..A.
      const ranks = flipped ? [0, 1, 2, 3, 4] : [4, 3, 2, 1, 0];
      for (const rank of ranks) {
        grid.append(label("rank-label", String(rank + 1)));
        for (const file of order(SIZE)) {
          const cell = cellIndex(level, rank, file);
          const button = document.createElement("button");
          button.type = "button";
          button.className = `cell ${isDark(cell) ? "dark" : "light"}`;
          button.dataset.cell = String(cell);
          button.dataset.name = cellName(cell);
          button.tabIndex = -1;
          const coord = document.createElement("span");
          coord.className = "coord"; // shown by the "coordinates on cells" setting
          coord.setAttribute("aria-hidden", "true");
          coord.textContent = cellName(cell);
          button.append(coord);
          button.addEventListener("click", () => this.activate(cell));
          button.addEventListener("keydown", (event) => this.onKey(event, cell));
          this.cells[cell] = button;
          grid.append(button);
        }
      }
      grid.append(label("corner", ""));
      for (const file of order(SIZE)) grid.append(label("file-label", FILES[file]));
      section.append(title, grid);
      this.root.append(section);
    }
    this.live = document.createElement("p");
    this.live.className = "visually-hidden";
    this.live.setAttribute("aria-live", "polite");
    this.root.append(this.live);
    this.picker = this.buildPicker();
    this.root.append(this.picker);
    this.cells[this.focusCell].tabIndex = 0;
    this.paintLevels();
  }

  /** Levels A–E as buttons with the selected piece's target count (shown on phones). */
  buildStrip() {
    const strip = document.createElement("nav");
    strip.className = "level-strip";
    strip.setAttribute("aria-label", "Levels");
    this.stripButtons = new Array(SIZE);
    for (let level = 0; level < SIZE; level += 1) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "level-tab";
      button.dataset.level = LEVELS[level];
      button.addEventListener("click", () => this.showLevel(level));
      this.stripButtons[level] = button;
      strip.append(button);
    }
    this.allTab = document.createElement("button");
    this.allTab.type = "button";
    this.allTab.className = "level-tab all-levels";
    this.allTab.textContent = "All";
    this.allTab.setAttribute("aria-label", "All levels, stacked");
    this.allTab.setAttribute("aria-pressed", "false");
    this.allTab.addEventListener("click", () => this.showLevel(null));
    strip.append(this.allTab);
    return strip;
  }

  /** Show one level (a number) or all of them (null) on a phone. */
  showLevel(level) {
    this.shownLevel = level;
    this.allTab.setAttribute("aria-pressed", String(level === null));
    this.paintLevels();
  }

  buildPicker() {
    const dialog = document.createElement("dialog");
    dialog.className = "promotion-picker";
    dialog.setAttribute("aria-label", "Choose a promotion piece");
    const heading = document.createElement("p");
    heading.textContent = "Promote to:";
    const row = document.createElement("div");
    row.className = "promotion-choices";
    for (const kind of PROMOTION_KINDS) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.kind = kind;
      button.setAttribute("aria-label", `Promote to ${PIECE_NAMES[kind]}`);
      button.append(document.createElement("img"));
      button.addEventListener("click", () => dialog.close(kind));
      row.append(button);
    }
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "button secondary promotion-cancel";
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => dialog.close(""));
    dialog.append(heading, row, cancel);
    return dialog;
  }

  /**
   * Show a position. state: {fen, legalMoves: [coord], lastMove: coord|null,
   * checkColor: "white"|"black"|null, enabled: bool}
   */
  setPosition({ fen, legalMoves = [], lastMove = null, checkColor = null, checkers = [], enabled = false }) {
    const parsed = parseFen(fen);
    this.board = parsed.board;
    this.checkers = (checkers || []).map(parseCell);
    // The server's checkers mean the side to move is in check, whatever the last move says.
    checkColor = checkColor || (this.checkers.length ? parsed.turn : null);
    this.movesByFrom = new Map();
    for (const text of legalMoves) {
      const move = parseCoordMove(typeof text === "string" ? text : text.move);
      if (!this.movesByFrom.has(move.from)) this.movesByFrom.set(move.from, []);
      this.movesByFrom.get(move.from).push(move);
    }
    this.enabled = enabled;
    if (this.picker.open) this.picker.close("");
    this.selected = null;
    const last = lastMove ? parseCoordMove(lastMove) : null;
    const king = checkColor
      ? this.board.findIndex((p) => p && p.kind === "k" && p.color === checkColor) : -1;
    const checkPath = new Set();
    this.checkLevels = new Set();
    if (king >= 0) {
      this.checkLevels.add(cellLevel(king));
      for (const from of this.checkers) {
        for (const cell of lineBetween(from, king)) checkPath.add(cell);
        this.checkLevels.add(cellLevel(from));
      }
    }
    // A new move shows its level (unless the player chose to see all levels).
    if (last && this.lastShown !== lastMove && this.shownLevel !== null) this.shownLevel = cellLevel(last.to);
    this.lastShown = lastMove;
    for (let cell = 0; cell < 125; cell += 1) {
      const button = this.cells[cell];
      const piece = this.board[cell];
      button.setAttribute("aria-label", `${cellName(cell)}, ${pieceLabel(piece)}`);
      button.classList.toggle("last-from", !!last && last.from === cell);
      button.classList.toggle("last-to", !!last && last.to === cell);
      button.classList.toggle(
        "check",
        !!checkColor && !!piece && piece.kind === "k" && piece.color === checkColor,
      );
      button.classList.toggle("movable", enabled && this.movesByFrom.has(cell));
      button.classList.toggle("checker", this.checkers.includes(cell) && king >= 0);
      button.classList.toggle("check-path", checkPath.has(cell));
      const img = button.querySelector("img");
      if (piece) {
        const url = this.pieceUrls[pieceKey(piece)];
        if (img) {
          if (img.getAttribute("src") !== url) img.src = url;
        } else {
          const fresh = document.createElement("img");
          fresh.src = url;
          fresh.alt = "";
          fresh.draggable = false;
          button.append(fresh);
        }
      } else if (img) {
        img.remove();
      }
    }
    this.paintSelection();
  }

  select(cell) {
    this.selected = cell;
    this.paintSelection();
    if (cell === null) return;
    const moves = this.movesByFrom.get(cell) || [];
    const targets = [...new Set(moves.map((m) => cellName(m.to)))];
    this.announce(
      `${cellName(cell)}, ${pieceLabel(this.board[cell])} selected; ` +
        `${targets.length} destinations: ${targets.join(", ")}`,
    );
  }

  paintSelection() {
    const moves = this.selected === null ? [] : this.movesByFrom.get(this.selected) || [];
    const targets = new Set(moves.map((m) => m.to));
    for (let cell = 0; cell < 125; cell += 1) {
      const button = this.cells[cell];
      const isSelected = cell === this.selected;
      button.classList.toggle("selected", isSelected);
      // Only the selected cell carries aria-pressed, so the other 124 don't read as toggles.
      if (isSelected) button.setAttribute("aria-pressed", "true");
      else button.removeAttribute("aria-pressed");
      button.classList.toggle("dest", targets.has(cell));
      button.classList.toggle("capture", targets.has(cell) && !!this.board[cell]);
    }
    this.targetCounts = new Array(SIZE).fill(0);
    for (const cell of targets) this.targetCounts[cellLevel(cell)] += 1;
    this.paintLevels();
  }

  /** Mark each level with the selected piece's targets (title badge, phone strip). */
  paintLevels() {
    const counts = this.targetCounts || new Array(SIZE).fill(0);
    const checked = this.checkLevels || new Set();
    for (let level = 0; level < SIZE; level += 1) {
      const n = counts[level];
      const section = this.sections[level];
      section.classList.toggle("has-targets", n > 0);
      section.classList.toggle("shown", this.shownLevel === null || level === this.shownLevel);
      section.querySelector(".level-targets").textContent = n ? ` · ${n} target${n > 1 ? "s" : ""}` : "";
      const tab = this.stripButtons[level];
      tab.textContent = LEVELS[level];
      if (n) {
        const badge = document.createElement("span");
        badge.className = "tab-count";
        badge.textContent = String(n);
        tab.append(badge);
      }
      tab.classList.toggle("has-targets", n > 0);
      tab.classList.toggle("in-check", checked.has(level));
      tab.setAttribute("aria-pressed", String(level === this.shownLevel));
      tab.setAttribute("aria-label", `Level ${LEVELS[level]}${n ? `, ${n} target${n > 1 ? "s" : ""}` : ""}` +
        (checked.has(level) ? ", check" : ""));
    }
  }

  async activate(cell) {
    this.setFocus(cell);
    if (!this.enabled) return;
    if (this.selected !== null) {
      const choices = (this.movesByFrom.get(this.selected) || []).filter((m) => m.to === cell);
      if (choices.length) {
        const move = choices.length === 1 ? choices[0] : await this.pickPromotion(choices);
        this.select(null); // played or cancelled, the selection is done with
        if (move && this.onMove) this.onMove(move.text);
        return;
      }
    }
    if (this.movesByFrom.has(cell) && cell !== this.selected) {
      this.select(cell);
    } else {
      this.select(null);
    }
  }

  /** Ask which piece to promote to; resolves to the chosen move or null when cancelled. */
  pickPromotion(choices) {
    const piece = this.board[choices[0].from];
    const color = piece ? piece.color : "white";
    for (const button of this.picker.querySelectorAll("button[data-kind]")) {
      const kind = button.dataset.kind;
      const available = choices.some((m) => m.promotion === kind);
      button.hidden = !available;
      button.querySelector("img").src = this.pieceUrls[pieceKey({ kind, color })];
      button.querySelector("img").alt = "";
    }
    return new Promise((resolve) => {
      this.picker.addEventListener(
        "close",
        () => resolve(choices.find((m) => m.promotion === this.picker.returnValue) || null),
        { once: true },
      );
      this.picker.returnValue = "";
      this.picker.showModal();
    });
  }

  setFocus(cell, moveFocus = false) {
    if (moveFocus && this.shownLevel !== null && cellLevel(cell) !== this.shownLevel) {
      this.showLevel(cellLevel(cell));
    }
    this.cells[this.focusCell].tabIndex = -1;
    this.focusCell = cell;
    this.cells[cell].tabIndex = 0;
    if (moveFocus) this.cells[cell].focus();
  }

  // Arrow keys walk a level as seen on screen; PageUp/PageDown (or [ and ]) change level.
  onKey(event, cell) {
    const sign = this.orientation === "black" ? -1 : 1;
    let [level, rank, file] = [cellLevel(cell), cellRank(cell), cellFile(cell)];
    switch (event.key) {
      case "ArrowLeft": file -= sign; break;
      case "ArrowRight": file += sign; break;
      case "ArrowUp": rank += sign; break;
      case "ArrowDown": rank -= sign; break;
      case "PageUp": case "]": level += 1; break;
      case "PageDown": case "[": level -= 1; break;
      case "Escape": this.select(null); event.preventDefault(); return;
      default: return;
    }
    event.preventDefault();
    const clamp = (n) => Math.max(0, Math.min(SIZE - 1, n));
    this.setFocus(cellIndex(clamp(level), clamp(rank), clamp(file)), true);
  }

  announce(text) {
    this.live.textContent = text;
  }
}

function label(className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  span.setAttribute("aria-hidden", "true");
  return span;
}

/** The cells strictly between two cells on one straight line (rook, bishop, unicorn or queen
 * lines); none for a knight's jump. Geometry for drawing only, not a rule check. */
function lineBetween(a, b) {
  const d = [cellLevel(b) - cellLevel(a), cellRank(b) - cellRank(a), cellFile(b) - cellFile(a)];
  const steps = Math.max(...d.map(Math.abs));
  if (d.some((x) => x !== 0 && Math.abs(x) !== steps)) return [];
  const unit = d.map(Math.sign);
  const cells = [];
  for (let i = 1; i < steps; i += 1) {
    cells.push(cellIndex(cellLevel(a) + unit[0] * i, cellRank(a) + unit[1] * i, cellFile(a) + unit[2] * i));
  }
  return cells;
}

/** Which king is in check after the last move, read from its notation mark (+, ++ or #). */
export function checkedColor(moves, turn) {
  const last = moves.length ? moves[moves.length - 1] : null;
  return last && /(\+|#)$/.test(last.san || "") ? turn : null;
}
