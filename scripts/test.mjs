#!/usr/bin/env node
// `npm test`: lint, spec lint, build, typecheck, then every Vitest project (unit, server, browser, e2e).
// With TEST_DATABASE_URL set, the server suite and the journeys run against that PostgreSQL.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureChromium } from "./chromium.mjs";

const chrome = ensureChromium();
process.env.CHROME_PATH = chrome;
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = "1";
process.env.TURBO_TELEMETRY_DISABLED = "1";
const db = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
// `--db-only`: the second CI pass re-runs what depends on the database: the whole server suite (every query,
// lock, queue and notification, on real PostgreSQL) and the journeys whose path differs there — SQL run beside
// a live server (operator, reports, sender IDs, the shell's live figures) and live events over LISTEN/NOTIFY
// (the inbox). The other journeys reach the database only through the server the suite has just proven on it,
// and they ran in the first pass; lint, typecheck and the browser component tests do not depend on it.
const DATABASE_JOURNEYS = [
  "e2e/operator.e2e.ts",
  "e2e/reports.e2e.ts",
  "e2e/sender-ids.e2e.ts",
  "e2e/shell-live.e2e.ts",
  "e2e/social-inbox.e2e.ts",
];
const dbOnly = process.argv.includes("--db-only");
const extra = process.argv.slice(2).filter((a) => a !== "--db-only");
if (dbOnly) extra.push("--project", "server", "--project", "e2e", "packages/server/", ...DATABASE_JOURNEYS);

const steps = [
  ["lint and format (Biome)", "npx", ["biome", "check", "."]],
  ["spec lint (Redocly)", "npx", ["redocly", "lint", "openapi.yaml", "--format=summary"]],
  ["codegen and build", "npx", ["turbo", "run", "build", "--output-logs=errors-only"]],
  ["typecheck", "npx", ["turbo", "run", "typecheck", "--output-logs=errors-only"]],
  ["typecheck e2e", "npx", ["tsc", "-p", "e2e/tsconfig.json"]],
  ["Storybook build lists every component", "node", ["scripts/check-storybook.mjs"]],
];

const t0 = Date.now();
for (const [name, cmd, args] of dbOnly ? steps.filter(([name]) => name === "codegen and build") : steps) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

console.log(`\n▶ tests (Vitest, database: ${db})`);

/**
 * One Vitest run; resolves with its exit code and its JSON report's counts. `quiet` collects its output and
 * prints it once the run ends (two runs side by side would interleave their lines).
 */
function vitest(args, quiet = false) {
  const report = path.join(mkdtempSync(path.join(tmpdir(), "herald-test-")), "vitest.json");
  return new Promise((resolve) => {
    const child = spawn(
      "npx",
      ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...args],
      {
        stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
        env: quiet ? { ...process.env, FORCE_COLOR: "1" } : process.env,
      },
    );
    const out = [];
    child.stdout?.on("data", (c) => out.push(c));
    child.stderr?.on("data", (c) => out.push(c));
    child.on("close", (code) => {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      if (existsSync(report)) {
        const json = JSON.parse(readFileSync(report, "utf8"));
        counts.passed = json.numPassedTests ?? 0;
        counts.failed = json.numFailedTests ?? 0;
        counts.skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
      }
      if (code !== 0 && counts.failed === 0) counts.failed = 1;
      resolve({ code: code ?? 1, counts, output: Buffer.concat(out) });
    });
  });
}

// The whole suite: the browser projects (components in Chromium, one page at a time) run in a second Vitest
// process beside the Node.js projects. In one process they waited for the journeys and the server suite and
// then ran alone on one core for ~4 minutes; side by side they fill the time the journeys spend waiting.
const BROWSER_PROJECTS = ["portal-browser", "storybook", "ui"];
const NODE_PROJECTS = ["api-client", "cli", "domain", "portal-unit", "server", "e2e"];
const runs =
  extra.length === 0
    ? [
        vitest(NODE_PROJECTS.flatMap((p) => ["--project", p])),
        vitest(
          BROWSER_PROJECTS.flatMap((p) => ["--project", p]),
          true,
        ),
      ]
    : [vitest(extra)];
const results = [];
for (const run of runs) {
  const result = await run;
  if (result.output.length) {
    console.log("\n▶ browser projects (run beside the others)");
    process.stdout.write(result.output);
  }
  results.push(result);
}
const total = { passed: 0, failed: 0, skipped: 0 };
for (const { counts } of results) {
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
const code = results.find((r) => r.code !== 0)?.code ?? 0;
console.log(`\nTotal time ${((Date.now() - t0) / 1000).toFixed(0)} s on ${db}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(code);
