import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dir = () => mkdtempSync(path.join(tmpdir(), "herald-config-"));

describe("config", () => {
  it("defaults to port 3000, PGlite in the data dir and sandbox providers", () => {
    const d = dir();
    const c = loadConfig({ HERALD_DATA_DIR: d });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(d);
    expect(c.smtpUrl).toBeUndefined();
    expect(c.sms.provider).toBe("sandbox");
    expect(c.seedDemo).toBe(true);
  });

  it("generates the JWT secret once into the data dir and reuses it", () => {
    const d = dir();
    const a = loadConfig({ HERALD_DATA_DIR: d });
    const b = loadConfig({ HERALD_DATA_DIR: d });
    expect(Buffer.from(a.jwtSecret).toString()).toBe(Buffer.from(b.jwtSecret).toString());
    expect(readFileSync(path.join(d, "jwt-secret"), "utf8").length).toBeGreaterThanOrEqual(48);
  });

  it("rejects bad values with a clear message", () => {
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), PORT: "http" })).toThrow(ConfigError);
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), PORT: "70000" })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_JWT_SECRET: "short" })).toThrow(/at least 32/);
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_ENV: "staging" })).toThrow(/HERALD_ENV/);
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), SMS_PROVIDER: "http" })).toThrow(/SMS_URL is required/);
  });

  it("refuses production with sandbox providers unless told to", () => {
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_ENV: "production" })).toThrow(
      /SMTP_URL, SMS_PROVIDER/,
    );
    const c = loadConfig({ HERALD_DATA_DIR: dir(), HERALD_ENV: "production", HERALD_ALLOW_SANDBOX: "true" });
    expect(c.seedDemo).toBe(false);
  });
});
