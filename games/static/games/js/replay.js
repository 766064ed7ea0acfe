// The replay page: step through a finished game with buttons, the arrow keys, or by
// clicking any move in the list. The position after each move comes with the game state, and
// so do the cells giving check there (the server's engine decides; the page only draws).

import { checkedColor } from "./board.js";
import { BoardView } from "./boardview.js";
import { format, gettext } from "./i18n.js";
import { renderMoveList } from "./movelist.js";
import { pageVariant } from "./position.js";
import { Review } from "./review.js";

class ReplayPage {
  constructor(root) {
    this.root = root;
    const ctx = JSON.parse(document.getElementById("game-context").textContent);
    this.state = JSON.parse(document.getElementById("game-state").textContent);
    this.moves = this.state.moves;
    this.startFen = this.state.start_fen; // the page passes the game's own start position
    this.variant = pageVariant();
    this.board = new BoardView(root.querySelector(".board-root"),
      { variant: this.variant, pieceUrls: ctx.piece_urls,
        orientation: ctx.my_color === "black" ? "black" : "white" });
    const requested = Number(new URLSearchParams(window.location.hash.slice(1)).get("ply"));
    this.ply = Number.isInteger(requested) && requested >= 0 && requested <= this.moves.length
      ? requested : 0;
    for (const button of root.querySelectorAll("[data-step]")) {
      button.addEventListener("click", () => this.step(button.dataset.step));
    }
    document.addEventListener("keydown", (event) => this.onKey(event));
    // The computer analysis (when the site has the analysis app): its marks redraw the replay.
    const panel = root.querySelector(".analysis-panel");
    this.review = null;
    if (panel && ctx.urls && ctx.urls.analysis) {
      this.review = new Review(panel, {
        url: ctx.urls.analysis, socket: ctx.urls.socket, canRequest: ctx.can_request_analysis,
        exists: ctx.has_analysis,
        whiteFirst: this.variant.parseFen(this.startFen).turn !== "black",
        onJump: (ply) => this.go(ply), onChange: () => this.show(),
      });
    }
    this.show();
  }

  step(where) {
    const last = this.moves.length;
    const target = { first: 0, prev: this.ply - 1, next: this.ply + 1, last }[where];
    this.go(target);
  }

  go(ply) {
    this.ply = Math.max(0, Math.min(this.moves.length, ply));
    this.show();
  }

  onKey(event) {
    // Leave keys alone while the user types in a field or works the board's own keys.
    if (event.target.closest("input, select, textarea, .board")) return;
    const where = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (!where) return;
    event.preventDefault();
    this.step(where);
  }

  show() {
    const shown = this.moves.slice(0, this.ply);
    const fen = this.ply ? this.moves[this.ply - 1].fen : this.startFen;
    const { turn } = this.variant.parseFen(fen);
    this.board.setPosition({
      fen,
      lastMove: this.ply ? this.moves[this.ply - 1].move : null,
      checkColor: checkedColor(shown, turn),
      checkers: (this.ply ? this.moves[this.ply - 1].checkers : this.state.start_checkers) || [],
      arrow: this.review ? this.review.arrowAt(this.ply) : null,
    });
    renderMoveList(this.root.querySelector(".move-list"), this.moves, {
      current: this.ply, onJump: (ply) => this.go(ply), start: this.variant.parseFen(this.startFen),
      notes: this.review ? this.review.notes() : {},
    });
    if (this.review) this.review.showPly(this.ply);
    const counter = this.root.querySelector(".replay-position");
    counter.textContent = this.ply
      ? format(gettext("After move %(move)s %(san)s (ply %(ply)s of %(plies)s)"), {
        move: `${Math.ceil(this.ply / 2)}${this.ply % 2 ? "" : "…"}`, san: this.moves[this.ply - 1].san,
        ply: this.ply, plies: this.moves.length })
      : format(gettext("Start position (ply 0 of %(plies)s)"), { plies: this.moves.length });
    this.root.dataset.ply = String(this.ply);
    this.root.querySelector('[data-step="first"]').disabled = this.ply === 0;
    this.root.querySelector('[data-step="prev"]').disabled = this.ply === 0;
    this.root.querySelector('[data-step="next"]').disabled = this.ply === this.moves.length;
    this.root.querySelector('[data-step="last"]').disabled = this.ply === this.moves.length;
    history.replaceState(null, "", `#ply=${this.ply}`);
    const analyse = this.root.querySelector(".analyse-link"); // the analysis board opens at this ply
    if (analyse) analyse.search = `?game=${this.root.dataset.game}&ply=${this.ply}`;
  }
}

const root = document.getElementById("replay");
if (root) window.replayPage = new ReplayPage(root);
