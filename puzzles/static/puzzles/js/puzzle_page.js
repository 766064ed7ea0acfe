// The puzzle page (/training/<variant>/): a puzzle from GET /api/v1/puzzles/next/ is solved on
// the board (2D or 3D, the game page's BoardView); the server's analysis-board endpoint lists
// the legal moves and plays each one, the opponent's replies are played automatically, and the
// whole attempt is sent to POST /api/v1/puzzles/{id}/attempt/ once it is solved, missed or
// given up ("View solution"). Streak mode goes from puzzle to puzzle until the first miss.
// Every word shown comes from the page's data-text-* attributes (translated in the template).

import { api } from "../../games/js/api.js";
import { BoardView } from "../../games/js/boardview.js";
import { pageVariant } from "../../games/js/position.js";

const REPLY_DELAY_MS = 500; // the opponent's reply follows a correct move after this pause
const STREAK_NEXT_MS = 900; // in streak mode the next puzzle follows a solve after this pause

/** Fill Django-style %(name)s placeholders of a translated text. */
export function fill(text, values) {
  return String(text || "").replace(/%\((\w+)\)s/g, (_, key) => String(values[key] ?? ""));
}

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

function stored(key) {
  try { return Number(window.localStorage.getItem(key)) || 0; } catch { return 0; }
}

function store(key, value) {
  try { window.localStorage.setItem(key, String(value)); } catch { /* not remembered */ }
}

class PuzzlePage {
  constructor(root) {
    this.root = root;
    this.text = root.dataset;
    this.ctx = JSON.parse(document.getElementById("puzzle-context").textContent);
    this.variant = pageVariant();
    this.el = (selector) => root.querySelector(selector);
    this.board = null;
    this.orientation = null;
    this.streakMode = false;
    this.streak = 0;
    this.bestKey = `raumschach.puzzleStreak.${this.ctx.variant_key}`;
    this.el(".puzzle-streak-best").textContent = String(stored(this.bestKey));
    this.wire();
    if (this.ctx.count || this.ctx.puzzle) this.load(this.ctx.puzzle || null);
    else { this.setState("none"); this.status(this.text.textNone); }
  }

  wire() {
    this.el('[data-action="hint"]').addEventListener("click", () => this.hint());
    this.el('[data-action="solution"]').addEventListener("click", () => this.viewSolution());
    this.el('[data-action="next"]').addEventListener("click", () => this.load(null));
    this.el('[data-action="streak"]').addEventListener("change", (event) => {
      this.streakMode = event.target.checked;
      this.setStreak(0);
      this.el('[data-action="hint"]').disabled = this.streakMode;
      this.load(null);
    });
  }

  setState(state) {
    this.state = state;
    this.root.dataset.state = state;
  }

  error(text) { this.el(".puzzle-error").textContent = text || ""; }
  status(text) { this.el(".puzzle-status").textContent = text || ""; }

  setStreak(count) {
    this.streak = count;
    this.el(".puzzle-streak").textContent = String(count);
    if (count > stored(this.bestKey)) {
      store(this.bestKey, count);
      this.el(".puzzle-streak-best").textContent = String(count);
    }
    this.root.dataset.streak = String(count);
  }

  url(name, id) { return this.ctx.urls[name].replace("ID", encodeURIComponent(id)); }

  async position(fen, move) {
    const body = { variant: this.ctx.variant_key, fen };
    if (move) body.move = move;
    return api(this.ctx.urls.position, { method: "POST", body });
  }

  /** Load the puzzle `id`, or the next one for the player. */
  async load(id) {
    this.setState("loading");
    this.busy = true;
    this.error("");
    this.el(".puzzle-result").textContent = "";
    let puzzle;
    try {
      puzzle = id ? await api(this.url("puzzle", id))
        : await api(`${this.ctx.urls.next}?${new URLSearchParams({ variant: this.ctx.variant_key })}`);
      this.node = await this.position(puzzle.fen);
    } catch (err) {
      this.busy = false;
      this.setState("none");
      if (err.code === "no_puzzle") this.status(this.text.textNone);
      else this.error(err.message);
      return;
    }
    this.puzzle = puzzle;
    this.ply = 0;
    this.played = [];
    this.lastMove = null;
    this.started = Date.now();
    this.root.dataset.puzzle = puzzle.id;
    const turn = this.node.turn;
    if (turn !== this.orientation || !this.board) {
      this.orientation = turn;
      this.board = new BoardView(this.el(".board-root"), {
        variant: this.variant, pieceUrls: this.ctx.piece_urls, orientation: turn,
        onMove: (text) => this.play(text),
      });
    }
    this.el(".puzzle-title").textContent = fill(this.text.textPuzzleRating, { id: puzzle.id, rating: puzzle.rating });
    const names = this.ctx.theme_names || {};
    this.el(".puzzle-themes").textContent = (puzzle.themes || []).map((t) => names[t] || t).join(", ");
    this.setState("playing");
    this.busy = false;
    this.yourTurn();
    this.show();
  }

  yourTurn() {
    const side = this.node.turn === "white" ? this.text.textWhite : this.text.textBlack;
    this.status(fill(this.text.textYourTurn, { side }));
  }

  show(arrow = null) {
    this.board.setPosition({ fen: this.node.fen, legalMoves: this.node.legal_moves, lastMove: this.lastMove,
                             checkers: this.node.checkers, arrow,
                             enabled: this.state === "playing" && !this.busy });
    this.root.dataset.ply = String(this.ply);
    const query = new URLSearchParams({ variant: this.ctx.variant_key, fen: this.node.fen });
    this.el(".puzzle-analysis").href = `${this.ctx.urls.analysis}?${query}`;
  }

  /** Play `move` from the board's position: the node after it (the server's rules). */
  async step(move) {
    const before = this.node;
    this.node = await this.position(before.fen, move);
    this.lastMove = this.node.played.move;
    this.played.push(this.node.played.move);
    this.ply += 1;
    return before;
  }

  async play(text) {
    if (this.state !== "playing" || this.busy) return;
    this.busy = true;
    const solution = this.puzzle.solution;
    const expected = solution[this.ply];
    let before;
    try {
      before = await this.step(text);
    } catch (err) {
      this.error(err.message);
      this.busy = false;
      this.show();
      return;
    }
    this.error("");
    const last = this.ply === solution.length;
    const mates = !!this.node.outcome && this.node.checkers.length > 0 && this.node.legal_moves.length === 0;
    if (this.lastMove !== expected && !(last && mates)) {
      // Missed: the attempt ends here; the board goes back and shows the move that was wanted.
      this.node = before;
      this.ply -= 1; // `played` keeps the wrong move: the attempt sent ends with it
      this.lastMove = null;
      this.setState("failed");
      this.busy = false;
      this.show({ move: expected, kind: "best" });
      this.status(fill(this.text.textWrong, { move: expected }));
      await this.finish(false);
      return;
    }
    if (last) {
      this.setState("solved");
      this.busy = false;
      this.show();
      this.status(this.text.textSolved);
      await this.finish(true);
      return;
    }
    this.status(this.text.textGood);
    this.show();
    await pause(REPLY_DELAY_MS);
    try {
      await this.step(solution[this.ply]); // the opponent's reply
    } catch (err) {
      this.error(err.message);
    }
    this.busy = false;
    this.show();
    this.yourTurn();
  }

  hint() {
    if (this.state !== "playing" || this.busy || this.streakMode) return;
    const move = this.variant.parseCoordMove(this.puzzle.solution[this.ply]);
    if (move.board) { this.status(this.text.textHintBoard); return; }
    this.board.select(move.from);
    this.root.dataset.hint = this.variant.cellName(move.from);
    this.status(this.text.textHint);
  }

  async viewSolution() {
    if (!this.puzzle || this.busy || this.state === "loading" || this.state === "shown") return;
    this.busy = true;
    if (this.state === "playing") {
      this.setState("shown");
      await this.finish(false); // given up: a miss, as on lichess
    }
    this.setState("shown");
    try {
      while (this.ply < this.puzzle.solution.length) {
        await this.step(this.puzzle.solution[this.ply]);
        this.show();
        await pause(REPLY_DELAY_MS);
      }
    } catch (err) {
      this.error(err.message);
    }
    this.busy = false;
    this.show();
    this.status(this.text.textShown);
  }

  /** Send the attempt; show the rating it earned; carry the streak on or end it. */
  async finish(correct) {
    const puzzle = this.puzzle;
    const seconds = Math.round((Date.now() - this.started) / 100) / 10;
    try {
      const answer = await api(this.url("attempt", puzzle.id), {
        method: "POST", body: { moves: this.played.slice(), seconds },
      });
      this.result(answer);
    } catch (err) {
      this.error(err.message);
    }
    if (!this.streakMode) return;
    if (correct) {
      this.setStreak(this.streak + 1);
      await pause(STREAK_NEXT_MS);
      if (this.puzzle === puzzle) this.load(null);
    } else {
      this.el(".puzzle-result").textContent = fill(this.text.textStreakOver, { count: this.streak });
      this.setStreak(0);
    }
  }

  result(answer) {
    const out = this.el(".puzzle-result");
    if (!answer.rating) { out.textContent = this.text.textAnonymous; return; }
    if (!answer.rated) { out.textContent = this.text.textUnrated; return; }
    const diff = answer.rating_diff >= 0 ? `+${answer.rating_diff}` : String(answer.rating_diff);
    const rating = `${answer.rating.rating}${answer.rating.provisional ? "?" : ""}`;
    out.textContent = fill(this.text.textRated, { rating, diff });
    this.el(".puzzle-player-rating").textContent = rating;
  }
}

const root = document.getElementById("puzzle");
if (root) window.puzzlePage = new PuzzlePage(root);
