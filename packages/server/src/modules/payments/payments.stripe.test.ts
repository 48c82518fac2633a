import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auth, createCompany, createUser, type TestCompany, testApp } from "../../test/harness";

const SECRET_KEY = "sk_test_herald_fake";
const WEBHOOK_SECRET = "whsec_herald_test_secret";

interface Seen {
  method: string;
  path: string;
  form: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

/** A loopback stand-in for the Stripe API endpoints Herald calls; it records the form fields it receives. */
class FakeStripe {
  seen: Seen[] = [];
  fail = false;
  private server!: Server;
  private n = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", () => r()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }

  calls(path: string) {
    return this.seen.filter((s) => s.path === path);
  }

  private async handle(req: IncomingMessage, res: import("node:http").ServerResponse) {
    let body = "";
    for await (const chunk of req) body += chunk;
    const form = Object.fromEntries(new URLSearchParams(body));
    const path = (req.url ?? "").split("?")[0]!;
    this.seen.push({
      method: req.method ?? "",
      path,
      form,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
    });
    const send = (status: number, json: object) => {
      res.writeHead(status, { "content-type": "application/json", "stripe-should-retry": "false" });
      res.end(JSON.stringify(json));
    };
    if (this.fail) return send(500, { error: { type: "api_error", message: "Stripe is down" } });
    const id = ++this.n;
    if (req.method === "POST" && path === "/v1/customers") {
      return send(200, { id: `cus_fake_${id}`, object: "customer", name: form.name, email: form.email });
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      return send(200, {
        id: `cs_test_fake_${id}`,
        object: "checkout.session",
        mode: "payment",
        url: `https://checkout.stripe.test/c/pay/cs_test_fake_${id}`,
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]),
        currency: "sgd",
        payment_status: "unpaid",
        metadata: { company_id: form["metadata[company_id]"], purchase_id: form["metadata[purchase_id]"] },
      });
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      return send(200, {
        id: `bps_fake_${id}`,
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stripe.test/p/session/bps_fake_${id}`,
      });
    }
    send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` } });
  }
}

const fake = new FakeStripe();
const stripe = new Stripe(SECRET_KEY);
let app: FastifyInstance;

beforeAll(async () => {
  const url = await fake.start();
  app = await testApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: url,
  });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.seen = [];
  fake.fail = false;
});

const post = (url: string, payload: object | undefined, u: { token: string }) =>
  app.inject({ method: "POST", url: `/api${url}`, ...(payload ? { payload } : {}), headers: auth(u) });

async function balanceOf(companyId: string) {
  const [r] = await app.deps.database.query<{ credit_cents: number }>(
    "select credit_cents from companies where id = $1",
    [companyId],
  );
  return Number(r!.credit_cents);
}

async function purchaseOf(companyId: string) {
  const rows = await app.deps.database.query<{
    id: string;
    status: string;
    amount_cents: number;
    provider: string;
    provider_session_id: string | null;
    provider_event_id: string | null;
  }>("select * from payments where company_id = $1 order by created_at desc", [companyId]);
  return rows;
}

/** Starts a Stripe checkout for the company: our purchase row and its checkout session id. */
async function checkout(c: TestCompany, amount = 500) {
  const res = await post("/checkout", { amount }, c.owner);
  expect(res.statusCode).toBe(200);
  const [row] = await purchaseOf(c.id);
  return { id: row!.id, sessionId: row!.provider_session_id!, companyId: c.id, amountCents: amount * 100 };
}

type Purchase = Awaited<ReturnType<typeof checkout>>;

function event(p: Purchase, over: { id?: string; type?: string; object?: Record<string, unknown> } = {}) {
  return JSON.stringify({
    id: over.id ?? `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: over.type ?? "checkout.session.completed",
    data: {
      object: {
        id: p.sessionId,
        object: "checkout.session",
        payment_status: "paid",
        status: "complete",
        amount_total: p.amountCents,
        currency: "sgd",
        client_reference_id: p.id,
        metadata: { company_id: p.companyId, purchase_id: p.id },
        ...over.object,
      },
    },
  });
}

const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });

const deliver = (payload: string, signature: string | undefined, provider = "stripe") =>
  app.inject({
    method: "POST",
    url: `/api/webhooks/payments/${provider}`,
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    payload,
  });

describe("/checkout with Stripe", () => {
  it("creates the company's customer once and a Checkout Session in SGD cents, answering its url", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const res = await post("/checkout", { amount: 1500, currentUserId: c.owner.id }, c.owner);
    expect(res.statusCode).toBe(200);
    const [row] = await purchaseOf(c.id);
    expect(row).toMatchObject({ status: "pending", amount_cents: 150_000, provider: "stripe" });
    expect(res.json()).toEqual({ url: `https://checkout.stripe.test/c/pay/${row!.provider_session_id}` });

    const [customer] = fake.calls("/v1/customers");
    expect(customer!.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(customer!.form).toMatchObject({ "metadata[company_id]": c.id, email: c.owner.email });
    expect(customer!.form.name).toMatch(/^Test Co /);

    const [session] = fake.calls("/v1/checkout/sessions");
    const base = app.deps.config.publicUrl;
    expect(session!.form).toEqual({
      mode: "payment",
      customer: expect.stringMatching(/^cus_fake_\d+$/),
      client_reference_id: row!.id,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "sgd",
      "line_items[0][price_data][unit_amount]": "150000",
      "line_items[0][price_data][product_data][name]": "Herald prepaid credit (SGD 1500)",
      "metadata[company_id]": c.id,
      "metadata[purchase_id]": row!.id,
      "payment_intent_data[metadata][company_id]": c.id,
      "payment_intent_data[metadata][purchase_id]": row!.id,
      success_url: `${base}/credit-mgt/purchase-credit?payment_success=true`,
      cancel_url: `${base}/credit-mgt/purchase-credit?payment_success=false`,
    });
    expect(session!.idempotencyKey).toBe(`herald-checkout-${row!.id}`);

    // The second checkout reuses the stored customer.
    fake.seen = [];
    await post("/checkout", { amount: 500 }, c.owner);
    expect(fake.calls("/v1/customers")).toHaveLength(0);
    expect(fake.calls("/v1/checkout/sessions")[0]!.form.customer).toBe(session!.form.customer);
    expect(await balanceOf(c.id)).toBe(0);
  });

  it("answers 503 when Stripe fails, with the purchase cancelled", async () => {
    const c = await createCompany(app);
    fake.fail = true;
    const res = await post("/checkout", { amount: 500 }, c.owner);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: "The payment provider is unreachable. Please try again later." });
    expect(await purchaseOf(c.id)).toHaveLength(0); // the customer call failed first: nothing recorded
    fake.fail = false;
    await post("/billingPortal", undefined, c.owner); // stores the customer
    fake.fail = true;
    expect((await post("/checkout", { amount: 500 }, c.owner)).statusCode).toBe(503);
    expect((await purchaseOf(c.id)).map((r) => r.status)).toEqual(["cancelled"]);
    expect((await post("/billingPortal", undefined, c.owner)).statusCode).toBe(503);
  });

  it("refuses a bad amount and non-admins without calling Stripe", async () => {
    const c = await createCompany(app);
    expect((await post("/checkout", { amount: 0 }, c.owner)).json()).toEqual({
      message: "Please select or enter amount",
    });
    const agent = await createUser(app, c.id, { role: "agent" });
    expect((await post("/checkout", { amount: 500 }, agent)).statusCode).toBe(403);
    expect((await post("/billingPortal", undefined, agent)).statusCode).toBe(403);
    expect(fake.seen).toHaveLength(0);
  });
});

describe("/billingPortal with Stripe", () => {
  it("answers a Billing Portal session url for the company's own customer", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await checkout(a);
    const customerA = fake.calls("/v1/checkout/sessions")[0]!.form.customer;
    fake.seen = [];
    const res = await post("/billingPortal", undefined, a.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_fake_\d+$/);
    expect(fake.calls("/v1/customers")).toHaveLength(0);
    expect(fake.calls("/v1/billing_portal/sessions")[0]!.form).toEqual({
      customer: customerA,
      return_url: `${app.deps.config.publicUrl}/credit-mgt/purchase-credit`,
    });
    // Another company's admin gets a portal of another (new) customer, never company A's.
    fake.seen = [];
    await post("/billingPortal", undefined, b.owner);
    expect(fake.calls("/v1/customers")[0]!.form["metadata[company_id]"]).toBe(b.id);
    expect(fake.calls("/v1/billing_portal/sessions")[0]!.form.customer).not.toBe(customerA);
  });
});

describe("POST /webhooks/payments/stripe", () => {
  it("credits checkout.session.completed once; a replayed event and a second event for the session credit nothing", async () => {
    const c = await createCompany(app, { creditCents: 1_000 });
    const p = await checkout(c, 500);
    const body = event(p);
    const first = await deliver(body, sign(body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(c.id)).toBe(51_000);
    const [row] = await purchaseOf(c.id);
    expect(row).toMatchObject({ status: "paid", provider_event_id: JSON.parse(body).id });

    const replay = await deliver(body, sign(body));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const second = event(p);
    expect((await deliver(second, sign(second))).json()).toEqual({ received: true, duplicate: true });
    const async = event(p, { type: "checkout.session.async_payment_succeeded" });
    expect((await deliver(async, sign(async))).json()).toEqual({ received: true, duplicate: true });
    expect(await balanceOf(c.id)).toBe(51_000);
  });

  it("refuses a bad signature, another secret, a missing header and a stale timestamp with 401", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const p = await checkout(c, 500);
    const body = event(p);
    const now = Math.floor(Date.now() / 1000);
    const bad: [string, string | undefined][] = [
      [body, undefined],
      [body, "t=1,v1=abc"],
      [body, sign(body, { secret: "whsec_someone_else" })],
      [body, sign(body, { timestamp: now - 301 })],
      [body.replace('"amount_total":50000', '"amount_total":5000000'), sign(body)],
    ];
    for (const [payload, signature] of bad) {
      const res = await deliver(payload, signature);
      expect(res.statusCode, signature).toBe(401);
    }
    const stale = await deliver(body, sign(body, { timestamp: now - 301 }));
    expect(stale.json()).toEqual({ message: "Stale webhook signature" });
    expect(await balanceOf(c.id)).toBe(0);
    // The same event, freshly signed, then credits.
    expect((await deliver(body, sign(body))).json()).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(c.id)).toBe(50_000);
  });

  it("acknowledges and ignores unknown event types and unpaid sessions", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const p = await checkout(c, 500);
    for (const body of [
      event(p, { type: "invoice.paid" }),
      event(p, { type: "payment_intent.succeeded" }),
      event(p, { object: { payment_status: "unpaid" } }),
    ]) {
      const res = await deliver(body, sign(body));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: false });
    }
    expect(await balanceOf(c.id)).toBe(0);
    expect((await purchaseOf(c.id))[0]!.status).toBe("pending");
  });

  it("credits nothing when the paid amount or currency differs from the purchase", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const p = await checkout(c, 500);
    for (const object of [{ amount_total: 5_000_000 }, { amount_total: 100 }, { currency: "usd" }]) {
      const body = event(p, { object });
      expect((await deliver(body, sign(body))).statusCode).toBe(200);
    }
    expect(await balanceOf(c.id)).toBe(0);
    expect((await purchaseOf(c.id))[0]!.status).toBe("pending");
    // The genuine event still credits the recorded amount.
    const good = event(p);
    await deliver(good, sign(good));
    expect(await balanceOf(c.id)).toBe(50_000);
  });

  it("never credits a company other than the one that started the purchase", async () => {
    const a = await createCompany(app, { creditCents: 0 });
    const b = await createCompany(app, { creditCents: 0 });
    const pa = await checkout(a, 500);
    const pb = await checkout(b, 3000);
    // A's session claiming B's company or purchase in its metadata: refused.
    for (const metadata of [
      { company_id: b.id, purchase_id: pa.id },
      { company_id: a.id, purchase_id: pb.id },
    ]) {
      const body = event(pa, { object: { metadata } });
      expect((await deliver(body, sign(body))).statusCode).toBe(200);
    }
    // B's purchase id under A's session with B's amount: still A's record decides, and it does not match.
    const swapped = event(pa, { object: { client_reference_id: pb.id, amount_total: pb.amountCents } });
    await deliver(swapped, sign(swapped));
    // A session nobody here started: acknowledged, nothing credited.
    const unknown = event({ ...pb, sessionId: "cs_test_not_ours" });
    expect((await deliver(unknown, sign(unknown))).json()).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(a.id)).toBe(0);
    expect(await balanceOf(b.id)).toBe(0);
    // A's genuine event credits A only.
    const good = event(pa);
    await deliver(good, sign(good));
    expect(await balanceOf(a.id)).toBe(50_000);
    expect(await balanceOf(b.id)).toBe(0);
  });

  it("cancels a pending purchase on checkout.session.expired", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const p = await checkout(c, 500);
    const body = event(p, { type: "checkout.session.expired", object: { payment_status: "unpaid" } });
    expect((await deliver(body, sign(body))).statusCode).toBe(200);
    expect((await purchaseOf(c.id))[0]!.status).toBe("cancelled");
    expect(await balanceOf(c.id)).toBe(0);
  });

  it("answers 404 for the sandbox provider when Stripe is configured, and serves no sandbox pages", async () => {
    const body = JSON.stringify({ id: "evt_x", type: "checkout.session.completed" });
    expect((await deliver(body, sign(body), "sandbox")).statusCode).toBe(404);
    const c = await createCompany(app);
    const url = new URL((await post("/billingPortal", undefined, c.owner)).json().url);
    expect(url.host).toBe("billing.stripe.test");
    expect((await app.inject({ method: "GET", url: `/_sandbox/payments/${c.id}` })).statusCode).toBe(404);
  });
});
