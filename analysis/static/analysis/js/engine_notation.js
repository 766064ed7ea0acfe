/* The engine's line as readable moves ("NAb1-Cb2", "Bc2xCd3", "De5-Ee5=Q#", "BBb1-Be4/G",
 * a Star Trek attack board's move "Q1u-Q5d"),
 * written as engine/notation.py writes them (move_text and check_suffix), with the position
 * walked on the WebAssembly core: the page shows the browser engine's line without asking the
 * server.  notation: {names: cell names, letters: letter per kind, pane: board per cell,
 * pins: pin name per anchor cell} (analysis/board/selectors.py's engine_tables).  A classic
 * script, like engine_core.js. */
(function (root) {
  "use strict";

  const PAWN = 1;
  const BOARD_MOVE = 1 << 26; // engine/moves.py's BOARD_MOVE_FLAG: from and to are pins' anchors
  const colorOf = (code) => code >> 4;

  function moveText(notation, codes, after, move) {
    const from = (move >>> 9) & 511, to = move & 511;
    if (move & BOARD_MOVE) return notation.pins[from] + "-" + notation.pins[to];
    const promo = (move >>> 18) & 15, place = (move >>> 22) & 15;
    const code = codes[from], kind = code & 15;
    const letter = kind === PAWN ? "" : notation.letters[kind].toUpperCase();
    // A capture takes an enemy piece off (en passant included; castling onto the own rook not).
    const enemies = (cs) => cs.filter((c) => c && colorOf(c) !== colorOf(code)).length;
    const sep = enemies(after) < enemies(codes) ? "x" : "-";
    let text = letter + notation.names[from] + sep + notation.names[to];
    if (promo) text += "=" + notation.letters[promo].toUpperCase();
    if (place) text += "/" + notation.letters[place].toUpperCase();
    return text;
  }

  /* '', '+', '++' (no king move on its own board) or '#' for the side to move. */
  function checkSuffix(notation, core, state) {
    if (!state.inCheck) return "";
    const legal = core.legal();
    if (!legal.length) return "#";
    const pane = notation.pane[state.king];
    const kingMoves = legal.some((m) => ((m >>> 9) & 511) === state.king && notation.pane[m & 511] === pane);
    return kingMoves ? "+" : "++";
  }

  /* The moves of `line` from the core's current position, as text; the position is restored. */
  function lineText(notation, core, line) {
    const out = [];
    let played = 0;
    try {
      for (const move of line) {
        const before = core.state().codes;
        core.play(move);
        played += 1;
        const state = core.state();
        out.push(moveText(notation, before, state.codes, move) + checkSuffix(notation, core, state));
      }
    } catch (err) {
      out.push("?"); // a line the core does not accept here (never expected): shown as cut short
    } finally {
      for (let i = 0; i < played; i += 1) core.undo();
    }
    return out;
  }

  const api = { lineText, moveText };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.RsEngineNotation = api;
})(typeof self !== "undefined" ? self : this);
