// Premove (issue 46), as on lichess: while the opponent is to move in a live game the player
// may plan ONE move of their own; it is played the moment the position arrives if the server
// lists it among the legal moves then, and silently dropped if not. Esc or a right click
// cancels it. The browser still judges no legality: the cells offered while planning are where
// the piece could go on an empty board (the server's /variants/<key>/reach/, lichess's premove
// squares ignore the pieces in the way too), and only the server's list of legal moves decides
// whether it is played.

import { api } from "./api.js";
import { format, gettext, ngettext } from "./i18n.js";

// Every word premoves say, in one place, in the page's language (djangojs catalogue).
export const STRINGS = {
  planned: (from, to) => format(gettext(
    "Premove %(from)s–%(to)s: played as soon as it is your turn. Esc or a right click cancels it."), { from, to }),
  selected: (cell, count) => format(ngettext("%(cell)s selected for a premove; %(count)s cell.",
    "%(cell)s selected for a premove; %(count)s cells.", count), { cell, count }),
  cancelled: gettext("Premove cancelled."),
};

export class Premove {
  /**
   * @param {object} options  variant (position.js), reachUrl (the variant's reach endpoint),
   *   onChange(): the boards repaint
   */
  constructor({ variant, reachUrl, onChange = () => {} }) {
    this.variant = variant;
    this.reachUrl = reachUrl;
    this.onChange = onChange;
    this.color = null; // the player's colour while premoves may be planned, else null
    this.selected = null; // the cell of the piece being planned
    this.targets = new Set();
    this.move = null; // {from, to}: the planned move
    this.cache = new Map(); // "letter@cell" -> [cells]
    this.asking = 0;
  }

  get enabled() {
    return this.color !== null;
  }

  /** Premoves may be planned (colour: the player's) or not (null: our turn, the game over). */
  enable(color) {
    if (this.color === color) return;
    this.color = color;
    if (color === null) this.clearSelection();
  }

  clearSelection() {
    this.selected = null;
    this.targets = new Set();
  }

  /** A click on `cell` holding `piece` ({kind, color} or null) while the opponent is to move.
   * Returns true when it changed what is planned. */
  click(cell, piece) {
    if (!this.enabled) return false;
    if (this.selected !== null && this.targets.has(cell)) {
      this.move = { from: this.selected, to: cell };
      this.clearSelection();
      this.onChange();
      return true;
    }
    if (piece && piece.color === this.color && cell !== this.selected) {
      this.selected = cell;
      this.targets = new Set();
      this.move = null; // a new plan replaces the old one (one premove only)
      this.onChange();
      this.loadTargets(cell, piece);
      return true;
    }
    const had = this.selected !== null || this.move !== null;
    this.clearSelection();
    this.move = null;
    if (had) this.onChange();
    return had;
  }

  async loadTargets(cell, piece) {
    const letter = piece.color === "white" ? piece.kind.toUpperCase() : piece.kind.toLowerCase();
    const key = `${letter}@${cell}`;
    let cells = this.cache.get(key);
    if (!cells) {
      const name = this.variant.cellName(cell);
      const ticket = ++this.asking;
      try {
        const reach = await api(`${this.reachUrl}?piece=${encodeURIComponent(letter)}&cell=${encodeURIComponent(name)}`);
        cells = [...new Set([...reach.moves, ...reach.attacks])].flatMap((n) => {
          try {
            return [this.variant.parseCell(n)];
          } catch {
            return []; // a name this drawing lacks: not offered
          }
        });
        this.cache.set(key, cells);
      } catch {
        cells = []; // nothing offered; the player can still play on their turn
      }
      if (ticket !== this.asking) return; // another piece was chosen meanwhile
    }
    if (this.selected !== cell) return;
    this.targets = new Set(cells);
    this.onChange();
  }

  /** Forget the plan (Esc, a right click, the game over). Returns true if there was one. */
  cancel() {
    const had = this.selected !== null || this.move !== null;
    this.clearSelection();
    this.move = null;
    if (had) this.onChange();
    return had;
  }

  /** The move text to play now from `legalMoves` (the server's list for the position that
   * came), or null: the plan is not legal now. A promotion takes the variant's first
   * promotion piece (lichess's auto-queen on premoves), a reserve placement none. */
  take(legalMoves) {
    const planned = this.move;
    this.move = null;
    this.clearSelection();
    if (!planned) return null;
    const fits = [];
    for (const text of legalMoves || []) {
      let move;
      try {
        move = this.variant.parseCoordMove(typeof text === "string" ? text : text.move);
      } catch {
        continue;
      }
      if (!move.board && move.from === planned.from && move.to === planned.to) fits.push(move);
    }
    if (!fits.length) return null;
    const rank = (move) => {
      const promotion = move.promotion ? this.variant.promotion.indexOf(move.promotion) : -1;
      return [promotion < 0 ? 0 : promotion, move.placement ? 1 : 0];
    };
    fits.sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return ra[0] - rb[0] || ra[1] - rb[1];
    });
    return fits[0].text;
  }
}
