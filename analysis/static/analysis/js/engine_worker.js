/* The browser's engine in a Web Worker, so the page stays responsive while it searches.
 * Messages in: {type: "init", module: WebAssembly.Module, tables} (the page compiles the
 * module: its CSP allows WebAssembly, and a restarted worker reuses it), then
 * {type: "analyse", id, root: {codes, side, hmc, extra}, moves: [packed], limits}.
 * Messages out: {type: "ready"}, {type: "info", id, depth, score, mate, nodes, nps, seconds,
 * pv, pvText} after each completed depth, {type: "done", id, ...the same}, {type: "error", id,
 * message}.  To stop a search the page terminates the worker (engine_client.js): a running
 * WebAssembly call receives no message. */
/* global importScripts, RsEngineCore, RsEngineNotation */
importScripts("engine_core.js", "engine_notation.js");

let core = null;
let handle = null;
let notation = null;

function describe(id, r) {
  const nps = r.seconds > 0 ? Math.round(r.nodes / r.seconds) : null;
  return { id, depth: r.depth, score: r.score, mate: RsEngineCore.mateIn(r.score), nodes: r.nodes, nps,
           seconds: r.seconds, pv: r.pv, pvText: RsEngineNotation.lineText(notation, core, r.pv) };
}

self.onmessage = async (event) => {
  const msg = event.data;
  try {
    if (msg.type === "init") {
      core = await RsEngineCore.EngineCore.create(msg.module);
      handle = core.register(msg.tables);
      notation = msg.tables.notation;
      self.postMessage({ type: "ready" });
    } else if (msg.type === "analyse") {
      core.setPosition(handle, msg.root);
      for (const move of msg.moves) core.play(move);
      const done = core.search(msg.limits, (info) => self.postMessage({ type: "info", ...describe(msg.id, info) }));
      self.postMessage({ type: "done", ...describe(msg.id, done) });
    }
  } catch (err) {
    self.postMessage({ type: "error", id: msg.id, message: String((err && err.message) || err) });
  }
};
