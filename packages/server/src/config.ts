import { hkdfSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { ensurePrivateDir } from "./db/data-dir";
import { parseRoutesConfig, type RoutesConfig } from "./providers/sms/routes";
import { parseSmppUrl } from "./providers/sms/smpp-url";

/** Every setting of the server, read and validated once from the environment. */
export interface Config {
  env: "development" | "test" | "production";
  host: string;
  port: number;
  /** Public base URL used in e-mail links (verification, reset). */
  publicUrl: string;
  /** PGlite data directory (also holds the generated JWT secret). */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite is used. */
  databaseUrl: string | undefined;
  jwtSecret: Uint8Array;
  /**
   * AES-256-GCM key for channel credentials at rest (HERALD_CHANNEL_KEY: 32 bytes as 64 hex digits or base64).
   * Outside production, when unset, it is derived from the JWT secret (`channelKeyDerived` true: a warning is
   * logged at start); production refuses to start without it unless HERALD_ALLOW_SANDBOX is set.
   */
  channelKey: Buffer;
  channelKeyDerived: boolean;
  /**
   * Provider APIs of the channel connectors (TELEGRAM_API_URL, WHATSAPP_API_URL, LINE_API_URL, VIBER_API_URL: tests and egress
   * proxies; the
   * public ones when unset).
   */
  channelApis: {
    telegram: string | undefined;
    whatsapp: string | undefined;
    line: string | undefined;
    viber: string | undefined;
  };
  /**
   * Requests to company-chosen URLs (chatbot webhook, generic channel bridge) may go to loopback, private,
   * carrier-grade NAT and unique-local addresses, and over plain http (HERALD_OUTBOUND_ALLOW_PRIVATE, false):
   * tests and bots on the operator's own network. Off, only public https addresses are requested (lib/outbound-url.ts).
   */
  outboundAllowPrivate: boolean;
  /** Access token lifetime in seconds. */
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  sms: {
    provider: "sandbox" | "http" | "smpp";
    url: string | undefined;
    senderId: string;
    smppUrl?: string;
    /** HERALD_SMS_ROUTES: several gateways chosen by destination prefix, with failover (replaces SMS_PROVIDER). */
    routes?: RoutesConfig;
  };
  geoipUrl: string | undefined;
  /** Operator's own Terms of Service and Privacy Policy pages; the portal's built-in pages when unset. */
  termsUrl: string | undefined;
  privacyUrl: string | undefined;
  logLevel: string;
  /** Create the demo company on an empty database. */
  seedDemo: boolean;
  /** Allow sandbox providers in production (never serves /_sandbox there). */
  allowSandboxInProduction: boolean;
  /** Directory of the built portal served at `/`. */
  portalDir: string;
  /** Run the job workers inside the API process. */
  runWorkers: boolean;
  userLimitDefault: number;
  /** The vendor's support address that corporate top-up requests go to. */
  supportEmail: string;
  /**
   * Whose X-Forwarded-For is believed (HERALD_TRUST_PROXY, false): nobody's (the peer is the client), a number of
   * proxy hops in front of the server (`true` is one), or the proxies' addresses and CIDR ranges. The client is
   * the rightmost address that no trusted proxy stands for, never an entry the client wrote itself.
   */
  trustProxy: TrustProxy;
  /** Calls per minute one client address may make to each call that needs no sign-in (0: no limit). */
  publicRateLimit: number;
  /**
   * How long a session's user (role, status, departments) is reused without asking the database
   * (HERALD_SESSION_CACHE_MS, 30 000; 0 turns the cache off). Changes made through Herald drop it at once in
   * every process; this bounds how long a change written straight into the database takes to apply.
   */
  sessionCacheMs: number;
  /** Corporate credit purchases: Stripe when both keys are set, otherwise the sandbox checkout. */
  payments: PaymentsConfig;
  /** Sending of composed messages (modules/sms). */
  sending: SendingConfig;
}

export interface SendingConfig {
  /** Price of one SMS segment in cents (HERALD_SMS_PRICE_CENTS, 5). */
  smsPriceCents: number;
  /** Price of one e-mail in cents (HERALD_EMAIL_PRICE_CENTS, 1). */
  emailPriceCents: number;
  /** Messages per second to the SMS gateway, across every worker (HERALD_SMS_RATE, 50). */
  smsRatePerSecond: number;
  /** A row held 'submitting' longer than this is taken again with the same key (HERALD_SMS_SUBMIT_TIMEOUT, 120 s). */
  submitTimeoutSeconds: number;
  /** Secret of the SMS gateway's signed webhooks (SMS_WEBHOOK_SECRET); the webhooks answer 404 without it. */
  smsWebhookSecret: string | undefined;
}

export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** proxy-addr's names of address ranges, accepted in a list of proxies besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

/** An IPv4 or IPv6 address, optionally with a prefix length ("10.0.0.0/8", "fd00::/8"), or a range's name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = address.includes("%") ? 0 : isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** HERALD_TRUST_PROXY: false (default), true (one hop), a number of hops, or a comma-separated list of proxies. */
function trustProxy(env: Env): TrustProxy {
  const raw = env.HERALD_TRUST_PROXY?.trim() ?? "";
  const word = raw.toLowerCase();
  if (["", "0", "false", "no", "off"].includes(word)) return false;
  if (["true", "yes", "on"].includes(word)) return { hops: 1 };
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (Number.isSafeInteger(hops)) return { hops };
  } else {
    const proxies = raw.split(",").map((entry) => entry.trim());
    if (proxies.every(isProxyAddress)) return { proxies };
  }
  throw new ConfigError(
    `HERALD_TRUST_PROXY must be false, true (one proxy in front of the server), the number of proxies in front of it, or a comma-separated list of the proxies' addresses or CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16), got "${raw}"`,
  );
}

export type PaymentsConfig =
  | { provider: "sandbox" }
  | {
      provider: "stripe";
      secretKey: string;
      webhookSecret: string;
      /** Stripe API base URL (STRIPE_API_URL; tests and egress proxies); Stripe's own when unset. */
      apiUrl: string | undefined;
    };

/** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: both (Stripe) or neither (sandbox checkout). */
function paymentsConfig(env: Env): PaymentsConfig {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  const apiUrl = env.STRIPE_API_URL || undefined;
  if (!secretKey && !webhookSecret) {
    if (apiUrl) throw new ConfigError("STRIPE_API_URL needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    return { provider: "sandbox" };
  }
  if (!secretKey || !webhookSecret) {
    throw new ConfigError(
      `STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: ${secretKey ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"} is missing`,
    );
  }
  if (!/^(sk|rk)_(test|live)_\S+$/.test(secretKey)) {
    throw new ConfigError("STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_… or rk_…)");
  }
  if (!/^whsec_\S+$/.test(webhookSecret)) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…)");
  }
  if (apiUrl) {
    let protocol = "";
    try {
      protocol = new URL(apiUrl).protocol;
    } catch {
      /* reported below */
    }
    if (protocol !== "http:" && protocol !== "https:") {
      throw new ConfigError(`STRIPE_API_URL must be an http(s) URL, got "${apiUrl}"`);
    }
  }
  return { provider: "stripe", secretKey, webhookSecret, apiUrl };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** Reads the JWT secret from config, or from the data dir, generating it once. */
function loadJwtSecret(env: Env, dataDir: string): Uint8Array {
  const configured = env.HERALD_JWT_SECRET;
  if (configured) {
    if (configured.length < 32) throw new ConfigError("HERALD_JWT_SECRET must be at least 32 characters");
    return new TextEncoder().encode(configured);
  }
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, "jwt-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, "utf8").trim());
}

/** HERALD_CHANNEL_KEY, or (outside production) a key derived from the JWT secret. */
function loadChannelKey(
  env: Env,
  herEnv: Config["env"],
  allowSandbox: boolean,
  jwtSecret: Uint8Array,
): { key: Buffer; derived: boolean } {
  const raw = env.HERALD_CHANNEL_KEY?.trim();
  if (raw) {
    const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
    if (key.length !== 32) {
      throw new ConfigError("HERALD_CHANNEL_KEY must be 32 bytes, written as 64 hex digits or in base64");
    }
    return { key, derived: false };
  }
  if (herEnv === "production" && !allowSandbox) {
    throw new ConfigError(
      "HERALD_ENV=production needs HERALD_CHANNEL_KEY (the key of channel credentials at rest)",
    );
  }
  const key = Buffer.from(hkdfSync("sha256", jwtSecret, "herald", "channel-credentials", 32));
  return { key, derived: true };
}

const defaultPortalDir = () => {
  const here = path.dirname(new URL(import.meta.url).pathname);
  // works from src/ (tsx, vitest) and from dist/ (built)
  return path.resolve(here, "../../portal/dist");
};

export function loadConfig(env: Env = process.env): Config {
  const rawEnv = env.HERALD_ENV ?? (env.NODE_ENV === "test" ? "test" : "development");
  if (!["development", "test", "production"].includes(rawEnv)) {
    throw new ConfigError(`HERALD_ENV must be development, test or production, got "${rawEnv}"`);
  }
  const herEnv = rawEnv as Config["env"];
  const port = int(env, "PORT", 3000, 0, 65535);
  // Outside production the sandbox mailbox (every code and reset link) is served: stay on this machine
  // unless told otherwise.
  const host = env.HOST || (herEnv === "production" ? "0.0.0.0" : "127.0.0.1");
  const dataDir = path.resolve(env.HERALD_DATA_DIR ?? ".herald");
  const smsProvider = (env.SMS_PROVIDER ?? "sandbox") as Config["sms"]["provider"];
  if (!["sandbox", "http", "smpp"].includes(smsProvider)) {
    throw new ConfigError(`SMS_PROVIDER must be sandbox, http or smpp, got "${smsProvider}"`);
  }
  if (smsProvider === "http" && !env.SMS_URL) {
    throw new ConfigError(`SMS_URL is required when SMS_PROVIDER is ${smsProvider}`);
  }
  if (smsProvider === "smpp") {
    if (!env.SMPP_URL) throw new ConfigError("SMPP_URL is required when SMS_PROVIDER is smpp");
    try {
      parseSmppUrl(env.SMPP_URL);
    } catch (err) {
      throw new ConfigError((err as Error).message);
    }
  }
  let smsRoutes: RoutesConfig | undefined;
  if (env.HERALD_SMS_ROUTES) {
    const value = env.HERALD_SMS_ROUTES.trim();
    try {
      smsRoutes = parseRoutesConfig(
        value.startsWith("{") ? value : readFileSync(path.resolve(value), "utf8"),
      );
    } catch (err) {
      throw new ConfigError(
        (err as NodeJS.ErrnoException).code === "ENOENT"
          ? `HERALD_SMS_ROUTES: no file at ${path.resolve(value)}`
          : (err as Error).message,
      );
    }
  }
  const jwtSecret = loadJwtSecret(env, dataDir);
  const config: Config = {
    env: herEnv,
    host,
    port,
    publicUrl: (env.HERALD_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    // set below, once the production checks of the providers have run
    channelKey: Buffer.alloc(0),
    channelKeyDerived: false,
    channelApis: {
      telegram: env.TELEGRAM_API_URL || undefined,
      whatsapp: env.WHATSAPP_API_URL || undefined,
      line: env.LINE_API_URL || undefined,
      viber: env.VIBER_API_URL || undefined,
    },
    outboundAllowPrivate: bool(env, "HERALD_OUTBOUND_ALLOW_PRIVATE", false),
    tokenTtlSeconds: int(env, "HERALD_TOKEN_TTL", 12 * 3600, 60),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Herald <no-reply@herald.local>",
    sms: {
      provider: smsProvider,
      url: env.SMS_URL || undefined,
      senderId: env.SMS_SENDER_ID ?? "Herald",
      ...(smsProvider === "smpp" ? { smppUrl: env.SMPP_URL } : {}),
      ...(smsRoutes ? { routes: smsRoutes } : {}),
    },
    geoipUrl: env.HERALD_GEOIP_URL || undefined,
    termsUrl: env.HERALD_TERMS_URL || undefined,
    privacyUrl: env.HERALD_PRIVACY_URL || undefined,
    logLevel: env.LOG_LEVEL ?? (herEnv === "test" ? "silent" : "info"),
    seedDemo: bool(env, "HERALD_DEMO", herEnv !== "production"),
    allowSandboxInProduction: bool(env, "HERALD_ALLOW_SANDBOX", false),
    portalDir: path.resolve(env.HERALD_PORTAL_DIR ?? defaultPortalDir()),
    runWorkers: bool(env, "HERALD_WORKERS", true),
    userLimitDefault: int(env, "HERALD_USER_LIMIT", 25, 1),
    trustProxy: trustProxy(env),
    supportEmail: env.HERALD_SUPPORT_EMAIL ?? "support@herald.local",
    publicRateLimit: int(env, "HERALD_PUBLIC_RATE_LIMIT", 100, 0),
    sessionCacheMs: int(env, "HERALD_SESSION_CACHE_MS", 30_000, 0, 3_600_000),
    payments: paymentsConfig(env),
    sending: {
      smsPriceCents: int(env, "HERALD_SMS_PRICE_CENTS", 5, 0),
      emailPriceCents: int(env, "HERALD_EMAIL_PRICE_CENTS", 1, 0),
      smsRatePerSecond: int(env, "HERALD_SMS_RATE", 50, 1),
      submitTimeoutSeconds: int(env, "HERALD_SMS_SUBMIT_TIMEOUT", 120, 1),
      smsWebhookSecret: env.SMS_WEBHOOK_SECRET || undefined,
    },
  };
  if (!config.runWorkers && !config.databaseUrl) {
    throw new ConfigError(
      "HERALD_WORKERS=false needs DATABASE_URL: on the embedded database no separate worker process can run the jobs (e-mail, SMS), so calls that send them would never finish",
    );
  }
  if (config.geoipUrl) {
    try {
      new URL(config.geoipUrl);
    } catch {
      throw new ConfigError(`HERALD_GEOIP_URL must be a URL, got "${config.geoipUrl}"`);
    }
  }
  for (const [name, value] of [
    ["HERALD_TERMS_URL", config.termsUrl],
    ["HERALD_PRIVACY_URL", config.privacyUrl],
  ] as const) {
    if (!value) continue;
    let protocol = "";
    try {
      protocol = new URL(value).protocol;
    } catch {
      /* reported below */
    }
    if (protocol !== "http:" && protocol !== "https:") {
      throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
    }
  }
  if (config.env === "production" && !config.allowSandboxInProduction) {
    const sandboxed = [
      !config.smtpUrl && "SMTP_URL",
      (config.sms.routes
        ? config.sms.routes.gateways.some((g) => g.type === "sandbox")
        : config.sms.provider === "sandbox") && (config.sms.routes ? "HERALD_SMS_ROUTES" : "SMS_PROVIDER"),
      config.payments.provider === "sandbox" && "STRIPE_SECRET_KEY",
    ].filter(Boolean);
    if (sandboxed.length > 0) {
      throw new ConfigError(
        `HERALD_ENV=production needs real providers (${sandboxed.join(", ")}); set them or HERALD_ALLOW_SANDBOX=true`,
      );
    }
  }
  const channelKey = loadChannelKey(env, config.env, config.allowSandboxInProduction, jwtSecret);
  config.channelKey = channelKey.key;
  config.channelKeyDerived = channelKey.derived;
  return config;
}

/** True when sandbox pages may be served. */
export const sandboxPagesEnabled = (config: Config) => config.env !== "production";

/** True for an address that only this machine can reach. */
export const isLoopback = (host: string) =>
  host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The warning to print at start when the sandbox mailbox is reachable from other machines, if it is. */
export function exposureWarning(config: Config): string | undefined {
  if (!sandboxPagesEnabled(config) || isLoopback(config.host)) return undefined;
  return `Warning: HOST=${config.host} serves the sandbox mailbox (every sign-in code and reset link) at /_sandbox to other machines; use HOST=127.0.0.1 unless this network is yours alone.`;
}
