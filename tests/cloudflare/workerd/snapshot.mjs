// The upload's check, modelled: import the main module the way workerd's snapshot-creation mode
// does (top level outside any request, wasm entropy refused unless an import context grants it;
// entropy.mjs), then print one JSON line:
//   {"imported": bool, "granted": N, "refused": [{"bytes", "traceback"}], "error": "..."}
//
//   node tests/cloudflare/workerd/snapshot.mjs [--python-modules DIR] [--main path/to/module.py]

import { parseArgs } from "node:util";
import { Runtime } from "./runtime.mjs";

const { values: options } = parseArgs({
  options: {
    "python-modules": { type: "string" },
    main: { type: "string" },
  },
});
const runtime = new Runtime({ pythonModules: options["python-modules"] ?? null, main: options.main ?? null });
const report = { imported: false, granted: 0, refused: [], error: null };
try {
  await runtime.start();
  report.imported = true;
} catch (error) {
  report.error = String(error?.message ?? error).slice(0, 4000);
}
report.granted = runtime.entropy.granted;
report.refused = runtime.entropy.refused;
report.logs = runtime.logs.slice(-40);
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(0);
