// A game's variant as the browser sees it: cells, their names and layout, the pieces' letters
// and pictures, the position string's fields — all read from the descriptor the server embeds
// (docs/variant-seam.md section 5). No board size is written here.
// The browser never decides legality: legal moves always come from the server's game state.

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
    this.placementOrder = descriptor.placement_order.map((name) => this.parseCell(name));
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
    return piece ? `${piece.color} ${this.pieceName(piece.kind)}` : "empty";
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
      throw new Error(`position string needs ${this.fenFields.length} fields`);
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
      if (!this.pieces.has(kind) || i >= this.ncells) throw new Error(`bad placement: ${placement}`);
      board[this.placementOrder[i]] = { kind, color: token === kind ? "black" : "white" };
      i += 1;
    }
    if (i !== this.ncells) throw new Error(`placement covers ${i} cells, not ${this.ncells}`);
    const reserves = { white: [], black: [] };
    const held = this.fenFields.includes("reserves") ? field("reserves") : "-";
    for (const ch of held === "-" ? "" : held) {
      reserves[ch === ch.toLowerCase() ? "black" : "white"].push(ch.toLowerCase());
    }
    const number = (name, fallback) =>
      (this.fenFields.includes(name) ? Number(field(name)) : fallback);
    return {
      board,
      turn: field("side") === "b" ? "black" : "white",
      halfmove: number("halfmove", 0),
      fullmove: number("fullmove", 1),
      reserves,
    };
  }

  /** "Bc2Cc2" / "De5Ee5q" / "Bb1Be4/g" -> {from, to, promotion, placement, text}. */
  parseCoordMove(text) {
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
