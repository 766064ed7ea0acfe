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
