// The rules page's piece demo: one piece alone on the variant's board (2D or 3D, the same
// BoardView as the game page), its moves as the engine generates them (GET
// /api/v1/variants/<key>/reach/), selected at once; clicking one of its targets moves it there.
// Cells it attacks but cannot move to (a pawn's captures) are ringed. The page judges nothing:
// every cell shown comes from the server's engine.

import { api } from "./api.js";
import { BoardView } from "./boardview.js";
import { format, gettext, ngettext } from "./i18n.js";
import { pageVariant } from "./position.js";

class PieceDemo {
  constructor(root) {
    this.root = root;
    this.ctx = JSON.parse(document.getElementById("rules-context").textContent);
    this.variant = pageVariant();
    this.summary = root.querySelector(".demo-summary");
    this.error = root.querySelector(".demo-error");
    this.cellInput = root.querySelector("input[name=cell]");
    this.blackBox = root.querySelector("input[name=black]");
    this.buttons = [...root.querySelectorAll("[data-piece]")];
    this.view = new BoardView(root.querySelector(".demo-board"), {
      variant: this.variant, pieceUrls: this.ctx.piece_urls, viewStorage: "demo",
      onMove: (text) => this.show(this.asked, this.variant.cellName(this.variant.parseCoordMove(text).to)),
      onView: () => this.reselect(),
    });
    for (const button of this.buttons) {
      button.addEventListener("click", () => this.show(this.colored(button.dataset.piece), this.here()));
    }
    this.blackBox.addEventListener("change", () => this.show(this.colored(this.asked), this.here()));
    root.querySelector(".demo-cell").addEventListener("submit", (event) => {
      event.preventDefault();
      this.show(this.asked, this.cellInput.value);
    });
    // The piece a newcomer asks about first: the one a cube adds to chess.
    const first = this.buttons.find((b) => b.dataset.englishName === "unicorn") || this.buttons[0];
    this.show(first.dataset.piece, this.cellInput.value);
  }

  /** The piece stays selected, so its moves show without a click, in 2D and in 3D. */
  reselect() {
    if (this.from === undefined) return;
    this.view.select(this.from);
  }

  /** Where the piece stands (a typed cell only counts once the server has accepted it). */
  here() {
    return this.cell || this.cellInput.value;
  }

  colored(letter) {
    return this.blackBox.checked ? letter.toLowerCase() : letter.toUpperCase();
  }

  /**
   * Ask the engine for `letter` on `cell` and show it. Clicks and typing do not wait for the
   * server: only the newest request's answer is drawn, the piece asked for last is the one the
   * next action moves, and an answer never overwrites a cell typed while it was on its way
   * (a pawn chosen, then "Dd4" typed and sent before the pawn's answer came, stayed on Ee5).
   */
  async show(letter, cell) {
    const ticket = (this.ticket || 0) + 1;
    this.ticket = ticket;
    this.asked = letter;
    const typed = this.cellInput.value;
    let reach;
    try {
      const query = new URLSearchParams({ piece: letter, cell: cell.trim() });
      reach = await api(`/api/v1/variants/${encodeURIComponent(this.ctx.key)}/reach/?${query}`);
    } catch (err) {
      if (ticket !== this.ticket) return;
      this.asked = this.letter;
      this.error.textContent = err.message;
      this.error.hidden = false;
      return;
    }
    if (ticket !== this.ticket) return;
    this.error.hidden = true;
    this.letter = reach.piece;
    this.cell = reach.cell;
    if (this.cellInput.value === typed) this.cellInput.value = reach.cell;
    for (const button of this.buttons) {
      button.setAttribute("aria-pressed", String(button.dataset.piece.toLowerCase() === letter.toLowerCase()));
    }
    this.from = this.variant.parseCell(reach.cell);
    this.view.setPosition({
      fen: reach.fen, enabled: true,
      legalMoves: reach.moves.map((to) => `${reach.cell}${to}`),
    });
    this.reselect();
    const moves = new Set(reach.moves);
    const onlyAttacked = reach.attacks.filter((c) => !moves.has(c));
    for (const button of this.view.board2d.cells) button.classList.remove("attacked");
    for (const name of reach.attacks) {
      this.view.board2d.cells[this.variant.parseCell(name)].classList.add("attacked");
    }
    const name = this.buttons.find((b) => b.dataset.piece.toLowerCase() === letter.toLowerCase());
    let piece = name ? name.textContent.trim() : letter;
    // English writes a piece's name in lower case inside a sentence; German capitalises nouns.
    if (name && (document.documentElement.lang || "en").startsWith("en")) piece = piece.toLowerCase();
    const who = format(letter === letter.toUpperCase() ? gettext("White %(piece)s") : gettext("Black %(piece)s"),
      { piece });
    let text = format(ngettext("%(who)s on %(cell)s: %(count)s move", "%(who)s on %(cell)s: %(count)s moves",
      moves.size), { who, cell: reach.cell, count: moves.size });
    if (onlyAttacked.length || reach.attacks.length !== moves.size) {
      text += format(ngettext("; attacks %(count)s cell (%(cells)s)", "; attacks %(count)s cells (%(cells)s)",
        reach.attacks.length), { count: reach.attacks.length, cells: reach.attacks.join(", ") || gettext("none") });
    } else {
      text += gettext(", and it attacks the same cells");
    }
    this.summary.textContent = `${text}.`;
    this.root.dataset.moves = reach.moves.join(" ");
    this.root.dataset.attacks = reach.attacks.join(" ");
  }
}

const root = document.getElementById("piece-demo");
if (root) new PieceDemo(root);
