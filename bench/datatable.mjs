#!/usr/bin/env node
// DataTable with a 5,000-row page in Debian's Chromium: first render and a scripted scroll to the bottom
// (50 steps), virtualised against plain rendering, measured in the same run. Prints both figures and ratios.
// Exits non-zero when the page fails or virtualisation does not keep the DOM small.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { chromium } from "playwright-core";
import { build } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const STEPS = 50;
const started = Date.now();

const outDir = mkdtempSync(path.join(tmpdir(), "herald-bench-datatable-"));
try {
  await main();
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

async function main() {
  // 1. Production bundle of the benchmark page.
  await build({
    root: path.join(here, "datatable"),
    configFile: false,
    logLevel: "error",
    plugins: [react(), vanillaExtractPlugin()],
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });

  // 2. Serve it on loopback (module scripts do not load from file://).
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const file = path.join(outDir, url.pathname === "/" ? "index.html" : path.normalize(url.pathname));
    if (!file.startsWith(outDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });

  const results = { virtual: [], plain: [] };
  try {
    // Alternate the modes so that machine noise hits both alike; a fresh page per run.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const mode of round % 2 === 0 ? ["virtual", "plain"] : ["plain", "virtual"]) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const errors = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await page.goto(`http://127.0.0.1:${port}/`);
        await page.waitForFunction(() => window.__bench?.ready === true);
        const render = await page.evaluate((m) => window.__bench.mount(m), mode);
        const scroll = await page.evaluate((n) => window.__bench.scroll(n), STEPS);
        await context.close();
        if (errors.length > 0) throw new Error(`${mode}: page error: ${errors.join("; ")}`);
        results[mode].push({ render, scroll });
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  // 3. Checks: the plain table holds every row, the virtual one a small window, and both reach row 5,000.
  const failures = [];
  for (const r of results.virtual) {
    if (r.render.domRows === 0 || r.render.domRows > 200)
      failures.push(`virtual first render has ${r.render.domRows} rows in the DOM`);
    if (!r.scroll.reachedEnd) failures.push("virtual scroll did not reach the last row");
    if (r.scroll.domRows > 200) failures.push(`virtual scroll left ${r.scroll.domRows} rows in the DOM`);
  }
  for (const r of results.plain) {
    if (r.render.domRows !== 5000) failures.push(`plain render has ${r.render.domRows} rows, expected 5000`);
    if (!r.scroll.reachedEnd) failures.push("plain scroll did not reach the last row");
  }

  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  };
  const pct = (xs, p) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  };
  const summarise = (runs) => ({
    firstRender: median(runs.map((r) => r.render.firstRenderMs)),
    commit: median(runs.map((r) => r.render.commitMs)),
    domRows: median(runs.map((r) => r.render.domRows)),
    scrollTotal: median(runs.map((r) => r.scroll.totalMs)),
    stepMedian: median(runs.flatMap((r) => r.scroll.frames)),
    longFrames: median(runs.map((r) => r.scroll.frames.filter((f) => f > 50).length)),
    stepP95: pct(
      runs.flatMap((r) => r.scroll.frames),
      95,
    ),
    stepMax: Math.max(...runs.flatMap((r) => r.scroll.frames)),
  });
  const v = summarise(results.virtual);
  const p = summarise(results.plain);
  const ms = (x) => `${x.toFixed(0).padStart(6)} ms`;
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;

  console.log(`DataTable, 5,000-row page, Chromium headless, median of ${ROUNDS} runs per mode`);
  console.log(`${"".padEnd(34)}${"virtualised".padStart(12)}${"plain".padStart(12)}   plain / virtualised`);
  const line = (label, a, b, fmt = ms) =>
    console.log(`${label.padEnd(34)}${fmt(a).padStart(12)}${fmt(b).padStart(12)}   ${ratio(b, a)}`);
  line("rows in the DOM after first render", v.domRows, p.domRows, (x) => String(x));
  console.log(
    `row height ${results.virtual[0]?.render.rowHeight} px (virtualised), ${results.plain[0]?.render.rowHeight} px (plain)`,
  );
  line("first render (to first painted frame)", v.firstRender, p.firstRender);
  line("  of which React render + commit", v.commit, p.commit);
  line(`scroll to bottom, ${STEPS} steps, total`, v.scrollTotal, p.scrollTotal);
  line("  frame time, median", v.stepMedian, p.stepMedian);
  line("  frame time, p95", v.stepP95, p.stepP95);
  line("  frame time, max", v.stepMax, p.stepMax);
  line(`  frames over 50 ms (of ${STEPS})`, v.longFrames, p.longFrames, (x) => String(x));
  console.log(`(bench time ${((Date.now() - started) / 1000).toFixed(1)} s)`);

  if (failures.length > 0) {
    for (const f of failures) console.error(`✖ ${f}`);
    process.exitCode = 1;
  }
}
