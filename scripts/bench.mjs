#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ (bench/*.mjs and bench/*.ts, one process each, in name
// order) and exits non-zero when any of them fails. Each benchmark prints its figure next to a reference
// measured in the same run. `npm run bench -- datatable` runs only the benchmarks whose names contain it.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benchDir = path.join(root, "bench");
const filters = process.argv.slice(2);

process.env.CHROME_PATH = ensureChromium();
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = "1";
process.env.TURBO_TELEMETRY_DISABLED = "1";

const files = readdirSync(benchDir, { withFileTypes: true })
  .filter((e) => e.isFile() && /\.(mjs|ts)$/.test(e.name) && !e.name.endsWith(".d.ts"))
  .map((e) => e.name)
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmarks found in bench/${filters.length ? ` matching ${filters.join(", ")}` : ""}.`);
  process.exit(1);
}

const failed = [];
for (const name of files) {
  const started = Date.now();
  console.log(`\n▶ bench/${name}`);
  const args = name.endsWith(".ts")
    ? ["--import", "tsx", path.join(benchDir, name)]
    : [path.join(benchDir, name)];
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status === 0) {
    console.log(`✔ bench/${name} (${secs} s)`);
  } else {
    console.error(`✖ bench/${name} failed (exit ${r.status ?? r.signal}, ${secs} s)`);
    failed.push(name);
  }
}

console.log(`\n${files.length - failed.length} of ${files.length} benchmarks passed`);
process.exit(failed.length === 0 ? 0 : 1);
