/* Drives the WebAssembly core under Node one step at a time, for the bad-input test:
 *   node run_wasm_steps.js JOB.json  ->  one JSON line per step
 * JOB: {wasm: {build: path}, tables: {key: browser tables}, steps: [{build, op, ...}]} with op
 * "register" (variant: a key of tables, or stream: raw int32s), "set" (handle, position),
 * "play" (move), "legal", "state"; each line {ok: result} or {error: message}. */
"use strict";
const fs = require("fs");
const path = require("path");
const { EngineCore } = require(path.join(__dirname, "../../analysis/static/analysis/js/engine_core.js"));

function registerStream(core, stream) {
  const ptr = core.x.rsw_alloc(Math.max(1, stream.length) * 4);
  new Int32Array(core.memory.buffer, ptr, stream.length).set(stream);
  try { return core.check(core.x.rsw_register(ptr, stream.length)); } finally { core.x.rsw_free(ptr); }
}

async function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const cores = {};
  for (const [build, file] of Object.entries(job.wasm)) cores[build] = await EngineCore.create(fs.readFileSync(file));
  for (const step of job.steps) {
    const core = cores[step.build];
    let out;
    try {
      let ok = null;
      if (step.op === "register") ok = step.stream ? registerStream(core, step.stream) : core.register(job.tables[step.variant]);
      else if (step.op === "set") core.setPosition(step.handle, step.position);
      else if (step.op === "play") core.play(step.move);
      else if (step.op === "legal") ok = core.legal().length;
      else if (step.op === "state") ok = core.state();
      else throw new Error("unknown step " + step.op);
      out = { ok };
    } catch (e) {
      out = { error: String(e.message || e) };
    }
    process.stdout.write(JSON.stringify(out) + "\n");
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
