import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../test/harness";
import { IMMUTABLE, REVALIDATE } from "./portal";

const INDEX = `<!doctype html><html><head><title>Herald</title><link rel="icon" href="/favicon.ico" sizes="32x32" /><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `console.log(${JSON.stringify("herald ".repeat(200))});`;
// A 1×1 icon: ICONDIR (6 bytes) + one ICONDIRENTRY (16 bytes) pointing at a PNG signature.
const ICO = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0]),
  Buffer.from([1, 1, 0, 0, 1, 0, 32, 0, 8, 0, 0, 0, 22, 0, 0, 0]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
]);
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#2f6bff"/></svg>`;

/** A built portal in miniature: index.html and a hashed script with their .br/.gz siblings, favicons. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "herald-portal-dist-"));
  mkdirSync(path.join(dir, "assets"));
  const withSiblings = (file: string, body: string) => {
    writeFileSync(path.join(dir, file), body);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
  };
  withSiblings("index.html", INDEX);
  withSiblings("assets/index-Ab12Cd34.js", SCRIPT);
  writeFileSync(path.join(dir, "assets/plain-Ef56Gh78.css"), "body{margin:0}");
  writeFileSync(path.join(dir, "favicon.ico"), ICO);
  withSiblings("favicon.svg", SVG);
  return dir;
}

describe("portal static serving", () => {
  let dist: string;
  beforeAll(() => {
    dist = fakeDist();
  });
  const app = () => testApp({ HERALD_PORTAL_DIR: dist });
  const get = async (url: string, acceptEncoding?: string) =>
    (await app()).inject({
      method: "GET",
      url,
      headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
    });
  const varyList = (v: unknown) =>
    String(v ?? "")
      .toLowerCase()
      .split(",")
      .map((s) => s.trim());

  it("sends a hashed asset's brotli sibling to a browser that accepts br, cached for a year", async () => {
    const res = await get("/assets/index-Ab12Cd34.js", "gzip, deflate, br, zstd");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["cache-control"]).toBe(IMMUTABLE);
    expect(varyList(res.headers.vary)).toContain("accept-encoding");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the gzip sibling when only gzip is accepted", async () => {
    const res = await get("/assets/index-Ab12Cd34.js", "gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe(IMMUTABLE);
    expect(varyList(res.headers.vary)).toContain("accept-encoding");
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the file as it is without Accept-Encoding, still varying on it", async () => {
    const res = await get("/assets/index-Ab12Cd34.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
    expect(res.headers["cache-control"]).toBe(IMMUTABLE);
    expect(varyList(res.headers.vary)).toContain("accept-encoding");
  });

  it("falls back to the plain file when an asset has no compressed sibling", async () => {
    const res = await get("/assets/plain-Ef56Gh78.css", "br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-type"]).toMatch(/^text\/css/);
    expect(res.body).toBe("body{margin:0}");
    expect(res.headers["cache-control"]).toBe(IMMUTABLE);
  });

  it("revalidates index.html at / on every use, compressed, with the CSP", async () => {
    const res = await get("/", "br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe(REVALIDATE);
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it("answers the SPA's routes with index.html, no-cache, compressed by Accept-Encoding", async () => {
    for (const url of ["/login", "/auths/fapage-email/aa.bb.cc/123", "/user-manage/users-list?page=2"]) {
      const res = await get(url, "gzip");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe(REVALIDATE);
      expect(res.headers["content-encoding"], url).toBe("gzip");
      expect(varyList(res.headers.vary), url).toContain("accept-encoding");
      expect(res.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(gunzipSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
    const plain = await get("/login");
    expect(plain.body).toBe(INDEX);
  });

  it("answers /favicon.ico and /favicon.svg with images, not the page", async () => {
    const ico = await get("/favicon.ico", "br, gzip");
    expect(ico.statusCode).toBe(200);
    expect(ico.headers["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(ico.headers["cache-control"]).toBe(REVALIDATE);
    expect(ico.rawPayload.equals(ICO)).toBe(true);
    const svg = await get("/favicon.svg", "br");
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(brotliDecompressSync(svg.rawPayload).toString()).toBe(SVG);
  });

  it("answers a missing asset with 404, not the HTML page", async () => {
    for (const url of ["/assets/index-Zz99Yy88.js", "/assets/gone.css", "/assets/"]) {
      const res = await get(url, "br, gzip");
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).not.toMatch(/html/);
      expect(res.headers["cache-control"], url).not.toBe(IMMUTABLE);
      expect(res.json(), url).toEqual({ message: "Not found" });
    }
  });

  it("keeps API and non-GET misses as JSON 404s", async () => {
    const a = await app();
    const api = await a.inject({ method: "GET", url: "/api/no-such-call" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: "Not found" });
    const post = await a.inject({ method: "POST", url: "/login", payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: "Not found" });
  });
});
