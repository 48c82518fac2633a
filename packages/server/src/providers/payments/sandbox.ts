import { createHmac, timingSafeEqual } from "node:crypto";
import { BadRequest, Unauthorized } from "../../errors";
import { type PaymentEvent, type PaymentProvider, sessionData, WEBHOOK_TOLERANCE_SECONDS } from "./provider";

/** The sandbox driver, with what its local checkout and history pages need to sign and check. */
export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: "sandbox";
  /** The per-purchase secret in the sandbox checkout page's address (and its Pay and Cancel forms). */
  checkoutToken(purchaseId: string): string;
  /** The signature of the sandbox payment-history address of a company, valid until `expires` (unix s). */
  historyToken(companyId: string, expires: number): string;
  /** `X-Herald-Signature` of a webhook body. */
  sign(rawBody: string, timestamp?: number): string;
  /** The checkout session id of a purchase. */
  sessionIdOf(purchaseId: string): string;
}

const HISTORY_TTL_SECONDS = 3600;

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();

const sameHex = (expected: Buffer, given: string) => {
  if (!/^[0-9a-f]+$/i.test(given)) return false;
  const g = Buffer.from(given, "hex");
  return g.length === expected.length && timingSafeEqual(g, expected);
};

/** Verifies `t=<unix seconds>,v1=<hex HMAC-SHA256("<t>.<raw body>")>`; throws Unauthorized otherwise. */
export function verifyHeraldSignature(
  key: Buffer,
  rawBody: string,
  header: string | undefined,
  now = Math.floor(Date.now() / 1000),
) {
  if (!header) throw new Unauthorized("Missing webhook signature");
  const parts = new Map<string, string[]>();
  for (const item of header.split(",")) {
    const [k, ...v] = item.trim().split("=");
    if (!k || v.length === 0) continue;
    parts.set(k, [...(parts.get(k) ?? []), v.join("=")]);
  }
  const t = Number(parts.get("t")?.[0]);
  if (!Number.isInteger(t)) throw new Unauthorized("Invalid webhook signature");
  const expected = hmac(key, `${t}.${rawBody}`);
  if (!(parts.get("v1") ?? []).some((v) => sameHex(expected, v)))
    throw new Unauthorized("Invalid webhook signature");
  if (Math.abs(now - t) > WEBHOOK_TOLERANCE_SECONDS) throw new Unauthorized("Stale webhook signature");
}

/**
 * Sandbox payments: the checkout is a local page (`/_sandbox/checkout/{purchase}`) whose Pay button posts a
 * signed `checkout.session.completed` event to the payment webhook, the same way a provider does; the
 * billing portal is a local history page. Its keys derive from the server's JWT secret.
 */
const originOf = (url: string, fallback: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return fallback;
  }
};

export function sandboxPaymentProvider(opts: {
  publicUrl: string;
  secret: Uint8Array;
}): SandboxPaymentProvider {
  const root = Buffer.from(opts.secret);
  const webhookKey = hmac(root, "herald sandbox payments webhook");
  const pageKey = hmac(root, "herald sandbox payments pages");
  const checkoutToken = (purchaseId: string) => hmac(pageKey, `checkout:${purchaseId}`).toString("base64url");
  const historyToken = (companyId: string, expires: number) =>
    hmac(pageKey, `history:${companyId}:${expires}`).toString("base64url");
  const sessionIdOf = (purchaseId: string) => `cs_sandbox_${purchaseId.replaceAll("-", "")}`;
  return {
    name: "sandbox",
    checkoutToken,
    historyToken,
    sessionIdOf,
    sign(rawBody, timestamp = Math.floor(Date.now() / 1000)) {
      return `t=${timestamp},v1=${hmac(webhookKey, `${timestamp}.${rawBody}`).toString("hex")}`;
    },
    async createCustomer() {
      return null;
    },
    async createCheckout(input) {
      // The checkout page lives where the browser will come back to (the origin it left from).
      const url = `${originOf(input.successUrl, opts.publicUrl)}/_sandbox/checkout/${input.purchaseId}?token=${checkoutToken(input.purchaseId)}`;
      return { sessionId: sessionIdOf(input.purchaseId), url };
    },
    async billingPortal(input) {
      const expires = Math.floor(Date.now() / 1000) + HISTORY_TTL_SECONDS;
      const url = `${originOf(input.returnUrl, opts.publicUrl)}/_sandbox/payments/${input.companyId}?expires=${expires}&token=${historyToken(input.companyId, expires)}`;
      return { url };
    },
    readEvent(rawBody, headers) {
      const header = headers["x-herald-signature"];
      verifyHeraldSignature(webhookKey, rawBody, Array.isArray(header) ? header[0] : header);
      return parseEvent(rawBody);
    },
  };
}

/** A Stripe-shaped event from a verified body; 400 when it has no id or type. */
export function parseEvent(rawBody: string): PaymentEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new BadRequest("The payment event is not JSON");
  }
  const e = body as { id?: unknown; type?: unknown; data?: { object?: unknown } };
  if (!e || typeof e.id !== "string" || !e.id || typeof e.type !== "string" || !e.type) {
    throw new BadRequest("The payment event has no id or type");
  }
  const session = e.type.startsWith("checkout.session.") ? sessionData(e.data?.object) : undefined;
  return { id: e.id, type: e.type, ...(session ? { session } : {}) };
}
