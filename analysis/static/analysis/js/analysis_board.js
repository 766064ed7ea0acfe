// The analysis board: move freely from any position (the server's engine lists the legal
// moves and writes them, as on the game page), take back, branch into variations, paste or
// copy a position string, flip, 2D and 3D; the engine searches in the browser
// (engine_client.js), or, where the browser cannot run it, the server searches for a second.
// Opened from a game the viewer plays that is still in progress, the engine is off.

import { api } from "../../games/js/api.js";
import { BoardView } from "../../games/js/boardview.js";
import { format, gettext } from "../../games/js/i18n.js";
import { pageVariant } from "../../games/js/position.js";
import { BrowserEngine } from "./engine_client.js";
import { MoveTree } from "./move_tree.js";
import { ExplorerPanel } from "../../explorer/js/explorer_panel.js";

const BROWSER_LIMITS = { depth: 40, movetime: 300, ttMib: 32 }; // until stopped, in practice

/** A score for the side to move as White's: "+0.35", "-1.20", "#3" (White mates), "#-2". */
export function formatEval(score, mate, turn) {
  const sign = turn === "white" ? 1 : -1;
  if (mate !== null && mate !== undefined) return `#${mate * sign}`;
  const pawns = (score * sign) / 100;
  return `${pawns > 0 ? "+" : ""}${pawns.toFixed(2)}`;
}

class AnalysisPage {
  constructor(root) {
    this.root = root;
    this.ctx = JSON.parse(document.getElementById("analysis-context").textContent);
    this.variant = pageVariant();
    this.orientation = this.ctx.orientation;
    this.tree = this.newTree(this.ctx.root, this.ctx.mainline);
    this.tree.goToPly(this.ctx.ply);
    this.busy = false;
    this.engineOn = false;
    const query = new URLSearchParams({ variant: this.ctx.variant_key, options: JSON.stringify(this.ctx.variant_options) });
    // A variant the browser's engine does not play (no build holds its board, or the native core
    // does not play it: Star Trek) is searched by the server, as in a browser without WebAssembly.
    this.engine = BrowserEngine.supported() && this.ctx.urls.wasm && this.ctx.browser_engine !== false
      ? new BrowserEngine({ wasm: this.ctx.urls.wasm, worker: this.ctx.urls.worker,
                            tables: `${this.ctx.urls.tables}?${query}` })
      : null;
    this.el = (selector) => root.querySelector(selector);
    this.buildBoard();
    this.wire();
    const explorerBox = root.querySelector(".explorer-panel");
    this.explorer = explorerBox
      ? new ExplorerPanel(explorerBox, { variant: this.ctx.variant_key, rulesUsual: this.usualRules(),
                                         onPick: (move) => this.play(move) })
      : null;
    if (this.ctx.engine_off) {
      this.el(".engine-toggle").disabled = true;
      this.el(".engine-status").textContent = this.ctx.engine_off;
    } else if (!this.engine) {
      this.el(".engine-toggle").textContent = gettext("Ask the server");
      this.el(".engine-status").textContent = this.ctx.browser_engine === false
        ? gettext("The engine in the browser does not play this game yet; the server searches for a second.")
        : gettext("This browser cannot run the engine; the server searches for a second.");
    }
    this.show();
  }

  /** Whether the board plays the variant's default rules (the opening explorer counts only those). */
  usualRules() {
    const declared = this.variant.descriptor?.options || {};
    return Object.entries(this.ctx.variant_options || {})
      .every(([name, value]) => !(name in declared) || declared[name].default === value);
  }

  newTree(root, mainline) {
    return new MoveTree(root, mainline, this.variant.parseFen(root.fen).fullmove);
  }

  buildBoard() {
    this.board = new BoardView(this.el(".board-root"), {
      variant: this.variant, pieceUrls: this.ctx.piece_urls, orientation: this.orientation,
      onMove: (text) => this.play(text),
    });
  }

  wire() {
    for (const button of this.root.querySelectorAll("[data-nav]")) {
      button.addEventListener("click", () => { this.tree.navigate(button.dataset.nav); this.show(); });
    }
    this.el('[data-action="takeback"]').addEventListener("click", () => { this.tree.takeBack(); this.show(); });
    this.el('[data-action="flip"]').addEventListener("click", () => {
      this.orientation = this.orientation === "white" ? "black" : "white";
      this.buildBoard();
      this.show();
    });
    this.el('[data-action="copy"]').addEventListener("click", () => this.copy());
    this.el(".fen-form").addEventListener("submit", (event) => { event.preventDefault(); this.load(); });
    this.el(".engine-toggle").addEventListener("click", () => this.toggleEngine());
    document.addEventListener("keydown", (event) => {
      if (event.target.closest("input, select, textarea, .board")) return;
      const where = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
      if (!where) return;
      event.preventDefault();
      this.tree.navigate(where);
      this.show();
    });
  }

  error(text) { this.el(".analysis-error").textContent = text || ""; }

  async position(body) {
    return api(this.ctx.urls.position, {
      method: "POST", body: { variant: this.ctx.variant_key, variant_options: this.ctx.variant_options, ...body },
    });
  }

  async play(text) {
    if (this.busy) return;
    this.busy = true;
    try {
      const node = this.tree.current;
      const known = node.children.find((child) => child.move === text);
      if (known) this.tree.current = known;
      else this.tree.add(await this.position({ fen: node.fen, move: text }));
      this.error("");
    } catch (err) {
      this.error(err.message);
    } finally {
      this.busy = false;
    }
    this.show();
  }

  async load() {
    const fen = this.el(".fen-input").value.trim();
    try {
      const data = await this.position({ fen });
      this.tree = this.newTree(data, []);
      this.error("");
    } catch (err) {
      this.error(err.message); // the board keeps its position
      return;
    }
    this.show();
  }

  async copy() {
    const input = this.el(".fen-input");
    input.value = this.tree.current.fen;
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      this.el(".engine-status").textContent = gettext("Position string copied.");
    } catch {
      // no clipboard access: the string stands selected in the field
    }
  }

  async show() {
    const node = this.tree.current;
    if (!node.data) {
      try {
        node.data = await this.position({ fen: node.fen });
      } catch (err) {
        this.error(err.message);
        return;
      }
    }
    if (node !== this.tree.current) return; // moved on meanwhile
    const data = node.data;
    this.board.setPosition({ fen: node.fen, legalMoves: data.legal_moves, lastMove: node.move || null,
                             checkers: data.checkers, enabled: !data.outcome });
    this.el(".analysis-outcome").textContent = data.outcome ? `${data.outcome}.` : "";
    this.el(".analysis-position").textContent = node.parent
      ? format(gettext("After %(move)s %(san)s"), { move: this.tree.moveLabel(node), san: node.san })
      : gettext("Start position");
    this.el(".fen-input").value = node.fen;
    const editorLink = this.el(".editor-link"); // the board editor, from the position shown
    if (editorLink) editorLink.search = `?${new URLSearchParams({ fen: node.fen })}`;
    this.tree.render(this.el(".move-tree"), (target) => { this.tree.current = target; this.show(); });
    this.root.dataset.ply = String(this.tree.depthOf(node));
    this.el('[data-action="takeback"]').disabled = !node.parent;
    if (this.explorer) this.explorer.show(node.fen, !data.outcome);
    if (this.engineOn) this.analyse();
  }

  toggleEngine() {
    if (!this.engine) { this.serverSearch(); return; }
    this.engineOn = !this.engineOn;
    const button = this.el(".engine-toggle");
    button.textContent = this.engineOn ? gettext("Stop engine") : gettext("Start engine");
    button.setAttribute("aria-pressed", String(this.engineOn));
    if (this.engineOn) this.analyse();
    else { this.engine.stop(); this.el(".engine-status").textContent = gettext("Stopped."); }
  }

  async analyse() {
    const node = this.tree.current;
    const data = node.data;
    this.clearFigures();
    if (data.outcome) {
      this.el(".engine-status").textContent = format(gettext("%(outcome)s: nothing to search."), { outcome: data.outcome });
      this.engine.stop();
      return;
    }
    this.el(".engine-status").textContent = gettext("Searching in your browser…");
    const path = this.tree.path(node);
    try {
      const last = await this.engine.analyse(this.tree.root.data.numbers, path.map((n) => n.packed), BROWSER_LIMITS,
        (info) => { if (node === this.tree.current) this.figures(info, data.turn); });
      if (node !== this.tree.current || !this.engineOn) return;
      if (!last.stopped) {
        this.figures(last, data.turn);
        this.el(".engine-status").textContent = format(gettext("Done at depth %(depth)s."), { depth: last.depth });
      }
    } catch (err) {
      this.fallBack(err);
    }
  }

  /** The browser could not run the engine after all: the server's search from here on. */
  fallBack(err) {
    this.engine = null;
    this.engineOn = false;
    this.el(".engine-toggle").textContent = gettext("Ask the server");
    this.el(".engine-toggle").setAttribute("aria-pressed", "false");
    this.el(".engine-status").textContent = format(
      gettext("The engine cannot run in this browser (%(reason)s); the server can search for a second."),
      { reason: err.message });
  }

  async serverSearch() {
    const node = this.tree.current;
    this.el(".engine-status").textContent = gettext("The server is searching…");
    try {
      const found = await api(this.ctx.urls.search, {
        method: "POST", body: { variant: this.ctx.variant_key, variant_options: this.ctx.variant_options, fen: node.fen },
      });
      if (node !== this.tree.current) return;
      const mate = Math.abs(found.score) >= 29000 ? Math.sign(found.score) * Math.ceil((30000 - Math.abs(found.score)) / 2) : null;
      this.figures({ depth: found.depth, score: found.score, mate, nps: found.seconds > 0 ? Math.round(found.nodes / found.seconds) : null,
                     pvText: found.pv_text }, node.data.turn);
      this.el(".engine-status").textContent = gettext("Searched by the server.");
    } catch (err) {
      this.el(".engine-status").textContent = err.message;
    }
  }

  clearFigures() {
    for (const cls of [".engine-depth", ".engine-eval", ".engine-speed"]) this.el(cls).textContent = "–";
    this.el(".engine-line").textContent = "";
  }

  figures(info, turn) {
    this.el(".engine-depth").textContent = String(info.depth);
    this.el(".engine-eval").textContent = formatEval(info.score, info.mate, turn);
    this.el(".engine-speed").textContent = info.nps ? `${Math.round(info.nps / 1000)} kN/s` : "–";
    this.el(".engine-line").textContent = (info.pvText || []).join(" ");
    this.root.dataset.engineDepth = String(info.depth);
  }
}

const root = document.getElementById("analysis");
if (root) window.analysisPage = new AnalysisPage(root);
