import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const portalDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../packages/portal/dist");
/** The sign-in route's JavaScript budget, gzip level 9 (1 kB = 1,000 bytes). */
const LOGIN_GZIP_BUDGET = 150_000;
const IMMUTABLE = "public, max-age=31536000, immutable";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly the given headers (fetch would add and undo its own Accept-Encoding). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const varies = (a: Answer) =>
  String(a.headers.vary ?? "")
    .toLowerCase()
    .split(",")
    .map((s) => s.trim())
    .includes("accept-encoding");

describe("the built portal's assets", () => {
  let server: RunningServer;
  let browser: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the sign-in route loads at most 150 kB of gzip JavaScript", async () => {
    const page = await browser.newPage();
    const scripts: { path: string; body: Buffer }[] = [];
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      const u = new URL(response.url());
      if (u.origin !== server.url || !/\.m?js$/.test(u.pathname)) return;
      pending.push(
        response.body().then((body) => {
          scripts.push({ path: u.pathname, body });
        }),
      );
    });
    await page.goto(`${server.url}/login`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    await page.close();

    const raw = scripts.reduce((s, f) => s + f.body.length, 0);
    const gzip = scripts.reduce((s, f) => s + gzipSync(f.body, { level: 9 }).length, 0);
    console.log(
      `/login JavaScript: ${scripts.length} files, ${(raw / 1000).toFixed(1)} kB raw, ${(gzip / 1000).toFixed(1)} kB gzip (budget ${LOGIN_GZIP_BUDGET / 1000} kB)`,
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(LOGIN_GZIP_BUDGET);
    // the signed-in layout and the phone-number library stay off the sign-in route
    const names = scripts.map((s) => path.basename(s.path));
    expect(names.some((n) => n.startsWith("shell-"))).toBe(false);
    expect(scripts.some((s) => s.body.includes("country_calling_codes"))).toBe(false);
  });

  it("every text file of the build has .br and .gz siblings with the same content; scripts name no source map", () => {
    expect(existsSync(path.join(portalDist, "index.html"))).toBe(true);
    const files = readdirSync(portalDist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(js|css|html|svg|ico)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const body = readFileSync(file);
      const name = path.relative(portalDist, file);
      expect(existsSync(`${file}.br`), `${name}.br`).toBe(true);
      expect(existsSync(`${file}.gz`), `${name}.gz`).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(body), `${name}.br`).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(body), `${name}.gz`).toBe(true);
      if (file.endsWith(".js")) expect(body.includes("sourceMappingURL"), name).toBe(false);
    }
  });

  it("serves index.html and the SPA's routes no-cache, hashed assets immutable, each by Accept-Encoding", async () => {
    const index = await get(`${server.url}/`, { "accept-encoding": "br" });
    expect(index.status).toBe(200);
    expect(index.headers["content-type"]).toMatch(/^text\/html/);
    expect(index.headers["content-encoding"]).toBe("br");
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(varies(index)).toBe(true);
    const html = brotliDecompressSync(index.body).toString();
    expect(html).toContain('rel="icon" href="/favicon.ico"');

    const route = await get(`${server.url}/auths/auth-reset`, { "accept-encoding": "gzip" });
    expect(route.status).toBe(200);
    expect(route.headers["content-encoding"]).toBe("gzip");
    expect(route.headers["cache-control"]).toBe("no-cache");
    expect(gunzipSync(route.body).toString()).toBe(html);

    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const plain = readFileSync(path.join(portalDist, script!));
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["identity", undefined, (b: Buffer) => b],
    ] as const) {
      const res = await get(`${server.url}${script}`, { "accept-encoding": accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers["content-type"], accept).toMatch(/javascript/);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers["cache-control"], accept).toBe(IMMUTABLE);
      expect(varies(res), accept).toBe(true);
      expect(decode(res.body).equals(plain), accept).toBe(true);
    }
  });

  it("answers the favicons with images and a missing asset with 404", async () => {
    const ico = await get(`${server.url}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(ico.body.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0]))).toBe(true);
    const svg = await get(`${server.url}/favicon.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);

    const missing = await get(`${server.url}/assets/index-NoSuchFile.js`, { "accept-encoding": "br" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).not.toMatch(/html/);
  });
});
