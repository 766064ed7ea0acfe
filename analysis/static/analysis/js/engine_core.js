/* The native core compiled to WebAssembly (engine/native/wasm_api.c, built by
 * scripts/build_wasm.py), wrapped for JavaScript: a variant's tables in, a position set, moves
 * played and taken back, legal moves, a search reporting each iteration.  A classic script: a
 * Web Worker loads it with importScripts (engine_worker.js), the board page with a <script>
 * tag (its rules: legal moves and check), Node with require (the agreement test). */
(function (root) {
  "use strict";

  const MATE = 30000;
  const MATE_BOUND = MATE - 1000;

  /* engine/wasm_tables.py's dict as the int32 stream wasm_spec.c reads: a number is one int, a
   * bool 0/1, a key (decimal string) its low then high 32 bits, a list its length then its
   * items, null -1; the fields in tables.fields order. */
  function flattenTables(tables) {
    const out = [];
    const put = (value) => {
      if (value === null || value === undefined) out.push(-1);
      else if (Array.isArray(value)) { out.push(value.length); value.forEach(put); }
      else if (typeof value === "boolean") out.push(value ? 1 : 0);
      else if (typeof value === "string") {
        const key = BigInt.asUintN(64, BigInt(value));
        out.push(Number(key & 0xffffffffn) | 0, Number(key >> 32n) | 0);
      } else if (Number.isInteger(value)) out.push(value);
      else throw new Error("variant tables: " + JSON.stringify(value) + " is not a number");
    };
    if (!tables || !Array.isArray(tables.fields)) throw new Error("variant tables: no field list");
    for (const name of tables.fields) {
      if (!(name in tables)) throw new Error("variant tables: missing " + name);
      put(tables[name]);
    }
    return Int32Array.from(out);
  }

  /* A mate score as moves to mate (positive: the side to move mates), else null. */
  function mateIn(score) {
    if (Math.abs(score) < MATE_BOUND) return null;
    const plies = MATE - Math.abs(score);
    return score > 0 ? Math.ceil(plies / 2) : -Math.ceil(plies / 2);
  }

  const clockNow = () => (typeof performance !== "undefined" ? performance.now() : Date.now());

  class EngineCore {
    /* source: the module's bytes or a compiled WebAssembly.Module. */
    static async create(source) {
      const core = new EngineCore();
      const imports = {
        // The one WASI call the core makes: the clock its movetime limit reads.
        wasi_snapshot_preview1: {
          clock_time_get: (id, precision, out) => {
            const ms = id === 0 ? Date.now() : clockNow();
            new DataView(core.memory.buffer).setBigUint64(out, BigInt(Math.round(ms * 1e6)), true);
            return 0;
          },
        },
        env: { rs_info: (...args) => core._info(...args) },
      };
      const made = await WebAssembly.instantiate(source, imports);
      const instance = made.instance || made;
      core.x = instance.exports;
      core.memory = core.x.memory;
      core.x._initialize();
      core.ioPtr = core.x.rsw_io();
      core.ioSize = core.x.rsw_io_size();
      core.onInfo = null;
      core.ncells = 0;
      return core;
    }

    io() { return new Int32Array(this.memory.buffer, this.ioPtr, this.ioSize); }

    error() {
      const bytes = new Uint8Array(this.memory.buffer, this.x.rsw_error());
      let end = 0;
      while (bytes[end]) end++;
      return new TextDecoder().decode(bytes.slice(0, end));
    }

    check(rc) {
      if (rc < 0) throw new Error(this.error());
      return rc;
    }

    /* The variant's tables (engine/wasm_tables.py's JSON): its handle. */
    register(tables) {
      const stream = flattenTables(tables);
      const ptr = this.x.rsw_alloc(stream.length * 4);
      if (!ptr) throw new Error("out of memory");
      new Int32Array(this.memory.buffer, ptr, stream.length).set(stream);
      try { return this.check(this.x.rsw_register(ptr, stream.length)); } finally { this.x.rsw_free(ptr); }
    }

    /* position: {codes, side, hmc, extra} (engine/wasm_tables.py's position_numbers). */
    setPosition(handle, position) {
      const numbers = position.codes.concat(position.extra || []);
      if (numbers.length > this.ioSize) throw new Error("the position has too many numbers");
      this.io().set(numbers);
      this.check(this.x.rsw_set_position(handle, position.side, position.hmc || 0, numbers.length));
      this.ncells = position.codes.length;
    }

    legal() {
      const n = this.check(this.x.rsw_legal());
      return Array.from(this.io().subarray(0, n), (m) => m >>> 0);
    }

    play(move) { this.check(this.x.rsw_play(move >>> 0)); }

    undo() { this.check(this.x.rsw_undo()); }

    state() {
      const n = this.check(this.x.rsw_state());
      const io = this.io();
      return { codes: Array.from(io.subarray(0, n)), side: io[n], hmc: io[n + 1], inCheck: !!io[n + 2],
               reserves: [io[n + 3], io[n + 4]], king: io[n + 5] };
    }

    /* limits: {depth, movetime (seconds), nodes, ttMib}; onInfo({depth, score, nodes, seconds,
     * pv}) after each iteration.  Returns the final {move, score, depth, pv, nodes, seconds}. */
    search(limits, onInfo) {
      this.onInfo = onInfo || null;
      try {
        this.check(this.x.rsw_search(limits.depth || 0, limits.movetime || 0, limits.nodes || 0, limits.ttMib || 16));
      } finally {
        this.onInfo = null;
      }
      const io = this.io();
      const npv = io[3];
      return { move: io[0] >>> 0, score: io[1], depth: io[2], pv: Array.from(io.subarray(4, 4 + npv), (m) => m >>> 0),
               nodes: this.x.rsw_last_nodes(), seconds: this.x.rsw_last_seconds() };
    }

    _info(depth, score, nodes, seconds, pvPtr, npv) {
      if (!this.onInfo) return;
      const pv = Array.from(new Uint32Array(this.memory.buffer, pvPtr, npv));
      this.onInfo({ depth, score, nodes, seconds, pv });
    }
  }

  const api = { EngineCore, flattenTables, mateIn, MATE, MATE_BOUND };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.RsEngineCore = api;
})(typeof self !== "undefined" ? self : this);
