// The entropy source wasm code sees, as workerd's snapshot-creation mode gives it.
//
// Emscripten's random_get/getentropy (Rust's getrandom, CPython's os.urandom and hash seeds)
// ends in one JS call: node:crypto's randomFillSync under Node (crypto.getRandomValues in
// workerd). Outside a request every such call is refused unless the allowance byte that
// `_cloudflare.allow_entropy` keeps in wasm memory grants it; as in workerd 1.20261117, any
// non-zero value grants one call and is decremented (an Int8 byte: -1 is "all of them" in
// practice), zero refuses. A refused call throws through the wasm frames, as in workerd, where
// Rust then panics and Pyodide reports a fatal error. Granted calls get a fixed pattern, not
// randomness: only hash seeds may come from them, never a secret.

import nodeCrypto from "node:crypto";

export class EntropyGate {
  constructor() {
    this.module = null; // Pyodide's Emscripten module, once the allowance byte exists
    this.address = 0;
    this.inRequest = true; // closed only while the top level runs
    this.granted = 0;
    this.refused = []; // [{bytes, traceback}] of the calls refused
    this.onRefused = () => "";
    const realFill = nodeCrypto.randomFillSync.bind(nodeCrypto);
    const realValues = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    nodeCrypto.randomFillSync = (view, ...rest) => (this.isReal(view) ? realFill(view, ...rest) : this.fill(view));
    globalThis.crypto.getRandomValues = (view) => (this.isReal(view) ? realValues(view) : this.fill(view));
  }

  attach(module, address) {
    this.module = module;
    this.address = address;
  }

  // True: real entropy (a request is running, or the gate is not attached yet); false: a
  // granted call, answered with the pattern; refused: throws.
  isReal(view) {
    if (this.inRequest || this.module === null) return true;
    const heap = this.module.HEAP8;
    const allowance = heap[this.address];
    if (allowance !== 0) {
      heap[this.address] = allowance - 1;
      this.granted += 1;
      return false;
    }
    this.refused.push({ bytes: view.byteLength, traceback: this.onRefused() });
    throw new Error(
      "Entropy call failed: randomness is not allowed while a Python Worker is starting " +
        "(no grant from the SDK's import context; harness model of workerd's snapshot mode)",
    );
  }

  fill(view) {
    new Uint8Array(view.buffer, view.byteOffset, view.byteLength).fill(43);
    return view;
  }
}
