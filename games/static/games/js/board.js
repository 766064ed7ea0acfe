// The 2D board: one grid per board of the variant (the cube's five levels), laid out from the
// variant descriptor; renders a position, highlights, and turns clicks or keys into moves.
// It only offers moves the server listed in legal_moves; it never judges legality itself.
// Movable boards (Star Trek) are drawn one column per level by stand2d.js: attack boards on
// their pins, free pins as markers, a board picked up by its handle and put on a listed pin.

import { pieceImage } from "./position.js";
import { STRINGS as premoveWords } from "./premove.js";
import { buildStandLevel, paintStand, standNeighbour } from "./stand2d.js";
import { format, gettext, ngettext } from "./i18n.js";

export class Board {
  /**
   * @param {HTMLElement} root  element to render into (emptied)
   * @param {object} options
   *   variant: a Variant (position.js); pieceUrls: {king: url, ...} by picture name;
   *   orientation: "white" | "black";
   *   onMove(moveText): called with a coordinate move the server listed as legal
   */
  constructor(root, { variant, pieceUrls, orientation = "white", onMove = null, premove = null, onCell = null } = {}) {
    this.root = root;
    // The board editor: a click on a cell is handed over whole (it puts or takes a piece).
    this.onCell = onCell;
    // A live game's premove planner (premove.js): clicks on the opponent's turn go to it.
    this.premove = premove;
    this.variant = variant;
    this.pieceUrls = pieceUrls;
    this.orientation = orientation;
    this.onMove = onMove;
    this.board = new Array(variant.ncells).fill(null);
    this.movesByFrom = new Map(); // from cell -> [{from, to, promotion, placement, text}]
    this.boardMoves = new Map(); // from pin index -> [board moves] (movable boards only)
    this.enabled = false;
    this.selected = null;
    this.selectedPin = null; // a picked-up attack board's pin
    this.exists = new Array(variant.ncells).fill(true);
    this.focusCell = variant.movable ? variant.cells.findIndex((c) => !variant.pinOfBoard.has(c.board))
      : variant.cellAt(0, 0, 0) ?? 0;
    this.cells = new Array(variant.ncells);
    this.build();
  }

  build() {
    this.root.replaceChildren();
    this.root.classList.add("board");
    this.root.dataset.orientation = this.orientation;
    const variant = this.variant;
    const flipped = this.orientation === "black";
    const order = (n) => (flipped ? [...Array(n).keys()].reverse() : [...Array(n).keys()]);
    // A level group is one board (the cube's levels) or, with movable boards, every pane at one
    // height (a main board, or the pins around it): one column on a laptop, one tab on a phone.
    const groups = variant.groups;
    this.sections = new Array(groups.length);
    this.pinParts = new Map(); // pin index -> {frame, handle, marker} (stand2d.js)
    this.strip = this.buildStrip();
    this.root.append(this.strip);
    // On a phone one board is shown large (CSS); the strip switches between them. The first
    // shown is the one above the player's home board (where the opening moves land).
    this.shownLevel = Math.max(0, Math.min(groups.length - 1, flipped ? groups.length - 2 : 1));
    for (const index of order(groups.length)) {
      const group = groups[index];
      const first = group.panes[0];
      const section = document.createElement("section");
      this.sections[index] = section;
      section.dataset.level = group.label;
      section.className = "level";
      section.setAttribute("role", "group");
      section.setAttribute("aria-label", format(gettext("Level %(level)s"), { level: group.label }));
      const title = document.createElement("h3");
      title.className = "level-name";
      title.dataset.word = gettext("Level"); // the heading's "Level" (site.css puts it before the label)
      title.textContent = group.label;
      title.setAttribute("aria-hidden", "true");
      const badge = document.createElement("span");
      badge.className = "level-targets";
      title.append(badge);
      const grid = variant.movable ? buildStandLevel(this, index, flipped)
        : variant.hex ? this.buildHexPane(first, flipped) : this.buildGrid(first, variant.boards[first], order);
      section.append(title, grid);
      this.root.append(section);
    }
    this.live = document.createElement("p");
    this.live.className = "visually-hidden";
    this.live.setAttribute("aria-live", "polite");
    this.root.append(this.live);
    this.picker = this.buildPicker();
    this.root.append(this.picker);
    this.arrowLayer = buildArrowLayer();
    this.root.append(this.arrowLayer);
    this.arrow = null;
    // The arrow is drawn in CSS pixels between two cells: redrawn when the layout moves.
    if (window.ResizeObserver) new ResizeObserver(() => this.paintArrow()).observe(this.root);
    this.cells[this.focusCell].tabIndex = 0;
    this.paintLevels();
  }

  /** A square board (the cube's levels): a CSS grid of buttons with rank and file labels. */
  buildGrid(index, pane, order) {
    const variant = this.variant;
    const grid = document.createElement("div");
    grid.className = "grid";
    grid.style.setProperty("--cols", String(pane.width));
    grid.style.setProperty("--rows", String(pane.height));
    // White sees the top row (y largest) at the top, x growing to the right, the boards in
    // order; Black sees the point reflection.
    const rows = order(pane.height).reverse();
    for (const y of rows) {
      grid.append(label("rank-label", pane.rows ? pane.rows[y] : ""));
      for (const x of order(pane.width)) {
        const cell = variant.cellAt(index, x, y);
        if (cell === undefined) {
          grid.append(label("no-cell", "")); // a hole in the pane (not every layout is square)
          continue;
        }
        grid.append(this.makeCell(cell));
      }
    }
    grid.append(label("corner", ""));
    for (const x of order(pane.width)) grid.append(label("file-label", pane.columns ? pane.columns[x] : ""));
    return grid;
  }

  /** A hexagon board: each cell a button shaped (and clicked) as a hexagon drawn in SVG,
   * placed at its centre; the board's size comes from its cells (variant.paneBox), with a
   * strip below for the file labels. */
  buildHexPane(index, flipped) {
    const variant = this.variant;
    const pane = variant.boards[index];
    const box = variant.paneBox(index);
    const [w, h] = [box.cellWidth, box.cellHeight];
    const grid = document.createElement("div");
    grid.className = `hexgrid hex-${variant.hexOrientation(index)}`;
    // White sees y growing upwards, Black the point reflection (as on the square boards):
    // the top-left corner, in cell units, of a cell-sized box centred on (x, y).
    const corner = (x, y) => (flipped ? [box.maxX - x - w / 2, y - h / 2 - box.minY]
      : [x - w / 2 - box.minX, box.maxY - y - h / 2]);
    const put = (element, x, y) => {
      const [left, top] = corner(x, y);
      element.style.setProperty("--hx", left.toFixed(4));
      element.style.setProperty("--hy", top.toFixed(4));
    };
    const points = variant.hexCorners(index).map(([x, y]) =>
      `${((100 * (x + w / 2)) / w).toFixed(2)},${((100 * (h / 2 - y)) / h).toFixed(2)}`).join(" ");
    const ends = new Map(); // column (x) -> the cell nearest the player, its label goes beyond it
    variant.cells.forEach((c, cell) => {
      if (c.board !== index) return;
      const button = this.makeCell(cell);
      button.classList.add("hex", `shade-${variant.shadeOf(cell)}`);
      put(button, c.x, c.y);
      button.prepend(hexShape(points));
      grid.append(button);
      const key = c.x.toFixed(3);
      const end = ends.get(key);
      if (end === undefined || (variant.cells[end].y > c.y) !== flipped) ends.set(key, cell);
    });
    // File labels (one per column, left to right as White sees them) beyond each column's end.
    const xs = [...ends.keys()].sort((a, b) => Number(a) - Number(b));
    const labelled = !!pane.columns && pane.columns.length === xs.length;
    if (labelled) {
      xs.forEach((key, i) => {
        const c = variant.cells[ends.get(key)];
        const text = label("hex-file-label", pane.columns[i]);
        put(text, c.x, c.y + (flipped ? 0.8 : -0.8) * h);
        grid.append(text);
      });
    }
    grid.style.setProperty("--w", box.width.toFixed(4));
    grid.style.setProperty("--h", (box.height + (labelled ? 0.5 : 0)).toFixed(4));
    grid.style.setProperty("--hw", w.toFixed(4));
    grid.style.setProperty("--hh", h.toFixed(4));
    return grid;
  }

  /** One cell's button: its name (shown with the coordinates setting), click and keys. */
  makeCell(cell) {
    const name = this.variant.cellName(cell);
    const button = document.createElement("button");
    button.type = "button";
    button.className = `cell ${this.variant.isDark(cell) ? "dark" : "light"}`;
    button.dataset.cell = String(cell);
    button.dataset.name = name;
    button.tabIndex = -1;
    const coord = document.createElement("span");
    coord.className = "coord"; // shown by the "coordinates on cells" setting
    coord.setAttribute("aria-hidden", "true");
    coord.textContent = name;
    button.append(coord);
    button.addEventListener("click", () => this.activate(cell));
    button.addEventListener("keydown", (event) => this.onKey(event, cell));
    this.cells[cell] = button;
    return button;
  }

  /** The boards (levels) as buttons with the selected piece's target count (shown on phones). */
  buildStrip() {
    const strip = document.createElement("nav");
    strip.className = "level-strip";
    strip.setAttribute("aria-label", gettext("Levels"));
    this.stripButtons = new Array(this.variant.groups.length);
    for (let level = 0; level < this.variant.groups.length; level += 1) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "level-tab";
      button.dataset.level = this.variant.groups[level].label;
      button.addEventListener("click", () => this.showLevel(level));
      this.stripButtons[level] = button;
      strip.append(button);
    }
    this.allTab = document.createElement("button");
    this.allTab.type = "button";
    this.allTab.className = "level-tab all-levels";
    this.allTab.textContent = gettext("All");
    this.allTab.setAttribute("aria-label", gettext("All levels, stacked"));
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

  /** One dialog for both questions a move may need: which piece to promote to, and which
   * reserve piece (if any) to place on the cell the moving piece leaves. */
  buildPicker() {
    const dialog = document.createElement("dialog");
    dialog.className = "promotion-picker";
    this.pickerHeading = document.createElement("p");
    this.pickerRow = document.createElement("div");
    this.pickerRow.className = "promotion-choices";
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "button secondary promotion-cancel";
    cancel.textContent = gettext("Cancel");
    cancel.addEventListener("click", () => dialog.close(""));
    dialog.append(this.pickerHeading, this.pickerRow, cancel);
    return dialog;
  }

  /**
   * Show a position. state: {fen, legalMoves: [coord], lastMove: coord|null,
   * checkColor: "white"|"black"|null, enabled: bool, arrow: {move: coord, kind} | null}
   * (arrow: a move drawn as an arrow, e.g. the engine's; kind "best" or "better" styles it)
   */
  setPosition({ fen, legalMoves = [], lastMove = null, checkColor = null, checkers = [], enabled = false,
    arrow = null }) {
    const variant = this.variant;
    const parsed = variant.parseFen(fen);
    // The same position drawn again (the state that follows a reconnect's replayed moves, a
    // chat line): a piece the player has picked up stays picked up, or the next click is lost.
    const same = fen === this.fen && enabled;
    const picked = this.selected, pickedPin = this.selectedPin;
    this.fen = fen;
    this.board = parsed.board;
    this.checkers = (checkers || []).map((name) => variant.parseCell(name));
    // The server's checkers mean the side to move is in check, whatever the last move says.
    checkColor = checkColor || (this.checkers.length ? parsed.turn : null);
    this.exists = parsed.exists;
    this.pinsHeld = new Set(parsed.pins || []);
    this.movesByFrom = new Map();
    this.boardMoves = new Map();
    for (const text of legalMoves) {
      const move = variant.parseCoordMove(typeof text === "string" ? text : text.move);
      // A board move is listed by its pin, never as a move of the piece on the pin's anchor.
      const [byKey, key] = move.board ? [this.boardMoves, move.fromPin.index] : [this.movesByFrom, move.from];
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(move);
    }
    this.enabled = enabled;
    if (this.picker.open) this.picker.close("");
    this.selected = same && picked !== null && this.movesByFrom.has(picked) ? picked : null;
    this.selectedPin = same && pickedPin !== null && this.boardMoves.has(pickedPin) ? pickedPin : null;
    const last = lastMove ? variant.parseCoordMove(lastMove) : null;
    const isKing = (p, color) => !!p && p.kind === variant.royal && p.color === color;
    const king = checkColor ? this.board.findIndex((p) => isKing(p, checkColor)) : -1;
    const checkPath = new Set();
    this.checkLevels = new Set();
    if (king >= 0) {
      this.checkLevels.add(variant.groupOf(king));
      for (const from of this.checkers) {
        for (const cell of variant.lineBetween(from, king)) checkPath.add(cell);
        this.checkLevels.add(variant.groupOf(from));
      }
    }
    // A new move shows its level (unless the player chose to see all levels).
    if (last && this.lastShown !== lastMove && this.shownLevel !== null) this.shownLevel = variant.groupOf(last.to);
    this.lastBoardMove = last && last.board ? last : null;
    this.lastShown = lastMove;
    this.arrow = arrowOf(variant, arrow);
    this.root.dataset.arrow = this.arrow ? arrow.move : "";
    for (let cell = 0; cell < variant.ncells; cell += 1) {
      const button = this.cells[cell];
      const piece = this.board[cell];
      button.setAttribute("aria-label", `${variant.cellName(cell)}, ${variant.pieceLabel(piece)}`);
      button.hidden = !this.exists[cell]; // a cell of a free pin (movable boards) is not there
      button.classList.toggle("last-from", !!last && !last.board && last.from === cell);
      button.classList.toggle("last-to", !!last && !last.board && last.to === cell);
      button.classList.toggle(
        "check",
        !!checkColor && isKing(piece, checkColor),
      );
      button.classList.toggle("movable", enabled && this.movesByFrom.has(cell));
      button.classList.toggle("checker", this.checkers.includes(cell) && king >= 0);
      button.classList.toggle("check-path", checkPath.has(cell));
      button.classList.toggle("arrow-from", !!this.arrow && this.arrow.from === cell);
      button.classList.toggle("arrow-to", !!this.arrow && this.arrow.to === cell);
      const img = button.querySelector("img");
      const fresh = piece ? pieceImage(variant, this.pieceUrls, piece) : null;
      if (fresh && img && img.getAttribute("src") === fresh.getAttribute("src")) {
        img.className = fresh.className;
      } else {
        if (img) img.remove();
        if (fresh) button.append(fresh);
      }
    }
    this.paintSelection();
  }

  select(cell) {
    this.selected = cell;
    if (cell !== null) this.selectedPin = null;
    this.paintSelection();
    if (cell === null) return;
    const moves = this.movesByFrom.get(cell) || [];
    const targets = [...new Set(moves.map((m) => this.variant.cellName(m.to)))];
    this.announce(format(ngettext("%(cell)s, %(piece)s selected; %(count)s destination: %(cells)s",
      "%(cell)s, %(piece)s selected; %(count)s destinations: %(cells)s", targets.length),
    { cell: this.variant.cellName(cell), piece: this.variant.pieceLabel(this.board[cell]),
      count: targets.length, cells: targets.join(", ") }));
  }

  paintSelection() {
    const moves = this.selected === null ? [] : this.movesByFrom.get(this.selected) || [];
    const targets = new Set(moves.map((m) => m.to));
    const pre = this.premove;
    const preTargets = pre && pre.selected !== null ? pre.targets : new Set();
    const planned = pre && pre.move;
    for (let cell = 0; cell < this.variant.ncells; cell += 1) {
      const premoveClasses = this.cells[cell].classList;
      premoveClasses.toggle("premove-selected", !!pre && pre.selected === cell);
      premoveClasses.toggle("premove-dest", preTargets.has(cell));
      premoveClasses.toggle("premove-from", !!planned && planned.from === cell);
      premoveClasses.toggle("premove-to", !!planned && planned.to === cell);
    }
    for (const cell of preTargets) targets.add(cell); // counted on the levels (never both at once)
    for (let cell = 0; cell < this.variant.ncells; cell += 1) {
      const button = this.cells[cell];
      const isSelected = cell === this.selected;
      button.classList.toggle("selected", isSelected);
      // Only the selected cell carries aria-pressed, so the others don't read as toggles.
      if (isSelected) button.setAttribute("aria-pressed", "true");
      else button.removeAttribute("aria-pressed");
      button.classList.toggle("dest", targets.has(cell) && !preTargets.has(cell));
      button.classList.toggle("capture", targets.has(cell) && !preTargets.has(cell) && !!this.board[cell]);
    }
    this.targetCounts = new Array(this.variant.groups.length).fill(0);
    for (const cell of targets) this.targetCounts[this.variant.groupOf(cell)] += 1;
    if (this.variant.movable) paintStand(this); // pins: held, free, picked up, targets, last move
    this.paintLevels();
  }

  /** Mark each level with the selected piece's targets (title badge, phone strip). */
  paintLevels() {
    const boards = this.variant.groups;
    const counts = this.targetCounts || new Array(boards.length).fill(0);
    const checked = this.checkLevels || new Set();
    for (let level = 0; level < boards.length; level += 1) {
      const n = counts[level];
      const section = this.sections[level];
      section.classList.toggle("has-targets", n > 0);
      section.classList.toggle("shown", this.shownLevel === null || level === this.shownLevel);
      const targets = format(ngettext("%(count)s target", "%(count)s targets", n), { count: n });
      section.querySelector(".level-targets").textContent = n ? ` · ${targets}` : "";
      const tab = this.stripButtons[level];
      tab.textContent = boards[level].label;
      if (n) {
        const badge = document.createElement("span");
        badge.className = "tab-count";
        badge.textContent = String(n);
        tab.append(badge);
      }
      tab.classList.toggle("has-targets", n > 0);
      tab.classList.toggle("in-check", checked.has(level));
      tab.setAttribute("aria-pressed", String(level === this.shownLevel));
      tab.setAttribute("aria-label", format(gettext("Level %(level)s"), { level: boards[level].label })
        + (n ? `, ${targets}` : "") + (checked.has(level) ? `, ${gettext("check")}` : ""));
    }
    this.paintArrow();
  }

  /** The arrow between the centres of its two cells, wherever the levels are laid out (they
   * may be on two boards); on a phone showing one level, only its cells are marked. */
  paintArrow() {
    const layer = this.arrowLayer;
    if (!layer) return;
    const line = layer.querySelector("line");
    const arrow = this.arrow;
    const from = arrow && this.cells[arrow.from].getBoundingClientRect();
    const to = arrow && this.cells[arrow.to].getBoundingClientRect();
    if (!arrow || !from.width || !to.width) {
      line.setAttribute("visibility", "hidden");
      return;
    }
    const box = this.root.getBoundingClientRect();
    layer.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
    const [x1, y1] = [from.left + from.width / 2 - box.left, from.top + from.height / 2 - box.top];
    let [x2, y2] = [to.left + to.width / 2 - box.left, to.top + to.height / 2 - box.top];
    // Stop short of the target's centre so the head does not hide its piece.
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const short = Math.min(length / 3, to.width * 0.3);
    x2 -= ((x2 - x1) / length) * short;
    y2 -= ((y2 - y1) / length) * short;
    for (const [name, value] of [["x1", x1], ["y1", y1], ["x2", x2], ["y2", y2]]) {
      line.setAttribute(name, value.toFixed(1));
    }
    line.setAttribute("stroke-width", String(Math.max(3, from.width * 0.14)));
    line.setAttribute("class", `arrow-line arrow-${arrow.kind}`);
    line.setAttribute("marker-end", `url(#${layer.dataset.marker}-${arrow.kind})`);
    line.setAttribute("visibility", "visible");
  }

  async activate(cell) {
    this.setFocus(cell);
    if (this.onCell) {
      this.onCell(cell);
      return;
    }
    if (!this.enabled) {
      if (this.premove && this.premove.click(cell, this.board[cell])) this.announcePremove();
      return;
    }
    if (this.selected !== null) {
      const choices = (this.movesByFrom.get(this.selected) || []).filter((m) => m.to === cell);
      if (choices.length) {
        const move = await this.choose(choices);
        this.select(null); // played or cancelled, the selection is done with
        if (move && this.onMove) this.onMove(move.text);
        return;
      }
    }
    if (this.movesByFrom.has(cell) && cell !== this.selected) {
      this.select(cell);
    } else {
      // A click on an attack board that moves nothing else picks the board up (movable boards).
      const pin = this.variant.movable ? this.variant.pinOfBoard.get(this.variant.boardOf(cell)) : null;
      if (pin && this.boardMoves.has(pin.index) && this.selectedPin !== pin.index) this.selectPin(pin.index);
      else this.select(null);
    }
  }

  announcePremove() {
    const pre = this.premove;
    const name = (cell) => this.variant.cellName(cell);
    if (pre.move) this.announce(premoveWords.planned(name(pre.move.from), name(pre.move.to)));
    else if (pre.selected !== null) this.announce(premoveWords.selected(name(pre.selected), pre.targets.size));
  }

  /** A pin's handle or marker was clicked: pick its board up, put the picked-up board there
   * (a pin the server listed as its target), or put it back. */
  activatePin(index) {
    if (!this.enabled) return;
    const picked = this.selectedPin;
    if (picked !== null) {
      const move = (this.boardMoves.get(picked) || []).find((m) => m.toPin.index === index);
      if (move) {
        this.selectPin(null);
        if (this.onMove) this.onMove(move.text);
        return;
      }
    }
    this.selectPin(this.boardMoves.has(index) && index !== picked ? index : null);
  }

  selectPin(index) {
    this.selected = null;
    this.selectedPin = index;
    this.paintSelection();
    if (index === null) return;
    const targets = (this.boardMoves.get(index) || []).map((m) => m.toPin.id);
    this.announce(format(ngettext("Attack board %(board)s picked up; %(count)s free pin: %(pins)s",
      "Attack board %(board)s picked up; %(count)s free pins: %(pins)s", targets.length),
    { board: this.variant.pins[index].id, count: targets.length, pins: targets.join(", ") }));
  }

  /** One of several moves between the same two cells: asks for the promotion piece, then
   * for the placement; resolves to the chosen move, or null when cancelled. */
  async choose(choices) {
    if (choices.length > 1 && new Set(choices.map((m) => m.promotion)).size > 1) {
      const answer = await this.ask("promotion", choices.map((m) => m.promotion), choices[0].from);
      if (!answer) return null;
      choices = choices.filter((m) => m.promotion === answer.kind);
    }
    if (choices.length > 1 && new Set(choices.map((m) => m.placement)).size > 1) {
      const answer = await this.ask("placement", choices.map((m) => m.placement), choices[0].from);
      if (!answer) return null;
      choices = choices.filter((m) => m.placement === answer.kind);
    }
    return choices[0] || null;
  }

  /** Show the picker for a promotion or a placement among `kinds` (null: no placement);
   * resolves to {kind} (kind null for "no placement"), or null on cancel. */
  ask(question, kinds, from) {
    const piece = this.board[from];
    const color = piece ? piece.color : "white";
    const promotion = question === "promotion";
    this.picker.dataset.question = question;
    this.picker.setAttribute("aria-label", promotion ? gettext("Choose a promotion piece")
      : gettext("Place a reserve piece?"));
    this.pickerHeading.textContent = promotion ? gettext("Promote to:")
      : gettext("Place from your reserve on the cell you leave:");
    this.pickerRow.replaceChildren();
    const options = promotion ? this.variant.promotion : [null, ...this.variant.reserve];
    for (const kind of options) {
      if (!kinds.includes(kind)) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.kind = kind === null ? "none" : kind;
      if (kind === null) {
        button.className = "no-placement";
        button.textContent = gettext("No placement");
      } else {
        const name = this.variant.pieceName(kind);
        button.setAttribute("aria-label", format(promotion ? gettext("Promote to %(piece)s")
          : gettext("Place a %(piece)s"), { piece: name }));
        button.title = name;
        button.append(pieceImage(this.variant, this.pieceUrls, { kind, color }));
      }
      button.addEventListener("click", () => this.picker.close(button.dataset.kind));
      this.pickerRow.append(button);
    }
    return new Promise((resolve) => {
      this.picker.addEventListener("close", () => {
        const value = this.picker.returnValue;
        resolve(value === "" ? null : { kind: value === "none" ? null : value });
      }, { once: true });
      this.picker.returnValue = "";
      this.picker.showModal();
    });
  }

  setFocus(cell, moveFocus = false) {
    const board = this.variant.groupOf(cell);
    if (moveFocus && this.shownLevel !== null && board !== this.shownLevel) this.showLevel(board);
    this.cells[this.focusCell].tabIndex = -1;
    this.focusCell = cell;
    this.cells[cell].tabIndex = 0;
    if (moveFocus) this.cells[cell].focus();
  }

  // Arrow keys walk a level as seen on screen; PageUp/PageDown (or [ and ]) change level.
  // At an edge the focus stays where it is.
  onKey(event, cell) {
    const sign = this.orientation === "black" ? -1 : 1;
    const { board, x, y } = this.variant.cells[cell];
    const step = {
      ArrowLeft: [0, -sign, 0], ArrowRight: [0, sign, 0], ArrowUp: [0, 0, sign],
      ArrowDown: [0, 0, -sign], PageUp: [1, 0, 0], "]": [1, 0, 0], PageDown: [-1, 0, 0],
      "[": [-1, 0, 0],
    }[event.key];
    if (event.key === "Escape") {
      this.selectPin(null);
      event.preventDefault();
      return;
    }
    if (!step) return;
    event.preventDefault();
    // On hexes a step left or right goes to the nearest neighbour that way (up or down a half).
    const next = this.variant.movable ? standNeighbour(this, cell, step)
      : !this.variant.hex ? this.variant.cellAt(board + step[0], x + step[1], y + step[2])
      : step[0] ? this.variant.cellNear(board + step[0], x, y)
        : this.variant.neighbourToward(cell, step[1], step[2]);
    this.setFocus(next === undefined ? cell : next, true);
  }

  announce(text) {
    this.live.textContent = text;
  }
}

const SVG = "http://www.w3.org/2000/svg";

/** The hexagon a hex cell is drawn as: its colour, and a second outline for highlights. */
function hexShape(points) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "hex-shape");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("aria-hidden", "true");
  for (const part of ["hex-fill", "hex-tint"]) {
    const polygon = document.createElementNS(SVG, "polygon");
    polygon.setAttribute("class", part);
    polygon.setAttribute("points", points);
    polygon.setAttribute("vector-effect", "non-scaling-stroke");
    svg.append(polygon);
  }
  return svg;
}

let arrowLayers = 0;

/** {from, to, kind} of an arrow {move, kind}, or null: none given, or a move that is not from
 * one cell to another (a variant's special move has no arrow to draw). */
export function arrowOf(variant, arrow) {
  if (!arrow) return null;
  try {
    const move = variant.parseCoordMove(arrow.move);
    return Number.isInteger(move.from) && Number.isInteger(move.to)
      ? { ...move, kind: arrow.kind || "best" } : null;
  } catch {
    return null;
  }
}

/** The overlay the arrow is drawn on: one line, one arrow head per kind (best, better). */
function buildArrowLayer() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "arrow-layer");
  svg.setAttribute("aria-hidden", "true");
  arrowLayers += 1;
  svg.dataset.marker = `arrowhead-${arrowLayers}`;
  const defs = document.createElementNS(SVG, "defs");
  for (const kind of ["best", "better"]) {
    const marker = document.createElementNS(SVG, "marker");
    marker.id = `${svg.dataset.marker}-${kind}`;
    for (const [name, value] of [["viewBox", "0 0 10 10"], ["refX", "5"], ["refY", "5"],
      ["markerWidth", "3"], ["markerHeight", "3"], ["orient", "auto-start-reverse"]]) {
      marker.setAttribute(name, value);
    }
    const head = document.createElementNS(SVG, "path");
    head.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
    head.setAttribute("class", `arrow-head arrow-${kind}`);
    marker.append(head);
    defs.append(marker);
  }
  const line = document.createElementNS(SVG, "line");
  line.setAttribute("visibility", "hidden");
  svg.append(defs, line);
  return svg;
}

function label(className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  span.setAttribute("aria-hidden", "true");
  return span;
}

/** Which king is in check after the last move, read from its notation mark (+, ++ or #). */
export function checkedColor(moves, turn) {
  const last = moves.length ? moves[moves.length - 1] : null;
  return last && /(\+|#)$/.test(last.san || "") ? turn : null;
}
