// The board editor (/editor/<variant>/): the game's own 2D levels (and its 3D view) from the
// variant descriptor, a palette of both sides' pieces, the side to move, the unmoved pieces
// (Five Up's placement rights, Star Trek's pawns' two-step), the pieces in hand, Star Trek's
// attack boards moved to any free pin (by their handles, as on the game page). The position
// string follows every change into the URL and the text field; the server judges it
// (GET /api/v1/variants/<key>/validate/: legal or not, and why) and writes it canonically.
// The browser never decides legality; every word shown comes translated from the page.

import { api } from "../../games/js/api.js";
import { BoardView } from "../../games/js/boardview.js";
import { pageVariant, pieceImage } from "../../games/js/position.js";

const COLOURS = ["white", "black"];

/** The placement field's shape, read off a position string of the variant: each row's number
 * of places and the separator after it ("/", "|" or ""), so any board is written back the way
 * the variant writes it. */
function placementShape(placement) {
  const rows = [];
  let count = 0;
  for (const token of placement.match(/\d+|[|/]|[^\d|/]/g) || []) {
    if (token === "/" || token === "|") {
      rows.push({ places: count, sep: token });
      count = 0;
    } else {
      count += /^\d+$/.test(token) ? Number(token) : 1;
    }
  }
  rows.push({ places: count, sep: "" });
  return rows;
}

function format(template, values) {
  return template.replace(/%\((\w+)\)s/g, (_, name) => values[name] ?? "");
}

class BoardEditor {
  constructor(root) {
    this.root = root;
    this.ctx = JSON.parse(document.getElementById("editor-context").textContent);
    this.words = this.ctx.strings;
    this.variant = pageVariant();
    this.el = (selector) => root.querySelector(selector);
    this.shape = placementShape(this.ctx.start_fen.split(/\s+/)[0]);
    this.start = this.read(this.ctx.start_fen);
    this.tool = null; // {kind, color} to put, or "erase"
    this.asked = 0; // the latest question to the server (older answers are dropped)
    this.view = new BoardView(this.el(".board-root"), {
      variant: this.variant, pieceUrls: this.ctx.piece_urls, orientation: "white",
      onCell: (cell) => this.put(cell), onMove: (text) => this.moveBoard(text),
      viewStorage: "editor",
    });
    this.buildPalette();
    this.buildReserves();
    this.wire();
    this.load(this.ctx.fen, { report: this.ctx.report, push: false });
  }

  // --- reading and writing the position string ----------------------------------------------
  read(fen) {
    const fields = fen.trim().split(/\s+/);
    const parsed = this.variant.parseFen(fen); // throws on a malformed string
    const field = (name) => fields[this.variant.fenFields.indexOf(name)];
    const unmoved = new Set();
    if (this.variant.fenFields.includes("unmoved") && field("unmoved") !== "-") {
      for (const name of field("unmoved").split(",")) unmoved.add(this.variant.parseCell(name));
    }
    return { board: parsed.board, turn: parsed.turn, pins: parsed.pins ? [...parsed.pins] : null,
             reserves: parsed.reserves, unmoved, fields };
  }

  write() {
    const s = this.state;
    const letter = (p) => (p.color === "white" ? p.kind.toUpperCase() : p.kind);
    const order = this.variant.placementOrder;
    let placement = "";
    let at = 0;
    for (const row of this.shape) {
      let empty = 0;
      for (let i = 0; i < row.places; i += 1, at += 1) {
        const cell = order[at];
        const piece = cell === undefined ? null : s.board[cell];
        if (!piece) { empty += 1; continue; }
        if (empty) placement += String(empty);
        empty = 0;
        placement += letter(piece);
      }
      if (empty) placement += String(empty);
      placement += row.sep;
    }
    const values = {
      placement,
      side: s.turn === "black" ? "b" : "w",
      pins: s.pins ? [...s.pins].sort().join(",") : "-",
      reserves: this.variant.reserve.filter((k) => s.reserves.white.includes(k)).map((k) => k.toUpperCase()).join("")
        + this.variant.reserve.filter((k) => s.reserves.black.includes(k)).join("") || "-",
      unmoved: [...s.unmoved].filter((c) => s.board[c]).sort((a, b) => a - b).map((c) => this.variant.cellName(c)).join(",") || "-",
      ep: "-",
      halfmove: "0",
      fullmove: s.fields[this.variant.fenFields.indexOf("fullmove")] || "1",
    };
    return this.variant.fenFields.map((name) => values[name]).join(" ");
  }

  // --- the pieces that count as unmoved -------------------------------------------------------
  /** Whether `piece` on `cell` may be an unmoved one: a piece the start has there (Five Up: or a
   * reserve piece placed there); a Star Trek pawn also where its attack board may carry it (the
   * same place on a board at a pin with the same ranks). */
  unmovedHere(cell, piece) {
    if (!piece) return false;
    const movable = this.variant.movable;
    if ((piece.kind === "p") !== movable) return false; // Star Trek lists pawns, Five Up the others
    const same = (c) => {
      const p = this.start.board[c];
      return !!p && p.color === piece.color
        && (p.kind === piece.kind || (!movable && this.variant.reserve.includes(piece.kind)));
    };
    if (same(cell)) return true;
    const pin = movable ? this.variant.pinOfBoard.get(this.variant.boardOf(cell)) : null;
    if (!pin) return false;
    const i = pin.cells.indexOf(cell);
    const ys = (p) => p.cells.map((c) => this.variant.cells[c].y).join(",");
    return this.variant.pins.some((other) => ys(other) === ys(pin) && same(other.cells[i]));
  }

  // --- the panels -----------------------------------------------------------------------------
  buildPalette() {
    const box = this.el(".palette");
    const tools = [];
    for (const color of COLOURS) {
      for (const piece of this.variant.descriptor.pieces) {
        tools.push({ kind: piece.letter.toLowerCase(), color });
      }
    }
    this.toolButtons = [];
    for (const tool of [...tools, "erase"]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "palette-piece";
      button.setAttribute("role", "radio");
      if (tool === "erase") {
        button.textContent = "✕";
        button.title = this.words.eraser;
        button.setAttribute("aria-label", this.words.eraser);
        button.dataset.tool = "erase";
      } else {
        const img = pieceImage(this.variant, this.ctx.piece_urls, tool);
        const label = `${this.words[tool.color]} ${this.variant.pieceName(tool.kind)}`;
        img.alt = "";
        button.append(img);
        button.title = label;
        button.setAttribute("aria-label", label);
        button.dataset.tool = tool.color === "white" ? tool.kind.toUpperCase() : tool.kind;
      }
      button.addEventListener("click", () => this.choose(tool, button));
      box.append(button);
      this.toolButtons.push(button);
    }
    this.choose(tools[0], this.toolButtons[0]);
  }

  choose(tool, button) {
    this.tool = tool;
    for (const b of this.toolButtons) b.setAttribute("aria-checked", String(b === button));
  }

  buildReserves() {
    const box = this.el(".reserve-boxes");
    this.reserveBoxes = [];
    if (!box) return;
    for (const color of COLOURS) {
      const line = document.createElement("p");
      line.append(`${format(this.words.in_hand, { colour: this.words[color] })}: `);
      for (const kind of this.variant.reserve) {
        const label = document.createElement("label");
        label.className = "radio";
        const input = document.createElement("input");
        input.type = "checkbox";
        input.dataset.color = color;
        input.dataset.kind = kind;
        input.addEventListener("change", () => {
          const held = this.state.reserves[color];
          this.state.reserves[color] = input.checked ? [...new Set([...held, kind])] : held.filter((k) => k !== kind);
          this.changed();
        });
        label.append(input, ` ${this.variant.pieceName(kind)} `);
        line.append(label);
        this.reserveBoxes.push(input);
      }
      box.append(line);
    }
  }

  wire() {
    for (const input of this.root.querySelectorAll('input[name="side"]')) {
      input.addEventListener("change", () => { this.state.turn = input.value === "b" ? "black" : "white"; this.changed(); });
    }
    for (const input of this.root.querySelectorAll('input[name="unmoved"]')) {
      input.addEventListener("change", () => {
        for (let cell = 0; cell < this.variant.ncells; cell += 1) {
          const piece = this.state.board[cell];
          if (!piece || piece.color !== input.value) continue;
          if (input.checked && this.unmovedHere(cell, piece)) this.state.unmoved.add(cell);
          else if (!input.checked) this.state.unmoved.delete(cell);
        }
        this.changed();
      });
    }
    this.el('[data-action="start"]').addEventListener("click", () => this.load(this.ctx.start_fen));
    this.el('[data-action="clear"]').addEventListener("click", () => this.clear());
    this.el('[data-action="copy"]').addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(this.fen);
        this.error(this.words.copied);
      } catch {
        this.el(".fen-input").select();
      }
    });
    this.el(".fen-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.load(this.el(".fen-input").value);
    });
  }

  // --- editing --------------------------------------------------------------------------------
  put(cell) {
    if (!this.view.board2d.exists[cell]) return;
    const s = this.state;
    const old = s.board[cell];
    const tool = this.tool;
    const same = old && tool !== "erase" && old.kind === tool.kind && old.color === tool.color;
    const piece = tool === "erase" || same ? null : { ...tool };
    s.board[cell] = piece;
    s.unmoved.delete(cell);
    const box = piece && this.root.querySelector(`input[name="unmoved"][value="${piece.color}"]`);
    if (box && box.checked && this.unmovedHere(cell, piece)) s.unmoved.add(cell);
    const name = this.variant.cellName(cell);
    this.view.board2d.announce(piece
      ? format(this.words.placed, { piece: `${this.words[piece.color]} ${this.variant.pieceName(piece.kind)}`, cell: name })
      : format(this.words.removed, { cell: name }));
    this.changed();
  }

  /** A board move the editor offered (any held pin to any free one): the board's pieces go
   * with it, each to the same place on the new pin; an unmoved pawn stays unmoved. */
  moveBoard(text) {
    const pins = this.variant.splitBoardMove(text);
    if (!pins) return;
    const [from, to] = pins;
    const s = this.state;
    from.cells.forEach((cell, i) => {
      s.board[to.cells[i]] = s.board[cell];
      s.board[cell] = null;
      if (s.unmoved.delete(cell)) s.unmoved.add(to.cells[i]);
    });
    s.pins = s.pins.filter((id) => id !== from.id).concat(to.id);
    this.view.board2d.announce(format(this.words.board_moved, { from: from.id, to: to.id }));
    this.changed();
  }

  clear() {
    const s = this.state;
    s.board = s.board.map(() => null);
    s.unmoved = new Set();
    s.reserves = { white: [], black: [] };
    this.changed();
  }

  load(fen, { report = null, push = true } = {}) {
    try {
      this.state = this.read(fen);
    } catch (err) {
      this.error(`${this.words.malformed} ${err.message}`);
      return;
    }
    this.error("");
    this.changed({ report, push });
  }

  // --- showing and asking ---------------------------------------------------------------------
  changed({ report = null, push = true } = {}) {
    this.fen = this.write();
    this.paint();
    if (push) {
      const url = `${this.ctx.urls.editor}?${new URLSearchParams({ fen: this.fen })}`;
      window.history.replaceState(null, "", url);
    }
    if (report) this.verdict(report);
    else this.ask();
  }

  paint() {
    const s = this.state;
    const offers = [];
    if (this.variant.movable) {
      const held = new Set(s.pins);
      for (const from of this.variant.pins.filter((p) => held.has(p.id))) {
        for (const to of this.variant.pins.filter((p) => !held.has(p.id))) offers.push(`${from.id}${to.id}`);
      }
    }
    this.view.setPosition({ fen: this.fen, legalMoves: offers, enabled: true });
    this.el(".fen-input").value = this.fen;
    this.root.dataset.fen = this.fen;
    for (const input of this.root.querySelectorAll('input[name="side"]')) {
      input.checked = (input.value === "b") === (s.turn === "black");
    }
    for (const input of this.root.querySelectorAll('input[name="unmoved"]')) {
      const mine = [...s.unmoved].filter((c) => s.board[c] && s.board[c].color === input.value);
      input.checked = mine.length > 0;
    }
    for (const input of this.reserveBoxes) {
      input.checked = s.reserves[input.dataset.color].includes(input.dataset.kind);
    }
    const query = new URLSearchParams({ variant: this.ctx.variant_key, fen: this.fen });
    this.el(".action-analyse").href = `${this.ctx.urls.analysis}?${query}`;
    this.el(".action-friend").href = `${this.ctx.urls.new_game}?${query}&kind=user`;
    this.el('.bot-form input[name="fen"]').value = this.fen;
  }

  async ask() {
    const asked = ++this.asked;
    const verdict = this.el(".editor-verdict");
    verdict.dataset.valid = "";
    verdict.textContent = this.words.checking;
    try {
      const report = await api(`${this.ctx.urls.validate}?${new URLSearchParams({ fen: this.fen })}`);
      if (asked !== this.asked) return;
      this.verdict(report);
      // The variant's own spelling (Five Up drops the unmoved pieces of a side with no reserve).
      if (report.valid && report.fen !== this.fen) {
        this.state = this.read(report.fen);
        this.changed({ report });
      }
    } catch (err) {
      if (asked !== this.asked) return;
      this.verdict({ valid: false, playable: false, code: err.code, check: "", reason: err.message || this.words.no_server });
    }
  }

  verdict(report) {
    const verdict = this.el(".editor-verdict");
    verdict.dataset.valid = String(report.valid);
    verdict.dataset.playable = String(report.playable);
    verdict.dataset.check = report.check || "";
    verdict.classList.toggle("game-error", !report.playable);
    if (report.playable) verdict.textContent = this.words.valid;
    else if (report.valid) verdict.textContent = this.words.mate;
    else verdict.textContent = `${report.code === "bad_position" ? this.words.malformed : this.words.illegal} ${report.reason}`;
    for (const action of this.root.querySelectorAll(".action-bot, .action-friend")) {
      action.toggleAttribute("aria-disabled", !report.playable);
      action.classList.toggle("disabled", !report.playable);
      if (action.tagName === "BUTTON") action.disabled = !report.playable;
    }
    this.el(".action-analyse").classList.toggle("disabled", !report.valid);
  }

  error(text) { this.el(".editor-error").textContent = text || ""; }
}

const root = document.getElementById("board-editor");
if (root) window.boardEditor = new BoardEditor(root);
