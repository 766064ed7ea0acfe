// The "planned replies" editor (conditional moves): on the opponent's turn the player clicks a
// line on the board — their move, my reply, their move, my reply... The position and legal
// moves after each click come from the server (…/conditional-moves/preview/), never from the
// browser; saving PUTs all of the player's lines. Only the owner ever sees them.

import { api } from "./api.js";
import { format, gettext } from "./i18n.js";

export class PlanEditor {
  /**
   * @param {HTMLElement} root  the .conditional-panel section
   * @param {object} options  urls: {conditional, conditional_preview}; onChange(): redraw
   */
  constructor(root, { urls, onChange }) {
    this.root = root;
    this.urls = urls;
    this.onChange = onChange;
    this.lines = []; // [{ply, moves}] as stored
    this.draft = null; // {ply, moves, preview} while a line is being clicked
    this.ply = null;
    this.canPlan = false;
    this.active = true;
    this.loading = false; // a preview is on its way from the server
    this.$ = (sel) => root.querySelector(sel);
    for (const button of root.querySelectorAll("[data-plan]")) {
      button.addEventListener("click", () => this[button.dataset.plan]());
    }
  }

  get drawing() {
    return !!(this.draft && this.draft.preview);
  }

  /** What the board shows while drawing: the position after the draft's moves. */
  boardView() {
    const { moves, preview } = this.draft;
    return { fen: preview.fen, legalMoves: preview.legal_moves,
             lastMove: moves.length ? moves[moves.length - 1] : null };
  }

  /** Called on every render of the game: the game's ply, whether planning is allowed, and
   * whether the game is still on (a finished game has nothing to plan: the panel goes). */
  sync(ply, canPlan, active = true) {
    const moved = this.ply !== null && this.ply !== ply;
    this.ply = ply;
    this.canPlan = canPlan;
    this.active = active;
    this.root.hidden = !active && !this.lines.length;
    if ((moved || !canPlan) && this.draft) {
      this.draft = null; // the position it started from is gone
      this.showError(moved ? gettext("The game moved on; the line you were drawing was discarded.") : "");
    }
    if (moved) this.load();
    this.renderControls();
  }

  async load() {
    try {
      const body = await api(this.urls.conditional);
      this.lines = body.lines;
      this.renderLines();
    } catch (err) {
      this.showError(err.message);
    }
  }

  async start() {
    this.draft = { ply: this.ply, moves: [], preview: null };
    await this.refreshPreview();
  }

  async addMove(move) {
    if (!this.drawing || this.loading) return; // a click on a position being replaced
    this.draft.moves.push(move);
    await this.refreshPreview();
  }

  async undo() {
    if (!this.draft || !this.draft.moves.length) return;
    this.draft.moves.pop();
    await this.refreshPreview();
  }

  cancel() {
    this.draft = null;
    this.showError("");
    this.onChange();
  }

  async save() {
    if (!this.draft) return;
    const kept = this.lines.filter((line) => line.ply === this.ply).map((line) => line.moves);
    await this.put([...kept, this.draft.moves]);
  }

  async remove(index) {
    await this.put(this.lines.filter((_, i) => i !== index).map((line) => line.moves));
  }

  async put(lines) {
    try {
      const body = await api(this.urls.conditional, { method: "PUT", body: { lines } });
      this.lines = body.lines;
      this.draft = null;
      this.showError("");
    } catch (err) {
      this.showError(err.message);
    }
    this.renderLines();
    this.onChange();
  }

  async refreshPreview() {
    const moves = this.draft.moves.join(",");
    // Until the server's answer arrives the board still shows the previous position: the panel
    // says so (data-ready), and clicks on that stale board are not taken as the next move.
    this.loading = true;
    this.renderControls();
    try {
      const preview = await api(`${this.urls.conditional_preview}?moves=${encodeURIComponent(moves)}`);
      if (this.draft) this.draft.preview = preview;
      this.showError("");
    } catch (err) {
      if (this.draft) this.draft.moves.pop(); // the server refused the last move: take it back
      this.showError(err.message);
    }
    this.loading = false;
    this.onChange();
  }

  /** The draft as the move list writes it (the server's SAN), while the preview matches it. */
  draftSans() {
    const { moves, preview } = this.draft;
    return preview && preview.san && preview.san.length === moves.length ? preview.san : moves;
  }

  renderControls() {
    const show = (name, visible) => { this.$(`[data-plan="${name}"]`).hidden = !visible; };
    const drawing = !!this.draft;
    const n = drawing ? this.draft.moves.length : 0;
    this.root.dataset.ready = String(drawing && this.drawing && !this.loading);
    show("start", this.canPlan && !drawing);
    show("save", drawing && n >= 2 && n % 2 === 0);
    show("undo", drawing && n > 0);
    show("cancel", drawing);
    const draft = this.$(".conditional-draft");
    if (!drawing) draft.textContent = this.canPlan || this.lines.length || !this.active ? "" :
      gettext("Plan replies while your opponent is to move.");
    else draft.textContent = format(n % 2 === 0 ? gettext("%(line)s — click their move on the board.")
      : gettext("%(line)s — click your reply on the board."), { line: describe(this.draftSans()) });
  }

  renderLines() {
    const list = this.$(".conditional-lines");
    list.replaceChildren();
    this.lines.forEach((line, index) => {
      const item = document.createElement("li");
      const text = document.createElement("span");
      text.textContent = describe(line.san || line.moves);
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "link-button";
      remove.textContent = gettext("Remove");
      remove.addEventListener("click", () => this.remove(index));
      item.append(text, " ", remove);
      list.append(item);
    });
    this.renderControls();
  }

  showError(text) {
    this.$(".conditional-error").textContent = text;
  }
}

/** "if Db4-Db3 → Bc2-Bc3, then if Dc4-Dc3 → Bd2-Bd3" */
function describe(moves) {
  const parts = [];
  for (let i = 0; i < moves.length; i += 2) {
    parts.push(format(gettext("if %(move)s → %(reply)s"), { move: moves[i], reply: moves[i + 1] || "…" }));
  }
  return parts.join(gettext(", then ")) || gettext("New line");
}
