// A game's variant as the browser sees it: cells, their names and layout, the pieces' letters
// and pictures, the position string's fields — all read from the descriptor the server embeds
// (docs/variant-seam.md section 5). No board size is written here.
// The browser never decides legality: legal moves always come from the server's game state.

import { format, gettext } from "./i18n.js";

/** What this board draws (the site offers a variant only if it needs nothing else:
 * games/variants.py BOARD_DRAWS, held equal to this list by a test). */
export const BOARD_DRAWS = ["cells:square", "cells:hex", "movable-boards"];

/** The descriptor embedded in the page (json_script id "variant-descriptor"). */
export function pageVariant() {
  const el = document.getElementById("variant-descriptor");
  if (!el) throw new Error("the page embeds no variant descriptor");
  return new Variant(JSON.parse(el.textContent));
}

const escapeClass = (letters) => letters.map((l) => l.replace(/[\]\\^-]/g, "\\$&")).join("");

export class Variant {
  constructor(descriptor) {
    this.descriptor = descriptor;
    this.key = descriptor.key;
    this.name = descriptor.name;
    this.boards = descriptor.boards;
    this.cells = descriptor.cells;
    this.ncells = descriptor.cells.length;
    this.byName = new Map(this.cells.map((c, i) => [c.name, i]));
    // (board, x, y) -> cell, for walking the drawing with the keyboard.
    this.byPlace = new Map(this.cells.map((c, i) => [`${c.board}:${c.x}:${c.y}`, i]));
    // "square" (the cube's grid of buttons) or "hex" (hexagons centred on (x, y), neighbouring
    // centres 1 apart; each board says "flat" or "pointy" tops). Hex centres are fractions, so
    // computed points are found by rounding (pointKey).
    this.cellShape = descriptor.cell_shape || "square";
    this.hex = this.cellShape === "hex";
    this.byPoint = new Map(this.cells.map((c, i) => [pointKey(c.board, c.x, c.y), i]));
    // A stand's placement lists every place of its box, cells or not (movable boards): a name
    // that is no cell is a place that never holds a piece (undefined here).
    this.placementOrder = descriptor.placement_order.map((name) => this.byName.get(name));
    this.pieces = new Map(descriptor.pieces.map((p) => [p.letter.toLowerCase(), p]));
    // The piece that is checked and mated (drawn red when in check).
    const royal = descriptor.pieces.find((p) => p.royal);
    this.royal = royal ? royal.letter.toLowerCase() : null;
    this.promotion = descriptor.promotion || [];
    this.reserve = descriptor.reserve || [];
    this.fenFields = descriptor.fen_fields;
    this.options = descriptor.options || {};
    const cell = `(${descriptor.cell_pattern})`;
    const promo = this.promotion.length ? `([${escapeClass(this.promotion)}])?` : "()?";
    const place = this.reserve.length ? `(?:/([${escapeClass(this.reserve)}]))?` : "()?";
    this.moveRegex = new RegExp(`^${cell}${cell}${promo}${place}$`);
    this.readStand(descriptor);
  }

  /** Movable boards (docs/variant-seam.md section 10: Star Trek's attack boards): the pins a
   * board can stand on, which of them the position string's `pins` field says are occupied
   * (a cell of a free pin is not drawn), and the board move's text ("Q1dQ1u": from-pin,
   * to-pin). A variant without pins has every cell always, one level group per board. */
  readStand(descriptor) {
    this.pins = (descriptor.pins || []).map((pin, index) => ({
      index, id: pin.id, board: pin.board, level: pin.level,
      cells: pin.cells.map((name) => this.parseCell(name)),
    }));
    this.movable = this.pins.length > 0;
    this.pinById = new Map(this.pins.map((pin) => [pin.id, pin]));
    this.pinOfBoard = new Map(this.pins.map((pin) => [pin.board, pin]));
    for (const pin of this.pins) pin.anchor = Math.min(...pin.cells);
    this.startPins = descriptor.start_pins || [];
    const spec = descriptor.board_move;
    this.boardMoveRegex = spec ? new RegExp(`^(?:${spec.pattern})$`) : null;
    // Level groups: the 2D board's columns and the phone strip's tabs. With movable boards a
    // level holds several panes (a main board, or the pins at that height); else one each.
    const byZ = new Map();
    this.boards.forEach((pane, index) => {
      const key = this.movable ? pane.z : index;
      if (!byZ.has(key)) byZ.set(key, { label: this.movable ? pane.level || String(pane.z) : pane.label, panes: [] });
      byZ.get(key).panes.push(index);
    });
    this.groups = [...byZ.entries()].sort((a, b) => a[0] - b[0]).map(([z, group]) => ({ ...group, z }));
    this.groupOfBoard = new Array(this.boards.length);
    this.groups.forEach((group, g) => group.panes.forEach((pane) => { this.groupOfBoard[pane] = g; }));
    // (level z, x, y) -> cell: lines through the whole stand (check lines, keyboard).
    this.byVoxel = new Map(this.cells.map((c, i) => [`${this.boards[c.board].z}:${c.x}:${c.y}`, i]));
  }

  /** The level group (2D column, phone tab) a cell is drawn in. */
  groupOf(cell) { return this.groupOfBoard[this.cells[cell].board]; }

  /** Which cells exist when the pins `pinIds` hold boards: all but the cells of free pins. */
  existing(pinIds) {
    const exists = new Array(this.ncells).fill(true);
    if (!this.movable || !pinIds) return exists;
    const occupied = new Set(pinIds);
    for (const pin of this.pins) {
      if (!occupied.has(pin.id)) for (const cell of pin.cells) exists[cell] = false;
    }
    return exists;
  }

  /** "Q1dQ1u" -> [from pin, to pin], or null when `text` is no board move. */
  splitBoardMove(text) {
    if (!this.boardMoveRegex || !this.boardMoveRegex.test(text)) return null;
    for (let i = 1; i < text.length; i += 1) {
      const [from, to] = [this.pinById.get(text.slice(0, i)), this.pinById.get(text.slice(i))];
      if (from && to) return [from, to];
    }
    return null;
  }

  cellName(cell) { return this.cells[cell].name; }
  boardOf(cell) { return this.cells[cell].board; }
  isDark(cell) { return !!this.cells[cell].dark; }
  /** Which of the board's colours a cell has: `shade` (0, 1, 2 on Glinski's hexes), else
   * dark 1 / light 0. */
  shadeOf(cell) {
    const c = this.cells[cell];
    return Number.isInteger(c.shade) ? c.shade : (c.dark ? 1 : 0);
  }

  /** "flat" (a flat side towards the players: hexes side by side in columns) or "pointy". */
  hexOrientation(board) {
    return this.boards[board].orientation === "pointy" ? "pointy" : "flat";
  }

  /** A hex's corners around its centre (cell units, y up): circumradius 1/sqrt(3), so that
   * neighbouring centres are 1 apart. */
  hexCorners(board) {
    const radius = 1 / Math.sqrt(3);
    const start = this.hexOrientation(board) === "flat" ? 0 : Math.PI / 6;
    return [...Array(6).keys()].map((k) => {
      const angle = start + (k * Math.PI) / 3;
      return [radius * Math.cos(angle), radius * Math.sin(angle)];
    });
  }

  /** The extent of a board's drawing in cell units: {minX, maxX, minY, maxY} of the cells'
   * outlines (a square cell is 1 wide, a hex its corners), width, height and centre. */
  paneBox(board) {
    const mine = this.cells.filter((c) => c.board === board);
    const [halfW, halfH] = this.hex
      ? this.hexCorners(board).reduce(([w, h], [x, y]) => [Math.max(w, x), Math.max(h, y)], [0, 0])
      : [0.5, 0.5];
    const xs = mine.map((c) => c.x);
    const ys = mine.map((c) => c.y);
    const box = {
      minX: Math.min(...xs) - halfW, maxX: Math.max(...xs) + halfW,
      minY: Math.min(...ys) - halfH, maxY: Math.max(...ys) + halfH, cellWidth: 2 * halfW, cellHeight: 2 * halfH,
    };
    return { ...box, width: box.maxX - box.minX, height: box.maxY - box.minY,
      centerX: (box.minX + box.maxX) / 2, centerY: (box.minY + box.maxY) / 2 };
  }

  /** The cell whose centre is at (x, y) of a board, found to within rounding, or undefined. */
  cellNear(board, x, y) {
    return this.byPoint.get(pointKey(board, x, y));
  }

  /** The neighbour of a cell on its own board most nearly in direction (dx, dy) (keyboard
   * walking on hexes: a step right may go up-right or down-right), or undefined at the edge. */
  neighbourToward(cell, dx, dy) {
    const from = this.cells[cell];
    let best;
    let bestCos = 0.5; // within 60 degrees of the direction asked for
    this.cells.forEach((c, i) => {
      if (c.board !== from.board || i === cell) return;
      const [vx, vy] = [c.x - from.x, c.y - from.y];
      const length = Math.hypot(vx, vy);
      if (length > 1.01) return; // neighbours only (centres 1 apart)
      const cos = (vx * dx + vy * dy) / length / Math.hypot(dx, dy);
      if (cos > bestCos + 1e-6) { best = i; bestCos = cos; }
    });
    return best;
  }

  parseCell(name) {
    const cell = this.byName.get(name);
    if (cell === undefined) throw new Error(`not a cell name: ${name}`);
    return cell;
  }

  /** The cell drawn at (x, y) of a board, or undefined. */
  cellAt(board, x, y) {
    return this.byPlace.get(`${board}:${x}:${y}`);
  }

  pieceName(kind) {
    const piece = this.pieces.get(kind);
    return piece ? piece.name : kind;
  }

  pieceImage(kind) {
    const piece = this.pieces.get(kind);
    return piece ? piece.image : kind;
  }

  pieceLabel(piece) {
    if (!piece) return gettext("empty");
    return format(piece.color === "white" ? gettext("white %(piece)s") : gettext("black %(piece)s"),
      { piece: this.pieceName(piece.kind) });
  }

  /**
   * Parse a position string into {board, turn, halfmove, fullmove, reserves}; board[cell] is
   * {kind: "n", color: "white"} or null; reserves {white: ["w", ...], black: [...]}.
   * The placement field: cells in placement_order, separators skipped, a run of digits is
   * that many empty cells, a letter a piece (upper case White). Throws on a malformed string.
   */
  parseFen(fen) {
    const fields = String(fen).trim().split(/\s+/);
    if (fields.length !== this.fenFields.length) {
      throw new Error(format(gettext("position string needs %(count)s fields"), { count: this.fenFields.length }));
    }
    const field = (name) => fields[this.fenFields.indexOf(name)];
    const board = new Array(this.ncells).fill(null);
    const placement = field("placement");
    let i = 0;
    for (const token of placement.match(/\d+|[^\d|/]/g) || []) {
      if (/^\d+$/.test(token)) {
        i += Number(token);
        continue;
      }
      const kind = token.toLowerCase();
      const cell = this.placementOrder[i];
      if (!this.pieces.has(kind) || cell === undefined) {
        throw new Error(format(gettext("bad placement: %(placement)s"), { placement }));
      }
      board[cell] = { kind, color: token === kind ? "black" : "white" };
      i += 1;
    }
    const places = this.placementOrder.length;
    if (i !== places) {
      throw new Error(format(gettext("placement covers %(covered)s cells, not %(places)s"), { covered: i, places }));
    }
    const reserves = { white: [], black: [] };
    const held = this.fenFields.includes("reserves") ? field("reserves") : "-";
    for (const ch of held === "-" ? "" : held) {
      reserves[ch === ch.toLowerCase() ? "black" : "white"].push(ch.toLowerCase());
    }
    const number = (name, fallback) =>
      (this.fenFields.includes(name) ? Number(field(name)) : fallback);
    const pins = this.fenFields.includes("pins") ? field("pins").split(",") : null;
    if (pins && pins.some((id) => !this.pinById.has(id))) {
      throw new Error(format(gettext("bad pins: %(pins)s"), { pins: field("pins") }));
    }
    return {
      board,
      pins,
      exists: this.existing(pins),
      turn: field("side") === "b" ? "black" : "white",
      halfmove: number("halfmove", 0),
      fullmove: number("fullmove", 1),
      reserves,
    };
  }

  /** "Bc2Cc2" / "De5Ee5q" / "Bb1Be4/g" -> {from, to, promotion, placement, text}. */
  parseCoordMove(text) {
    const pins = this.splitBoardMove(text);
    if (pins) {
      // A board move (movable boards): from and to are the pins' anchor cells, as the engine
      // packs it; `board` tells every reader it moves a board, not the piece on the anchor.
      const [fromPin, toPin] = pins;
      return { from: fromPin.anchor, to: toPin.anchor, fromPin, toPin, board: true, promotion: null,
        placement: null, text };
    }
    const match = this.moveRegex.exec(text);
    if (!match) throw new Error(`not a coordinate move: ${text}`);
    return {
      from: this.parseCell(match[1]), to: this.parseCell(match[2]),
      promotion: match[3] || null, placement: match[4] || null, text,
    };
  }

  /** The cells strictly between two cells on one straight line of the drawing (board index
   * as the third axis: exact for stacked boards such as the cube); none for a leap.
   * Geometry for drawing the check line only, not a rule check. */
  lineBetween(a, b) {
    if (this.hex) return this.latticeBetween(a, b);
    if (this.movable) return this.standBetween(a, b);
    const at = (c) => [this.cells[c].board, this.cells[c].y, this.cells[c].x];
    const [pa, pb] = [at(a), at(b)];
    const d = pb.map((v, k) => v - pa[k]);
    const steps = Math.max(...d.map(Math.abs));
    if (d.some((v) => v !== 0 && Math.abs(v) !== steps)) return [];
    const unit = d.map(Math.sign);
    const cells = [];
    for (let i = 1; i < steps; i += 1) {
      const cell = this.cellAt(pa[0] + unit[0] * i, pa[2] + unit[2] * i, pa[1] + unit[1] * i);
      if (cell === undefined) return [];
      cells.push(cell);
    }
    return cells;
  }

  /** lineBetween on a stand (movable boards): cells on one straight line of (level, x, y),
   * whichever pane holds them. */
  standBetween(a, b) {
    const at = (c) => [this.boards[this.cells[c].board].z, this.cells[c].x, this.cells[c].y];
    const [pa, pb] = [at(a), at(b)];
    const d = pb.map((v, k) => v - pa[k]);
    const steps = Math.max(...d.map(Math.abs));
    if (d.some((v) => v !== 0 && Math.abs(v) !== steps)) return [];
    const cells = [];
    for (let i = 1; i < steps; i += 1) {
      const cell = this.byVoxel.get(pa.map((v, k) => v + Math.sign(d[k]) * i).join(":"));
      if (cell === undefined) return [];
      cells.push(cell);
    }
    return cells;
  }

  /** lineBetween for boards whose centres are fractions (hexes): the cells at equal steps
   * from a to b, with the most steps for which every step lands on a cell (a leap has none).
   * Steps are at least 1 long (neighbouring centres and boards are 1 apart). */
  latticeBetween(a, b) {
    const [pa, pb] = [this.cells[a], this.cells[b]];
    const d = [pb.board - pa.board, pb.x - pa.x, pb.y - pa.y];
    const most = Math.ceil(Math.hypot(...d) + 1e-9);
    for (let steps = most; steps > 1; steps -= 1) {
      if (d[0] % steps !== 0) continue;
      const cells = [];
      for (let i = 1; i < steps; i += 1) {
        const cell = this.cellNear(pa.board + (d[0] * i) / steps, pa.x + (d[1] * i) / steps,
          pa.y + (d[2] * i) / steps);
        if (cell === undefined) break;
        cells.push(cell);
      }
      if (cells.length === steps - 1) return cells;
    }
    return [];
  }
}

function pointKey(board, x, y) {
  return `${board}:${Math.round(x * 1000)}:${Math.round(y * 1000)}`;
}

/** The picture of a piece: one SVG per kind, Black's coloured by CSS (.piece.black). */
export function pieceImage(variant, pieceUrls, piece) {
  const img = document.createElement("img");
  img.src = pieceUrls[variant.pieceImage(piece.kind)];
  img.alt = "";
  img.draggable = false;
  img.className = `piece ${piece.color}`;
  return img;
}
