// Loaded into the shop by tests/bench/rush.bench.ts (`node --import=<this file>`), before anything of
// the shop: on SIGUSR2 it writes where the process's memory is to $SHOP_MEMORY_REPORT, as JSON. Plain
// JavaScript, so it loads ahead of tsx; nothing of the shop is changed by it.
import fs from "node:fs";
import process from "node:process";
import v8 from "node:v8";

// The global object, whose functions the probe wraps (this file is linted without Node's globals).
const { WebAssembly } = globalThis;

/** The WebAssembly memories instantiated (PGlite's Postgres), to say how much of `external` is theirs. */
const memories = [];
const remember = (instance) => {
  for (const value of Object.values(instance?.exports ?? {})) if (value instanceof WebAssembly.Memory) memories.push(new WeakRef(value));
  return instance;
};
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function (...args) {
  const made = await instantiate.apply(this, args);
  remember(made instanceof WebAssembly.Instance ? made : made.instance);
  return made;
};
const memoryCtor = WebAssembly.Memory;
globalThis.WebAssembly.Memory = new Proxy(memoryCtor, {
  construct(target, args) {
    const memory = new target(...args);
    memories.push(new WeakRef(memory));
    return memory;
  },
});

process.on("SIGUSR2", () => {
  // With --expose-gc, what is left after a full collection: live objects, not garbage not yet collected.
  const beforeCollection = process.memoryUsage().heapUsed;
  globalThis.gc?.();
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const wasm = [...new Set(memories.map((ref) => ref.deref()).filter(Boolean))].map((memory) => memory.buffer.byteLength);
  const report = {
    ...usage,
    heapUsedBeforeCollection: beforeCollection,
    wasmBytes: wasm,
    mallocedBytes: heap.malloced_memory,
    spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }])),
  };
  if (process.env.SHOP_MEMORY_REPORT) fs.writeFileSync(process.env.SHOP_MEMORY_REPORT, JSON.stringify(report));
});
