#!/usr/bin/env node
// JavaScript the sign-in route (/login) loads, measured in Debian's Chromium against the built server serving
// the built portal, beside the whole app's JavaScript (every .js file in packages/portal/dist/assets) as the
// reference. Sizes: raw, gzip (level 9) and brotli (quality 11), computed from the bytes Chromium received,
// plus the bytes actually transferred (what the server sent, compressed or not). 1 kB = 1,000 bytes.
// Exits non-zero when /login needs more than 150 kB of gzip JavaScript, or the page fails to render.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const portalDist = path.join(root, "packages/portal/dist");
const serverEntry = path.join(root, "packages/server/dist/main.js");
const GOAL_GZIP = 150_000;
const started = Date.now();

const gzip = (b) => gzipSync(b, { level: 9 }).length;
const brotli = (b) =>
  brotliCompressSync(b, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
  }).length;
const sizes = (buffers) => ({
  files: buffers.length,
  raw: buffers.reduce((s, b) => s + b.length, 0),
  gzip: buffers.reduce((s, b) => s + gzip(b), 0),
  brotli: buffers.reduce((s, b) => s + brotli(b), 0),
});

// 1. The built portal and server (turbo reuses its cache when nothing changed).
if (!process.env.BENCH_NO_BUILD) {
  const r = spawnSync(
    "npx",
    [
      "turbo",
      "run",
      "build",
      "--filter=@herald/portal",
      "--filter=@herald/server",
      "--output-logs=errors-only",
    ],
    { cwd: root, stdio: "inherit" },
  );
  if (r.status !== 0) throw new Error("build failed");
}
if (!existsSync(serverEntry) || !existsSync(path.join(portalDist, "index.html"))) {
  throw new Error("packages/server/dist or packages/portal/dist is missing: run `npm run build`");
}

// 2. The server on a free loopback port with a fresh data dir.
const port = await new Promise((resolve, reject) => {
  const s = createServer();
  s.once("error", reject);
  s.listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), "herald-bench-bundle-"));
const child = spawn(process.execPath, [serverEntry], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    HERALD_DATA_DIR: dataDir,
    HERALD_ENV: "development",
    HERALD_PORTAL_DIR: portalDist,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let serverOutput = "";
child.stdout.on("data", (c) => {
  serverOutput += c;
});
child.stderr.on("data", (c) => {
  serverOutput += c;
});
const url = `http://127.0.0.1:${port}`;

try {
  await waitForServer();
  await main();
} finally {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitForServer() {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${serverOutput}`);
    try {
      if ((await fetch(`${url}/api/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 150_000) throw new Error(`server did not answer in time:\n${serverOutput}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main() {
  // 3. /login in a fresh browser context: every JavaScript response until the network is idle.
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
  const loaded = [];
  let transferred = 0;
  const encodings = new Set();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const pending = [];
    page.on("response", (response) => {
      const u = new URL(response.url());
      if (u.origin !== url || !/\.m?js$/.test(u.pathname)) return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sent = await response.request().sizes();
          transferred += sent.responseBodySize;
          encodings.add(response.headers()["content-encoding"] ?? "identity");
          loaded.push({ path: u.pathname, body });
        })(),
      );
    });
    await page.goto(`${url}/login`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    await context.close();
    if (errors.length > 0) throw new Error(`page error: ${errors.join("; ")}`);
  } finally {
    await browser.close();
  }

  // 4. Reference: every JavaScript file of the built portal.
  const assets = path.join(portalDist, "assets");
  const allJs = readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(path.join(assets, f)));

  const login = sizes(loaded.map((l) => l.body));
  const app = sizes(allJs);
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`.padStart(11);
  const ratio = (a, b) => `${((a / b) * 100).toFixed(0)}%`.padStart(6);

  console.log(
    "JavaScript of the sign-in route (/login) in Chromium headless, against the whole portal's JavaScript",
  );
  console.log(
    `${"".padEnd(28)}${"files".padStart(6)}${"raw".padStart(11)}${"gzip".padStart(11)}${"brotli".padStart(11)}`,
  );
  const row = (label, s) =>
    console.log(`${label.padEnd(28)}${String(s.files).padStart(6)}${kB(s.raw)}${kB(s.gzip)}${kB(s.brotli)}`);
  row("/login", login);
  row("whole app (dist/assets)", app);
  console.log(
    `${"/login / whole app".padEnd(34)}${ratio(login.raw, app.raw).padStart(11)}${ratio(login.gzip, app.gzip).padStart(11)}${ratio(login.brotli, app.brotli).padStart(11)}`,
  );
  console.log(
    `goal: /login ≤ ${kB(GOAL_GZIP).trim()} gzip; measured ${kB(login.gzip).trim()} (${ratio(login.gzip, GOAL_GZIP).trim()} of the goal)`,
  );
  console.log(
    `transferred for /login's JavaScript: ${kB(transferred).trim()} (content-encoding: ${[...encodings].sort().join(", ")})`,
  );
  console.log("files loaded by /login:");
  for (const l of [...loaded].sort((a, b) => b.body.length - a.body.length)) {
    console.log(`  ${l.path.padEnd(48)}${kB(l.body.length)}${kB(gzip(l.body))}`);
  }
  console.log(`(bench time ${((Date.now() - started) / 1000).toFixed(1)} s)`);

  if (loaded.length === 0) {
    console.error("✖ /login loaded no JavaScript: the page did not load");
    process.exitCode = 1;
  } else if (login.gzip > GOAL_GZIP) {
    console.error(
      `✖ /login loads ${kB(login.gzip).trim()} of gzip JavaScript, over the ${kB(GOAL_GZIP).trim()} goal`,
    );
    process.exitCode = 1;
  }
}
