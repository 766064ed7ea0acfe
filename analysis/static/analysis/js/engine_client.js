// The analysis board's engine: the native core compiled to WebAssembly, searching in a Web
// Worker (engine_worker.js) so the page stays responsive. The page compiles the module once
// (its CSP allows WebAssembly) and hands it to each worker; stopping terminates the worker,
// since a running WebAssembly call receives no message, and the next search starts a new one.

import { format, gettext } from "../../games/js/i18n.js";

async function compileModule(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) {
    throw new Error(format(gettext("the engine is not built on this server (%(status)s)"), { status: response.status }));
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

async function fetchTables(url) {
  const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) {
    throw new Error(format(gettext("the variant's tables could not be loaded (%(status)s)"), { status: response.status }));
  }
  return response.json();
}

export class BrowserEngine {
  /** urls: {wasm, worker, tables (for this variant)} */
  constructor(urls) {
    this.urls = urls;
    this.loading = null;
    this.worker = null;
    this.pending = null; // {id, resolve, last}
    this.generation = 0;
  }

  static supported() {
    return typeof WebAssembly === "object" && typeof Worker === "function";
  }

  /** Compile the module and fetch the tables (once); rejects when the browser cannot. */
  prepare() {
    if (!this.loading) {
      this.loading = Promise.all([compileModule(this.urls.wasm), fetchTables(this.urls.tables)])
        .then(([module, tables]) => { this.module = module; this.tables = tables; });
      this.loading.catch(() => { this.loading = null; });
    }
    return this.loading;
  }

  spawn() {
    const worker = new Worker(this.urls.worker);
    return new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        if (event.data.type === "ready") resolve(worker);
        else { worker.terminate(); reject(new Error(event.data.message || gettext("the engine did not start"))); }
      };
      worker.onerror = (event) => { worker.terminate(); reject(new Error(event.message || gettext("the engine did not start"))); };
      worker.postMessage({ type: "init", module: this.module, tables: this.tables });
    });
  }

  /**
   * Search from root ({codes, side, hmc, extra}) after the packed moves, within limits
   * ({depth, movetime, ttMib}); onInfo(info) after each depth. Resolves with the final info,
   * or the last one with stopped: true when stop() ended it.
   */
  async analyse(root, moves, limits, onInfo) {
    this.stop();
    const generation = ++this.generation;
    await this.prepare();
    if (!this.worker) this.worker = await this.spawn();
    if (generation !== this.generation) return { stopped: true }; // stopped while starting
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      const id = generation;
      this.pending = { id, resolve, last: null };
      worker.onmessage = (event) => {
        const msg = event.data;
        if (msg.id !== id) return;
        if (msg.type === "info") {
          if (this.pending) this.pending.last = msg;
          onInfo(msg);
        } else {
          this.pending = null;
          if (msg.type === "done") resolve(msg);
          else reject(new Error(msg.message));
        }
      };
      worker.onerror = (event) => {
        this.pending = null;
        this.worker = null;
        worker.terminate();
        reject(new Error(event.message || gettext("the engine failed")));
      };
      worker.postMessage({ type: "analyse", id, root, moves, limits });
    });
  }

  stop() {
    this.generation += 1;
    if (!this.pending) return;
    const { resolve, last } = this.pending;
    this.pending = null;
    this.worker.terminate();
    this.worker = null;
    resolve({ ...(last || {}), stopped: true });
  }
}
