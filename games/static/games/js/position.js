// Reading the position string and cell names, for display only.
// The browser never decides legality: legal moves always come from the server's game state.

export const LEVELS = "ABCDE";
export const FILES = "abcde";
// No start position here: the pages pass each game's own (`start_fen`, from the engine).

export const PIECE_NAMES = {
  k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", u: "unicorn", p: "pawn",
};
export const PROMOTION_KINDS = ["q", "r", "b", "n", "u"];

// Cell numbering shared with the engine: level*25 + rank*5 + file, each 0..4.
export const cellIndex = (level, rank, file) => level * 25 + rank * 5 + file;
export const cellLevel = (cell) => Math.floor(cell / 25);
export const cellRank = (cell) => Math.floor(cell / 5) % 5;
export const cellFile = (cell) => cell % 5;

export function cellName(cell) {
  return LEVELS[cellLevel(cell)] + FILES[cellFile(cell)] + String(cellRank(cell) + 1);
}

export function parseCell(name) {
  const match = /^([A-E])([a-e])([1-5])$/.exec(name);
  if (!match) throw new Error(`not a cell name: ${name}`);
  return cellIndex(LEVELS.indexOf(match[1]), Number(match[3]) - 1, FILES.indexOf(match[2]));
}

// docs/rules/raumschach.md: dark where level + rank + file is even (Aa1 and Cc3 are dark).
export const isDark = (cell) => (cellLevel(cell) + cellRank(cell) + cellFile(cell)) % 2 === 0;

/**
 * Parse a position string into {board, turn, halfmove, fullmove}; board[cell] is
 * {kind: "n", color: "white"} or null. Throws on a malformed string.
 */
export function parseFen(fen) {
  const fields = String(fen).trim().split(/\s+/);
  const levels = fields[0].split("|");
  if (levels.length !== 5) throw new Error("position string needs five levels");
  const board = new Array(125).fill(null);
  levels.forEach((levelText, i) => {
    const level = 4 - i; // levels are listed E..A
    const ranks = levelText.split("/");
    if (ranks.length !== 5) throw new Error("each level needs five ranks");
    ranks.forEach((rankText, j) => {
      const rank = 4 - j; // ranks are listed 5..1
      let file = 0;
      for (const ch of rankText) {
        if (/[1-5]/.test(ch)) {
          file += Number(ch);
        } else {
          const kind = ch.toLowerCase();
          if (!(kind in PIECE_NAMES) || file > 4) throw new Error(`bad placement: ${rankText}`);
          board[cellIndex(level, rank, file)] = {
            kind, color: ch === kind ? "black" : "white",
          };
          file += 1;
        }
      }
      if (file !== 5) throw new Error(`rank does not have five files: ${rankText}`);
    });
  });
  return {
    board,
    turn: fields[1] === "b" ? "black" : "white",
    halfmove: Number(fields[2] || 0),
    fullmove: Number(fields[3] || 1),
  };
}

/** "Bc2Cc2" / "De5Ee5q" -> {from, to, promotion, text}. */
export function parseCoordMove(text) {
  const match = /^([A-E][a-e][1-5])([A-E][a-e][1-5])([qrbnu])?$/.exec(text);
  if (!match) throw new Error(`not a coordinate move: ${text}`);
  return {
    from: parseCell(match[1]), to: parseCell(match[2]), promotion: match[3] || null, text,
  };
}

export function pieceLabel(piece) {
  return piece ? `${piece.color} ${PIECE_NAMES[piece.kind]}` : "empty";
}

/** The image key used for piece files: "wN", "bU", ... */
export function pieceKey(piece) {
  return (piece.color === "white" ? "w" : "b") + piece.kind.toUpperCase();
}
