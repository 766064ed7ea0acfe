/* Runs the WebAssembly core under Node on positions a test hands in, for the agreement test:
 *   node run_wasm_searches.js JOB.json  ->  JSON lines on stdout
 * JOB: {wasm: {build: path}, builds: {key: build}, tables: {key: browser tables},
 * positions: [{variant, codes, side, hmc, extra, depth, ttMib}]}: each variant registered in
 * (and searched by) the build the page would load for it; per position {move, score, depth, pv, nodes, infos, pvText (when the
 * tables carry the page's notation data)} or {error}. */
"use strict";
const fs = require("fs");
const path = require("path");
const { EngineCore } = require(path.join(__dirname, "../../analysis/static/analysis/js/engine_core.js"));
const { lineText } = require(path.join(__dirname, "../../analysis/static/analysis/js/engine_notation.js"));

async function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const cores = {};
  for (const [build, file] of Object.entries(job.wasm)) cores[build] = await EngineCore.create(fs.readFileSync(file));
  const handles = {};
  for (const [key, tables] of Object.entries(job.tables)) handles[key] = cores[job.builds[key]].register(tables);
  for (const p of job.positions) {
    let out;
    const core = cores[job.builds[p.variant]];
    try {
      core.setPosition(handles[p.variant], p);
      const infos = [];
      const r = core.search({ depth: p.depth, ttMib: p.ttMib }, (info) => infos.push(info.depth));
      const notation = job.tables[p.variant].notation;
      const pvText = notation ? lineText(notation, core, r.pv) : null; // the page's way to write the line
      out = { move: r.move, score: r.score, depth: r.depth, pv: r.pv, nodes: r.nodes, seconds: r.seconds, infos, pvText };
    } catch (e) {
      out = { error: String(e.message || e) };
    }
    process.stdout.write(JSON.stringify(out) + "\n");
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
