import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../app";
import type { SandboxPaymentProvider } from "../../providers/payments";
import {
  auth,
  createCompany,
  createUser,
  secondInstance,
  sharedDatabase,
  type TestCompany,
  testApp,
  testConfig,
} from "../../test/harness";
import { audit } from "../credit/ledger";

const onPostgres = Boolean(inject("databaseUrl"));

let app: FastifyInstance;
let sandbox: SandboxPaymentProvider;
beforeAll(async () => {
  app = await testApp();
  sandbox = app.deps.payments as SandboxPaymentProvider;
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

async function purchasesOf(companyId: string) {
  return app.deps.database.query<{
    id: string;
    status: string;
    amount_cents: number;
    provider: string;
    provider_session_id: string;
    created_by: string;
    paid_at: Date | null;
  }>("select * from payments where company_id = $1 order by created_at", [companyId]);
}

/** Starts a purchase as the company's owner: the sandbox checkout address and its parts. */
async function startPurchase(c: TestCompany, amount = 500) {
  const res = await post("/checkout", { amount, currentUserId: c.owner.id }, c.owner);
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().url);
  const id = url.pathname.split("/").at(-1)!;
  return { url, id, token: url.searchParams.get("token")!, path: `${url.pathname}${url.search}` };
}

const form = (url: string, fields: Record<string, string>) =>
  app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

/** A Stripe-shaped checkout.session.completed event for a purchase. */
function completedEvent(
  p: { id: string; sessionId: string; companyId: string; amountCents: number },
  over: { eventId?: string; type?: string; object?: Record<string, unknown> } = {},
) {
  return JSON.stringify({
    id: over.eventId ?? `evt_${crypto.randomUUID()}`,
    type: over.type ?? "checkout.session.completed",
    data: {
      object: {
        id: p.sessionId,
        payment_status: "paid",
        amount_total: p.amountCents,
        currency: "sgd",
        client_reference_id: p.id,
        metadata: { company_id: p.companyId, purchase_id: p.id },
        ...over.object,
      },
    },
  });
}

const deliver = (payload: string, signature: string | undefined, provider = "sandbox") =>
  app.inject({
    method: "POST",
    url: `/api/webhooks/payments/${provider}`,
    headers: {
      "content-type": "application/json",
      ...(signature ? { "x-herald-signature": signature } : {}),
    },
    payload,
  });

describe("/checkout (sandbox)", () => {
  it("records a pending purchase and answers the sandbox checkout page's address", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const { url, id, token } = await startPurchase(c, 1500);
    expect(`${url.origin}${url.pathname}`).toBe(`${app.deps.config.publicUrl}/_sandbox/checkout/${id}`);
    expect(token).toBe(sandbox.checkoutToken(id));
    const [row] = await purchasesOf(c.id);
    expect(row).toMatchObject({
      id,
      status: "pending",
      amount_cents: 150_000,
      provider: "sandbox",
      provider_session_id: sandbox.sessionIdOf(id),
      created_by: c.owner.id,
      paid_at: null,
    });
    expect(await balanceOf(c.id)).toBe(0);
  });

  it("sends the browser back to the origin the admin's page was opened at (127.0.0.1 stays 127.0.0.1), never to another site's", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const at = async (headers: Record<string, string>) => {
      const res = await app.inject({
        method: "POST",
        url: "/api/checkout",
        payload: { amount: 500 },
        headers: { ...auth(c.owner), ...headers },
      });
      expect(res.statusCode).toBe(200);
      return new URL(res.json().url).origin;
    };
    // the page at http://127.0.0.1:4000 posts with Origin http://127.0.0.1:4000 to host 127.0.0.1:4000
    expect(await at({ host: "127.0.0.1:4000", origin: "http://127.0.0.1:4000" })).toBe(
      "http://127.0.0.1:4000",
    );
    expect(await at({ host: "localhost:4000", origin: "http://localhost:4000" })).toBe(
      "http://localhost:4000",
    );
    // an Origin that is not this host (another site, a forged header) or none (the CLI): the public URL
    const publicOrigin = new URL(app.deps.config.publicUrl).origin;
    expect(await at({ host: "127.0.0.1:4000", origin: "https://evil.example" })).toBe(publicOrigin);
    expect(await at({ host: "127.0.0.1:4000", origin: "null" })).toBe(publicOrigin);
    expect(await at({ host: "127.0.0.1:4000" })).toBe(publicOrigin);
  });

  it("refuses an amount that is not a whole number of SGD from 1 with 'Please select or enter amount'", async () => {
    const c = await createCompany(app);
    for (const amount of [0, -5, 1.5, null, "abc"]) {
      const res = await post("/checkout", { amount }, c.owner);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json()).toEqual({ message: "Please select or enter amount" });
    }
    const missing = await post("/checkout", {}, c.owner);
    expect(missing.json()).toEqual({ message: "Please select or enter amount" });
    const huge = await post("/checkout", { amount: 1_000_000 }, c.owner);
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ message: "Please enter an amount of at most 999,999 SGD" });
    expect(await purchasesOf(c.id)).toHaveLength(0);
  });

  it("is for admins only: 403 for a supervisor and an agent, 401 without a token", async () => {
    const c = await createCompany(app);
    for (const role of ["supervisor", "agent"] as const) {
      const u = await createUser(app, c.id, { role });
      expect((await post("/checkout", { amount: 500 }, u)).statusCode).toBe(403);
      expect((await post("/billingPortal", undefined, u)).statusCode).toBe(403);
    }
    const anon = await app.inject({ method: "POST", url: "/api/checkout", payload: { amount: 500 } });
    expect(anon.statusCode).toBe(401);
    expect(await purchasesOf(c.id)).toHaveLength(0);
  });
});

describe("sandbox checkout page", () => {
  it("shows the company and the amount with Pay and Cancel forms that carry the token", async () => {
    const c = await createCompany(app);
    const { path, id, token } = await startPurchase(c, 2500);
    const page = await app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const [company] = await app.deps.database.query<{ name: string }>(
      "select name from companies where id = $1",
      [c.id],
    );
    expect(page.body).toContain(company!.name);
    expect(page.body).toContain("SGD 2,500.00");
    expect(page.body).toContain(`action="/_sandbox/checkout/${id}/pay"`);
    expect(page.body).toContain(`action="/_sandbox/checkout/${id}/cancel"`);
    expect(page.body).toContain(`name="token" value="${token}"`);
  });

  it("Pay credits the corporate balance once through the payment webhook and returns with payment_success=true", async () => {
    const c = await createCompany(app, { creditCents: 1_000 });
    const { id, token } = await startPurchase(c, 500);
    const pay = await form(`/_sandbox/checkout/${id}/pay`, { token });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe("/credit-mgt/purchase-credit?payment_success=true");
    expect(await balanceOf(c.id)).toBe(51_000);
    const [row] = await purchasesOf(c.id);
    expect(row!.status).toBe("paid");
    expect(row!.paid_at).not.toBeNull();
    // A second Pay (a double click, a resubmitted form) moves nothing.
    const again = await form(`/_sandbox/checkout/${id}/pay`, { token });
    expect(again.statusCode).toBe(303);
    expect(await balanceOf(c.id)).toBe(51_000);
    const a = await audit(app.deps.database.db, c.id);
    expect(a.unbalancedTransactions).toBe(0);
    const entries = await app.deps.database.query<{ account: string; amount_cents: number; kind: string }>(
      "select account, amount_cents, kind from ledger_entries where reference = $1 order by amount_cents",
      [`payment:${id}`],
    );
    expect(entries.map((e) => [e.account, Number(e.amount_cents), e.kind])).toEqual([
      ["external", -50_000, "purchase"],
      ["company", 50_000, "purchase"],
    ]);
  });

  it("Cancel marks the purchase cancelled, returns with payment_success=false and moves nothing", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const { id, token, path } = await startPurchase(c, 500);
    const cancel = await form(`/_sandbox/checkout/${id}/cancel`, { token });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe("/credit-mgt/purchase-credit?payment_success=false");
    expect((await purchasesOf(c.id))[0]!.status).toBe("cancelled");
    // Paying a cancelled checkout afterwards does nothing either.
    const pay = await form(`/_sandbox/checkout/${id}/pay`, { token });
    expect(pay.headers.location).toContain("payment_success=false");
    expect(await balanceOf(c.id)).toBe(0);
    const page = await app.inject({ method: "GET", url: path });
    expect(page.body).toContain("This purchase is cancelled.");
    expect(page.body).not.toContain("/pay");
  });

  it("refuses a missing or forged token, and another purchase's token (no forged payments)", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const { id, token } = await startPurchase(c, 500);
    const other = await startPurchase(await createCompany(app), 500);
    for (const bad of [
      {},
      { token: "x" },
      { token: other.token },
      { token: `${token[0] === "A" ? "B" : "A"}${token.slice(1)}` },
    ]) {
      expect((await form(`/_sandbox/checkout/${id}/pay`, bad as Record<string, string>)).statusCode).toBe(
        404,
      );
      expect((await form(`/_sandbox/checkout/${id}/cancel`, bad as Record<string, string>)).statusCode).toBe(
        404,
      );
    }
    expect((await app.inject({ method: "GET", url: `/_sandbox/checkout/${id}` })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: "GET", url: `/_sandbox/checkout/${id}?token=${other.token}` })).statusCode,
    ).toBe(404);
    // The token in the query string does not pay: Pay takes it from the form body only.
    const query = await app.inject({ method: "POST", url: `/_sandbox/checkout/${id}/pay?token=${token}` });
    expect(query.statusCode).toBe(404);
    expect(await balanceOf(c.id)).toBe(0);
    expect((await purchasesOf(c.id))[0]!.status).toBe("pending");
  });

  it("is never served in production", async () => {
    const { database, dataDir } = await sharedDatabase();
    const config = testConfig({ HERALD_ENV: "production", HERALD_ALLOW_SANDBOX: "true" }, dataDir);
    const prod = await buildApp({ config: { ...config, runWorkers: false }, database });
    try {
      const c = await createCompany(app);
      const { path, id, token } = await startPurchase(c);
      expect((await prod.inject({ method: "GET", url: path })).statusCode).toBe(404);
      const pay = await prod.inject({
        method: "POST",
        url: `/_sandbox/checkout/${id}/pay`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `token=${token}`,
      });
      expect(pay.statusCode).toBe(404);
      expect((await prod.inject({ method: "GET", url: `/_sandbox/payments/${c.id}` })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe("/billingPortal (sandbox payment history)", () => {
  it("answers a signed address of the company's history page, which lists its purchases only", async () => {
    const c = await createCompany(app);
    const other = await createCompany(app);
    const paid = await startPurchase(c, 1000);
    await form(`/_sandbox/checkout/${paid.id}/pay`, { token: paid.token });
    const cancelled = await startPurchase(c, 2000);
    await form(`/_sandbox/checkout/${cancelled.id}/cancel`, { token: cancelled.token });
    await startPurchase(other, 3000);

    const res = await post("/billingPortal", undefined, c.owner);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.pathname).toBe(`/_sandbox/payments/${c.id}`);
    const page = await app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("SGD 1,000.00");
    expect(page.body).toContain("SGD 2,000.00");
    expect(page.body).toContain("Paid");
    expect(page.body).toContain("Cancelled");
    expect(page.body).not.toContain("SGD 3,000.00");

    // Another company's id under this signature, a changed expiry or an expired link: nothing.
    const forged = `/_sandbox/payments/${other.id}${url.search}`;
    expect((await app.inject({ method: "GET", url: forged })).statusCode).toBe(404);
    const longer = new URLSearchParams(url.search);
    longer.set("expires", String(Number(longer.get("expires")) + 1));
    expect((await app.inject({ method: "GET", url: `${url.pathname}?${longer}` })).statusCode).toBe(404);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = `${url.pathname}?expires=${past}&token=${sandbox.historyToken(c.id, past)}`;
    expect((await app.inject({ method: "GET", url: expired })).statusCode).toBe(404);
  });

  it("shows the empty state to a company without purchases", async () => {
    const c = await createCompany(app);
    const url = new URL((await post("/billingPortal", undefined, c.owner)).json().url);
    const page = await app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(page.body).toContain("There are no records found.");
  });
});

describe("POST /webhooks/payments/sandbox", () => {
  async function pendingPurchase(creditCents = 0, amount = 500) {
    const c = await createCompany(app, { creditCents });
    const { id } = await startPurchase(c, amount);
    return { c, p: { id, sessionId: sandbox.sessionIdOf(id), companyId: c.id, amountCents: amount * 100 } };
  }

  it("credits a signed completed checkout once per event id and once per checkout session", async () => {
    const { c, p } = await pendingPurchase();
    const body = completedEvent(p);
    const first = await deliver(body, sandbox.sign(body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await deliver(body, sandbox.sign(body));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const second = completedEvent(p);
    expect((await deliver(second, sandbox.sign(second))).json()).toEqual({ received: true, duplicate: true });
    expect(await balanceOf(c.id)).toBe(50_000);
  });

  it("refuses a missing, wrong or stale signature, and a body changed after signing (401, nothing credited)", async () => {
    const { c, p } = await pendingPurchase();
    const body = completedEvent(p);
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string | undefined][] = [
      [body, undefined],
      [body, "t=1,v1=00"],
      [body, `t=${now},v1=${"0".repeat(64)}`],
      [body, sandbox.sign(body, now - 301)],
      [body, sandbox.sign(body, now + 301)],
      [body.replace('"amount_total":50000', '"amount_total":50001'), sandbox.sign(body)],
    ];
    for (const [payload, signature] of cases) {
      const res = await deliver(payload, signature);
      expect(res.statusCode, signature).toBe(401);
    }
    expect((await deliver(body, sandbox.sign(body, now - 299))).statusCode).toBe(200);
    expect(await balanceOf(c.id)).toBe(50_000);
  });

  it("acknowledges and ignores event types it does not handle, and unpaid sessions", async () => {
    const { c, p } = await pendingPurchase();
    const other = completedEvent(p, { type: "customer.created" });
    expect((await deliver(other, sandbox.sign(other))).json()).toEqual({ received: true, duplicate: false });
    const unpaid = completedEvent(p, { object: { payment_status: "unpaid" } });
    expect((await deliver(unpaid, sandbox.sign(unpaid))).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await balanceOf(c.id)).toBe(0);
    expect((await purchasesOf(c.id))[0]!.status).toBe("pending");
    // The delayed payment's success then credits.
    const later = completedEvent(p, { type: "checkout.session.async_payment_succeeded" });
    expect((await deliver(later, sandbox.sign(later))).statusCode).toBe(200);
    expect(await balanceOf(c.id)).toBe(50_000);
  });

  it("answers 400 for a signed body without an id or type, and 404 for another provider", async () => {
    const body = JSON.stringify({ type: "checkout.session.completed" });
    expect((await deliver(body, sandbox.sign(body))).statusCode).toBe(400);
    const ok = JSON.stringify({ id: "evt_1", type: "x" });
    expect((await deliver(ok, sandbox.sign(ok), "stripe")).statusCode).toBe(404);
    expect((await deliver(ok, sandbox.sign(ok), "paypal")).statusCode).toBe(404);
  });

  it.skipIf(!onPostgres)(
    "two concurrent deliveries of one event, on two API processes, credit once",
    async () => {
      const { c, p } = await pendingPurchase(0, 1000);
      const body = completedEvent(p);
      const other = await secondInstance();
      try {
        const send = (target: FastifyInstance, payload: string) =>
          target.inject({
            method: "POST",
            url: "/api/webhooks/payments/sandbox",
            headers: { "content-type": "application/json", "x-herald-signature": sandbox.sign(payload) },
            payload,
          });
        const results = await Promise.all([send(app, body), send(other.app, body), send(app, body)]);
        expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
        expect(results.filter((r) => r.json().duplicate === false)).toHaveLength(1);
        // Different events for the same session, racing: still once.
        const { c: c2, p: p2 } = await pendingPurchase(0, 700);
        const events = Array.from({ length: 6 }, () => completedEvent(p2));
        const raced = await Promise.all(events.map((e, i) => send(i % 2 ? other.app : app, e)));
        expect(raced.every((r) => r.statusCode === 200)).toBe(true);
        expect(await balanceOf(c2.id)).toBe(70_000);
      } finally {
        await other.close();
      }
      expect(await balanceOf(c.id)).toBe(100_000);
      const a = await audit(app.deps.database.db, c.id);
      expect(a.companyCents).toBe(a.companyEntries);
    },
  );
});
