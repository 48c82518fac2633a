import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUrl } from "./commands/config/set-url";
import { health } from "./commands/server/health";
import { configDir, resolveToken, resolveUrl, saveCredentials } from "./config";
import { CliError } from "./errors";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = () => ({ XDG_CONFIG_HOME: mkdtempSync(path.join(tmpdir(), "herald-cli-")) }) as NodeJS.ProcessEnv;

describe("CLI config", () => {
  it("defaults to http://localhost:3000, then config.json, and HERALD_URL overrides", async () => {
    const e = env();
    expect(await resolveUrl(e)).toBe("http://localhost:3000");
    await setUrl("https://herald.example.com/", { env: e });
    expect(await resolveUrl(e)).toBe("https://herald.example.com");
    expect(await resolveUrl({ ...e, HERALD_URL: "http://other:4000/" })).toBe("http://other:4000");
  });

  it("refuses a URL that is not http(s) as a usage error", async () => {
    await expect(setUrl("ftp://x", { env: env() })).rejects.toMatchObject({ exitCode: 2 });
    await expect(setUrl("not a url", { env: env() })).rejects.toBeInstanceOf(CliError);
  });

  it("stores credentials with mode 0600; HERALD_TOKEN overrides", async () => {
    const e = env();
    await saveCredentials({ token: "abc" }, e);
    const file = path.join(configDir(e), "credentials.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ token: "abc" });
    expect(await resolveToken(e)).toBe("abc");
    expect(await resolveToken({ ...e, HERALD_TOKEN: "xyz" })).toBe("xyz");
  });
});

describe("herald health", () => {
  let server: Server;
  let url = "";
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/api/healthz") {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ status: "ok", database: "pglite", version: "0.1.0" }));
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("reports the server's status and database", async () => {
    expect(await health({ env: { ...env(), HERALD_URL: url } })).toEqual({
      url,
      status: "ok",
      database: "pglite",
      version: "0.1.0",
    });
  });

  it("fails with a clear message when the server cannot be reached", async () => {
    await expect(health({ env: { ...env(), HERALD_URL: "http://127.0.0.1:1" } })).rejects.toThrow(
      /Cannot reach/,
    );
  });

  it("runs as a built single file: --json prints only JSON, exit codes 0/1/2", async () => {
    // async: the test's own HTTP server must keep answering while the child runs
    const run = (args: string[], extraEnv: Record<string, string> = {}) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [bin, ...args],
          { env: { ...process.env, ...env(), HERALD_URL: url, ...extraEnv } },
          (err, stdout, stderr) =>
            resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const bin = path.resolve(here, "../dist/herald.js");
    const ok = await run(["--json", "health"]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ status: "ok", database: "pglite" });
    const down = await run(["health"], { HERALD_URL: "http://127.0.0.1:1" });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/herald: Cannot reach/);
    const usage = await run(["no-such-command"]);
    expect(usage.code).toBe(2);
  });
});
