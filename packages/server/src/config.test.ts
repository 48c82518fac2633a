import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, exposureWarning, loadConfig } from "./config";

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

  it("uses SMPP when SMS_PROVIDER=smpp with an smpp:// SMPP_URL, and says what is wrong otherwise", () => {
    const c = loadConfig({
      HERALD_DATA_DIR: dir(),
      SMS_PROVIDER: "smpp",
      SMPP_URL: "smpp://herald:secret@smsc.example.com:2775?system_type=OTP&window=20",
    });
    expect(c.sms).toMatchObject({
      provider: "smpp",
      smppUrl: "smpp://herald:secret@smsc.example.com:2775?system_type=OTP&window=20",
    });
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), SMS_PROVIDER: "smpp" })).toThrow(
      new ConfigError("SMPP_URL is required when SMS_PROVIDER is smpp"),
    );
    expect(() =>
      loadConfig({ HERALD_DATA_DIR: dir(), SMS_PROVIDER: "smpp", SMPP_URL: "http://smsc.example.com" }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ HERALD_DATA_DIR: dir(), SMS_PROVIDER: "smpp", SMPP_URL: "http://smsc.example.com" }),
    ).toThrow(/must start with smpp:\/\//);
    expect(() =>
      loadConfig({ HERALD_DATA_DIR: dir(), SMS_PROVIDER: "smpp", SMPP_URL: "smpp://smsc:2775" }),
    ).toThrow(/system_id/);
    expect(() =>
      loadConfig({ HERALD_DATA_DIR: dir(), SMS_PROVIDER: "smpp", SMPP_URL: "smpp://u:p@smsc?window=0" }),
    ).toThrow(/window/);
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), SMS_PROVIDER: "kannel" })).toThrow(
      'SMS_PROVIDER must be sandbox, http or smpp, got "kannel"',
    );
    // SMPP is a real provider for production.
    expect(() =>
      loadConfig({
        HERALD_DATA_DIR: dir(),
        HERALD_ENV: "production",
        SMTP_URL: "smtp://mail.example.com",
        SMS_PROVIDER: "smpp",
        SMPP_URL: "smpp://u:p@smsc.example.com",
        STRIPE_SECRET_KEY: "sk_live_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        HERALD_CHANNEL_KEY: "a".repeat(64),
      }),
    ).not.toThrow();
  });

  it("refuses production with sandbox providers unless told to", () => {
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_ENV: "production" })).toThrow(
      /SMTP_URL, SMS_PROVIDER/,
    );
    const c = loadConfig({ HERALD_DATA_DIR: dir(), HERALD_ENV: "production", HERALD_ALLOW_SANDBOX: "true" });
    expect(c.seedDemo).toBe(false);
  });

  it("uses Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set, the sandbox checkout when neither is", () => {
    expect(loadConfig({ HERALD_DATA_DIR: dir() }).payments).toEqual({ provider: "sandbox" });
    const stripe = { STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_abc" };
    expect(loadConfig({ HERALD_DATA_DIR: dir(), ...stripe }).payments).toEqual({
      provider: "stripe",
      secretKey: "sk_test_123",
      webhookSecret: "whsec_abc",
      apiUrl: undefined,
    });
    expect(
      loadConfig({ HERALD_DATA_DIR: dir(), ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111" }).payments,
    ).toMatchObject({ apiUrl: "http://127.0.0.1:12111" });
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), STRIPE_SECRET_KEY: "sk_test_123" })).toThrow(
      "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: STRIPE_WEBHOOK_SECRET is missing",
    );
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(
      "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: STRIPE_SECRET_KEY is missing",
    );
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), ...stripe, STRIPE_SECRET_KEY: "pk_test_123" })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret/,
    );
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), ...stripe, STRIPE_WEBHOOK_SECRET: "abc" })).toThrow(
      /STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret/,
    );
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), ...stripe, STRIPE_API_URL: "ftp://x" })).toThrow(
      /STRIPE_API_URL must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), STRIPE_API_URL: "http://127.0.0.1:1" })).toThrow(
      /STRIPE_API_URL needs/,
    );
  });

  it("refuses the sandbox checkout in production unless told to", () => {
    const real = {
      SMTP_URL: "smtp://mail.example.com",
      SMS_PROVIDER: "http",
      SMS_URL: "https://sms.example.com",
    };
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_ENV: "production", ...real })).toThrow(
      "HERALD_ENV=production needs real providers (STRIPE_SECRET_KEY); set them or HERALD_ALLOW_SANDBOX=true",
    );
    const c = loadConfig({
      HERALD_DATA_DIR: dir(),
      HERALD_ENV: "production",
      ...real,
      STRIPE_SECRET_KEY: "sk_live_123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      HERALD_CHANNEL_KEY: "a".repeat(64),
    });
    expect(c.payments.provider).toBe("stripe");
  });

  it("reads the channel credentials key, or derives one from the JWT secret outside production", () => {
    const key = Buffer.alloc(32, 7);
    const hex = loadConfig({ HERALD_DATA_DIR: dir(), HERALD_CHANNEL_KEY: key.toString("hex") });
    expect(hex.channelKey.equals(key)).toBe(true);
    expect(hex.channelKeyDerived).toBe(false);
    const b64 = loadConfig({ HERALD_DATA_DIR: dir(), HERALD_CHANNEL_KEY: key.toString("base64") });
    expect(b64.channelKey.equals(key)).toBe(true);
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_CHANNEL_KEY: "short" })).toThrow(
      "HERALD_CHANNEL_KEY must be 32 bytes, written as 64 hex digits or in base64",
    );
    const derived = loadConfig({ HERALD_DATA_DIR: dir() });
    expect(derived.channelKeyDerived).toBe(true);
    expect(derived.channelKey).toHaveLength(32);
    const real = {
      HERALD_DATA_DIR: dir(),
      HERALD_ENV: "production",
      SMTP_URL: "smtp://mail.example.com",
      SMS_PROVIDER: "http",
      SMS_URL: "https://sms.example.com",
      STRIPE_SECRET_KEY: "sk_live_123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
    };
    expect(() => loadConfig(real)).toThrow(/^HERALD_ENV=production needs HERALD_CHANNEL_KEY/);
  });

  it("listens on this machine only by default, except in production", () => {
    expect(loadConfig({ HERALD_DATA_DIR: dir() }).host).toBe("127.0.0.1");
    expect(loadConfig({ HERALD_DATA_DIR: dir(), HERALD_ENV: "test" }).host).toBe("127.0.0.1");
    const production = { HERALD_DATA_DIR: dir(), HERALD_ENV: "production", HERALD_ALLOW_SANDBOX: "true" };
    expect(loadConfig(production).host).toBe("0.0.0.0");
    expect(loadConfig({ HERALD_DATA_DIR: dir(), HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });

  it("warns when the sandbox mailbox is served to other machines", () => {
    expect(exposureWarning(loadConfig({ HERALD_DATA_DIR: dir() }))).toBeUndefined();
    expect(exposureWarning(loadConfig({ HERALD_DATA_DIR: dir(), HOST: "::1" }))).toBeUndefined();
    expect(exposureWarning(loadConfig({ HERALD_DATA_DIR: dir(), HOST: "0.0.0.0" }))).toBe(
      "Warning: HOST=0.0.0.0 serves the sandbox mailbox (every sign-in code and reset link) at /_sandbox to other machines; use HOST=127.0.0.1 unless this network is yours alone.",
    );
    const production = { HERALD_DATA_DIR: dir(), HERALD_ENV: "production", HERALD_ALLOW_SANDBOX: "true" };
    expect(exposureWarning(loadConfig(production))).toBeUndefined();
  });

  it("refuses HERALD_WORKERS=false on the embedded database, where no other process can run the jobs", () => {
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_WORKERS: "false" })).toThrow(
      /^HERALD_WORKERS=false needs DATABASE_URL: /,
    );
    const c = loadConfig({
      HERALD_DATA_DIR: dir(),
      HERALD_WORKERS: "false",
      DATABASE_URL: "postgres://herald@db.example.com/herald",
    });
    expect(c.runWorkers).toBe(false);
  });

  it("reads the per-address limit of calls without sign-in", () => {
    expect(loadConfig({ HERALD_DATA_DIR: dir() }).publicRateLimit).toBe(100);
    expect(loadConfig({ HERALD_DATA_DIR: dir(), HERALD_PUBLIC_RATE_LIMIT: "0" }).publicRateLimit).toBe(0);
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_PUBLIC_RATE_LIMIT: "-1" })).toThrow(
      /HERALD_PUBLIC_RATE_LIMIT must be an integer/,
    );
  });

  it("reads the two-factor wait between codes: 30 seconds unless told, never 0", () => {
    expect(loadConfig({ HERALD_DATA_DIR: dir() }).otpResendSeconds).toBe(30);
    expect(loadConfig({ HERALD_DATA_DIR: dir(), HERALD_OTP_RESEND_S: "5" }).otpResendSeconds).toBe(5);
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_OTP_RESEND_S: "0" })).toThrow(
      /HERALD_OTP_RESEND_S must be an integer/,
    );
  });

  it("calls only public https addresses chosen by a company unless private targets are allowed", () => {
    expect(loadConfig({ HERALD_DATA_DIR: dir() }).outboundAllowPrivate).toBe(false);
    expect(
      loadConfig({ HERALD_DATA_DIR: dir(), HERALD_OUTBOUND_ALLOW_PRIVATE: "true" }).outboundAllowPrivate,
    ).toBe(true);
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_OUTBOUND_ALLOW_PRIVATE: "maybe" })).toThrow(
      /HERALD_OUTBOUND_ALLOW_PRIVATE must be true or false/,
    );
  });

  it("believes X-Forwarded-For only from the configured proxies: none, a number of hops, or their addresses", () => {
    const trust = (value?: string) =>
      loadConfig({ HERALD_DATA_DIR: dir(), ...(value === undefined ? {} : { HERALD_TRUST_PROXY: value }) })
        .trustProxy;
    expect(trust()).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("true")).toEqual({ hops: 1 });
    expect(trust("1")).toEqual({ hops: 1 });
    expect(trust("2")).toEqual({ hops: 2 });
    expect(trust("10.0.0.5")).toEqual({ proxies: ["10.0.0.5"] });
    expect(trust(" 10.0.0.5, 10.1.0.0/16 ,fd00::/8,::1,loopback")).toEqual({
      proxies: ["10.0.0.5", "10.1.0.0/16", "fd00::/8", "::1", "loopback"],
    });
    for (const bad of [
      "maybe",
      "-1",
      "1.5",
      "10.0.0.300",
      "10.0.0.0/33",
      "fd00::/129",
      "10.0.0.5,",
      "proxy.local",
      "10.0.0.0/8/8",
    ]) {
      expect(() => trust(bad), bad).toThrow(ConfigError);
      expect(() => trust(bad), bad).toThrow(/^HERALD_TRUST_PROXY must be false, true .* got "/);
    }
  });

  it("has every variable it reads in the README's configuration table", () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const source = readFileSync(path.join(here, "config.ts"), "utf8");
    const read = new Set(
      [...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|env, "([A-Z][A-Z0-9_]+)"/g)].map((m) => m[1] ?? m[2]),
    );
    const readme = readFileSync(path.join(here, "../../../README.md"), "utf8");
    const table = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]));
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !table.has(name))).toEqual([]);
    expect([...table].filter((name) => !read.has(name!))).toEqual([]);
  });
});
