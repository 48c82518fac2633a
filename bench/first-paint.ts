/**
 * First paint of the signed-in home (/) beside the sign-in page (/login), on a slow network
 * (`npm run bench -- first-paint`).
 *
 * Run `npm run build` first (the bench starts the built server with the built portal). Debian's Chromium loads
 * each page in a fresh context with the cache off, throttled through CDP `Network.emulateNetworkConditions`
 * to 150 ms round trip and 2 Mbit/s down and up (BENCH_RTT_MS, BENCH_KBPS), BENCH_RUNS times each (default 3,
 * medians printed). The signed-in home is the demo owner's, signed in by the API beforehand (the token put in
 * local storage as the sign-in page does). Printed per page, with the home's figure as a ratio of the sign-in
 * page's measured in the same run:
 * - JavaScript on the critical path: the chunks the page's content cannot show without (its entry, screen
 *   and layout with their static imports, from the build's dist/.vite/manifest.json), as files and as the
 *   compressed bytes the server sends for them (the precompressed `.br` beside each file of dist/assets);
 *   and all the scripts fetched before the content showed (the header's menus load beside the first rows);
 * - requests before first paint (first contentful paint), and the time of first paint;
 * - the time the page's content shows ("first rows": the home's chat list or first steps, the sign-in form);
 * - when the first data request (/api) starts, against when the last script arrives: a waterfall starts its
 *   data only after its code.
 * Goal (exit 1 when missed): the home's critical path ≤ 170 kB compressed, its first data request sent before
 * its last script arrived.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { demoCredentials, signInByApi } from "../e2e/support/api";
import { CHROMIUM_ARGS } from "../e2e/support/browser";
import { startServer } from "../e2e/support/server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const portalDist = path.join(root, "packages/portal/dist");
const RTT = Number(process.env.BENCH_RTT_MS ?? 150);
const KBPS = Number(process.env.BENCH_KBPS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL_BYTES = 170_000;

interface Run {
  scripts: string[];
  scriptBytes: number;
  requestsBeforePaint: number;
  firstPaint: number;
  firstRows: number;
  firstData: number | null;
  lastScript: number;
}

/** The compressed size the server sends for a file of the built portal (its .br, else .gz, else itself). */
function compressedSize(urlPath: string): number {
  const file = path.join(portalDist, urlPath);
  for (const f of [`${file}.br`, `${file}.gz`, file]) if (existsSync(f)) return statSync(f).size;
  return 0;
}

async function measure(browser: Browser, url: string, ready: string, token?: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (token) await context.addInitScript((t) => localStorage.setItem("userToken", t), token);
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const bytesPerSecond = (KBPS * 1000) / 8;
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: RTT,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  const requests = new Map<string, { url: string; start: number; end?: number }>();
  cdp.on("Network.requestWillBeSent", (e) => {
    requests.set(e.requestId, { url: e.request.url, start: e.timestamp });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp;
  });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url, { waitUntil: "commit" });
  const rowsAt = await page
    .waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : 0), ready, {
      polling: "raf",
      timeout: 60_000,
    })
    .then((h) => h.jsonValue() as Promise<number>);
  const paintAt = await page
    .waitForFunction(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0, null, {
      timeout: 10_000,
    })
    .then((h) => h.jsonValue() as Promise<number>);
  await context.close();
  if (errors.length > 0) throw new Error(`page error on ${url}: ${errors.join("; ")}`);

  const all = [...requests.values()];
  const origin = Math.min(...all.map((r) => r.start));
  const at = (t: number) => (t - origin) * 1000;
  if (process.env.BENCH_TRACE) {
    for (const r of [...all].sort((a, b) => a.start - b.start))
      console.log(
        `${Math.round(at(r.start))}\t${r.end ? Math.round(at(r.end)) : "-"}\t${new URL(r.url).pathname}`,
      );
  }
  const beforeRows = all.filter((r) => at(r.start) <= rowsAt);
  const scripts = beforeRows.filter((r) => /\.m?js$/.test(new URL(r.url).pathname));
  const data = beforeRows.filter((r) => new URL(r.url).pathname.startsWith("/api/"));
  return {
    scripts: scripts.map((r) => new URL(r.url).pathname),
    scriptBytes: scripts.reduce((s, r) => s + compressedSize(new URL(r.url).pathname), 0),
    requestsBeforePaint: all.filter((r) => at(r.start) < paintAt).length,
    firstPaint: paintAt,
    firstRows: rowsAt,
    firstData: data.length > 0 ? Math.min(...data.map((r) => at(r.start))) : null,
    lastScript: Math.max(...scripts.map((r) => at(r.end ?? r.start))),
  };
}

/**
 * The critical path in the build's chunk graph (dist/.vite/manifest.json): the given modules and every chunk
 * they import statically, i.e. what must arrive before the page can show its content (lazily loaded parts
 * such as the header's menus are not on it); files and compressed bytes.
 */
function criticalPath(modules: string[]) {
  const manifest = JSON.parse(readFileSync(path.join(portalDist, ".vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const m of modules) visit(m);
  const files = [...seen].map((k) => `/${manifest[k]!.file}`).filter((f) => f.endsWith(".js"));
  return { files: files.length, bytes: files.reduce((sum, f) => sum + compressedSize(f), 0) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const server = await startServer();
try {
  const owner = demoCredentials(server.output());
  const token = await signInByApi(server.url, owner.email, owner.password);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const login: Run[] = [];
  const home: Run[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      // Alternated, so both pages meet the same machine load.
      login.push(await measure(browser, `${server.url}/login`, "form button[type=submit]"));
      home.push(
        await measure(
          browser,
          `${server.url}/`,
          "[data-testid=social-chat] [role=option], ol[aria-label='First steps'] li",
          token,
        ),
      );
    }
  } finally {
    await browser.close();
  }

  const pick = (runs: Run[], f: (r: Run) => number) => median(runs.map(f));
  const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const msf = (n: number) => `${Math.round(n)} ms`;
  console.log(
    `First paint, Chromium headless at 1440 px, ${RTT} ms RTT and ${KBPS / 1000} Mbit/s (CDP emulateNetworkConditions), cache off, median of ${RUNS}`,
  );
  console.log(`${"".padEnd(40)}${"/login".padStart(12)}${"/ signed in".padStart(14)}${"ratio".padStart(8)}`);
  const row = (label: string, f: (r: Run) => number, fmt: (n: number) => string) => {
    const a = pick(login, f);
    const b = pick(home, f);
    console.log(
      `${label.padEnd(40)}${fmt(a).padStart(12)}${fmt(b).padStart(14)}${`${(b / a).toFixed(2)}×`.padStart(8)}`,
    );
  };
  const loginPath = criticalPath(["index.html", "src/routes/auth/login.tsx"]);
  const homePath = criticalPath(["index.html", "src/routes/social/social-chat.tsx", "src/shell/shell.tsx"]);
  const fixed = (label: string, a: number, b: number, fmt: (n: number) => string) =>
    console.log(
      `${label.padEnd(40)}${fmt(a).padStart(12)}${fmt(b).padStart(14)}${`${(b / a).toFixed(2)}×`.padStart(8)}`,
    );
  fixed("critical path: JS files (chunk graph)", loginPath.files, homePath.files, String);
  fixed("critical path: JS bytes (br)", loginPath.bytes, homePath.bytes, kB);
  row("JS files fetched before first rows", (r) => r.scripts.length, String);
  row("JS bytes fetched before first rows (br)", (r) => r.scriptBytes, kB);
  row("requests before first paint", (r) => r.requestsBeforePaint, String);
  row("first paint (first contentful paint)", (r) => r.firstPaint, msf);
  row("first rows (the page's content)", (r) => r.firstRows, msf);
  row("last script arrived", (r) => r.lastScript, msf);
  const homeFirstData = pick(home, (r) => r.firstData ?? Number.POSITIVE_INFINITY);
  const homeLastScript = pick(home, (r) => r.lastScript);
  console.log(
    `home's first data request sent at ${msf(homeFirstData)}, its last script arrived at ${msf(homeLastScript)}: ${
      homeFirstData < homeLastScript
        ? "data and code load in parallel"
        : "data waits for the code (waterfall)"
    }`,
  );
  const bytes = homePath.bytes;
  console.log(`goal: home's critical path ≤ ${kB(GOAL_BYTES)} compressed; measured ${kB(bytes)}`);
  console.log("home's scripts fetched before its first rows (compressed):");
  for (const s of home.at(-1)!.scripts) console.log(`  ${s.padEnd(52)}${kB(compressedSize(s)).padStart(10)}`);
  if (bytes > GOAL_BYTES) {
    console.error(`✖ the signed-in home needs ${kB(bytes)} of compressed JavaScript, over ${kB(GOAL_BYTES)}`);
    process.exitCode = 1;
  }
  if (!(homeFirstData < homeLastScript)) {
    console.error("✖ the signed-in home starts its data requests only after all of its code");
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
