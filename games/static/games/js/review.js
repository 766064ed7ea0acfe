// The computer analysis on the replay page: the "Request computer analysis" button, the
// progress while it runs (pushed over the game's socket, re-read when the socket comes back),
// then the evaluation graph (inline SVG; a click jumps to the ply), the per-player summary and
// what the replay draws from it: the judged moves' glyphs and better moves in the move list,
// the engine's move as an arrow. Everything shown comes from GET .../analysis/ (the server
// judges; the page only draws).

import { api } from "./api.js";
import { format, gettext, ngettext } from "./i18n.js";
import { JUDGEMENTS } from "./movelist.js";
import { ReconnectingSocket } from "./socket.js";

const GLYPHS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
// The server's counts per player are keyed by the English plural ("inaccuracies").
const PLURAL = { inaccuracy: "Inaccuracies", mistake: "Mistakes", blunder: "Blunders" };
const PLURAL_SHOWN = { inaccuracy: gettext("Inaccuracies"), mistake: gettext("Mistakes"),
  blunder: gettext("Blunders") };
const UNDER_WAY = new Set(["queued", "running"]);
const POLL_MS = 10000; // a safety net under the socket while an analysis runs
const CP_CEILING = 1000; // as the server's judgement (analysis/judge.py)
const K = 0.00368208;
const SVG_NS = "http://www.w3.org/2000/svg";
const GRAPH = { width: 300, height: 80 };

/** White's win % (0-100) from an evaluation {eval_cp, mate}; `whiteToMove` for mate 0. */
export function winPercent({ eval_cp: cp, mate }, whiteToMove) {
  let value;
  if (mate !== null && mate !== undefined) {
    const sign = mate === 0 ? (whiteToMove ? -1 : 1) : Math.sign(mate);
    value = CP_CEILING * sign;
  } else {
    value = Math.max(-CP_CEILING, Math.min(CP_CEILING, cp || 0));
  }
  return 50 + 50 * (2 / (1 + Math.exp(-K * value)) - 1);
}

/** An evaluation as text: +1.50, -0.40, #3, #-2. */
export function evalText({ eval_cp: cp, mate }) {
  if (mate !== null && mate !== undefined) return `#${mate}`;
  const pawns = (cp || 0) / 100;
  return `${pawns > 0 ? "+" : ""}${pawns.toFixed(2)}`;
}

export class Review {
  /**
   * @param {HTMLElement} root  the analysis panel (templates/games/replay.html)
   * @param {object} options  url: the analysis endpoint; socket: the game's socket path;
   *   canRequest: a logged-in visitor of a finished game; exists: the server knows of an
   *   analysis (false: none, nothing fetched); whiteFirst: White made move 1;
   *   onJump(ply); onChange(): the analysis changed (the replay redraws)
   */
  constructor(root, { url, socket, canRequest, exists, whiteFirst, onJump, onChange }) {
    this.root = root;
    this.url = url;
    this.socketPath = socket;
    this.canRequest = canRequest;
    this.whiteFirst = whiteFirst;
    this.onJump = onJump;
    this.onChange = onChange;
    this.analysis = null;
    this.socket = null;
    this.poll = null;
    this.ply = 0;
    this.status = root.querySelector(".analysis-status");
    this.button = root.querySelector(".request-analysis");
    this.graphBox = root.querySelector(".eval-graph-box");
    this.summary = root.querySelector(".analysis-summary");
    this.note = root.querySelector(".analysis-note");
    this.button.addEventListener("click", () => this.request());
    // The server says whether there is an analysis: none means no request (a 404 or, while
    // the game is played, a 403 would be an error on the browser's console).
    if (exists === false) this.set(null);
    else this.load();
  }

  async load() {
    try {
      this.set(await api(this.url));
    } catch (err) {
      if (err.code === "not_analysed") this.set(null);
      else this.say(err.message);
    }
  }

  async request() {
    this.button.disabled = true;
    this.say(gettext("Requesting…"));
    try {
      this.set(await api(this.url, { method: "POST" }));
    } catch (err) {
      this.button.disabled = false;
      this.say(err.message);
    }
  }

  set(analysis) {
    this.analysis = analysis;
    const status = analysis ? analysis.status : "none";
    this.root.dataset.status = status;
    this.button.hidden = !(this.canRequest && (status === "none" || status === "failed"));
    this.button.disabled = false;
    if (status === "none") this.say(this.canRequest ? "" : gettext("No computer analysis yet."));
    else if (UNDER_WAY.has(status)) this.progress(analysis);
    else if (status === "failed") this.say(analysis.error || gettext("The analysis failed."));
    else this.say(this.describe(analysis));
    this.follow(UNDER_WAY.has(status));
    this.drawGraph();
    this.drawSummary();
    this.showPly(this.ply);
    this.onChange();
  }

  /** "Computer analysis: 1 core, 100,000 nodes a position." (or "depth 12"). */
  describe({ core, nodes, depth }) {
    const values = { core, nodes: nodes ? nodes.toLocaleString("en") : "", depth };
    return format(nodes
      ? ngettext("Computer analysis: %(core)s core, %(nodes)s nodes a position.",
        "Computer analysis: %(core)s cores, %(nodes)s nodes a position.", core)
      : ngettext("Computer analysis: %(core)s core, depth %(depth)s a position.",
        "Computer analysis: %(core)s cores, depth %(depth)s a position.", core), values);
  }

  progress({ status, progress, total }) {
    this.say(status === "queued" ? format(gettext("Analysis queued… 0/%(total)s"), { total })
      : format(gettext("Analysing… %(progress)s/%(total)s"), { progress, total }));
  }

  say(text) {
    this.status.textContent = text;
  }

  /** While an analysis runs: listen on the game's socket (and re-read on every reconnect, so a
   * missed "done" is not lost), with a slow poll underneath. */
  follow(running) {
    if (!running) {
      if (this.socket) this.socket.close();
      clearInterval(this.poll);
      this.socket = null;
      this.poll = null;
      return;
    }
    if (this.socket) return;
    this.socket = new ReconnectingSocket(this.socketPath, {
      onOpen: () => this.load(),
      onMessage: (data) => {
        if (data.type !== "analysis") return;
        if (UNDER_WAY.has(data.status)) {
          this.root.dataset.status = data.status;
          this.progress(data);
        } else {
          this.load();
        }
      },
    }).connect();
    this.poll = setInterval(() => this.load(), POLL_MS);
  }

  done() {
    return this.analysis && this.analysis.status === "done" ? this.analysis : null;
  }

  /** {ply: {judgement, glyph, better}} for the move list. */
  notes() {
    const analysis = this.done();
    const notes = {};
    if (!analysis) return notes;
    for (const move of analysis.moves) {
      if (move.judgement) {
        notes[move.ply] = { judgement: move.judgement, glyph: GLYPHS[move.judgement], better: move.best_san };
      }
    }
    return notes;
  }

  /** The arrow for the position after `ply`: after a judged move the better move (where it
   * should have gone), else the engine's move in the position shown. */
  arrowAt(ply) {
    const analysis = this.done();
    if (!analysis) return null;
    const played = analysis.moves[ply - 1];
    if (played && played.judgement && played.best) return { move: played.best, kind: "better" };
    const next = analysis.moves[ply];
    return next && next.best ? { move: next.best, kind: "best" } : null;
  }

  /** Evaluations of ply 0..n with who is to move in each (for mate 0). */
  points() {
    const analysis = this.done();
    const evals = [analysis.start, ...analysis.moves];
    return evals.map((e, ply) => winPercent(e, (ply % 2 === 0) === this.whiteFirst));
  }

  drawGraph() {
    this.graphBox.replaceChildren();
    const analysis = this.done();
    this.graphBox.hidden = !analysis;
    if (!analysis) return;
    const { width, height } = GRAPH;
    const wins = this.points();
    const n = wins.length - 1;
    const x = (ply) => (n ? (ply / n) * width : 0);
    const y = (win) => height - (win / 100) * height;
    const svg = el("svg", {
      class: "eval-graph", viewBox: `0 0 ${width} ${height}`, role: "img",
      "aria-label": gettext("Evaluation graph: White's winning chances move by move; click to go to a move"),
    });
    // Black's area below the curve, White's above: the line is White's win %.
    svg.append(el("rect", { class: "eval-black", x: 0, y: 0, width, height }));
    const top = wins.map((w, ply) => `${x(ply).toFixed(2)},${y(w).toFixed(2)}`).join(" ");
    svg.append(el("polygon", { class: "eval-white", points: `0,0 ${top} ${width},0` }));
    svg.append(el("line", { class: "eval-mid", x1: 0, y1: height / 2, x2: width, y2: height / 2 }));
    svg.append(el("polyline", { class: "eval-line", points: top }));
    for (const move of analysis.moves) {
      if (!move.judgement) continue;
      svg.append(el("circle", {
        class: `mark mark-${move.judgement}`, cx: x(move.ply), cy: y(wins[move.ply]), r: 2.6,
        "data-ply": move.ply,
      }));
    }
    this.nowLine = el("line", { class: "eval-now", x1: 0, y1: 0, x2: 0, y2: height });
    svg.append(this.nowLine);
    // One clickable column per ply, centred on it, with its evaluation as a tooltip.
    const step = n ? width / n : width;
    const evals = [analysis.start, ...analysis.moves];
    for (let ply = 0; ply <= n; ply += 1) {
      const column = el("rect", {
        class: "eval-col", x: Math.max(0, x(ply) - step / 2), y: 0, width: step, height,
        "data-ply": ply,
      });
      const title = el("title", {});
      const move = analysis.moves[ply - 1];
      title.textContent = ply
        ? `${Math.ceil(ply / 2)}${ply % 2 ? "." : "…"} ${move.san}${move.judgement ? GLYPHS[move.judgement] : ""}: ${evalText(evals[ply])}`
        : format(gettext("Start: %(eval)s"), { eval: evalText(evals[0]) });
      column.append(title);
      column.addEventListener("click", () => this.onJump(ply));
      svg.append(column);
    }
    this.graphBox.append(svg);
  }

  drawSummary() {
    const analysis = this.done();
    this.summary.hidden = !analysis;
    this.summary.replaceChildren();
    if (!analysis) return;
    const head = document.createElement("tr");
    for (const text of ["", gettext("White"), gettext("Black")]) head.append(cell("th", text));
    this.summary.append(head);
    for (const kind of ["inaccuracy", "mistake", "blunder"]) {
      const row = document.createElement("tr");
      row.dataset.kind = kind;
      row.append(cell("th", `${PLURAL_SHOWN[kind]} (${GLYPHS[kind]})`));
      const key = `${PLURAL[kind].toLowerCase()}`;
      for (const side of ["white", "black"]) row.append(cell("td", String(analysis.players[side][key])));
      this.summary.append(row);
    }
    const row = document.createElement("tr");
    row.dataset.kind = "accuracy";
    row.append(cell("th", gettext("Accuracy")));
    for (const side of ["white", "black"]) {
      const accuracy = analysis.players[side].accuracy;
      row.append(cell("td", accuracy === null ? "–" : `${Math.round(accuracy)}%`));
    }
    this.summary.append(row);
  }

  /** The replay moved to `ply`: the graph's marker and the note on the move shown. */
  showPly(ply) {
    this.ply = ply;
    const analysis = this.done();
    if (this.nowLine && analysis) {
      const n = analysis.moves.length;
      const at = n ? (ply / n) * GRAPH.width : 0;
      this.nowLine.setAttribute("x1", at.toFixed(2));
      this.nowLine.setAttribute("x2", at.toFixed(2));
    }
    this.note.replaceChildren();
    if (!analysis) return;
    const evals = [analysis.start, ...analysis.moves];
    const move = analysis.moves[ply - 1];
    const parts = [format(gettext("Evaluation %(eval)s"), { eval: evalText(evals[ply]) })];
    if (move && move.judgement) {
      const judged = document.createElement("strong");
      judged.className = `judged-${move.judgement}`;
      judged.textContent = `${move.san}${GLYPHS[move.judgement]} ${JUDGEMENTS[move.judgement] || move.judgement}`;
      this.note.append(judged, ". ");
      parts.push(format(gettext("Better was %(move)s (%(line)s)"),
        { move: move.best_san, line: move.pv_san.slice(0, 4).join(" ") }));
    }
    const next = analysis.moves[ply];
    if ((!move || !move.judgement) && next && next.best_san) {
      parts.push(format(gettext("Engine's move: %(move)s"), { move: next.best_san }));
    }
    this.note.append(`${parts.join(". ")}.`);
  }
}

function el(name, attributes) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

function cell(tag, text) {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}
